/**
 * SQL of gift cards (vale_credito) and their movements (vale_credito_movimentacao). Only the gift-card module writes
 * these tables (owners.test.ts); other modules may read them through the functions here. Amounts arrive in centavos
 * and leave as numeric.
 */
import type { GiftCard } from '@pdv/contract/order';
import { toDecimal } from '@pdv/domain/money';
import type { Tx } from '../../db/database.ts';
import { containsPattern, iso } from '../../db/rows.ts';

type Row = Record<string, unknown>;

const COLUMNS = `v.id_vale_credito, v.id_filial, v.codigo, v.id_pessoa, v.valor, v.saldo, v.situacao, v.motivo_cancelamento,
  v.data_validade::text AS data_validade, v.id_operacao, v.data_cadastro`;

function toCard(r: Row): GiftCard {
  return {
    id_vale_credito: Number(r['id_vale_credito']),
    id_filial: Number(r['id_filial']),
    codigo: String(r['codigo']),
    id_pessoa: r['id_pessoa'] === null ? null : Number(r['id_pessoa']),
    valor: Number(r['valor']),
    saldo: Number(r['saldo']),
    situacao: String(r['situacao']),
    motivo_cancelamento: (r['motivo_cancelamento'] as string | null) ?? null,
    data_validade: (r['data_validade'] as string | null) ?? null,
    id_operacao: typeof r['id_operacao'] === 'string' ? r['id_operacao'] : null,
    data_cadastro: iso(r['data_cadastro']),
  };
}

export type CardKey = { id_vale_credito: number } | { codigo: string } | { id_operacao: string };

/**
 * One card of the organization, optionally locked. Without a branch: any branch's (a sale's payment names the card,
 * and the domain's rule answers "emitida por outra filial"); with one, a card of another branch is not found.
 */
export async function findCard(
  tx: Tx, org: number, key: CardKey, forUpdate = false, id_filial: number | null = null,
): Promise<GiftCard | null> {
  const [column, value] = 'id_vale_credito' in key ? ['id_vale_credito', key.id_vale_credito]
    : 'codigo' in key ? ['codigo', key.codigo] : ['id_operacao', key.id_operacao];
  const { rows } = await tx.query<Row>(
    `SELECT ${COLUMNS} FROM vale_credito v WHERE v.id_organization = $1 AND v.${column} = $2 AND v.data_exclusao IS NULL
        AND ($3::integer IS NULL OR v.id_filial = $3)
      ${forUpdate ? 'FOR UPDATE' : ''}`,
    [org, value, id_filial],
  );
  return rows[0] ? toCard(rows[0]) : null;
}

/** A card of the caller's branch (the gift-card routes): another branch's card answers like a missing one. */
export function findBranchCard(tx: Tx, org: number, id_filial: number, key: CardKey, forUpdate = false): Promise<GiftCard | null> {
  return findCard(tx, org, key, forUpdate, id_filial);
}

/** Whether a code is taken in the organization (deleted cards included: the unique key still holds their code). */
export async function codeTaken(tx: Tx, org: number, codigo: string): Promise<boolean> {
  const { rows } = await tx.query('SELECT 1 FROM vale_credito WHERE id_organization = $1 AND codigo = $2', [org, codigo]);
  return rows.length > 0;
}

export async function insertCard(
  tx: Tx,
  c: { org: number; id_filial: number; codigo: string; id_pessoa: number | null; valor: number; id_operacao: string | null;
    data_validade: string | null; id_usuario: number; observacao: string | null },
): Promise<number | null> {
  // DO NOTHING on either unique key (code, or the selling operation): the caller tells which one took it.
  const { rows } = await tx.query<{ id_vale_credito: number }>(
    `INSERT INTO vale_credito (id_organization, id_filial, codigo, id_pessoa, valor, saldo, id_operacao, data_validade, id_usuario,
       observacao)
     VALUES ($1, $2, $3, $4, $5, $5, $6, $7, $8, $9) ON CONFLICT DO NOTHING RETURNING id_vale_credito`,
    [c.org, c.id_filial, c.codigo, c.id_pessoa, toDecimal(c.valor), c.id_operacao, c.data_validade, c.id_usuario, c.observacao],
  );
  return rows[0]?.id_vale_credito ?? null;
}

/** The order that sold the card (a ValeCredito operation). */
export async function linkOrder(tx: Tx, org: number, id_vale_credito: number, id_pedido: number): Promise<void> {
  await tx.query('UPDATE vale_credito SET id_pedido = $3 WHERE id_organization = $1 AND id_vale_credito = $2', [org, id_vale_credito, id_pedido]);
}

export async function insertMovement(
  tx: Tx,
  m: { org: number; id_vale_credito: number; id_filial: number; tipo: 'Emissao' | 'Resgate' | 'Cancelamento'; valor: number;
    anterior: number; posterior: number; id_operacao: string | null; id_pedido: number | null; id_nota_fiscal: number | null;
    id_usuario: number; observacao: string | null },
): Promise<void> {
  await tx.query(
    `INSERT INTO vale_credito_movimentacao (id_organization, id_vale_credito, id_filial, tipo, valor, saldo_anterior, saldo_posterior,
       id_operacao, id_pedido, id_nota_fiscal, id_usuario, observacao)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
    [m.org, m.id_vale_credito, m.id_filial, m.tipo, toDecimal(m.valor), toDecimal(m.anterior), toDecimal(m.posterior),
      m.id_operacao, m.id_pedido, m.id_nota_fiscal, m.id_usuario, m.observacao],
  );
}

/** Whether the operation already redeemed this card (a resent sale). */
export async function redeemedBy(tx: Tx, org: number, id_vale_credito: number, id_operacao: string): Promise<boolean> {
  const { rows } = await tx.query(
    `SELECT 1 FROM vale_credito_movimentacao WHERE id_organization = $1 AND id_vale_credito = $2 AND id_operacao = $3
        AND tipo = 'Resgate'`,
    [org, id_vale_credito, id_operacao],
  );
  return rows.length > 0;
}

/**
 * Takes `valor` from the balance only while the card is active, in date and covers it: the balance never goes below
 * zero, whatever runs in parallel. Answers the balance after, or null when the card did not qualify.
 */
export async function takeBalance(tx: Tx, org: number, id_vale_credito: number, valor: number): Promise<string | null> {
  const { rows } = await tx.query<{ saldo: string }>(
    `UPDATE vale_credito SET saldo = saldo - $3, data_alteracao = now()
      WHERE id_organization = $1 AND id_vale_credito = $2 AND situacao = 'Ativo' AND data_exclusao IS NULL
        AND saldo >= $3 AND (data_validade IS NULL OR data_validade >= current_date)
      RETURNING saldo::text`,
    [org, id_vale_credito, toDecimal(valor)],
  );
  return rows[0]?.saldo ?? null;
}

export async function cancelCard(tx: Tx, org: number, id_vale_credito: number, motivo: string): Promise<void> {
  await tx.query(
    `UPDATE vale_credito SET situacao = 'Cancelado', saldo = 0, motivo_cancelamento = $3, data_cancelamento = now(),
            data_alteracao = now()
      WHERE id_organization = $1 AND id_vale_credito = $2`,
    [org, id_vale_credito, motivo],
  );
}

export async function listCards(
  tx: Tx, org: number, id_filial: number,
  f: { search: string; skip: number; take: number; situacao?: string | undefined; id_pessoa?: number | undefined },
) {
  const params: unknown[] = [org, id_filial];
  const clauses = ['v.id_organization = $1', 'v.id_filial = $2', 'v.data_exclusao IS NULL'];
  if (f.situacao) clauses.push(`v.situacao = $${params.push(f.situacao)}`);
  if (f.id_pessoa) clauses.push(`v.id_pessoa = $${params.push(f.id_pessoa)}`);
  const search = f.search.trim();
  if (search) {
    const p = params.push(containsPattern(search.toLowerCase()));
    clauses.push(`(lower(v.codigo) LIKE $${p} OR lower(coalesce(pe.nome, '')) LIKE $${p})`);
  }
  const { rows } = await tx.query<Row>(
    `SELECT ${COLUMNS}, count(*) OVER () AS total FROM vale_credito v
       LEFT JOIN pessoa pe ON pe.id_organization = v.id_organization AND pe.id_pessoa = v.id_pessoa
      WHERE ${clauses.join(' AND ')} ORDER BY v.data_cadastro DESC, v.id_vale_credito DESC LIMIT ${f.take} OFFSET ${f.skip}`,
    params,
  );
  return { rows: rows.map(toCard), count: rows[0] ? Number(rows[0]['total']) : 0 };
}

/** The person's cards that can pay now in the branch (a card pays in the branch that issued it): active, with balance, in date. */
export async function listAvailable(tx: Tx, org: number, id_filial: number, id_pessoa: number): Promise<GiftCard[]> {
  const { rows } = await tx.query<Row>(
    `SELECT ${COLUMNS} FROM vale_credito v
      WHERE v.id_organization = $1 AND v.id_filial = $3 AND v.id_pessoa = $2 AND v.situacao = 'Ativo' AND v.saldo > 0 AND v.data_exclusao IS NULL
        AND (v.data_validade IS NULL OR v.data_validade >= current_date)
      ORDER BY v.data_cadastro, v.id_vale_credito`,
    [org, id_pessoa, id_filial],
  );
  return rows.map(toCard);
}
