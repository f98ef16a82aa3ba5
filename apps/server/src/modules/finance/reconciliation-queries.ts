/**
 * SQL of the bank conciliation (conta_conciliacao, migration 041): the statement lines of an account, and what they
 * can be matched to in that account and nobody matched yet: the live discharges that named it, the account's own
 * launches (transfer halves), and the card operators' expected credits (open receivables of an operator whose
 * settlement account is this one, on their due date, for their balance). Every query is scoped by organization.
 */
import { fromDecimal, toDecimal, type Cents } from '@pdv/domain/money';
import type { OfxTransaction } from '@pdv/banking/ofx';
import type { Tx } from '../../db/database.ts';

export interface LineRow {
  id_conta_conciliacao: number;
  id_conta: number;
  fitid: string;
  tipo: string;
  data_emissao_nfe: string;
  valor: Cents;
  memo: string;
  documento: string;
  nome_arquivo: string | null;
  situacao: 'Pendente' | 'Conciliado';
  id_documento_financeiro_lancamento: number | null;
  id_conta_bancaria_lancamento: number | null;
  data_conciliacao: string | null;
  /** The bound discharge was made by the confirm (a card operator's credit): undo reverses it. */
  is_baixa_gerada: boolean;
}

export interface Counterpart {
  tipo: 'Lancamento' | 'Transferencia' | 'Cartao';
  id_documento_financeiro_lancamento: number | null;
  id_conta_bancaria_lancamento: number | null;
  id_documento_financeiro: number | null;
  data: string;
  /** Signed: money into the account positive. */
  valor: Cents;
  descricao: string;
  id_filial: number | null;
}

export const counterpartKey = (c: Pick<Counterpart, 'tipo' | 'id_documento_financeiro_lancamento' | 'id_conta_bancaria_lancamento' | 'id_documento_financeiro'>): string =>
  c.tipo === 'Lancamento' ? `L${c.id_documento_financeiro_lancamento}` : c.tipo === 'Transferencia' ? `T${c.id_conta_bancaria_lancamento}` : `C${c.id_documento_financeiro}`;

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

const LINE_COLUMNS = `id_conta_conciliacao, id_conta, fitid, tipo, data_emissao_nfe::text AS data_emissao_nfe, valor::text AS valor, memo, documento,
  nome_arquivo, situacao, id_documento_financeiro_lancamento, id_conta_bancaria_lancamento, data_conciliacao, is_baixa_gerada`;

function lineOf(r: Record<string, unknown>): LineRow {
  return {
    id_conta_conciliacao: Number(r['id_conta_conciliacao']),
    id_conta: Number(r['id_conta']),
    fitid: String(r['fitid']),
    tipo: String(r['tipo']),
    data_emissao_nfe: String(r['data_emissao_nfe']),
    valor: fromDecimal(String(r['valor'])),
    memo: String(r['memo']),
    documento: String(r['documento']),
    nome_arquivo: typeof r['nome_arquivo'] === 'string' ? r['nome_arquivo'] : null,
    situacao: r['situacao'] === 'Conciliado' ? 'Conciliado' : 'Pendente',
    id_documento_financeiro_lancamento: num(r['id_documento_financeiro_lancamento']),
    is_baixa_gerada: r['is_baixa_gerada'] === true,
    id_conta_bancaria_lancamento: num(r['id_conta_bancaria_lancamento']),
    data_conciliacao: r['data_conciliacao'] instanceof Date ? r['data_conciliacao'].toISOString() : typeof r['data_conciliacao'] === 'string' ? r['data_conciliacao'] : null,
  };
}

/** The account of the organization (not deleted) with its number, or null. */
export async function account(tx: Tx, org: number, id_conta: number): Promise<{ numero: string; digito_conta: string } | null> {
  const { rows } = await tx.query<{ numero: string | null; digito_conta: string | null }>(
    'SELECT numero, digito_conta FROM conta_bancaria WHERE id_organization = $1 AND id_conta = $2 AND data_exclusao IS NULL',
    [org, id_conta],
  );
  const r = rows[0];
  return r ? { numero: r.numero ?? '', digito_conta: r.digito_conta ?? '' } : null;
}

/** Stores the lines new to the account (one per FITID); answers how many were new. */
export async function insertLines(tx: Tx, org: number, id_conta: number, lines: readonly OfxTransaction[], nome_arquivo: string | null, id_usuario: number): Promise<number> {
  if (lines.length === 0) return 0;
  const payload = lines.map((l) => ({ fitid: l.fitid, tipo: l.tipo, data: l.data, valor: toDecimal(l.valor), memo: l.memo || l.nome, documento: l.documento }));
  const { rows } = await tx.query(
    `INSERT INTO conta_conciliacao (id_organization, id_conta, fitid, tipo, data_emissao_nfe, valor, memo, documento, nome_arquivo, id_usuario_importacao)
     SELECT $1, $2, r.fitid, r.tipo, r.data::date, r.valor, r.memo, r.documento, $4, $5
       FROM jsonb_to_recordset($3::jsonb) AS r(fitid text, tipo text, data text, valor numeric, memo text, documento text)
     ON CONFLICT (id_organization, id_conta, fitid) DO NOTHING
     RETURNING id_conta_conciliacao`,
    [org, id_conta, JSON.stringify(payload), nome_arquivo, id_usuario],
  );
  return rows.length;
}

/** Every pending line of an account (the matching rule sees them all, then the list is paged). */
export async function pendingLines(tx: Tx, org: number, id_conta: number): Promise<LineRow[]> {
  const { rows } = await tx.query<Record<string, unknown>>(
    `SELECT ${LINE_COLUMNS} FROM conta_conciliacao
      WHERE id_organization = $1 AND id_conta = $2 AND situacao = 'Pendente' AND data_exclusao IS NULL
      ORDER BY data_emissao_nfe, id_conta_conciliacao`,
    [org, id_conta],
  );
  return rows.map(lineOf);
}

export interface PageFilter {
  situacao: 'Pendente' | 'Conciliado' | null;
  /** Only these ids (a view of pending lines), or any. */
  ids: number[] | null;
  search: string;
}

/** A page of an account's lines, data_emissao_nfe desc (002 §9), with the count. */
export async function linesPage(tx: Tx, org: number, id_conta: number, f: PageFilter, page: { skip: number; take: number }): Promise<{ rows: LineRow[]; count: number }> {
  const { rows } = await tx.query<Record<string, unknown>>(
    `SELECT ${LINE_COLUMNS}, count(*) OVER () AS total FROM conta_conciliacao
      WHERE id_organization = $1 AND id_conta = $2 AND data_exclusao IS NULL
        AND ($3::text IS NULL OR situacao = $3) AND ($4::int[] IS NULL OR id_conta_conciliacao = ANY($4::int[]))
        AND ($5 = '' OR strpos(lower(memo), lower($5)) > 0 OR fitid = $5 OR documento = $5)
      ORDER BY data_emissao_nfe DESC, id_conta_conciliacao DESC
      LIMIT $6 OFFSET $7`,
    [org, id_conta, f.situacao, f.ids, f.search, page.take, page.skip],
  );
  return { rows: rows.map(lineOf), count: Number(rows[0]?.['total'] ?? 0) };
}

export async function countReconciled(tx: Tx, org: number, id_conta: number): Promise<number> {
  const { rows } = await tx.query<{ n: string }>(
    `SELECT count(*)::text AS n FROM conta_conciliacao WHERE id_organization = $1 AND id_conta = $2 AND situacao = 'Conciliado' AND data_exclusao IS NULL`,
    [org, id_conta],
  );
  return Number(rows[0]?.n ?? 0);
}

export async function lineById(tx: Tx, org: number, id: number, lock = false): Promise<LineRow | null> {
  const { rows } = await tx.query<Record<string, unknown>>(
    `SELECT ${LINE_COLUMNS} FROM conta_conciliacao WHERE id_organization = $1 AND id_conta_conciliacao = $2 AND data_exclusao IS NULL${lock ? ' FOR UPDATE' : ''}`,
    [org, id],
  );
  return rows[0] ? lineOf(rows[0]) : null;
}

/** The unmatched counterparts of an account: all of them, or only the one named. */
const COUNTERPARTS = `
  SELECT 'Lancamento' AS tipo, l.id_documento_financeiro_lancamento, NULL::int AS id_conta_bancaria_lancamento, l.id_documento_financeiro,
         l.data_efetivacao AS data, CASE WHEN d.operacao = 'Entrada' THEN l.valor ELSE -l.valor END AS valor,
         concat_ws(' · ', 'Documento ' || d.numero || '/' || d.sequencia, p.nome) AS descricao, l.id_filial
    FROM documento_financeiro_lancamento l
    JOIN documento_financeiro d ON d.id_organization = l.id_organization AND d.id_documento_financeiro = l.id_documento_financeiro
    LEFT JOIN pessoa p ON p.id_organization = d.id_organization AND p.id_pessoa = d.id_pessoa
   WHERE l.id_organization = $1 AND l.id_conta = $2 AND NOT l.is_estornado AND l.valor > 0
     AND NOT EXISTS (SELECT 1 FROM conta_conciliacao c WHERE c.id_organization = l.id_organization
                        AND c.id_documento_financeiro_lancamento = l.id_documento_financeiro_lancamento)
  UNION ALL
  SELECT 'Transferencia', NULL::int, t.id_conta_bancaria_lancamento, NULL::int, t.data_efetivacao,
         CASE WHEN t.tipo = 'Credito' THEN t.valor ELSE -t.valor END, t.descricao, t.id_filial
    FROM conta_bancaria_lancamento t
   WHERE t.id_organization = $1 AND t.id_conta = $2 AND NOT t.is_estornado AND t.data_exclusao IS NULL
     AND NOT EXISTS (SELECT 1 FROM conta_conciliacao c WHERE c.id_organization = t.id_organization
                        AND c.id_conta_bancaria_lancamento = t.id_conta_bancaria_lancamento)
  UNION ALL
  SELECT 'Cartao', NULL::int, NULL::int, d.id_documento_financeiro, d.data_vencimento, d.saldo,
         concat_ws(' · ', 'Previsão ' || o.nome, 'Documento ' || d.numero || '/' || d.sequencia), d.id_filial
    FROM documento_financeiro d
    JOIN operadora_cartao o ON o.id_organization = d.id_organization AND o.id_pessoa = d.id_pessoa AND o.id_conta = $2 AND o.data_exclusao IS NULL
   WHERE d.id_organization = $1 AND d.operacao = 'Entrada' AND d.situacao IN ('Aberto', 'Parcial') AND d.saldo > 0`;

function counterpartOf(r: Record<string, unknown>): Counterpart {
  const tipo = r['tipo'] === 'Transferencia' ? 'Transferencia' : r['tipo'] === 'Cartao' ? 'Cartao' : 'Lancamento';
  return {
    tipo,
    id_documento_financeiro_lancamento: num(r['id_documento_financeiro_lancamento']),
    id_conta_bancaria_lancamento: num(r['id_conta_bancaria_lancamento']),
    id_documento_financeiro: num(r['id_documento_financeiro']),
    data: String(r['data']),
    valor: fromDecimal(String(r['valor'])),
    descricao: typeof r['descricao'] === 'string' ? r['descricao'] : '',
    id_filial: num(r['id_filial']),
  };
}

/** The unmatched counterparts of an account dated between two days. */
export async function openCounterparts(tx: Tx, org: number, id_conta: number, from: string, to: string): Promise<Counterpart[]> {
  const { rows } = await tx.query<Record<string, unknown>>(
    `SELECT x.tipo, x.id_documento_financeiro_lancamento, x.id_conta_bancaria_lancamento, x.id_documento_financeiro, x.data::text AS data,
            x.valor::text AS valor, x.descricao, x.id_filial
       FROM (${COUNTERPARTS}) x WHERE x.data BETWEEN $3::date AND $4::date
      ORDER BY x.data, x.tipo, x.id_documento_financeiro_lancamento, x.id_conta_bancaria_lancamento, x.id_documento_financeiro`,
    [org, id_conta, from, to],
  );
  return rows.map(counterpartOf);
}

/** One unmatched counterpart of an account, or null. */
export async function openCounterpart(tx: Tx, org: number, id_conta: number, key: string): Promise<Counterpart | null> {
  const { rows } = await tx.query<Record<string, unknown>>(
    `SELECT x.tipo, x.id_documento_financeiro_lancamento, x.id_conta_bancaria_lancamento, x.id_documento_financeiro, x.data::text AS data,
            x.valor::text AS valor, x.descricao, x.id_filial
       FROM (${COUNTERPARTS}) x
      WHERE (CASE x.tipo WHEN 'Lancamento' THEN 'L' || x.id_documento_financeiro_lancamento
                         WHEN 'Transferencia' THEN 'T' || x.id_conta_bancaria_lancamento ELSE 'C' || x.id_documento_financeiro END) = $3`,
    [org, id_conta, key],
  );
  return rows[0] ? counterpartOf(rows[0]) : null;
}

/** Locks the launch a line is about to be bound to, so two confirmations of it run one after the other. */
export async function lockCounterpart(tx: Tx, org: number, key: string): Promise<void> {
  const id = Number(key.slice(1));
  if (key.startsWith('L')) await tx.query('SELECT 1 FROM documento_financeiro_lancamento WHERE id_organization = $1 AND id_documento_financeiro_lancamento = $2 FOR UPDATE', [org, id]);
  else if (key.startsWith('T')) await tx.query('SELECT 1 FROM conta_bancaria_lancamento WHERE id_organization = $1 AND id_conta_bancaria_lancamento = $2 FOR UPDATE', [org, id]);
  else await tx.query('SELECT 1 FROM documento_financeiro WHERE id_organization = $1 AND id_documento_financeiro = $2 FOR UPDATE', [org, id]);
}

/** What the reconciled lines among these are bound to (by line id). */
export async function boundCounterparts(tx: Tx, org: number, ids: readonly number[]): Promise<Map<number, Counterpart>> {
  if (ids.length === 0) return new Map();
  const { rows } = await tx.query<Record<string, unknown>>(
    `SELECT c.id_conta_conciliacao,
            CASE WHEN c.id_documento_financeiro_lancamento IS NOT NULL THEN 'Lancamento' ELSE 'Transferencia' END AS tipo,
            c.id_documento_financeiro_lancamento, c.id_conta_bancaria_lancamento, l.id_documento_financeiro,
            coalesce(l.data_efetivacao, t.data_efetivacao)::text AS data,
            coalesce(CASE WHEN d.operacao = 'Entrada' THEN l.valor ELSE -l.valor END, CASE WHEN t.tipo = 'Credito' THEN t.valor ELSE -t.valor END)::text AS valor,
            coalesce(concat_ws(' · ', 'Documento ' || d.numero || '/' || d.sequencia, p.nome), t.descricao) AS descricao,
            coalesce(l.id_filial, t.id_filial) AS id_filial
       FROM conta_conciliacao c
       LEFT JOIN documento_financeiro_lancamento l ON l.id_organization = c.id_organization AND l.id_documento_financeiro_lancamento = c.id_documento_financeiro_lancamento
       LEFT JOIN documento_financeiro d ON d.id_organization = l.id_organization AND d.id_documento_financeiro = l.id_documento_financeiro
       LEFT JOIN pessoa p ON p.id_organization = d.id_organization AND p.id_pessoa = d.id_pessoa
       LEFT JOIN conta_bancaria_lancamento t ON t.id_organization = c.id_organization AND t.id_conta_bancaria_lancamento = c.id_conta_bancaria_lancamento
      WHERE c.id_organization = $1 AND c.id_conta_conciliacao = ANY($2::int[]) AND c.situacao = 'Conciliado'`,
    [org, ids],
  );
  return new Map(rows.map((r) => [Number(r['id_conta_conciliacao']), counterpartOf(r)]));
}

export async function bind(
  tx: Tx, org: number, id: number, link: { id_documento_financeiro_lancamento: number | null; id_conta_bancaria_lancamento: number | null },
  id_usuario: number | null, generated = false,
): Promise<void> {
  const linked = link.id_documento_financeiro_lancamento !== null || link.id_conta_bancaria_lancamento !== null;
  await tx.query(
    `UPDATE conta_conciliacao SET situacao = $5, id_documento_financeiro_lancamento = $3, id_conta_bancaria_lancamento = $4,
            id_usuario_conciliacao = $6, data_conciliacao = CASE WHEN $5 = 'Conciliado' THEN now() END, data_alteracao = now(),
            is_baixa_gerada = $7
      WHERE id_organization = $1 AND id_conta_conciliacao = $2`,
    [org, id, link.id_documento_financeiro_lancamento, link.id_conta_bancaria_lancamento, linked ? 'Conciliado' : 'Pendente', id_usuario,
      linked && generated],
  );
}

/** The branch of a launch of the organization (its discharge's scope), or null. */
export async function launchBranch(tx: Tx, org: number, id: number): Promise<number | null> {
  const { rows } = await tx.query<{ id_filial: number }>(
    'SELECT id_filial FROM documento_financeiro_lancamento WHERE id_organization = $1 AND id_documento_financeiro_lancamento = $2', [org, id]);
  return rows[0]?.id_filial ?? null;
}

/**
 * Gives back to Pendente the lines bound to a reversed launch: a discharge (a reversal, or a whole document's cancel)
 * or a transfer's half. The money the line showed no longer matches anything in the books. Called by the reversals,
 * in their transaction.
 */
export async function releaseReversed(tx: Tx, org: number): Promise<void> {
  await tx.query(
    `UPDATE conta_conciliacao c SET situacao = 'Pendente', id_documento_financeiro_lancamento = NULL, id_conta_bancaria_lancamento = NULL,
            id_usuario_conciliacao = NULL, data_conciliacao = NULL, is_baixa_gerada = false, data_alteracao = now()
      WHERE c.id_organization = $1
        AND (EXISTS (SELECT 1 FROM documento_financeiro_lancamento l WHERE l.id_organization = c.id_organization
                        AND l.id_documento_financeiro_lancamento = c.id_documento_financeiro_lancamento AND l.is_estornado)
          OR EXISTS (SELECT 1 FROM conta_bancaria_lancamento l WHERE l.id_organization = c.id_organization
                        AND l.id_conta_bancaria_lancamento = c.id_conta_bancaria_lancamento AND l.is_estornado))`,
    [org],
  );
}
