/**
 * A bank account's launches and movement: the discharges that named it (documento_financeiro_lancamento with
 * id_conta, not reversed: a receivable's money comes in, Credito; a payable's goes out, Debito) and the account's own
 * launches (conta_bancaria_lancamento: the halves of a transfer), on their data_efetivacao. The period is the current
 * month when left out. Scope: the caller's organization (an account serves every branch that uses it).
 */
import { randomUUID } from 'node:crypto';
import { FINANCE_MESSAGES } from '@pdv/domain/financial-document';
import { fromDecimal, toDecimal, type Cents } from '@pdv/domain/money';
import { localDate } from '@pdv/domain/period';
import type { Tx } from '../../db/database.ts';
import { badRequest, HttpError, notFound } from '../../http/errors.ts';
import type { Handlers } from '../../http/handlers.ts';
import { releaseReversed } from './reconciliation-queries.ts';

/** Every live movement of the organization's accounts, one row each, signed by its kind (also the cash flow's realized part). */
export const MOVEMENTS = `(
  SELECT l.id_organization, l.id_conta, l.data_efetivacao, CASE WHEN d.operacao = 'Entrada' THEN 'Credito' ELSE 'Debito' END AS tipo, l.valor,
         concat_ws(' · ', 'Documento ' || d.numero || '/' || d.sequencia, p.nome) AS descricao,
         l.id_documento_financeiro_lancamento, NULL::int AS id_conta_bancaria_lancamento, l.id_documento_financeiro, l.id_filial
    FROM documento_financeiro_lancamento l
    JOIN documento_financeiro d ON d.id_organization = l.id_organization AND d.id_documento_financeiro = l.id_documento_financeiro
    LEFT JOIN pessoa p ON p.id_organization = d.id_organization AND p.id_pessoa = d.id_pessoa
   WHERE l.id_conta IS NOT NULL AND NOT l.is_estornado AND l.tipo = 'Baixa'
  UNION ALL
  SELECT c.id_organization, c.id_conta, c.data_efetivacao, c.tipo, c.valor, c.descricao, NULL::int, c.id_conta_bancaria_lancamento, NULL::int, c.id_filial
    FROM conta_bancaria_lancamento c WHERE NOT c.is_estornado AND c.data_exclusao IS NULL
) m`;

function period(body: { data_inicio?: string | undefined; data_fim?: string | undefined }): [string, string] {
  const today = localDate(new Date());
  const [y, m] = today.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return [body.data_inicio ?? `${today.slice(0, 8)}01`, body.data_fim ?? `${today.slice(0, 8)}${String(last).padStart(2, '0')}`];
}

interface Balances { saldo_anterior: Cents; entradas: Cents; saidas: Cents }

async function balances(tx: Tx, org: number, id_conta: number, from: string, to: string): Promise<Balances> {
  const { rows } = await tx.query<{ anterior: string; entradas: string; saidas: string }>(
    `SELECT coalesce(sum(CASE WHEN m.tipo = 'Credito' THEN m.valor ELSE -m.valor END) FILTER (WHERE m.data_efetivacao < $3::date), 0)::text AS anterior,
            coalesce(sum(m.valor) FILTER (WHERE m.tipo = 'Credito' AND m.data_efetivacao BETWEEN $3::date AND $4::date), 0)::text AS entradas,
            coalesce(sum(m.valor) FILTER (WHERE m.tipo = 'Debito' AND m.data_efetivacao BETWEEN $3::date AND $4::date), 0)::text AS saidas
       FROM ${MOVEMENTS} WHERE m.id_organization = $1 AND m.id_conta = $2`,
    [org, id_conta, from, to],
  );
  const r = rows[0];
  return { saldo_anterior: fromDecimal(r?.anterior ?? '0'), entradas: fromDecimal(r?.entradas ?? '0'), saidas: fromDecimal(r?.saidas ?? '0') };
}

const balancesOut = (b: Balances) => ({
  saldo_anterior: toDecimal(b.saldo_anterior), entradas: toDecimal(b.entradas), saidas: toDecimal(b.saidas),
  saldo_final: toDecimal(b.saldo_anterior + b.entradas - b.saidas),
});

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

function launchOut(r: Record<string, unknown>) {
  return {
    id_documento_financeiro_lancamento: num(r['id_documento_financeiro_lancamento']),
    id_conta_bancaria_lancamento: num(r['id_conta_bancaria_lancamento']),
    id_documento_financeiro: num(r['id_documento_financeiro']),
    id_filial: num(r['id_filial']),
    data_efetivacao: String(r['data_efetivacao']),
    tipo: r['tipo'] === 'Credito' ? 'Credito' as const : 'Debito' as const,
    valor: toDecimal(fromDecimal(String(r['valor']))),
    descricao: typeof r['descricao'] === 'string' ? r['descricao'] : '',
  };
}

const SELECT = `m.id_documento_financeiro_lancamento, m.id_conta_bancaria_lancamento, m.id_documento_financeiro, m.id_filial,
  m.data_efetivacao::text AS data_efetivacao, m.tipo, m.valor::text AS valor, m.descricao`;

async function usableAccount(tx: Tx, org: number, id_conta: number, active: boolean): Promise<boolean> {
  const { rows } = await tx.query(
    `SELECT 1 FROM conta_bancaria WHERE id_organization = $1 AND id_conta = $2 AND data_exclusao IS NULL${active ? " AND situacao = 'Ativo'" : ''}`,
    [org, id_conta],
  );
  return rows.length > 0;
}

const BANK_COLUMNS = 'b.id_banco, b.codigo, b.nome';

export const bankLaunchHandlers = {
  /** The banks by COMPE code or name (the list every organization shares), in code order. */
  bankFind: async ({ tx, body }) => {
    const like = `%${body.search.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const { rows } = await tx.query<{ id_banco: number; codigo: string; nome: string; total: string }>(
      `SELECT ${BANK_COLUMNS}, count(*) OVER () AS total FROM banco b
        WHERE b.codigo ILIKE $1 OR b.nome ILIKE $1 ORDER BY b.codigo LIMIT $2 OFFSET $3`,
      [like, body.take, body.skip],
    );
    return { rows: rows.map(({ total: _t, ...r }) => r), count: Number(rows[0]?.total ?? 0) };
  },
  /** The banks of the live accounts a branch of the caller's keeps (404 for a branch that is not the caller's). */
  bankFindByBranch: async ({ tx, caller, body }) => {
    const id_filial = body.where.id_filial;
    if (!caller.branches.some((b) => b.id_filial === id_filial)) throw notFound();
    const { rows } = await tx.query<{ id_banco: number; codigo: string; nome: string }>(
      `SELECT DISTINCT ${BANK_COLUMNS} FROM conta_bancaria c JOIN banco b ON b.id_banco = c.id_banco
        WHERE c.id_organization = $1 AND c.id_filial = $2 AND c.data_exclusao IS NULL AND c.situacao = 'Ativo' ORDER BY b.codigo`,
      [caller.id_organization, id_filial],
    );
    return { rows };
  },
  bankAccountLaunchFind: async ({ tx, caller, body }) => {
    const org = caller.id_organization;
    if (!(await usableAccount(tx, org, body.id_conta, false))) throw notFound();
    const [from, to] = period(body);
    const { rows } = await tx.query<Record<string, unknown>>(
      `SELECT ${SELECT}, count(*) OVER () AS total FROM ${MOVEMENTS}
        WHERE m.id_organization = $1 AND m.id_conta = $2 AND m.data_efetivacao BETWEEN $3::date AND $4::date
        ORDER BY m.data_efetivacao, m.id_documento_financeiro_lancamento NULLS LAST, m.id_conta_bancaria_lancamento
        LIMIT ${body.take} OFFSET ${body.skip}`,
      [org, body.id_conta, from, to],
    );
    return {
      rows: rows.map(launchOut),
      count: Number(rows[0]?.['total'] ?? 0),
      ...balancesOut(await balances(tx, org, body.id_conta, from, to)),
    };
  },
  bankAccountMovement: async ({ tx, caller, body }) => {
    const org = caller.id_organization;
    const [from, to] = period(body);
    const { rows } = await tx.query<{ id_conta: number; descricao: string }>(
      `SELECT id_conta, descricao FROM conta_bancaria WHERE id_organization = $1 AND situacao = 'Ativo' AND data_exclusao IS NULL
        ORDER BY lower(descricao), id_conta`,
      [org],
    );
    const out = [];
    for (const a of rows) out.push({ id_conta: Number(a.id_conta), descricao: a.descricao, ...balancesOut(await balances(tx, org, Number(a.id_conta), from, to)) });
    return { rows: out };
  },
  bankAccountTransfer: async ({ tx, caller, body }) => {
    const org = caller.id_organization;
    if (body.id_conta_origem === body.id_conta_destino) throw badRequest(FINANCE_MESSAGES.transferSameAccount);
    for (const id of [body.id_conta_origem, body.id_conta_destino]) {
      if (!(await usableAccount(tx, org, id, true))) throw badRequest(FINANCE_MESSAGES.bankAccountNotFound);
    }
    const id_transferencia = randomUUID();
    const descricao = body.descricao || 'Transferência entre contas';
    const { rows } = await tx.query<Record<string, unknown>>(
      `WITH novos AS (
         INSERT INTO conta_bancaria_lancamento (id_organization, id_conta, id_filial, tipo, valor, descricao, id_transferencia, id_usuario, data_efetivacao)
         VALUES ($1, $2, $4, 'Debito', $5, $6, $7, $8, coalesce($9::date, CURRENT_DATE)),
                ($1, $3, $4, 'Credito', $5, $6, $7, $8, coalesce($9::date, CURRENT_DATE))
         RETURNING *)
       SELECT NULL::int AS id_documento_financeiro_lancamento, id_conta_bancaria_lancamento, NULL::int AS id_documento_financeiro, id_filial,
              data_efetivacao::text AS data_efetivacao, tipo, valor::text AS valor, descricao
         FROM novos ORDER BY tipo DESC`,
      [org, body.id_conta_origem, body.id_conta_destino, caller.id_filial, toDecimal(fromDecimal(body.valor)), descricao, id_transferencia,
        caller.id_usuario, body.data_efetivacao ?? localDate(new Date())],
    );
    return { id_transferencia, lancamentos: rows.map(launchOut) };
  },
  /** The period's transfers, one row per pair (its Debito half names the origin, its Credito half the destination), newest first. */
  bankAccountTransferFind: async ({ tx, caller, body }) => {
    const [from, to] = period(body);
    const { rows } = await tx.query<Record<string, unknown>>(
      `SELECT d.id_transferencia::text AS id_transferencia, d.data_efetivacao::text AS data_efetivacao, d.valor::text AS valor, d.descricao,
              d.is_estornado, d.id_conta AS id_conta_origem, co.descricao AS conta_origem, c.id_conta AS id_conta_destino, cd.descricao AS conta_destino
         FROM conta_bancaria_lancamento d
         JOIN conta_bancaria_lancamento c ON c.id_organization = d.id_organization AND c.id_transferencia = d.id_transferencia
                                          AND c.tipo = 'Credito' AND c.data_exclusao IS NULL
         JOIN conta_bancaria co ON co.id_organization = d.id_organization AND co.id_conta = d.id_conta
         JOIN conta_bancaria cd ON cd.id_organization = c.id_organization AND cd.id_conta = c.id_conta
        WHERE d.id_organization = $1 AND d.tipo = 'Debito' AND d.id_transferencia IS NOT NULL AND d.data_exclusao IS NULL
          AND d.data_efetivacao BETWEEN $2::date AND $3::date
        ORDER BY d.data_efetivacao DESC, d.id_conta_bancaria_lancamento DESC
        LIMIT 200`,
      [caller.id_organization, from, to],
    );
    return {
      rows: rows.map((r) => ({
        id_transferencia: String(r['id_transferencia']),
        data_efetivacao: String(r['data_efetivacao']),
        valor: toDecimal(fromDecimal(String(r['valor']))),
        descricao: typeof r['descricao'] === 'string' ? r['descricao'] : '',
        id_conta_origem: Number(r['id_conta_origem']),
        conta_origem: String(r['conta_origem']),
        id_conta_destino: Number(r['id_conta_destino']),
        conta_destino: String(r['conta_destino']),
        is_estornado: r['is_estornado'] === true,
      })),
    };
  },
  /**
   * Reverses a transfer made by mistake, both halves at once (is_estornado, the reason kept in the description); a
   * statement line bound to either half goes back to Pendente. Locked first: two reversals never both pass.
   */
  bankAccountTransferCancel: async ({ tx, caller, body }) => {
    const org = caller.id_organization;
    const { rows: halves } = await tx.query<{ is_estornado: boolean }>(
      `SELECT is_estornado FROM conta_bancaria_lancamento
        WHERE id_organization = $1 AND id_transferencia = $2 AND data_exclusao IS NULL ORDER BY id_conta_bancaria_lancamento FOR UPDATE`,
      [org, body.id_transferencia],
    );
    if (halves.length === 0) throw new HttpError(404, FINANCE_MESSAGES.transferNotFound);
    if (halves.some((h) => h.is_estornado)) throw badRequest(FINANCE_MESSAGES.transferAlreadyReversed);
    const { rows } = await tx.query<Record<string, unknown>>(
      `UPDATE conta_bancaria_lancamento SET is_estornado = true, descricao = left(descricao || ' (estornada: ' || $3 || ')', 400), data_alteracao = now()
        WHERE id_organization = $1 AND id_transferencia = $2 AND data_exclusao IS NULL
        RETURNING NULL::int AS id_documento_financeiro_lancamento, id_conta_bancaria_lancamento, NULL::int AS id_documento_financeiro, id_filial,
                  data_efetivacao::text AS data_efetivacao, tipo, valor::text AS valor, descricao`,
      [org, body.id_transferencia, body.observacao],
    );
    await releaseReversed(tx, org);
    return { id_transferencia: body.id_transferencia, lancamentos: rows.sort((a, b) => String(b['tipo']).localeCompare(String(a['tipo']))).map(launchOut) };
  },
} satisfies Partial<Handlers>;
