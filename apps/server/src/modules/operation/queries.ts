import { fromDecimal } from '@pdv/domain/money';
import type { SaleCustomer } from '@pdv/domain/sale-input';
import type { Tx } from '../../db/database.ts';
import { openInstallmentsSql } from '../finance/queries.ts';

/** The branch's grid rows sold, with what an invoice line needs from the product. */
export interface GridRow {
  id_produto_grade_filial: number;
  codigo_ncm: string | null;
  cest: string | null;
  origem_produto: number;
  /** The product's own maximum discount (numeric(5,2) percentage), null: the user's. */
  percentual_desconto_maximo: string | number | null;
}

export async function findGrids(tx: Tx, org: number, id_filial: number, ids: number[]): Promise<Map<number, GridRow>> {
  const { rows } = await tx.query<GridRow>(
    `SELECT pgf.id_produto_grade_filial, p.codigo_ncm, p.cest, p.origem_produto, p.percentual_desconto_maximo
       FROM produto_grade_filial pgf
       JOIN produto_grade pg ON pg.id_organization = pgf.id_organization AND pg.id_produto_grade = pgf.id_produto_grade
       JOIN produto p ON p.id_organization = pg.id_organization AND p.id_produto = pg.id_produto
      WHERE pgf.id_organization = $1 AND pgf.id_filial = $2 AND pgf.id_produto_grade_filial = ANY($3::int[])
        AND pgf.data_exclusao IS NULL`,
    [org, id_filial, ids],
  );
  return new Map(rows.map((r) => [r.id_produto_grade_filial, r]));
}

export async function findAddresses(tx: Tx, org: number, id_filial: number, ids: number[]): Promise<Set<number>> {
  const { rows } = await tx.query<{ id_endereco_estoque: number }>(
    `SELECT id_endereco_estoque FROM endereco_estoque
      WHERE id_organization = $1 AND id_filial = $2 AND id_endereco_estoque = ANY($3::int[]) AND data_exclusao IS NULL`,
    [org, id_filial, ids],
  );
  return new Set(rows.map((r) => r.id_endereco_estoque));
}

export async function findCustomer(tx: Tx, org: number, id_pessoa: number) {
  const { rows } = await tx.query<{ id_pessoa: number; nome: string; cpf: string | null; cnpj: string | null }>(
    `SELECT id_pessoa, nome, cpf, cnpj FROM pessoa WHERE id_organization = $1 AND id_pessoa = $2 AND data_exclusao IS NULL`,
    [org, id_pessoa],
  );
  return rows[0] ?? null;
}

/**
 * The customer of a sale with its credit rules and open receivables (credit-rules.ts), its row locked first: two sales
 * on credit of one customer are judged one after the other, each on the receivables the other committed.
 */
export async function findCustomerWithCredit(tx: Tx, org: number, id_pessoa: number): Promise<SaleCustomer | null> {
  const { rows } = await tx.query<{
    nome: string; cpf: string | null; cnpj: string | null; bloquear_venda_saldo_vencido: boolean; bloquear_venda_sem_saldo: boolean;
    valor_devedor_maximo: string | null; valor_vencido_maximo: string | null;
  }>(
    `SELECT nome, cpf, cnpj, bloquear_venda_saldo_vencido, bloquear_venda_sem_saldo, valor_devedor_maximo::text, valor_vencido_maximo::text
       FROM pessoa WHERE id_organization = $1 AND id_pessoa = $2 AND data_exclusao IS NULL FOR UPDATE`,
    [org, id_pessoa],
  );
  const p = rows[0];
  if (!p) return null;
  const open = await tx.query<{ parcelas: Array<{ data_vencimento: string; saldo: number | string }> }>(
    `SELECT ${openInstallmentsSql('p')} AS parcelas FROM pessoa p WHERE p.id_organization = $1 AND p.id_pessoa = $2`,
    [org, id_pessoa],
  );
  const money = (v: string | null) => (v === null ? null : fromDecimal(v));
  return {
    nome: p.nome, cpf: p.cpf, cnpj: p.cnpj,
    credito: {
      bloquear_venda_saldo_vencido: p.bloquear_venda_saldo_vencido,
      bloquear_venda_sem_saldo: p.bloquear_venda_sem_saldo,
      valor_devedor_maximo: money(p.valor_devedor_maximo),
      valor_vencido_maximo: money(p.valor_vencido_maximo),
      parcelas_abertas: (open.rows[0]?.parcelas ?? []).map((i) => ({ data_vencimento: i.data_vencimento, saldo: fromDecimal(i.saldo) })),
    },
  };
}

/** The carrier a sale names: a person of the organization, not deleted, marked is_transportadora (null otherwise). */
export async function findCarrier(tx: Tx, org: number, id_pessoa: number): Promise<{ id_pessoa: number } | null> {
  const { rows } = await tx.query<{ id_pessoa: number }>(
    `SELECT id_pessoa FROM pessoa
      WHERE id_organization = $1 AND id_pessoa = $2 AND is_transportadora AND data_exclusao IS NULL`,
    [org, id_pessoa],
  );
  return rows[0] ?? null;
}

/** Who claimed an operation's UUID, the hash of what they sent (null: claimed before hashes were kept) and its answer. */
export interface Claim {
  id_filial: number;
  id_usuario: number;
  hash_conteudo: string | null;
  resultado: unknown;
}

/** The claim to write: the operation's UUID, its caller and the hash of its content. */
export interface NewClaim {
  id_operacao: string;
  id_filial: number;
  id_usuario: number;
  modo_operacao: string;
  hash_conteudo: string;
}

/** Claims the operation's UUID; false when it was already claimed (committed by an earlier or parallel request). */
export async function claimOperation(tx: Tx, org: number, claim: NewClaim): Promise<boolean> {
  const { rows } = await tx.query(
    `INSERT INTO operacao (id_organization, id_operacao, id_filial, id_usuario, modo_operacao, hash_conteudo)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (id_organization, id_operacao) DO NOTHING RETURNING 1`,
    [org, claim.id_operacao, claim.id_filial, claim.id_usuario, claim.modo_operacao, claim.hash_conteudo],
  );
  return rows.length > 0;
}

/** The committed claim of a UUID in the organization (null when there is none). */
export async function findClaim(tx: Tx, org: number, id: string): Promise<Claim | null> {
  const { rows } = await tx.query<Claim>(
    'SELECT id_filial, id_usuario, hash_conteudo, resultado FROM operacao WHERE id_organization = $1 AND id_operacao = $2',
    [org, id],
  );
  return rows[0] ?? null;
}

export async function storeResult(tx: Tx, org: number, id: string, result: unknown): Promise<void> {
  await tx.query('UPDATE operacao SET resultado = $3 WHERE id_organization = $1 AND id_operacao = $2', [org, id, JSON.stringify(result)]);
}
