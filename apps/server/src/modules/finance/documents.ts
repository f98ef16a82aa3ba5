/**
 * The financial documents' commands (/documentFinancial, 001 §7): create, update, split, cancel, discharge (baixa)
 * into a bank account and reversal (estorno) of one discharge. Each takes the request's transaction and plain data;
 * the rules (states, allocation, late charges, split) are packages/domain/financial-document's, the SQL is in
 * document-queries.ts. Whatever is refused is refused before anything is written, or the transaction rolls back.
 */
import {
  allocateDischarge, canCancel, canDischarge, canEdit, canSplit, checkSplit, FINANCE_MESSAGES, LAUNCH_TYPE, lateCharges, typedDischarge,
  type ChargeConfig, type FinancialOperation,
} from '@pdv/domain/financial-document';
import { fromDecimal, scaleDecimal, toDecimal, type Cents } from '@pdv/domain/money';
import { localDate } from '@pdv/domain/period';
import type { FinancialDocument, FinancialDocumentDetail, FinancialLaunch } from '@pdv/contract/finance';
import type { Tx } from '../../db/database.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import * as q from './document-queries.ts';
import * as lq from './launch-queries.ts';

export type Scope = q.Scope;

export interface Today {
  date: string;
  charges: ChargeConfig;
}

/** The branch's date today (its time zone) and its interest and fine settings. */
export async function branchToday(tx: Tx, s: Scope, now = new Date()): Promise<Today> {
  const c = await q.branchCharges(tx, s);
  return {
    date: localDate(now, c.fuso_horario),
    charges: {
      percentual_multa: scaleDecimal(c.percentual_multa, 4),
      dias_para_multa: c.dias_para_multa,
      percentual_juros: scaleDecimal(c.percentual_juros, 4),
    },
  };
}

function chargesOf(d: q.DocumentRow, today: Today, on = today.date): { juros: Cents; multa: Cents } {
  if (d.situacao !== 'Aberto' && d.situacao !== 'Parcial') return { juros: 0, multa: 0 };
  return lateCharges(d.saldo, d.data_vencimento, on, today.charges);
}

export function documentOut(d: q.DocumentRow, today: Today): FinancialDocument {
  const { juros, multa } = chargesOf(d, today);
  const { baixas: _baixas, ...row } = d;
  return {
    ...row,
    valor_documento: toDecimal(d.valor_documento),
    valor_atualizado: toDecimal(d.valor_atualizado),
    saldo: toDecimal(d.saldo),
    valor_pago: toDecimal(d.valor_pago),
    valor_juros: toDecimal(juros),
    valor_multa: toDecimal(multa),
  };
}

export function launchOut(l: lq.LaunchRow): FinancialLaunch {
  return {
    ...l,
    valor: toDecimal(l.valor),
    valor_baixado: toDecimal(l.valor_baixado),
    valor_desconto: toDecimal(l.valor_desconto),
    valor_acrescimo: toDecimal(l.valor_acrescimo),
    valor_juros: toDecimal(l.valor_juros),
    valor_multa: toDecimal(l.valor_multa),
  };
}

/** Documents with their launches, in the order of `ids`. */
export async function details(tx: Tx, s: Scope, ids: readonly number[], today?: Today): Promise<FinancialDocumentDetail[]> {
  const t = today ?? await branchToday(tx, s);
  const docs = await q.documentsByIds(tx, s, ids);
  const launches = await lq.launchesOf(tx, s, ids);
  return docs.map((d) => ({
    ...documentOut(d, t),
    lancamentos: launches.filter((l) => l.id_documento_financeiro === d.id_documento_financeiro).map(launchOut),
  }));
}

export async function detail(tx: Tx, s: Scope, id: number): Promise<FinancialDocumentDetail> {
  const [d] = await details(tx, s, [id]);
  if (!d) throw notFound();
  return d;
}

async function one(tx: Tx, s: Scope, id: number, lock = false): Promise<q.DocumentRow> {
  const [d] = await q.documentsByIds(tx, s, [id], lock);
  if (!d) throw notFound();
  return d;
}

export interface DocumentInput {
  numero?: string | undefined;
  sequencia?: number | undefined;
  valor_documento: number;
  data_emissao?: string | undefined;
  data_vencimento: string;
  id_pessoa?: number | null | undefined;
  id_meio_pagamento?: number | null | undefined;
  id_plano_conta?: number | null | undefined;
  id_centro_custo?: number | null | undefined;
  observacao?: string | null | undefined;
}

/** The refs a document names must be the organization's (another one's id answers like a missing one). */
async function checkRefs(tx: Tx, s: Scope, d: DocumentInput): Promise<void> {
  const refs = [
    ['pessoa', 'id_pessoa', d.id_pessoa, FINANCE_MESSAGES.personNotFound],
    ['meio_pagamento', 'id_meio_pagamento', d.id_meio_pagamento, FINANCE_MESSAGES.paymentMethodNotFound],
    ['plano_conta', 'id_plano_conta', d.id_plano_conta, FINANCE_MESSAGES.accountPlanNotFound],
    ['centro_custo', 'id_centro_custo', d.id_centro_custo, FINANCE_MESSAGES.costCenterNotFound],
  ] as const;
  for (const [table, column, value, message] of refs) {
    if (value !== null && value !== undefined && !(await q.exists(tx, s.org, table, column, value))) throw badRequest(message);
  }
}

async function toWrite(tx: Tx, s: Scope, operacao: FinancialOperation, d: DocumentInput, except?: number): Promise<q.DocumentWrite> {
  await checkRefs(tx, s, d);
  const numero = d.numero ?? await q.nextNumber(tx, s);
  const sequencia = d.sequencia ?? (d.numero ? await q.nextSequence(tx, s, numero) : 1);
  if (await q.numberTaken(tx, s, numero, sequencia, operacao, except)) throw badRequest(FINANCE_MESSAGES.numberTaken);
  return {
    numero, sequencia, valor: fromDecimal(d.valor_documento), data_emissao: d.data_emissao ?? null, data_vencimento: d.data_vencimento,
    id_pessoa: d.id_pessoa ?? null, id_meio_pagamento: d.id_meio_pagamento ?? null, id_plano_conta: d.id_plano_conta ?? null,
    id_centro_custo: d.id_centro_custo ?? null, observacao: d.observacao ?? null,
  };
}

export async function createDocument(tx: Tx, s: Scope, operacao: FinancialOperation, d: DocumentInput, id_usuario: number | null = null): Promise<FinancialDocumentDetail> {
  const id = await q.insertDocument(tx, s, operacao, await toWrite(tx, s, operacao, d));
  await lq.insertOpeningLaunches(tx, s.org, [id], id_usuario);
  return detail(tx, s, id);
}

export async function updateDocument(tx: Tx, s: Scope, id: number, d: DocumentInput): Promise<FinancialDocumentDetail> {
  const doc = await one(tx, s, id, true);
  if (!canEdit(doc.situacao, doc.baixas)) throw badRequest(FINANCE_MESSAGES.editNotOpen);
  await q.updateDocument(tx, s, id, await toWrite(tx, s, doc.operacao, { numero: doc.numero, sequencia: doc.sequencia, ...d }, id));
  await lq.syncOpeningLaunch(tx, s, id);
  return detail(tx, s, id);
}

/**
 * Splits an open document without discharges into instalments adding up to its balance: the document keeps the first
 * instalment (amount and due date), the others become new documents with the same number and the next sequences.
 */
export async function splitDocument(tx: Tx, s: Scope, id: number, parcelas: ReadonlyArray<{ valor: number; data_vencimento: string }>): Promise<FinancialDocumentDetail[]> {
  const doc = await one(tx, s, id, true);
  if (!canSplit(doc.situacao, doc.baixas)) throw badRequest(FINANCE_MESSAGES.splitWithDischarge);
  const parts = parcelas.map((p) => fromDecimal(p.valor));
  checkSplit(doc.saldo, parts);
  const base: Omit<q.DocumentWrite, 'sequencia' | 'valor' | 'data_vencimento'> = {
    numero: doc.numero, data_emissao: doc.data_emissao.slice(0, 10), id_pessoa: doc.id_pessoa, id_meio_pagamento: doc.id_meio_pagamento,
    id_plano_conta: doc.id_plano_conta, id_centro_custo: doc.id_centro_custo, observacao: doc.observacao,
  };
  const [first, ...rest] = parcelas;
  await q.updateDocument(tx, s, id, { ...base, sequencia: doc.sequencia, valor: parts[0] ?? 0, data_vencimento: first?.data_vencimento ?? doc.data_vencimento });
  const ids = [id];
  let sequencia = await q.nextSequence(tx, s, doc.numero);
  for (const [i, p] of rest.entries()) {
    ids.push(await q.insertDocument(tx, s, doc.operacao, { ...base, sequencia: sequencia++, valor: parts[i + 1] ?? 0, data_vencimento: p.data_vencimento },
      { id_nota_fiscal: doc.id_nota_fiscal, id_pedido: doc.id_pedido }));
  }
  await lq.syncOpeningLaunch(tx, s, id);
  await lq.insertOpeningLaunches(tx, s.org, ids.slice(1), null);
  return details(tx, s, ids);
}

/**
 * Cancels (estorno of the whole document, 002 §4) documents all or none: each live launch of theirs is marked
 * reversed with the note, and the document becomes Estornado with a zero balance.
 */
export async function cancelDocuments(tx: Tx, s: Scope, ids: readonly number[], note: string = FINANCE_MESSAGES.documentReversedNote): Promise<FinancialDocumentDetail[]> {
  const unique = [...new Set(ids)];
  const docs = await q.documentsByIds(tx, s, unique, true);
  if (docs.length !== unique.length) throw notFound();
  for (const d of docs) {
    if (d.situacao === 'Estornado') throw badRequest(FINANCE_MESSAGES.alreadyCancelled);
    if (!canCancel(d.situacao)) throw badRequest(FINANCE_MESSAGES.alreadyCancelled);
  }
  await lq.reverseLaunchesOf(tx, s, unique, note);
  if (await q.cancelDocuments(tx, s, unique) !== unique.length) throw badRequest(FINANCE_MESSAGES.alreadyCancelled);
  return details(tx, s, unique);
}

export interface DischargeInput {
  documentos: readonly number[];
  valor_total: number;
  valor_desconto: number;
  valor_acrescimo: number;
  calcular_juros_multa: boolean;
  id_conta: number;
  id_meio_pagamento?: number | null | undefined;
  data_pagamento?: string | undefined;
  observacao?: string | null | undefined;
  /** Interest and fine typed for a single document (a launch created by hand): every amount is taken as typed. */
  typedCharges?: { juros: Cents; multa: Cents } | undefined;
}

/**
 * Discharges the checked documents, in their order, with one payment (002 §4): the domain allocates it, each document
 * that receives something gets a launch and its balance goes down under its row lock (a conditional UPDATE besides:
 * a balance never goes below zero, whatever runs at the same time).
 */
export async function discharge(tx: Tx, s: Scope, id_usuario: number, input: DischargeInput): Promise<{ documentos: FinancialDocumentDetail[]; lancamentos: FinancialLaunch[] }> {
  const ids = [...new Set(input.documentos)];
  if (ids.length !== input.documentos.length || (input.typedCharges && ids.length !== 1)) throw badRequest(FINANCE_MESSAGES.noDocuments);
  if (!(await q.usableBankAccount(tx, s, input.id_conta))) throw badRequest(FINANCE_MESSAGES.bankAccountNotFound);
  if (input.id_meio_pagamento != null && !(await q.exists(tx, s.org, 'meio_pagamento', 'id_meio_pagamento', input.id_meio_pagamento))) {
    throw badRequest(FINANCE_MESSAGES.paymentMethodNotFound);
  }
  const docs = await q.documentsByIds(tx, s, ids, true);
  if (docs.length !== ids.length) throw notFound();
  for (const d of docs) if (!canDischarge(d.situacao)) throw badRequest(FINANCE_MESSAGES.notOpen);
  const total = fromDecimal(input.valor_total);
  if (total === 0) throw badRequest(FINANCE_MESSAGES.dischargeZero);
  const today = await branchToday(tx, s);
  const on = input.data_pagamento ?? today.date;
  const desconto = fromDecimal(input.valor_desconto);
  const acrescimo = fromDecimal(input.valor_acrescimo);
  const typed = input.typedCharges;
  const rows = typed
    ? docs.map((d) => typedDischarge(d.saldo, { valor: total, desconto, acrescimo, ...typed }))
    : allocateDischarge(docs.map((d) => ({ saldo: d.saldo, ...(input.calcular_juros_multa ? chargesOf(d, today, on) : {}) })), { total, desconto, acrescimo });
  const launchIds: number[] = [];
  for (const [i, d] of docs.entries()) {
    const r = rows[i];
    if (!r || r.valor_pagar === 0 && r.valor_baixado === 0) continue;
    if (await q.moveBalance(tx, s, d.id_documento_financeiro, -r.valor_baixado, on) !== 1) throw badRequest(FINANCE_MESSAGES.dischargeAboveOpen);
    launchIds.push(await lq.insertLaunch(tx, s, {
      id_documento_financeiro: d.id_documento_financeiro, id_meio_pagamento: input.id_meio_pagamento ?? d.id_meio_pagamento, id_conta: input.id_conta,
      valor: r.valor_pagar, valor_baixado: r.valor_baixado, valor_desconto: r.valor_desconto, valor_acrescimo: r.valor_acrescimo,
      valor_juros: r.valor_juros, valor_multa: r.valor_multa, observacao: input.observacao ?? null, id_usuario, data_efetivacao: on,
    }));
  }
  const documentos = await details(tx, s, ids, today);
  const lancamentos = documentos.flatMap((d) => d.lancamentos).filter((l) => launchIds.includes(l.id_documento_financeiro_lancamento));
  return { documentos, lancamentos };
}

/**
 * Reverses one launch (estorno) with its note. A discharge is marked reversed and its amount returns to the balance;
 * the opening launch (tipo Abertura) reverses the whole document: every launch of it reversed, the document Estornado
 * (002 §4 "Deleting an opening-type launch marks all launches reversed"), as cancelDocuments does.
 */
export async function reverseLaunch(tx: Tx, s: Scope, id: number, note: string): Promise<FinancialDocumentDetail> {
  const launch = await lq.launchById(tx, s, id);
  if (!launch) throw notFound();
  const doc = await one(tx, s, launch.id_documento_financeiro, true);
  if (launch.tipo === LAUNCH_TYPE.opening) {
    if (launch.is_estornado || doc.situacao === 'Estornado') throw badRequest(FINANCE_MESSAGES.launchAlreadyReversed);
    const [d] = await cancelDocuments(tx, s, [doc.id_documento_financeiro], note);
    if (!d) throw notFound();
    return d;
  }
  if (await lq.reverseLaunch(tx, s, id, note) !== 1) throw badRequest(FINANCE_MESSAGES.launchAlreadyReversed);
  if (await q.moveBalance(tx, s, launch.id_documento_financeiro, launch.valor_baixado, null) !== 1) throw badRequest(FINANCE_MESSAGES.notOpen);
  return detail(tx, s, launch.id_documento_financeiro);
}

/** A launch's note or date changed; its amounts never (a wrong amount is reversed and launched again). */
export async function updateLaunch(tx: Tx, s: Scope, id: number, change: { observacao?: string | null | undefined; data_efetivacao?: string | undefined }): Promise<FinancialDocumentDetail> {
  const launch = await lq.launchById(tx, s, id);
  if (!launch) throw notFound();
  await lq.updateLaunch(tx, s, id, change);
  return detail(tx, s, launch.id_documento_financeiro);
}

/** The invoice a document came from, or null. */
export async function invoiceOf(tx: Tx, s: Scope, id: number) {
  const doc = await one(tx, s, id);
  const ref = doc.id_nota_fiscal === null ? undefined : await q.invoiceRef(tx, s, doc.id_nota_fiscal);
  return { nota_fiscal: ref ? { ...ref, valor_total: toDecimal(ref.valor_total) } : null };
}

const REPORT_LIMIT = 5000;

/** The report's data: the filter's documents (up to REPORT_LIMIT) grouped by due date or by number, with totals. */
export async function report(tx: Tx, s: Scope, f: q.ListFilter, agrupamento: 'data' | 'documento', tipo: 'resumido' | 'detalhado') {
  const today = await branchToday(tx, s);
  const docs = await q.findDocuments(tx, s, f, { skip: 0, take: REPORT_LIMIT, column: agrupamento === 'data' ? 'data_vencimento' : 'numero', order: 'asc' });
  const totalsOf = (ds: readonly q.DocumentRow[]) => {
    const live = ds.filter((d) => d.situacao !== 'Estornado');
    const add = (pick: (d: q.DocumentRow) => Cents, from: readonly q.DocumentRow[]) => toDecimal(from.reduce((t, d) => t + pick(d), 0));
    return { quantidade: ds.length, valor_documento: add((d) => d.valor_documento, live), valor_pago: add((d) => d.valor_pago, ds), saldo: add((d) => d.saldo, live) };
  };
  const groups = new Map<string, q.DocumentRow[]>();
  for (const d of docs) {
    const key = agrupamento === 'data' ? d.data_vencimento : d.numero;
    groups.set(key, [...(groups.get(key) ?? []), d]);
  }
  return {
    grupos: [...groups.entries()].map(([chave, ds]) => ({
      chave, totais: totalsOf(ds), documentos: tipo === 'detalhado' ? ds.map((d) => documentOut(d, today)) : [],
    })),
    totais: totalsOf(docs),
  };
}
