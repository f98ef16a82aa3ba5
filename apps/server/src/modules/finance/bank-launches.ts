/**
 * A bank account's launches and movement, read from the discharges that named it (documento_financeiro_lancamento
 * with id_conta, not reversed): a receivable's money comes in (Credito), a payable's goes out (Debito), on the
 * launch's data_efetivacao. The period is the current month when left out. Scope: the caller's organization (an
 * account serves every branch that uses it).
 */
import { fromDecimal, toDecimal, type Cents } from '@pdv/domain/money';
import type { Tx } from '../../db/database.ts';
import { iso } from '../../db/rows.ts';
import { notFound } from '../../http/errors.ts';
import type { Handlers } from '../../http/handlers.ts';
import { localDate } from '@pdv/domain/period';

const SIGNED = `CASE WHEN d.operacao = 'Entrada' THEN l.valor ELSE -l.valor END`;
const LIVE = `l.id_organization = $1 AND l.id_conta = $2 AND NOT l.is_estornado`;
const JOIN = `documento_financeiro_lancamento l
  JOIN documento_financeiro d ON d.id_organization = l.id_organization AND d.id_documento_financeiro = l.id_documento_financeiro
  LEFT JOIN pessoa p ON p.id_organization = d.id_organization AND p.id_pessoa = d.id_pessoa`;

function period(body: { data_inicio?: string | undefined; data_fim?: string | undefined }): [string, string] {
  const today = localDate(new Date());
  const [y, m] = today.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return [body.data_inicio ?? `${today.slice(0, 8)}01`, body.data_fim ?? `${today.slice(0, 8)}${String(last).padStart(2, '0')}`];
}

interface Balances { saldo_anterior: Cents; entradas: Cents; saidas: Cents }

async function balances(tx: Tx, org: number, id_conta: number, from: string, to: string): Promise<Balances> {
  const { rows } = await tx.query<{ anterior: string; entradas: string; saidas: string }>(
    `SELECT coalesce(sum(${SIGNED}) FILTER (WHERE l.data_efetivacao < $3::date), 0)::text AS anterior,
            coalesce(sum(l.valor) FILTER (WHERE d.operacao = 'Entrada' AND l.data_efetivacao BETWEEN $3::date AND $4::date), 0)::text AS entradas,
            coalesce(sum(l.valor) FILTER (WHERE d.operacao = 'Saida' AND l.data_efetivacao BETWEEN $3::date AND $4::date), 0)::text AS saidas
       FROM ${JOIN} WHERE ${LIVE}`,
    [org, id_conta, from, to],
  );
  const r = rows[0];
  return { saldo_anterior: fromDecimal(r?.anterior ?? '0'), entradas: fromDecimal(r?.entradas ?? '0'), saidas: fromDecimal(r?.saidas ?? '0') };
}

const balancesOut = (b: Balances) => ({
  saldo_anterior: toDecimal(b.saldo_anterior), entradas: toDecimal(b.entradas), saidas: toDecimal(b.saidas),
  saldo_final: toDecimal(b.saldo_anterior + b.entradas - b.saidas),
});

export const bankLaunchHandlers = {
  bankAccountLaunchFind: async ({ tx, caller, body }) => {
    const org = caller.id_organization;
    const account = await tx.query('SELECT 1 FROM conta_bancaria WHERE id_organization = $1 AND id_conta = $2 AND data_exclusao IS NULL', [org, body.id_conta]);
    if (account.rows.length === 0) throw notFound();
    const [from, to] = period(body);
    const { rows } = await tx.query<Record<string, unknown>>(
      `SELECT l.id_documento_financeiro_lancamento, l.id_documento_financeiro, l.id_filial, l.data_efetivacao::text AS data_efetivacao,
              d.operacao, l.valor::text AS valor, d.numero, d.sequencia, p.nome, count(*) OVER () AS total
         FROM ${JOIN} WHERE ${LIVE} AND l.data_efetivacao BETWEEN $3::date AND $4::date
        ORDER BY l.data_efetivacao, l.id_documento_financeiro_lancamento LIMIT ${body.take} OFFSET ${body.skip}`,
      [org, body.id_conta, from, to],
    );
    return {
      rows: rows.map((r) => ({
        id_documento_financeiro_lancamento: Number(r['id_documento_financeiro_lancamento']),
        id_documento_financeiro: Number(r['id_documento_financeiro']),
        id_filial: Number(r['id_filial']),
        data_efetivacao: iso(r['data_efetivacao']),
        tipo: r['operacao'] === 'Entrada' ? 'Credito' as const : 'Debito' as const,
        valor: toDecimal(fromDecimal(String(r['valor']))),
        descricao: [`Documento ${String(r['numero'])}/${String(r['sequencia'])}`, r['nome']].filter((x) => typeof x === 'string' && x !== '').join(' · '),
      })),
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
} satisfies Partial<Handlers>;
