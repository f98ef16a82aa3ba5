/**
 * SQL of the order calls beyond find_by_id (000 §7.3): the list, lookups by nsu and operation, the full order, and
 * the writes of a header. Amounts arrive in centavos and leave as numeric.
 */
import type { OrderFull, OrderSummary } from '@pdv/contract/order';
import type { OrderStatus } from '@pdv/domain/operation-state';
import type { OrderOperation } from '@pdv/domain/order-rules';
import { fromDecimal, toDecimal } from '@pdv/domain/money';
import type { Tx } from '../../db/database.ts';
import { containsPattern, iso } from '../../db/rows.ts';
import { findOrder } from './queries.ts';
import { loadServiceParts } from './service-queries.ts';

type Row = Record<string, unknown>;
const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const textOrNull = (v: unknown): string | null =>
  v instanceof Date ? v.toISOString() : typeof v === 'string' ? v : typeof v === 'number' ? String(v) : null;

/** The order with the header fields of 000 §3.6 (find_by_id's detail plus what the order screens edit). */
export async function loadFullOrder(tx: Tx, org: number, id_filial: number, id_pedido: number): Promise<OrderFull | null> {
  const detail = await findOrder(tx, org, id_filial, id_pedido);
  if (!detail) return null;
  const { rows } = await tx.query<Row>(
    `SELECT id_transportadora, id_pedido_origem, data_entrega, data_previsao_retorno, data_validade,
            operacao_consumidor_final, observacao_nota, is_processando, origem
       FROM pedido WHERE id_organization = $1 AND id_pedido = $2`,
    [org, id_pedido],
  );
  const r = rows[0]!;
  const volumes = await tx.query<Row>(
    `SELECT id_volume, id_pedido, id_nota_fiscal, quantidade, especie, marca, numeracao, peso_liquido::float8 AS peso_liquido,
            peso_bruto::float8 AS peso_bruto
       FROM volume WHERE id_organization = $1 AND id_pedido = $2 AND data_exclusao IS NULL ORDER BY id_volume`,
    [org, id_pedido],
  );
  return {
    ...detail,
    ...(await loadServiceParts(tx, org, id_pedido)),
    volumes: volumes.rows.map((v) => ({
      id_volume: Number(v['id_volume']),
      id_pedido: numOrNull(v['id_pedido']),
      id_nota_fiscal: numOrNull(v['id_nota_fiscal']),
      quantidade: Number(v['quantidade']),
      especie: textOrNull(v['especie']),
      marca: textOrNull(v['marca']),
      numeracao: textOrNull(v['numeracao']),
      peso_liquido: Number(v['peso_liquido']),
      peso_bruto: Number(v['peso_bruto']),
    })),
    id_transportadora: numOrNull(r['id_transportadora']),
    id_pedido_origem: numOrNull(r['id_pedido_origem']),
    data_entrega: textOrNull(r['data_entrega']),
    data_previsao_retorno: textOrNull(r['data_previsao_retorno']),
    data_validade: textOrNull(r['data_validade']),
    operacao_consumidor_final: r['operacao_consumidor_final'] === true,
    observacao_nota: textOrNull(r['observacao_nota']),
    is_processando: r['is_processando'] === true,
    origem: String(r['origem']),
  };
}

/** The branch's time zone offset in hours (filial_configuracao.fuso_horario, -3 by default: 000 §9). */
export async function branchOffsetHours(tx: Tx, org: number, id_filial: number): Promise<number> {
  const { rows } = await tx.query<{ fuso_horario: number }>(
    'SELECT fuso_horario FROM filial_configuracao WHERE id_organization = $1 AND id_filial = $2',
    [org, id_filial],
  );
  return rows[0]?.fuso_horario ?? -3;
}

export interface OrderListFilter {
  search: string;
  skip: number;
  take: number;
  order: 'asc' | 'desc';
  column: 'data_cadastro' | 'nsu' | 'valor_total_liquido';
  situacoes: string[];
  operacao?: string | undefined;
  id_cliente?: number | undefined;
  /** Local days (AAAA-MM-DD) of the branch, both included from 00:00:00 to 23:59:59. */
  data_inicio: string;
  data_fim: string;
}

export async function listOrders(tx: Tx, org: number, id_filial: number, f: OrderListFilter, offsetHours: number) {
  const tz = `${offsetHours >= 0 ? '+' : '-'}${String(Math.abs(offsetHours)).padStart(2, '0')}:00`;
  const params: unknown[] = [org, id_filial, `${f.data_inicio}T00:00:00${tz}`, `${f.data_fim}T23:59:59.999${tz}`];
  const clauses = ['p.id_organization = $1', 'p.id_filial = $2', 'p.data_exclusao IS NULL',
    'p.data_cadastro >= $3::timestamptz', 'p.data_cadastro <= $4::timestamptz'];
  if (f.situacoes.length > 0) clauses.push(`p.situacao = ANY($${params.push(f.situacoes)}::text[])`);
  if (f.operacao) clauses.push(`p.operacao = $${params.push(f.operacao)}`);
  if (f.id_cliente) clauses.push(`p.id_cliente = $${params.push(f.id_cliente)}`);
  const search = f.search.trim();
  if (search) {
    const parts = [`lower(coalesce(pe.nome, '')) LIKE $${params.push(containsPattern(search.toLowerCase()))}`];
    if (/^\d{1,9}$/.test(search)) parts.push(`p.nsu = $${params.push(Number(search))}`);
    clauses.push(`(${parts.join(' OR ')})`);
  }
  const dir = f.order === 'asc' ? 'ASC' : 'DESC';
  const { rows } = await tx.query<Row>(
    `SELECT p.id_pedido, p.id_filial, p.nsu, p.id_operacao, p.operacao, p.situacao, p.id_cliente, pe.nome AS cliente_nome,
            p.id_usuario_vendedor, p.id_nota_fiscal, p.data_cadastro, p.valor_total_liquido, count(*) OVER () AS total
       FROM pedido p
       LEFT JOIN pessoa pe ON pe.id_organization = p.id_organization AND pe.id_pessoa = p.id_cliente
      WHERE ${clauses.join(' AND ')}
      ORDER BY p.${f.column} ${dir}, p.id_pedido ${dir}
      LIMIT ${f.take} OFFSET ${f.skip}`,
    params,
  );
  const out: OrderSummary[] = rows.map((r) => ({
    id_pedido: Number(r['id_pedido']),
    id_filial: Number(r['id_filial']),
    nsu: Number(r['nsu']),
    id_operacao: textOrNull(r['id_operacao']),
    operacao: String(r['operacao']),
    situacao: String(r['situacao']),
    id_cliente: numOrNull(r['id_cliente']),
    cliente_nome: textOrNull(r['cliente_nome']),
    id_usuario_vendedor: numOrNull(r['id_usuario_vendedor']),
    id_nota_fiscal: numOrNull(r['id_nota_fiscal']),
    data_cadastro: iso(r['data_cadastro']),
    valor_total_liquido: Number(r['valor_total_liquido']),
  }));
  return { rows: out, count: rows[0] ? Number(rows[0]['total']) : 0 };
}

/** The id of the branch's order with that nsu (and operation), or null. */
export async function findIdByNsu(tx: Tx, org: number, id_filial: number, nsu: number, operacao?: string) {
  const { rows } = await tx.query<{ id_pedido: number }>(
    `SELECT id_pedido FROM pedido WHERE id_organization = $1 AND id_filial = $2 AND nsu = $3 AND data_exclusao IS NULL
        AND ($4::text IS NULL OR operacao = $4)`,
    [org, id_filial, nsu, operacao ?? null],
  );
  return rows[0]?.id_pedido ?? null;
}

export async function findIdByOperation(tx: Tx, org: number, id_filial: number, id_operacao: string) {
  const { rows } = await tx.query<{ id_pedido: number }>(
    `SELECT id_pedido FROM pedido WHERE id_organization = $1 AND id_filial = $2 AND id_operacao = $3 AND data_exclusao IS NULL`,
    [org, id_filial, id_operacao],
  );
  return rows[0]?.id_pedido ?? null;
}

/** What the rules need of an order, read with a row lock so concurrent changes of one order take turns. */
export interface LockedOrder {
  id_pedido: number;
  nsu: number;
  operacao: OrderOperation;
  situacao: OrderStatus;
  is_processando: boolean;
  id_cliente: number | null;
  valor_total_bruto: string;
  valor_desconto: string;
  valor_frete: string;
  valor_seguro: string;
  valor_outros: string;
  quantidade_itens: number;
}

export async function lockOrder(tx: Tx, org: number, id_filial: number, id_pedido: number): Promise<LockedOrder | null> {
  const { rows } = await tx.query<LockedOrder>(
    `SELECT id_pedido, nsu, operacao, situacao, is_processando, id_cliente, valor_total_bruto::text, valor_desconto::text,
            valor_frete::text, valor_seguro::text, valor_outros::text,
            (SELECT count(*)::int FROM pedido_item i WHERE i.id_organization = p.id_organization AND i.id_pedido = p.id_pedido
                AND i.data_exclusao IS NULL AND NOT i.is_cancelado) AS quantidade_itens
       FROM pedido p WHERE id_organization = $1 AND id_filial = $2 AND id_pedido = $3 AND data_exclusao IS NULL
      FOR UPDATE`,
    [org, id_filial, id_pedido],
  );
  return rows[0] ?? null;
}

/** Whether a row of the organization exists (a person, a user): ids a body names must be the caller's. */
export async function exists(tx: Tx, table: 'pessoa' | 'usuario', org: number, id: number): Promise<boolean> {
  const column = table === 'pessoa' ? 'id_pessoa' : 'id_usuario';
  const { rows } = await tx.query(
    `SELECT 1 FROM ${table} WHERE id_organization = $1 AND ${column} = $2 AND data_exclusao IS NULL`,
    [org, id],
  );
  return rows.length > 0;
}

/** Header columns a user edits, in the order of HEADER_COLUMNS; money in centavos. */
export const HEADER_COLUMNS = ['id_cliente', 'id_usuario_vendedor', 'id_transportadora', 'data_entrega', 'data_previsao_retorno',
  'data_validade', 'operacao_consumidor_final', 'tipo_frete', 'valor_frete', 'valor_seguro', 'valor_outros', 'observacao',
  'observacao_nota'] as const;
export type HeaderColumn = (typeof HEADER_COLUMNS)[number];
export type HeaderValues = Partial<Record<HeaderColumn, unknown>>;

const MONEY_COLUMNS: ReadonlySet<string> = new Set(['valor_frete', 'valor_seguro', 'valor_outros']);
const asParam = (column: string, value: unknown) => (MONEY_COLUMNS.has(column) ? toDecimal(value as number) : value);

export async function insertOrderHeader(
  tx: Tx,
  o: { org: number; id_filial: number; nsu: number; operacao: string; situacao: string; id_usuario: number; liquido: number;
    id_pedido_origem: number | null },
  header: HeaderValues,
): Promise<number> {
  const columns = HEADER_COLUMNS.filter((c) => header[c] !== undefined);
  const params: unknown[] = [o.org, o.id_filial, o.nsu, o.operacao, o.situacao, o.id_usuario, toDecimal(o.liquido), o.id_pedido_origem,
    ...columns.map((c) => asParam(c, header[c]))];
  const placeholders = params.map((_, i) => `$${i + 1}`).join(', ');
  const { rows } = await tx.query<{ id_pedido: number }>(
    `INSERT INTO pedido (id_organization, id_filial, nsu, operacao, situacao, id_usuario, valor_total_liquido, id_pedido_origem
       ${columns.map((c) => `, ${c}`).join('')})
     VALUES (${placeholders}) RETURNING id_pedido`,
    params,
  );
  return rows[0]!.id_pedido;
}

export async function updateOrderHeader(
  tx: Tx,
  o: { org: number; id_pedido: number; situacao: string; statusChanged: boolean; id_usuario: number; liquido: number | null },
  header: HeaderValues,
): Promise<void> {
  const columns = HEADER_COLUMNS.filter((c) => header[c] !== undefined);
  const params: unknown[] = [o.org, o.id_pedido, o.situacao, o.id_usuario, o.liquido === null ? null : toDecimal(o.liquido), o.statusChanged,
    ...columns.map((c) => asParam(c, header[c]))];
  await tx.query(
    `UPDATE pedido SET situacao = $3, id_usuario_alteracao = $4, valor_total_liquido = coalesce($5::numeric, valor_total_liquido), data_alteracao = now(),
            data_situacao = CASE WHEN $6 THEN now() ELSE data_situacao END
            ${columns.map((c, i) => `, ${c} = $${i + 7}`).join('')}
      WHERE id_organization = $1 AND id_pedido = $2`,
    params,
  );
}

/** Copies an order's lines (not the cancelled ones) to another order, with the consignment counters reset. */
export async function copyItems(tx: Tx, org: number, from: number, to: number): Promise<void> {
  const columns = `tipo_item, id_produto_grade_filial, id_endereco_estoque, descricao, sku, codigo_barras, unidade_comercial,
    quantidade, valor_unitario, valor_sub_total, valor_desconto_item, valor_desconto_subtotal, valor_desconto, valor_total,
    frete, seguro, outros, tipo_preco, is_atacarejo, id_cenario_fiscal, cfop, id_usuario_vendedor, observacao, id_tabela_preco, id_promocao`;
  await tx.query(
    `INSERT INTO pedido_item (id_organization, id_pedido, ${columns})
     SELECT id_organization, $3, ${columns} FROM pedido_item
      WHERE id_organization = $1 AND id_pedido = $2 AND data_exclusao IS NULL AND NOT is_cancelado
      ORDER BY id_pedido_item`,
    [org, from, to],
  );
}

/** Copies the totals of an order's header (not what was paid) to its duplicate. */
export async function copyTotals(tx: Tx, org: number, from: number, to: number): Promise<void> {
  await tx.query(
    `UPDATE pedido d SET valor_total_bruto = s.valor_total_bruto, valor_desconto = s.valor_desconto,
            valor_desconto_subtotal = s.valor_desconto_subtotal, valor_total_liquido = s.valor_total_liquido
       FROM pedido s WHERE s.id_organization = $1 AND s.id_pedido = $2 AND d.id_organization = $1 AND d.id_pedido = $3`,
    [org, from, to],
  );
}

/** The duplicated order's header as the source has it. */
export async function readHeader(tx: Tx, org: number, id_pedido: number): Promise<{ operacao: string } & HeaderValues> {
  const { rows } = await tx.query<Row>(
    `SELECT operacao, ${HEADER_COLUMNS.join(', ')} FROM pedido WHERE id_organization = $1 AND id_pedido = $2`,
    [org, id_pedido],
  );
  const r = rows[0]!;
  const header: HeaderValues = {};
  for (const c of HEADER_COLUMNS) {
    const v = r[c];
    header[c] = MONEY_COLUMNS.has(c) ? fromDecimal(String(v)) : v;
  }
  return { operacao: String(r['operacao']), ...header };
}
