/**
 * Bank conciliation (issue 24; 002 §2, §3, §9): import an OFX statement into an account, list its lines with the
 * launch the domain's matching rule proposes for each pending one, confirm a line against a launch, undo it.
 *
 * - Import: the file's lines are stored once per FITID and account; importing the same file again stores nothing
 *   and so can match nothing twice. A file of another account (its ACCTID against the account's number) is refused.
 * - Proposals are computed on reading, over every pending line of the account and every launch of the account no
 *   line is bound to yet (matchStatement: same signed amount, dates within 3 days, one to one), so a confirmed or a
 *   newly imported line changes the others' proposals at once and nothing stale is stored.
 * - Confirm binds the line to one launch: a discharge or a transfer half of the account with the line's amount; or a
 *   card operator's expected credit (an open receivable of the operator settling into this account), which is then
 *   discharged into the account on the line's date for its balance and the new launch bound. The launch row is
 *   locked first, and a launch is bound to one line at most (unique index).
 * - Undo unbinds a line; a card credit's discharge that the confirm made is reversed with it (is_baixa_gerada), so the
 *   operator's receivable is open again for the right line.
 */
import { accountDigits, parseOfx, type OfxStatement } from '@pdv/banking/ofx';
import { matchStatement, RECONCILIATION_MANUAL_DAYS, RECONCILIATION_MESSAGES as M, RECONCILIATION_TOLERANCE_DAYS } from '@pdv/domain/bank-reconciliation';
import { toDecimal } from '@pdv/domain/money';
import type { Tx } from '../../db/database.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import type { Handlers } from '../../http/handlers.ts';
import * as svc from './documents.ts';
import * as q from './reconciliation-queries.ts';

const DAY_MS = 86_400_000;
const shift = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The statements of a file that are this account's: all when the account has no number. */
function statementsOf(statements: OfxStatement[], acct: { numero: string; digito_conta: string }): OfxStatement[] {
  const numero = accountDigits(acct.numero);
  if (!numero) return statements;
  const full = accountDigits(`${acct.numero}${acct.digito_conta}`);
  return statements.filter((s) => {
    const d = accountDigits(s.conta);
    return d !== '' && (d.endsWith(full) || d.endsWith(numero));
  });
}

function counterpartOut(c: q.Counterpart) {
  return {
    tipo: c.tipo, id_documento_financeiro_lancamento: c.id_documento_financeiro_lancamento, id_conta_bancaria_lancamento: c.id_conta_bancaria_lancamento,
    id_documento_financeiro: c.id_documento_financeiro, data: c.data, valor: toDecimal(c.valor), descricao: c.descricao,
  };
}

function lineOut(l: q.LineRow, c: q.Counterpart | null | undefined) {
  return {
    id_conta_conciliacao: l.id_conta_conciliacao, id_conta: l.id_conta, fitid: l.fitid, tipo: l.tipo, data_emissao_nfe: l.data_emissao_nfe,
    valor: toDecimal(l.valor), memo: l.memo, documento: l.documento, nome_arquivo: l.nome_arquivo, situacao: l.situacao,
    correspondencia: c ? counterpartOut(c) : null, data_conciliacao: l.data_conciliacao,
  };
}

/** The rule's proposal for every pending line of an account, by line id. */
async function proposals(tx: Tx, org: number, id_conta: number): Promise<Map<number, q.Counterpart>> {
  const lines = await q.pendingLines(tx, org, id_conta);
  if (lines.length === 0) return new Map();
  const from = shift(lines[0]!.data_emissao_nfe, -RECONCILIATION_TOLERANCE_DAYS);
  const to = shift(lines.reduce((m, l) => (l.data_emissao_nfe > m ? l.data_emissao_nfe : m), lines[0]!.data_emissao_nfe), RECONCILIATION_TOLERANCE_DAYS);
  const candidates = await q.openCounterparts(tx, org, id_conta, from, to);
  const byKey = new Map(candidates.map((c) => [q.counterpartKey(c), c]));
  const matches = matchStatement(
    lines.map((l) => ({ id: l.id_conta_conciliacao, data: l.data_emissao_nfe, valor: l.valor })),
    candidates.map((c) => ({ key: q.counterpartKey(c), data: c.data, valor: c.valor })),
  );
  return new Map(matches.map((m) => [m.lineId, byKey.get(m.candidateKey)!]));
}

async function lineDetail(tx: Tx, org: number, id: number) {
  const line = await q.lineById(tx, org, id);
  if (!line) throw notFound();
  const c = line.situacao === 'Conciliado'
    ? (await q.boundCounterparts(tx, org, [id])).get(id)
    : (await proposals(tx, org, line.id_conta)).get(id);
  return lineOut(line, c);
}

export const reconciliationHandlers = {
  bankReconciliationImport: async ({ tx, caller, body }) => {
    const org = caller.id_organization;
    const acct = await q.account(tx, org, body.id_conta);
    if (!acct) throw notFound();
    const bytes = new Uint8Array(Buffer.from(body.conteudo_base64, 'base64'));
    if (bytes.length === 0) throw badRequest(M.fileMissing);
    const mine = statementsOf(parseOfx(bytes), acct);
    if (mine.length === 0) throw badRequest(M.otherAccount);
    const lines = mine.flatMap((s) => s.transacoes);
    const novas = await q.insertLines(tx, org, body.id_conta, lines, body.nome_arquivo ?? null, caller.id_usuario);
    const first = mine[0]!;
    return {
      banco: first.banco, agencia: first.agencia, conta: first.conta, data_inicio: first.data_inicio, data_fim: first.data_fim,
      quantidade: lines.length, novas, ja_importadas: lines.length - novas,
    };
  },
  bankReconciliationFind: async ({ tx, caller, body }) => {
    const org = caller.id_organization;
    if (!(await q.account(tx, org, body.id_conta))) throw notFound();
    const proposed = await proposals(tx, org, body.id_conta);
    const pending = await q.pendingLines(tx, org, body.id_conta);
    const withProposal = pending.filter((l) => proposed.has(l.id_conta_conciliacao)).map((l) => l.id_conta_conciliacao);
    const without = pending.filter((l) => !proposed.has(l.id_conta_conciliacao)).map((l) => l.id_conta_conciliacao);
    const filter: q.PageFilter = body.visao === 'sugeridas' ? { situacao: 'Pendente', ids: withProposal, search: body.search }
      : body.visao === 'sem_correspondencia' ? { situacao: 'Pendente', ids: without, search: body.search }
        : body.visao === 'conciliadas' ? { situacao: 'Conciliado', ids: null, search: body.search }
          : { situacao: null, ids: null, search: body.search };
    const page = await q.linesPage(tx, org, body.id_conta, filter, body);
    const bound = await q.boundCounterparts(tx, org, page.rows.filter((r) => r.situacao === 'Conciliado').map((r) => r.id_conta_conciliacao));
    return {
      rows: page.rows.map((r) => lineOut(r, r.situacao === 'Conciliado' ? bound.get(r.id_conta_conciliacao) : proposed.get(r.id_conta_conciliacao))),
      count: page.count,
      totais: { sugeridas: withProposal.length, sem_correspondencia: without.length, conciliadas: await q.countReconciled(tx, org, body.id_conta) },
    };
  },
  bankReconciliationConfirm: async ({ tx, caller, body }) => {
    const org = caller.id_organization;
    const line = await q.lineById(tx, org, body.id_conta_conciliacao, true);
    if (!line) throw notFound();
    if (line.situacao === 'Conciliado') throw badRequest(M.alreadyReconciled);
    const key = body.id_documento_financeiro_lancamento !== undefined ? `L${body.id_documento_financeiro_lancamento}`
      : body.id_conta_bancaria_lancamento !== undefined ? `T${body.id_conta_bancaria_lancamento}` : `C${body.id_documento_financeiro}`;
    await q.lockCounterpart(tx, org, key);
    const c = await q.openCounterpart(tx, org, line.id_conta, key);
    if (!c) throw badRequest(M.candidateNotFound);
    if (c.valor !== line.valor) throw badRequest(M.valueMismatch);
    let link = { id_documento_financeiro_lancamento: c.id_documento_financeiro_lancamento, id_conta_bancaria_lancamento: c.id_conta_bancaria_lancamento };
    const generated = c.tipo === 'Cartao';
    if (generated) {
      const paid = await svc.discharge(tx, { org, id_filial: c.id_filial! }, caller.id_usuario, {
        documentos: [c.id_documento_financeiro!], valor_total: toDecimal(c.valor), valor_desconto: 0, valor_acrescimo: 0, calcular_juros_multa: false,
        id_conta: line.id_conta, data_pagamento: line.data_emissao_nfe, observacao: M.cardNote,
      });
      const launch = paid.lancamentos[0];
      if (!launch) throw badRequest(M.candidateNotFound);
      link = { id_documento_financeiro_lancamento: launch.id_documento_financeiro_lancamento, id_conta_bancaria_lancamento: null };
    }
    await q.bind(tx, org, line.id_conta_conciliacao, link, caller.id_usuario, generated);
    return lineDetail(tx, org, line.id_conta_conciliacao);
  },
  bankReconciliationCandidates: async ({ tx, caller, body }) => {
    const org = caller.id_organization;
    const line = await q.lineById(tx, org, body.id_conta_conciliacao);
    if (!line) throw notFound();
    if (line.situacao === 'Conciliado') return { rows: [] };
    const day = (d: string) => Date.parse(`${d}T00:00:00Z`);
    const all = await q.openCounterparts(tx, org, line.id_conta, shift(line.data_emissao_nfe, -RECONCILIATION_MANUAL_DAYS), shift(line.data_emissao_nfe, RECONCILIATION_MANUAL_DAYS));
    const rows = all.filter((c) => c.valor === line.valor)
      .sort((a, b) => Math.abs(day(a.data) - day(line.data_emissao_nfe)) - Math.abs(day(b.data) - day(line.data_emissao_nfe)));
    return { rows: rows.map(counterpartOut) };
  },
  bankReconciliationUndo: async ({ tx, caller, body }) => {
    const org = caller.id_organization;
    const line = await q.lineById(tx, org, body.id_conta_conciliacao, true);
    if (!line) throw notFound();
    if (line.situacao !== 'Conciliado') throw badRequest(M.notReconciled);
    await q.bind(tx, org, line.id_conta_conciliacao, { id_documento_financeiro_lancamento: null, id_conta_bancaria_lancamento: null }, null);
    // The discharge the confirm made for a card operator's credit goes with it: the operator's receivable is open again.
    const made = line.is_baixa_gerada ? line.id_documento_financeiro_lancamento : null;
    const branch = made === null ? null : await q.launchBranch(tx, org, made);
    if (made !== null && branch !== null) await svc.reverseLaunch(tx, { org, id_filial: branch }, made, M.cardUndoNote);
    return lineDetail(tx, org, line.id_conta_conciliacao);
  },
} satisfies Partial<Handlers>;
