/**
 * SQL of the launches of financial documents (documento_financeiro_lancamento): a discharge's launch, the launches of
 * documents, the reversal of one launch or of all a document's. Only the finance module writes the table
 * (owners.test.ts); every query is scoped by the caller's organization and active branch.
 */
import { FINANCE_MESSAGES, LAUNCH_TYPE } from '@pdv/domain/financial-document';
import { fromDecimal, toDecimal, type Cents } from '@pdv/domain/money';
import type { Tx } from '../../db/database.ts';
import { iso } from '../../db/rows.ts';
import { num, str, when, type Scope } from './document-queries.ts';
import { releaseReversed } from './reconciliation-queries.ts';

export interface LaunchWrite {
  id_documento_financeiro: number;
  id_meio_pagamento: number | null;
  /** The bank account the money went to; null: the till's shift (a receipt at the point of sale). */
  id_conta: number | null;
  valor: Cents;
  valor_baixado: Cents;
  valor_desconto: Cents;
  valor_acrescimo: Cents;
  valor_juros: Cents;
  valor_multa: Cents;
  observacao: string | null;
  id_usuario: number;
  data_efetivacao: string;
}

export async function insertLaunch(tx: Tx, s: Scope, l: LaunchWrite): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO documento_financeiro_lancamento (id_organization, id_documento_financeiro, id_filial, tipo, id_meio_pagamento, id_conta,
       valor, valor_baixado, valor_desconto, valor_acrescimo, valor_juros, valor_multa, observacao, id_usuario_lancamento, data_efetivacao)
     VALUES ($1, $2, $3, '${LAUNCH_TYPE.discharge}', $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) RETURNING id_documento_financeiro_lancamento AS id`,
    [s.org, l.id_documento_financeiro, s.id_filial, l.id_meio_pagamento, l.id_conta, toDecimal(l.valor), toDecimal(l.valor_baixado),
      toDecimal(l.valor_desconto), toDecimal(l.valor_acrescimo), toDecimal(l.valor_juros), toDecimal(l.valor_multa), l.observacao,
      l.id_usuario, l.data_efetivacao],
  );
  return Number(rows[0]?.id);
}

/**
 * The opening launch (tipo Abertura, 002 §4) of the documents `ids` just created: their original amount, nothing
 * discharged, no bank account (migration 034 made it for the older ones). Reversing it reverses the whole document.
 */
export async function insertOpeningLaunches(tx: Tx, org: number, ids: readonly number[], id_usuario: number | null): Promise<void> {
  await tx.query(
    `INSERT INTO documento_financeiro_lancamento (id_organization, id_documento_financeiro, id_filial, tipo, id_meio_pagamento, valor,
       valor_baixado, observacao, id_usuario_lancamento, data_efetivacao)
     SELECT d.id_organization, d.id_documento_financeiro, d.id_filial, '${LAUNCH_TYPE.opening}', d.id_meio_pagamento, d.valor_documento, 0, $3,
            $4, d.data_emissao::date
       FROM documento_financeiro d WHERE d.id_organization = $1 AND d.id_documento_financeiro = ANY($2::int[])`,
    [org, ids, FINANCE_MESSAGES.openingLaunchNote, id_usuario],
  );
}

/** The opening launch follows its document's amount while the document has no discharge (update, split). */
export async function syncOpeningLaunch(tx: Tx, s: Scope, id: number): Promise<void> {
  await tx.query(
    `UPDATE documento_financeiro_lancamento l SET valor = d.valor_documento, id_meio_pagamento = d.id_meio_pagamento,
            data_efetivacao = d.data_emissao::date, data_alteracao = now()
       FROM documento_financeiro d
      WHERE l.id_organization = $1 AND l.id_filial = $2 AND l.id_documento_financeiro = $3 AND l.tipo = '${LAUNCH_TYPE.opening}'
        AND NOT l.is_estornado AND d.id_organization = l.id_organization AND d.id_documento_financeiro = l.id_documento_financeiro`,
    [s.org, s.id_filial, id],
  );
}

export interface LaunchRow {
  id_documento_financeiro_lancamento: number;
  id_documento_financeiro: number;
  tipo: string;
  id_meio_pagamento: number | null;
  id_conta: number | null;
  conta_descricao: string | null;
  valor: Cents;
  valor_baixado: Cents;
  valor_desconto: Cents;
  valor_acrescimo: Cents;
  valor_juros: Cents;
  valor_multa: Cents;
  is_estornado: boolean;
  observacao: string | null;
  observacao_estorno: string | null;
  id_usuario_lancamento: number | null;
  usuario: string | null;
  data_lancamento: string;
  data_efetivacao: string;
  data_estorno: string | null;
}

const LAUNCH_COLUMNS = `l.id_documento_financeiro_lancamento, l.id_documento_financeiro, l.tipo, l.id_meio_pagamento, l.id_conta,
  c.descricao AS conta_descricao, l.valor::text AS valor, l.valor_baixado::text AS valor_baixado, l.valor_desconto::text AS valor_desconto,
  l.valor_acrescimo::text AS valor_acrescimo, l.valor_juros::text AS valor_juros, l.valor_multa::text AS valor_multa, l.is_estornado,
  l.observacao, l.observacao_estorno, l.id_usuario_lancamento, u.nome AS usuario, l.data_lancamento,
  l.data_efetivacao::text AS data_efetivacao, l.data_estorno`;
const LAUNCH_FROM = `documento_financeiro_lancamento l
  LEFT JOIN conta_bancaria c ON c.id_organization = l.id_organization AND c.id_conta = l.id_conta
  LEFT JOIN usuario u ON u.id_organization = l.id_organization AND u.id_usuario = l.id_usuario_lancamento`;

function toLaunch(r: Record<string, unknown>): LaunchRow {
  const cents = (k: string) => fromDecimal(String(r[k]));
  return {
    id_documento_financeiro_lancamento: Number(r['id_documento_financeiro_lancamento']),
    id_documento_financeiro: Number(r['id_documento_financeiro']),
    tipo: String(r['tipo']),
    id_meio_pagamento: num(r['id_meio_pagamento']),
    id_conta: num(r['id_conta']),
    conta_descricao: str(r['conta_descricao']),
    valor: cents('valor'),
    valor_baixado: cents('valor_baixado'),
    valor_desconto: cents('valor_desconto'),
    valor_acrescimo: cents('valor_acrescimo'),
    valor_juros: cents('valor_juros'),
    valor_multa: cents('valor_multa'),
    is_estornado: Boolean(r['is_estornado']),
    observacao: str(r['observacao']),
    observacao_estorno: str(r['observacao_estorno']),
    id_usuario_lancamento: num(r['id_usuario_lancamento']),
    usuario: str(r['usuario']),
    data_lancamento: iso(r['data_lancamento']),
    data_efetivacao: String(r['data_efetivacao']),
    data_estorno: when(r['data_estorno']),
  };
}

export async function launchesOf(tx: Tx, s: Scope, ids: readonly number[]): Promise<LaunchRow[]> {
  const { rows } = await tx.query<Record<string, unknown>>(
    `SELECT ${LAUNCH_COLUMNS} FROM ${LAUNCH_FROM}
      WHERE l.id_organization = $1 AND l.id_filial = $2 AND l.id_documento_financeiro = ANY($3::int[])
      ORDER BY l.data_lancamento, l.id_documento_financeiro_lancamento`,
    [s.org, s.id_filial, ids],
  );
  return rows.map(toLaunch);
}

export async function launchById(tx: Tx, s: Scope, id: number): Promise<LaunchRow | undefined> {
  const { rows } = await tx.query<Record<string, unknown>>(
    `SELECT ${LAUNCH_COLUMNS} FROM ${LAUNCH_FROM}
      WHERE l.id_organization = $1 AND l.id_filial = $2 AND l.id_documento_financeiro_lancamento = $3`,
    [s.org, s.id_filial, id],
  );
  return rows[0] ? toLaunch(rows[0]) : undefined;
}

/** Marks a launch reversed, once: answers 0 when it already was. */
export async function reverseLaunch(tx: Tx, s: Scope, id: number, note: string): Promise<number> {
  const { rowCount } = await tx.query(
    `UPDATE documento_financeiro_lancamento SET is_estornado = true, data_estorno = now(), observacao_estorno = $4, data_alteracao = now()
      WHERE id_organization = $1 AND id_filial = $2 AND id_documento_financeiro_lancamento = $3 AND NOT is_estornado`,
    [s.org, s.id_filial, id, note],
  );
  if (rowCount) await releaseReversed(tx, s.org);
  return rowCount ?? 0;
}

/** Marks every live launch of the documents `ids` reversed with `note` (the whole document's estorno). */
export async function reverseLaunchesOf(tx: Tx, s: Scope, ids: readonly number[], note: string): Promise<void> {
  await tx.query(
    `UPDATE documento_financeiro_lancamento SET is_estornado = true, data_estorno = now(), observacao_estorno = $4, data_alteracao = now()
      WHERE id_organization = $1 AND id_filial = $2 AND id_documento_financeiro = ANY($3::int[]) AND NOT is_estornado`,
    [s.org, s.id_filial, ids, note],
  );
  await releaseReversed(tx, s.org);
}

/** Changes a launch's note and date (amounts change only by reversal). Answers how many it took. */
export async function updateLaunch(tx: Tx, s: Scope, id: number, change: { observacao?: string | null | undefined; data_efetivacao?: string | undefined }): Promise<number> {
  const { rowCount } = await tx.query(
    `UPDATE documento_financeiro_lancamento SET observacao = CASE WHEN $4::boolean THEN $5::text ELSE observacao END,
            data_efetivacao = coalesce($6::date, data_efetivacao), data_alteracao = now()
      WHERE id_organization = $1 AND id_filial = $2 AND id_documento_financeiro_lancamento = $3`,
    [s.org, s.id_filial, id, change.observacao !== undefined, change.observacao ?? null, change.data_efetivacao ?? null],
  );
  return rowCount ?? 0;
}
