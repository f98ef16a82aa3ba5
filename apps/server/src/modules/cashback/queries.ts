/**
 * SQL of the customer's cashback (migration 048): the per-customer row (pessoa_cashback, locked by every movement) and
 * its ledger (pessoa_cashback_lancamento). Only this module writes them (owners.test.ts). Amounts in centavos here,
 * numeric in the database.
 */
import { fromDecimal, toDecimal, type Cents } from '@pdv/domain/money';
import type { CashbackEntry, CashbackTipo } from '@pdv/domain/cashback';
import type { Tx } from '../../db/database.ts';
import { iso } from '../../db/rows.ts';

export interface LedgerRow extends CashbackEntry {
  id_pessoa_cashback_lancamento: number;
  id_pessoa: number;
  id_filial: number;
  tipo: CashbackTipo;
  id_operacao: string | null;
  id_pedido: number | null;
  id_nota_fiscal: number | null;
  id_lancamento_origem: number | null;
  id_usuario: number;
  usuario: string | null;
  observacao: string | null;
  data_cadastro: string;
}

const COLUMNS = `l.id_pessoa_cashback_lancamento, l.id_pessoa, l.id_filial, l.tipo, l.valor::text AS valor, l.disponivel_em, l.id_operacao,
  l.id_pedido, l.id_nota_fiscal, l.id_lancamento_origem, l.id_usuario, u.nome AS usuario, l.observacao, l.data_cadastro`;
const FROM = `pessoa_cashback_lancamento l
  LEFT JOIN usuario u ON u.id_organization = l.id_organization AND u.id_usuario = l.id_usuario`;

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

function toLedger(r: Record<string, unknown>): LedgerRow {
  return {
    id_pessoa_cashback_lancamento: Number(r['id_pessoa_cashback_lancamento']),
    id_pessoa: Number(r['id_pessoa']),
    id_filial: Number(r['id_filial']),
    tipo: r['tipo'] as CashbackTipo,
    valor: fromDecimal(String(r['valor'])),
    disponivel_em: iso(r['disponivel_em']),
    id_operacao: (r['id_operacao'] as string | null) ?? null,
    id_pedido: num(r['id_pedido']),
    id_nota_fiscal: num(r['id_nota_fiscal']),
    id_lancamento_origem: num(r['id_lancamento_origem']),
    id_usuario: Number(r['id_usuario']),
    usuario: (r['usuario'] as string | null) ?? null,
    observacao: (r['observacao'] as string | null) ?? null,
    data_cadastro: iso(r['data_cadastro']),
  };
}

/**
 * Opens the customer's row when absent and locks it until the transaction ends: movements of one customer take turns.
 * False when the person is not the organization's.
 */
export async function lockCustomer(tx: Tx, org: number, id_pessoa: number): Promise<boolean> {
  await tx.query(
    `INSERT INTO pessoa_cashback (id_organization, id_pessoa)
     SELECT $1, $2 WHERE EXISTS (SELECT 1 FROM pessoa WHERE id_organization = $1 AND id_pessoa = $2)
     ON CONFLICT (id_organization, id_pessoa) DO NOTHING`,
    [org, id_pessoa],
  );
  const { rows } = await tx.query('SELECT 1 FROM pessoa_cashback WHERE id_organization = $1 AND id_pessoa = $2 FOR UPDATE', [org, id_pessoa]);
  return rows.length > 0;
}

/** Every ledger entry of the customer, newest first. */
export async function ledgerOf(tx: Tx, org: number, id_pessoa: number): Promise<LedgerRow[]> {
  const { rows } = await tx.query<Record<string, unknown>>(
    `SELECT ${COLUMNS} FROM ${FROM} WHERE l.id_organization = $1 AND l.id_pessoa = $2
      ORDER BY l.data_cadastro DESC, l.id_pessoa_cashback_lancamento DESC`,
    [org, id_pessoa],
  );
  return rows.map(toLedger);
}

/** The sale's accrual and redemption (by its order or invoice), oldest first. */
export async function entriesOfSale(
  tx: Tx, org: number, sale: { id_pedido?: number | null; id_nota_fiscal?: number | null },
): Promise<LedgerRow[]> {
  const { rows } = await tx.query<Record<string, unknown>>(
    `SELECT ${COLUMNS} FROM ${FROM}
      WHERE l.id_organization = $1 AND l.tipo IN ('Acumulo', 'Resgate')
        AND ((l.id_pedido IS NOT NULL AND l.id_pedido = $2) OR (l.id_nota_fiscal IS NOT NULL AND l.id_nota_fiscal = $3))
      ORDER BY l.id_pessoa_cashback_lancamento`,
    [org, sale.id_pedido ?? null, sale.id_nota_fiscal ?? null],
  );
  return rows.map(toLedger);
}

/** What the reversals of an entry took so far (a positive number of centavos), and whether `id_operacao` reversed it. */
export async function reversedOf(
  tx: Tx, org: number, id: number, id_operacao: string | null,
): Promise<{ total: Cents; done: boolean }> {
  const { rows } = await tx.query<{ total: string; done: boolean }>(
    `SELECT coalesce(sum(abs(valor)), 0)::text AS total,
            coalesce(bool_or(coalesce(id_operacao::text, '') = coalesce($3::text, '')), false) AS done
       FROM pessoa_cashback_lancamento WHERE id_organization = $1 AND id_lancamento_origem = $2 AND tipo = 'Estorno'`,
    [org, id, id_operacao],
  );
  return { total: fromDecimal(rows[0]?.total ?? '0'), done: rows[0]?.done === true };
}

export interface NewEntry {
  org: number;
  id_pessoa: number;
  id_filial: number;
  tipo: CashbackTipo;
  valor: Cents;
  disponivel_em: string;
  id_operacao: string | null;
  id_pedido: number | null;
  id_nota_fiscal: number | null;
  id_lancamento_origem: number | null;
  id_usuario: number;
  observacao: string | null;
}

/** Records an entry and moves the customer's total balance with it (the caller holds the row lock). */
export async function insertEntry(tx: Tx, e: NewEntry): Promise<void> {
  await tx.query(
    `INSERT INTO pessoa_cashback_lancamento (id_organization, id_pessoa, id_filial, tipo, valor, disponivel_em, id_operacao, id_pedido,
       id_nota_fiscal, id_lancamento_origem, id_usuario, observacao)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
    [e.org, e.id_pessoa, e.id_filial, e.tipo, toDecimal(e.valor), e.disponivel_em, e.id_operacao, e.id_pedido, e.id_nota_fiscal,
      e.id_lancamento_origem, e.id_usuario, e.observacao],
  );
  await tx.query(
    'UPDATE pessoa_cashback SET saldo = saldo + $3, data_alteracao = now() WHERE id_organization = $1 AND id_pessoa = $2',
    [e.org, e.id_pessoa, toDecimal(e.valor)],
  );
}

/** The sale's entry of this kind already recorded (a resent sale). */
export async function findOfOperation(tx: Tx, org: number, id_operacao: string, tipo: CashbackTipo): Promise<boolean> {
  const { rows } = await tx.query('SELECT 1 FROM pessoa_cashback_lancamento WHERE id_organization = $1 AND id_operacao = $2 AND tipo = $3',
    [org, id_operacao, tipo]);
  return rows.length > 0;
}

/** The branch's cashback settings: the minimum available balance to redeem (centavos) and the block days. */
export async function branchSettings(tx: Tx, org: number, id_filial: number): Promise<{ minimo: Cents; dias: number }> {
  const { rows } = await tx.query<{ valor_resgate_cashback: string; dias_bloqueio_cashback: number }>(
    `SELECT valor_resgate_cashback::text, dias_bloqueio_cashback FROM filial_configuracao WHERE id_organization = $1 AND id_filial = $2`,
    [org, id_filial],
  );
  const r = rows[0];
  return { minimo: r ? fromDecimal(r.valor_resgate_cashback) : 0, dias: r?.dias_bloqueio_cashback ?? 0 };
}

/** Writes a sale's cashback totals on its order or invoice (the lines carry theirs from insertItems). */
export async function recordOnSale(
  tx: Tx, org: number, doc: { table: 'pedido' | 'nota_fiscal'; id: number },
  totals: { valor_cashback: Cents; valor_cashback_resgatado: Cents },
): Promise<void> {
  const key = doc.table === 'pedido' ? 'id_pedido' : 'id_nota_fiscal';
  await tx.query(`UPDATE ${doc.table} SET valor_cashback = $3, valor_cashback_resgatado = $4 WHERE id_organization = $1 AND ${key} = $2`,
    [org, doc.id, toDecimal(totals.valor_cashback), toDecimal(totals.valor_cashback_resgatado)]);
}
