/**
 * SQL of the financial documents screen (/documentFinancial): the list with its filters and totals, one document with
 * its launches, and the writes of create, update, split, cancel, discharge and reversal. Only the finance module
 * writes documento_financeiro and documento_financeiro_lancamento (owners.test.ts). Every query is scoped by the
 * caller's organization and active branch. Amounts leave as text and become centavos here.
 */
import { fromDecimal, toDecimal, type Cents } from '@pdv/domain/money';
import type { FinancialOperation, FinancialSituation } from '@pdv/domain/financial-document';
import type { Tx } from '../../db/database.ts';
import { containsPattern, iso } from '../../db/rows.ts';

export interface Scope {
  org: number;
  id_filial: number;
}

export interface DocumentRow {
  id_documento_financeiro: number;
  id_filial: number;
  numero: string;
  sequencia: number;
  operacao: FinancialOperation;
  situacao: FinancialSituation;
  valor_documento: Cents;
  valor_atualizado: Cents;
  saldo: Cents;
  valor_pago: Cents;
  data_cadastro: string;
  data_alteracao: string;
  data_emissao: string;
  data_vencimento: string;
  data_quitacao: string | null;
  data_estorno: string | null;
  data_ultimo_pagamento: string | null;
  id_pessoa: number | null;
  pessoa: { id_pessoa: number; nome: string; cpf: string | null; cnpj: string | null } | null;
  id_meio_pagamento: number | null;
  id_plano_conta: number | null;
  id_centro_custo: number | null;
  id_nota_fiscal: number | null;
  id_pedido: number | null;
  observacao: string | null;
  /** Live discharges (launches not reversed). */
  baixas: number;
}

// The live discharges (the opening launch, tipo Abertura, pays nothing).
const PAID = `(SELECT coalesce(sum(l.valor), 0) FROM documento_financeiro_lancamento l
   WHERE l.id_organization = d.id_organization AND l.id_documento_financeiro = d.id_documento_financeiro AND NOT l.is_estornado
     AND l.tipo = 'Baixa')`;
const LIVE = `(SELECT count(*) FROM documento_financeiro_lancamento l
   WHERE l.id_organization = d.id_organization AND l.id_documento_financeiro = d.id_documento_financeiro AND NOT l.is_estornado
     AND l.tipo = 'Baixa')`;

const COLUMNS = `d.id_documento_financeiro, d.id_filial, d.numero, d.sequencia, d.operacao, d.situacao,
  d.valor_documento::text AS valor_documento, d.valor_atualizado::text AS valor_atualizado, d.saldo::text AS saldo,
  ${PAID}::text AS valor_pago, ${LIVE}::int AS baixas,
  d.data_cadastro, d.data_alteracao, d.data_emissao, d.data_vencimento::text AS data_vencimento, d.data_quitacao, d.data_estorno,
  d.data_ultimo_pagamento, d.id_pessoa, p.nome AS pessoa_nome, p.cpf AS pessoa_cpf, p.cnpj AS pessoa_cnpj,
  d.id_meio_pagamento, d.id_plano_conta, d.id_centro_custo, d.id_nota_fiscal, d.id_pedido, d.observacao`;
const FROM = `documento_financeiro d
  LEFT JOIN pessoa p ON p.id_organization = d.id_organization AND p.id_pessoa = d.id_pessoa`;

export const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
export const str = (v: unknown) => (v === null || v === undefined ? null : (typeof v === 'string' ? v : JSON.stringify(v)));
export const when = (v: unknown) => (v === null || v === undefined ? null : iso(v));

function toDocument(r: Record<string, unknown>): DocumentRow {
  const id_pessoa = num(r['id_pessoa']);
  return {
    id_documento_financeiro: Number(r['id_documento_financeiro']),
    id_filial: Number(r['id_filial']),
    numero: String(r['numero']),
    sequencia: Number(r['sequencia']),
    operacao: r['operacao'] as FinancialOperation,
    situacao: r['situacao'] as FinancialSituation,
    valor_documento: fromDecimal(String(r['valor_documento'])),
    valor_atualizado: fromDecimal(String(r['valor_atualizado'])),
    saldo: fromDecimal(String(r['saldo'])),
    valor_pago: fromDecimal(String(r['valor_pago'])),
    baixas: Number(r['baixas']),
    data_cadastro: iso(r['data_cadastro']),
    data_alteracao: iso(r['data_alteracao']),
    data_emissao: iso(r['data_emissao']),
    data_vencimento: String(r['data_vencimento']),
    data_quitacao: when(r['data_quitacao']),
    data_estorno: when(r['data_estorno']),
    data_ultimo_pagamento: when(r['data_ultimo_pagamento']),
    id_pessoa,
    pessoa: id_pessoa === null || r['pessoa_nome'] === null ? null
      : { id_pessoa, nome: str(r['pessoa_nome']) ?? '', cpf: str(r['pessoa_cpf']), cnpj: str(r['pessoa_cnpj']) },
    id_meio_pagamento: num(r['id_meio_pagamento']),
    id_plano_conta: num(r['id_plano_conta']),
    id_centro_custo: num(r['id_centro_custo']),
    id_nota_fiscal: num(r['id_nota_fiscal']),
    id_pedido: num(r['id_pedido']),
    observacao: str(r['observacao']),
  };
}

export interface ListFilter {
  operacao?: FinancialOperation | undefined;
  situacao?: FinancialSituation[] | undefined;
  id_pessoa?: number | undefined;
  data_inicio: string;
  data_fim: string;
  search: string;
}

function where(s: Scope, f: ListFilter): { sql: string; params: unknown[] } {
  const params: unknown[] = [s.org, s.id_filial, f.data_inicio, f.data_fim];
  const parts = ['d.id_organization = $1', 'd.id_filial = $2', 'd.data_exclusao IS NULL', 'd.data_vencimento BETWEEN $3::date AND $4::date'];
  if (f.operacao) {
    params.push(f.operacao);
    parts.push(`d.operacao = $${params.length}`);
  }
  if (f.situacao?.length) {
    params.push(f.situacao);
    parts.push(`d.situacao = ANY($${params.length}::text[])`);
  }
  if (f.id_pessoa !== undefined) {
    params.push(f.id_pessoa);
    parts.push(`d.id_pessoa = $${params.length}`);
  }
  if (f.search.trim()) {
    params.push(containsPattern(f.search.trim().toLowerCase()));
    parts.push(`(lower(d.numero) LIKE $${params.length} OR lower(p.nome) LIKE $${params.length} OR lower(coalesce(d.observacao, '')) LIKE $${params.length})`);
  }
  return { sql: parts.join(' AND '), params };
}

const ORDER_COLUMNS = { data_vencimento: 'd.data_vencimento', numero: 'd.numero', valor_documento: 'd.valor_documento', saldo: 'd.saldo' } as const;

export async function findDocuments(tx: Tx, s: Scope, f: ListFilter, page: { skip: number; take: number; column: keyof typeof ORDER_COLUMNS; order: 'asc' | 'desc' }): Promise<DocumentRow[]> {
  const w = where(s, f);
  const dir = page.order === 'asc' ? 'ASC' : 'DESC';
  const { rows } = await tx.query<Record<string, unknown>>(
    `SELECT ${COLUMNS} FROM ${FROM} WHERE ${w.sql}
      ORDER BY ${ORDER_COLUMNS[page.column]} ${dir}, d.id_documento_financeiro ${dir}
      LIMIT ${page.take} OFFSET ${page.skip}`,
    w.params,
  );
  return rows.map(toDocument);
}

export interface Totals {
  quantidade: number;
  valor_documento: Cents;
  valor_pago: Cents;
  saldo: Cents;
}

/** Totals of the filtered documents; a cancelled (Estornado) document counts in quantidade only. */
export async function documentTotals(tx: Tx, s: Scope, f: ListFilter): Promise<Totals> {
  const w = where(s, f);
  const { rows } = await tx.query<{ quantidade: string; valor_documento: string; valor_pago: string; saldo: string }>(
    `SELECT count(*)::text AS quantidade,
            coalesce(sum(d.valor_documento) FILTER (WHERE d.situacao <> 'Estornado'), 0)::text AS valor_documento,
            coalesce(sum(${PAID}), 0)::text AS valor_pago,
            coalesce(sum(d.saldo) FILTER (WHERE d.situacao <> 'Estornado'), 0)::text AS saldo
       FROM ${FROM} WHERE ${w.sql}`,
    w.params,
  );
  const r = rows[0];
  return {
    quantidade: Number(r?.quantidade ?? 0),
    valor_documento: fromDecimal(r?.valor_documento ?? '0'),
    valor_pago: fromDecimal(r?.valor_pago ?? '0'),
    saldo: fromDecimal(r?.saldo ?? '0'),
  };
}

/** Documents of the branch by id, in the order of `ids`; with `lock`, locked in id order (no lock cycles). */
export async function documentsByIds(tx: Tx, s: Scope, ids: readonly number[], lock = false): Promise<DocumentRow[]> {
  if (lock) {
    await tx.query(
      `SELECT 1 FROM documento_financeiro WHERE id_organization = $1 AND id_filial = $2 AND id_documento_financeiro = ANY($3::int[])
         AND data_exclusao IS NULL ORDER BY id_documento_financeiro FOR UPDATE`,
      [s.org, s.id_filial, ids],
    );
  }
  const { rows } = await tx.query<Record<string, unknown>>(
    `SELECT ${COLUMNS} FROM ${FROM}
      WHERE d.id_organization = $1 AND d.id_filial = $2 AND d.id_documento_financeiro = ANY($3::int[]) AND d.data_exclusao IS NULL`,
    [s.org, s.id_filial, ids],
  );
  const byId = new Map(rows.map((r) => [Number(r['id_documento_financeiro']), toDocument(r)]));
  return ids.flatMap((i) => byId.get(i) ?? []);
}

export async function documentsWhere(tx: Tx, s: Scope, column: 'numero' | 'id_nota_fiscal', value: string | number, operacao?: FinancialOperation): Promise<DocumentRow[]> {
  const params: unknown[] = [s.org, s.id_filial, value];
  let extra = '';
  if (operacao) {
    params.push(operacao);
    extra = ' AND d.operacao = $4';
  }
  const { rows } = await tx.query<Record<string, unknown>>(
    `SELECT ${COLUMNS} FROM ${FROM}
      WHERE d.id_organization = $1 AND d.id_filial = $2 AND d.${column} = $3 AND d.data_exclusao IS NULL${extra}
      ORDER BY d.sequencia, d.id_documento_financeiro LIMIT 200`,
    params,
  );
  return rows.map(toDocument);
}

/** The next free number of the branch's documents: one above the largest all-digits number. */
export async function nextNumber(tx: Tx, s: Scope): Promise<string> {
  const { rows } = await tx.query<{ n: string }>(
    `SELECT (coalesce(max(numero::numeric) FILTER (WHERE numero ~ '^[0-9]{1,15}$'), 0) + 1)::text AS n
       FROM documento_financeiro WHERE id_organization = $1 AND id_filial = $2`,
    [s.org, s.id_filial],
  );
  return rows[0]?.n ?? '1';
}

export async function nextSequence(tx: Tx, s: Scope, numero: string): Promise<number> {
  const { rows } = await tx.query<{ n: number }>(
    `SELECT coalesce(max(sequencia), 0)::int + 1 AS n FROM documento_financeiro WHERE id_organization = $1 AND id_filial = $2 AND numero = $3`,
    [s.org, s.id_filial, numero],
  );
  return rows[0]?.n ?? 1;
}

export async function numberTaken(tx: Tx, s: Scope, numero: string, sequencia: number, operacao: FinancialOperation, except?: number): Promise<boolean> {
  const { rows } = await tx.query(
    `SELECT 1 FROM documento_financeiro WHERE id_organization = $1 AND id_filial = $2 AND numero = $3 AND sequencia = $4
        AND operacao = $5 AND data_exclusao IS NULL AND id_documento_financeiro IS DISTINCT FROM $6::int LIMIT 1`,
    [s.org, s.id_filial, numero, sequencia, operacao, except ?? null],
  );
  return rows.length > 0;
}

export interface DocumentWrite {
  numero: string;
  sequencia: number;
  valor: Cents;
  data_emissao: string | null;
  data_vencimento: string;
  id_pessoa: number | null;
  id_meio_pagamento: number | null;
  id_plano_conta: number | null;
  id_centro_custo: number | null;
  observacao: string | null;
}

export async function insertDocument(tx: Tx, s: Scope, operacao: FinancialOperation, d: DocumentWrite, extra: { id_nota_fiscal?: number | null; id_pedido?: number | null } = {}): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO documento_financeiro (id_organization, id_filial, numero, sequencia, operacao, valor_documento, valor_atualizado, saldo,
       data_emissao, data_vencimento, id_pessoa, id_meio_pagamento, id_plano_conta, id_centro_custo, observacao, id_nota_fiscal, id_pedido)
     VALUES ($1, $2, $3, $4, $5, $6, $6, $6, coalesce($7::date::timestamptz, now()), $8, $9, $10, $11, $12, $13, $14, $15)
     RETURNING id_documento_financeiro AS id`,
    [s.org, s.id_filial, d.numero, d.sequencia, operacao, toDecimal(d.valor), d.data_emissao, d.data_vencimento, d.id_pessoa,
      d.id_meio_pagamento, d.id_plano_conta, d.id_centro_custo, d.observacao, extra.id_nota_fiscal ?? null, extra.id_pedido ?? null],
  );
  return Number(rows[0]?.id);
}

/** Rewrites an open document without discharges (the caller checked it): amount, balance and the rest. */
export async function updateDocument(tx: Tx, s: Scope, id: number, d: DocumentWrite): Promise<void> {
  await tx.query(
    `UPDATE documento_financeiro SET numero = $4, sequencia = $5, valor_documento = $6, valor_atualizado = $6, saldo = $6,
            data_emissao = coalesce($7::date::timestamptz, data_emissao), data_vencimento = $8, id_pessoa = $9, id_meio_pagamento = $10,
            id_plano_conta = $11, id_centro_custo = $12, observacao = $13, data_alteracao = now()
      WHERE id_organization = $1 AND id_filial = $2 AND id_documento_financeiro = $3 AND situacao = 'Aberto'`,
    [s.org, s.id_filial, id, d.numero, d.sequencia, toDecimal(d.valor), d.data_emissao, d.data_vencimento, d.id_pessoa,
      d.id_meio_pagamento, d.id_plano_conta, d.id_centro_custo, d.observacao],
  );
}

/** Cancels (Estornado) the live documents `ids` whose launches were all reversed; answers how many it took. */
export async function cancelDocuments(tx: Tx, s: Scope, ids: readonly number[]): Promise<number> {
  const { rowCount } = await tx.query(
    `UPDATE documento_financeiro d SET situacao = 'Estornado', data_estorno = now(), saldo = 0, data_alteracao = now()
      WHERE d.id_organization = $1 AND d.id_filial = $2 AND d.id_documento_financeiro = ANY($3::int[]) AND d.situacao <> 'Estornado'
        AND ${LIVE} = 0`,
    [s.org, s.id_filial, ids],
  );
  return rowCount ?? 0;
}

/**
 * Moves a document's balance by `delta` centavos (negative: a discharge; positive: a reversal) and sets its state from
 * the new balance. The CHECK (0 <= saldo <= valor_atualizado) refuses any overdraw; the WHERE keeps a cancelled one.
 */
export async function moveBalance(tx: Tx, s: Scope, id: number, delta: Cents, paidOn: string | null): Promise<number> {
  const { rowCount } = await tx.query(
    `UPDATE documento_financeiro SET saldo = saldo + $4::numeric,
            situacao = CASE WHEN saldo + $4::numeric = 0 THEN 'Quitado' WHEN saldo + $4::numeric = valor_atualizado THEN 'Aberto' ELSE 'Parcial' END,
            data_quitacao = CASE WHEN saldo + $4::numeric = 0 THEN now() ELSE NULL END,
            data_ultimo_pagamento = coalesce($5::date::timestamptz, data_ultimo_pagamento),
            data_alteracao = now()
      WHERE id_organization = $1 AND id_filial = $2 AND id_documento_financeiro = $3 AND situacao <> 'Estornado'
        AND saldo + $4::numeric >= 0 AND saldo + $4::numeric <= valor_atualizado`,
    [s.org, s.id_filial, id, toDecimal(delta), paidOn],
  );
  return rowCount ?? 0;
}

/** Whether a row of a register exists for the organization (and is not deleted). */
export async function exists(tx: Tx, org: number, table: 'pessoa' | 'meio_pagamento' | 'plano_conta' | 'centro_custo', column: string, id: number): Promise<boolean> {
  const { rows } = await tx.query(`SELECT 1 FROM ${table} WHERE id_organization = $1 AND ${column} = $2 AND data_exclusao IS NULL`, [org, id]);
  return rows.length > 0;
}

/** An active bank account the branch may use (the organization's, of this branch or of none). */
export async function usableBankAccount(tx: Tx, s: Scope, id_conta: number): Promise<boolean> {
  const { rows } = await tx.query(
    `SELECT 1 FROM conta_bancaria WHERE id_organization = $1 AND id_conta = $2 AND situacao = 'Ativo' AND data_exclusao IS NULL
        AND (id_filial IS NULL OR id_filial = $3)`,
    [s.org, id_conta, s.id_filial],
  );
  return rows.length > 0;
}

export interface ChargeRow {
  percentual_multa: string;
  dias_para_multa: number;
  percentual_juros: string;
  fuso_horario: number;
}

export async function branchCharges(tx: Tx, s: Scope): Promise<ChargeRow> {
  const { rows } = await tx.query<ChargeRow>(
    `SELECT percentual_multa::text AS percentual_multa, dias_para_multa, percentual_juros::text AS percentual_juros, fuso_horario
       FROM filial_configuracao WHERE id_organization = $1 AND id_filial = $2 LIMIT 1`,
    [s.org, s.id_filial],
  );
  return rows[0] ?? { percentual_multa: '0', dias_para_multa: 0, percentual_juros: '0', fuso_horario: -3 };
}

export async function invoiceOfBranch(tx: Tx, s: Scope, id_nota_fiscal: number): Promise<boolean> {
  const { rows } = await tx.query(`SELECT 1 FROM nota_fiscal WHERE id_organization = $1 AND id_filial = $2 AND id_nota_fiscal = $3`, [s.org, s.id_filial, id_nota_fiscal]);
  return rows.length > 0;
}

export interface InvoiceRef {
  id_nota_fiscal: number;
  modelo: string;
  serie: number | null;
  numero_nota_fiscal: number | null;
  chave_acesso: string | null;
  situacao: string;
  data_emissao: string;
  valor_total: Cents;
}

export async function invoiceRef(tx: Tx, s: Scope, id_nota_fiscal: number): Promise<InvoiceRef | undefined> {
  const { rows } = await tx.query<Record<string, unknown>>(
    `SELECT id_nota_fiscal, modelo, serie, numero_nota_fiscal, chave_acesso, situacao, data_emissao, valor_total::text AS valor_total
       FROM nota_fiscal WHERE id_organization = $1 AND id_filial = $2 AND id_nota_fiscal = $3`,
    [s.org, s.id_filial, id_nota_fiscal],
  );
  const r = rows[0];
  if (!r) return undefined;
  return {
    id_nota_fiscal: Number(r['id_nota_fiscal']), modelo: String(r['modelo']), serie: num(r['serie']), numero_nota_fiscal: num(r['numero_nota_fiscal']),
    chave_acesso: str(r['chave_acesso']), situacao: String(r['situacao']), data_emissao: iso(r['data_emissao']), valor_total: fromDecimal(String(r['valor_total'])),
  };
}
