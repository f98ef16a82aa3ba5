/**
 * SQL of an order's service lines, objects and object images (000 §3.6). Amounts arrive in centavos (quantities in
 * thousandths) and are numeric in the database; reads answer the contract's decimals.
 */
import type { OrderObject, OrderService } from '@pdv/contract/order-service';
import { fromDecimal, quantityFromDecimal, quantityToDecimal, toDecimal } from '@pdv/domain/money';
import type { ServiceLineAmounts } from '@pdv/domain/service-order-rules';
import type { ServicePriceEntry } from '@pdv/domain/service-price';
import type { Tx } from '../../db/database.ts';
import { iso } from '../../db/rows.ts';

type Row = Record<string, unknown>;
const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const textOrNull = (v: unknown): string | null => (typeof v === 'string' ? v : null);

export interface ServiceLineRow extends ServiceLineAmounts {
  id_pedido_servico: number;
  id_servico: number | null;
  descricao: string;
  id_usuario_tecnico: number | null;
  observacao: string | null;
  /** The promotion its price came from (promocao_servico, migration 071), or null. */
  id_promocao: number | null;
}

/** The live service lines of an order (centavos, thousandths), in the order they were added. */
export async function loadServiceLines(tx: Tx, org: number, id_pedido: number): Promise<ServiceLineRow[]> {
  const { rows } = await tx.query<Row>(
    `SELECT id_pedido_servico, id_servico, descricao, quantidade::text, valor_unitario::text, valor_desconto::text,
            valor_sub_total::text, valor_total::text, id_usuario_tecnico, observacao, id_promocao
       FROM pedido_servico WHERE id_organization = $1 AND id_pedido = $2 AND data_exclusao IS NULL ORDER BY id_pedido_servico`,
    [org, id_pedido],
  );
  return rows.map((r) => ({
    id_pedido_servico: Number(r['id_pedido_servico']),
    id_servico: numOrNull(r['id_servico']),
    descricao: String(r['descricao']),
    quantidade: quantityFromDecimal(String(r['quantidade'])),
    valor_unitario: fromDecimal(String(r['valor_unitario'])),
    valor_desconto: fromDecimal(String(r['valor_desconto'])),
    valor_sub_total: fromDecimal(String(r['valor_sub_total'])),
    valor_total: fromDecimal(String(r['valor_total'])),
    id_usuario_tecnico: numOrNull(r['id_usuario_tecnico']),
    observacao: textOrNull(r['observacao']),
    id_promocao: numOrNull(r['id_promocao']),
  }));
}

/** The order (of the branch) a service line belongs to, or null. */
export async function orderOfService(tx: Tx, org: number, id_filial: number, id: number): Promise<number | null> {
  const { rows } = await tx.query<{ id_pedido: number }>(
    `SELECT s.id_pedido FROM pedido_servico s
       JOIN pedido p ON p.id_organization = s.id_organization AND p.id_pedido = s.id_pedido
      WHERE s.id_organization = $1 AND p.id_filial = $2 AND s.id_pedido_servico = $3 AND s.data_exclusao IS NULL
        AND p.data_exclusao IS NULL`,
    [org, id_filial, id],
  );
  return rows[0]?.id_pedido ?? null;
}

/** A catalogue service of the organization (active) with its prices, or null. */
export async function catalogueService(tx: Tx, org: number, id_servico: number) {
  const { rows } = await tx.query<Row>(
    `SELECT descricao FROM servico WHERE id_organization = $1 AND id_servico = $2 AND situacao = 'Ativo' AND data_exclusao IS NULL`,
    [org, id_servico],
  );
  if (!rows[0]) return null;
  const prices = await tx.query<Row>(
    `SELECT id_tabela_preco, is_padrao, valor::text FROM servico_preco
      WHERE id_organization = $1 AND id_servico = $2 AND data_exclusao IS NULL ORDER BY id_servico_preco`,
    [org, id_servico],
  );
  const entries: ServicePriceEntry[] = prices.rows.map((p) => ({
    id_tabela_preco: numOrNull(p['id_tabela_preco']),
    is_padrao: p['is_padrao'] === true,
    valor: fromDecimal(String(p['valor'])),
  }));
  return { descricao: String(rows[0]['descricao']), entries };
}

/** The price list in use for an order: its customer's, else the branch's default (decisions.md "Prices"). */
export async function orderPriceList(tx: Tx, org: number, id_filial: number, id_cliente: number | null): Promise<number | null> {
  const { rows } = await tx.query<{ id: number | null }>(
    `SELECT coalesce(
       (SELECT id_tabela_preco_padrao FROM pessoa WHERE id_organization = $1 AND id_pessoa = $3),
       (SELECT id_tabela_preco_padrao FROM filial WHERE id_organization = $1 AND id_filial = $2)) AS id`,
    [org, id_filial, id_cliente],
  );
  return numOrNull(rows[0]?.id);
}

export interface ServiceLineWrite extends ServiceLineAmounts {
  id_servico: number | null;
  descricao: string;
  id_usuario_tecnico: number | null;
  observacao: string | null;
  id_promocao: number | null;
}

const lineParams = (l: ServiceLineWrite) => [l.id_servico, l.descricao, quantityToDecimal(l.quantidade), toDecimal(l.valor_unitario),
  toDecimal(l.valor_desconto), toDecimal(l.valor_sub_total), toDecimal(l.valor_total), l.id_usuario_tecnico, l.observacao, l.id_promocao];

export async function insertServiceLine(tx: Tx, org: number, id_pedido: number, l: ServiceLineWrite): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO pedido_servico (id_organization, id_pedido, id_servico, descricao, quantidade, valor_unitario, valor_desconto,
       valor_sub_total, valor_total, id_usuario_tecnico, observacao, id_promocao)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id_pedido_servico AS id`,
    [org, id_pedido, ...lineParams(l)],
  );
  return rows[0]!.id;
}

export async function updateServiceLine(tx: Tx, org: number, id: number, l: ServiceLineWrite): Promise<void> {
  await tx.query(
    `UPDATE pedido_servico SET id_servico = $3, descricao = $4, quantidade = $5, valor_unitario = $6, valor_desconto = $7,
            valor_sub_total = $8, valor_total = $9, id_usuario_tecnico = $10, observacao = $11, id_promocao = $12, data_alteracao = now()
      WHERE id_organization = $1 AND id_pedido_servico = $2`,
    [org, id, ...lineParams(l)],
  );
}

export async function deleteServiceLine(tx: Tx, org: number, id: number): Promise<void> {
  await tx.query(
    'UPDATE pedido_servico SET data_exclusao = now(), data_alteracao = now() WHERE id_organization = $1 AND id_pedido_servico = $2',
    [org, id],
  );
}

/** Copies an order's live service lines to its duplicate. */
export async function copyServiceLines(tx: Tx, org: number, from: number, to: number): Promise<void> {
  const columns = `id_servico, descricao, quantidade, valor_unitario, valor_desconto, valor_sub_total, valor_total,
    id_usuario_tecnico, observacao, id_promocao`;
  await tx.query(
    `INSERT INTO pedido_servico (id_organization, id_pedido, ${columns})
     SELECT id_organization, $3, ${columns} FROM pedido_servico
      WHERE id_organization = $1 AND id_pedido = $2 AND data_exclusao IS NULL ORDER BY id_pedido_servico`,
    [org, from, to],
  );
}

// Objects ---------------------------------------------------------------------------------------------------------

export interface ObjectFields {
  descricao: string;
  marca: string | null;
  modelo: string | null;
  numero_serie: string | null;
  defeito_relatado: string | null;
  observacao: string | null;
}

const OBJECT_COLUMNS = ['descricao', 'marca', 'modelo', 'numero_serie', 'defeito_relatado', 'observacao'] as const;

/** The object (of the branch) and its order, or null. */
export async function findObject(tx: Tx, org: number, id_filial: number, id: number): Promise<({ id_pedido: number } & ObjectFields) | null> {
  const { rows } = await tx.query<Row>(
    `SELECT o.id_pedido, ${OBJECT_COLUMNS.map((c) => `o.${c}`).join(', ')} FROM pedido_objeto o
       JOIN pedido p ON p.id_organization = o.id_organization AND p.id_pedido = o.id_pedido
      WHERE o.id_organization = $1 AND p.id_filial = $2 AND o.id_pedido_objeto = $3 AND o.data_exclusao IS NULL
        AND p.data_exclusao IS NULL`,
    [org, id_filial, id],
  );
  const r = rows[0];
  if (!r) return null;
  return {
    id_pedido: Number(r['id_pedido']), descricao: String(r['descricao']), marca: textOrNull(r['marca']), modelo: textOrNull(r['modelo']),
    numero_serie: textOrNull(r['numero_serie']), defeito_relatado: textOrNull(r['defeito_relatado']), observacao: textOrNull(r['observacao']),
  };
}

export async function insertObject(tx: Tx, org: number, id_pedido: number, o: ObjectFields): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO pedido_objeto (id_organization, id_pedido, ${OBJECT_COLUMNS.join(', ')})
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id_pedido_objeto AS id`,
    [org, id_pedido, ...OBJECT_COLUMNS.map((c) => o[c])],
  );
  return rows[0]!.id;
}

export async function updateObject(tx: Tx, org: number, id: number, o: ObjectFields): Promise<void> {
  await tx.query(
    `UPDATE pedido_objeto SET ${OBJECT_COLUMNS.map((c, i) => `${c} = $${i + 3}`).join(', ')}, data_alteracao = now()
      WHERE id_organization = $1 AND id_pedido_objeto = $2`,
    [org, id, ...OBJECT_COLUMNS.map((c) => o[c])],
  );
}

export async function deleteObject(tx: Tx, org: number, id: number): Promise<void> {
  await tx.query(
    'UPDATE pedido_objeto SET data_exclusao = now(), data_alteracao = now() WHERE id_organization = $1 AND id_pedido_objeto = $2',
    [org, id],
  );
}

/** How many live images an object has. */
export async function countImages(tx: Tx, org: number, id_objeto: number): Promise<number> {
  const { rows } = await tx.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pedido_objeto_imagem
      WHERE id_organization = $1 AND id_pedido_objeto = $2 AND data_exclusao IS NULL`,
    [org, id_objeto],
  );
  return rows[0]?.n ?? 0;
}

export interface ImageMeta {
  id_pedido_objeto_imagem: number;
  id_pedido_objeto: number;
  id_pedido: number;
  nome: string;
  mime: string;
  tamanho: number;
  caminho: string;
  data_cadastro: string;
}

const metaOf = (r: Row): ImageMeta => ({
  id_pedido_objeto_imagem: Number(r['id_pedido_objeto_imagem']),
  id_pedido_objeto: Number(r['id_pedido_objeto']),
  id_pedido: Number(r['id_pedido']),
  nome: String(r['nome']),
  mime: String(r['mime']),
  tamanho: Number(r['tamanho']),
  caminho: String(r['caminho']),
  data_cadastro: iso(r['data_cadastro']),
});

/** A live image of an object of the branch, or null. */
export async function findImage(tx: Tx, org: number, id_filial: number, id: number): Promise<ImageMeta | null> {
  const { rows } = await tx.query<Row>(
    `SELECT i.id_pedido_objeto_imagem, i.id_pedido_objeto, i.id_pedido, i.nome, i.mime, i.tamanho, i.caminho, i.data_cadastro
       FROM pedido_objeto_imagem i
       JOIN pedido p ON p.id_organization = i.id_organization AND p.id_pedido = i.id_pedido
       JOIN pedido_objeto o ON o.id_organization = i.id_organization AND o.id_pedido_objeto = i.id_pedido_objeto
      WHERE i.id_organization = $1 AND p.id_filial = $2 AND i.id_pedido_objeto_imagem = $3 AND i.data_exclusao IS NULL
        AND o.data_exclusao IS NULL AND p.data_exclusao IS NULL`,
    [org, id_filial, id],
  );
  return rows[0] ? metaOf(rows[0]) : null;
}

export async function insertImageRow(
  tx: Tx, org: number, img: { id_pedido_objeto: number; id_pedido: number; nome: string; mime: string; tamanho: number; caminho: string },
): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO pedido_objeto_imagem (id_organization, id_pedido_objeto, id_pedido, nome, mime, tamanho, caminho)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id_pedido_objeto_imagem AS id`,
    [org, img.id_pedido_objeto, img.id_pedido, img.nome, img.mime, img.tamanho, img.caminho],
  );
  return rows[0]!.id;
}

export async function tombstoneImages(tx: Tx, org: number, where: { id_imagem?: number; id_objeto?: number }): Promise<string[]> {
  const { rows } = await tx.query<{ caminho: string }>(
    `UPDATE pedido_objeto_imagem SET data_exclusao = now(), data_alteracao = now()
      WHERE id_organization = $1 AND data_exclusao IS NULL
        AND ($2::int IS NULL OR id_pedido_objeto_imagem = $2) AND ($3::int IS NULL OR id_pedido_objeto = $3)
      RETURNING caminho`,
    [org, where.id_imagem ?? null, where.id_objeto ?? null],
  );
  return rows.map((r) => r.caminho);
}

// The order's services and objects, for the full order ----------------------------------------------------------

export async function loadServiceParts(tx: Tx, org: number, id_pedido: number): Promise<{ servicos: OrderService[]; objetos: OrderObject[] }> {
  const services = await tx.query<Row>(
    `SELECT s.id_pedido_servico, s.id_pedido, s.id_servico, s.descricao, s.quantidade::float8 AS quantidade,
            s.valor_unitario::float8 AS valor_unitario, s.valor_desconto::float8 AS valor_desconto,
            s.valor_sub_total::float8 AS valor_sub_total, s.valor_total::float8 AS valor_total, s.id_usuario_tecnico,
            u.nome AS tecnico_nome, s.observacao
       FROM pedido_servico s
       LEFT JOIN usuario u ON u.id_organization = s.id_organization AND u.id_usuario = s.id_usuario_tecnico
      WHERE s.id_organization = $1 AND s.id_pedido = $2 AND s.data_exclusao IS NULL ORDER BY s.id_pedido_servico`,
    [org, id_pedido],
  );
  const objects = await tx.query<Row>(
    `SELECT id_pedido_objeto, id_pedido, ${OBJECT_COLUMNS.join(', ')} FROM pedido_objeto
      WHERE id_organization = $1 AND id_pedido = $2 AND data_exclusao IS NULL ORDER BY id_pedido_objeto`,
    [org, id_pedido],
  );
  const images = await tx.query<Row>(
    `SELECT id_pedido_objeto_imagem, id_pedido_objeto, id_pedido, nome, mime, tamanho, caminho, data_cadastro
       FROM pedido_objeto_imagem WHERE id_organization = $1 AND id_pedido = $2 AND data_exclusao IS NULL
      ORDER BY id_pedido_objeto_imagem`,
    [org, id_pedido],
  );
  const metas = images.rows.map(metaOf);
  return {
    servicos: services.rows.map((s) => ({
      id_pedido_servico: Number(s['id_pedido_servico']),
      id_pedido: Number(s['id_pedido']),
      id_servico: numOrNull(s['id_servico']),
      descricao: String(s['descricao']),
      quantidade: Number(s['quantidade']),
      valor_unitario: Number(s['valor_unitario']),
      valor_desconto: Number(s['valor_desconto']),
      valor_sub_total: Number(s['valor_sub_total']),
      valor_total: Number(s['valor_total']),
      id_usuario_tecnico: numOrNull(s['id_usuario_tecnico']),
      tecnico_nome: textOrNull(s['tecnico_nome']),
      observacao: textOrNull(s['observacao']),
    })),
    objetos: objects.rows.map((o) => {
      const id = Number(o['id_pedido_objeto']);
      return {
        id_pedido_objeto: id,
        id_pedido: Number(o['id_pedido']),
        descricao: String(o['descricao']),
        marca: textOrNull(o['marca']),
        modelo: textOrNull(o['modelo']),
        numero_serie: textOrNull(o['numero_serie']),
        defeito_relatado: textOrNull(o['defeito_relatado']),
        observacao: textOrNull(o['observacao']),
        imagens: metas.filter((m) => m.id_pedido_objeto === id).map((m) => ({
          id_pedido_objeto_imagem: m.id_pedido_objeto_imagem, id_pedido_objeto: m.id_pedido_objeto, nome: m.nome, mime: m.mime,
          tamanho: m.tamanho, data_cadastro: m.data_cadastro,
        })),
      };
    }),
  };
}
