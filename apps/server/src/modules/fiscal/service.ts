/**
 * Emission of NF-e and NFC-e: number, XML, signature and schema check in one short transaction; the SEFAZ call outside
 * any transaction; the answer stored in another. The signed XML is stored before it is sent and every resend reuses
 * it, so a time-out never produces two different documents for one sale.
 *
 * Offline contingency (NFC-e only): when SEFAZ does not answer in time or answers that it is unavailable, the sale's
 * NFC-e is issued again with tpEmis=9 (same number, new key), printed with the contingency notice, and transmitted by
 * the background sender with backoff until SEFAZ authorizes it, within the deadline.
 */
import type { FiscalResult } from '@pdv/contract/invoice';
import { FISCAL_MESSAGES as M } from '@pdv/domain/fiscal-messages';
import { contingencyResendChange, NFCE_OFFLINE_MESSAGES, type ContingencyResendFacts } from '@pdv/domain/nfce-offline';
import { ValidationError } from '@pdv/domain/errors';
import { readOfflineNfce } from '@pdv/fiscal/offline-nfce';
import type { Database, Tx } from '../../db/database.ts';
import { badRequest, HttpError, notFound } from '../../http/errors.ts';
import { toSummary } from '../invoice/queries.ts';
import { settleInvoicedOrder } from '../order/status.ts';
import { notifyEvent } from '../realtime/notify.ts';
import type { FiscalDeps } from './deps.ts';
import { buildDocument, loadEmission, type Emission } from './document.ts';
import * as q from './queries.ts';
import { isSefazUnavailable, sefazFor, type AuthorizationAnswer } from './sefaz.ts';
import { takeInvoiceStock } from './stock.ts';

/** Contingency documents must reach SEFAZ within 24 h in most states (NT 2013.005). */
export const CONTINGENCY_DEADLINE_HOURS = 24;
export const CONTINGENCY_JUSTIFICATION = 'SEFAZ sem resposta no tempo limite: emissao em contingencia offline';
/** Backoff of the contingency sender: 30 s doubling up to 15 min (SEFAZ blocks senders that loop). */
export function nextAttemptDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 15 * 60_000);
}

export interface FiscalContext {
  db: Database;
  fiscal: FiscalDeps;
  org: number;
  id_filial: number;
  id_usuario: number;
}

const AUTHORIZED = new Set([100, 150]);

type Row = Record<string, unknown>;

function result(row: Row, success: boolean, message: string, extra: Partial<FiscalResult> = {}): FiscalResult {
  return {
    success,
    status: row['codigo_status'] === null || row['codigo_status'] === undefined ? null : Number(row['codigo_status']).toString(),
    motivo: (row['motivo'] as string | null) ?? null,
    erros: [],
    message,
    nota_fiscal: toSummary(row),
    ...extra,
  };
}

async function reload(tx: Tx, ctx: FiscalContext, id: number): Promise<Row> {
  const row = await tx.query<Row>('SELECT * FROM nota_fiscal WHERE id_organization = $1 AND id_nota_fiscal = $2', [ctx.org, id]);
  return row.rows[0]!;
}

interface Prepared {
  emission: Emission;
  xml: string;
  /** The normal-emission XML of a contingency NFC-e (SEFAZ may have authorized it before timing out). */
  normalXml: string | null;
  chave: string;
  tipo_emissao: number;
  numero: number;
}

/** Step 1: lock the invoice, give it a number, build, sign and validate its XML (or take the stored one). */
async function prepare(tx: Tx, ctx: FiscalContext, id: number): Promise<Prepared | { done: FiscalResult }> {
  const row = await tx.query<Row>(
    `SELECT * FROM nota_fiscal WHERE id_organization = $1 AND id_filial = $2 AND id_nota_fiscal = $3 AND data_exclusao IS NULL
      FOR UPDATE`,
    [ctx.org, ctx.id_filial, id],
  );
  const nf = row.rows[0];
  if (!nf) throw notFound();
  const situacao = String(nf['situacao']);
  if (situacao === 'Autorizada') return { done: result(nf, true, M.alreadyAuthorized(Number(nf['numero_nota_fiscal']))) };
  if (situacao === 'Cancelada' || situacao === 'Inutilizada' || situacao === 'Denegada') {
    throw badRequest(M.notEditable);
  }
  const emission = await loadEmission(tx, ctx.org, ctx.id_filial, nf);
  // A contingency NFC-e rejected after its DANFE was handed over: corrected, same number, series, date and key.
  if (situacao === 'Rejeitada' && nf['xml_assinado'] && Number(nf['tipo_emissao']) === 9 && emission.modelo === '65') {
    return correctedContingency(tx, ctx, id, nf, emission);
  }
  // A document already sent (or printed in contingency) is resent exactly as it was signed.
  if (nf['xml_assinado'] && (situacao === 'EmProcessamento' || situacao === 'Contingencia')) {
    return {
      emission, xml: nf['xml_assinado'] as string, normalXml: (nf['xml_assinado_normal'] as string | null) ?? null, chave: String(nf['chave_acesso']), tipo_emissao: Number(nf['tipo_emissao']),
      numero: Number(nf['numero_nota_fiscal']),
    };
  }
  let numero = nf['numero_nota_fiscal'] === null ? null : Number(nf['numero_nota_fiscal']);
  let id_serie = nf['id_serie_fiscal'] === null ? null : Number(nf['id_serie_fiscal']);
  let serie = nf['serie'] === null ? null : Number(nf['serie']);
  if (id_serie === null) {
    const s = await q.defaultSeries(tx, ctx.org, ctx.id_filial, String(nf['modelo']));
    if (!s) throw badRequest(M.seriesMissing);
    id_serie = s.id_serie_fiscal;
    serie = s.codigo_serie;
  }
  if (numero === null) numero = await q.nextInvoiceNumber(tx, ctx.org, id_serie);
  // The transmission type chosen in the invoice editor (/invoice/change-transmission-type): an NFC-e in offline
  // contingency (9) is signed as such from the start, with the user's justification, and sent like any other.
  const now = ctx.fiscal.now();
  const contingency = Number(nf['tipo_emissao']) === 9 && emission.modelo === '65';
  const dhCont = contingency ? (nf['data_contingencia'] ? new Date(nf['data_contingencia'] as string | Date) : now) : undefined;
  const xJust = contingency ? ((nf['justificativa_contingencia'] as string | null) ?? CONTINGENCY_JUSTIFICATION) : undefined;
  const built = await buildDocument(emission, { numero, serie: serie!, tpEmis: contingency ? 9 : 1, dhEmi: now, dhCont, xJust });
  await tx.query(
    `UPDATE nota_fiscal SET numero_nota_fiscal = $3, id_serie_fiscal = $4, serie = $5, chave_acesso = $6, codigo_numerico = $7,
        xml_assinado = $8, digest_value = $9, tipo_emissao = $15::smallint, ambiente = $10, data_hora_emissao = $11,
        situacao = 'EmProcessamento', valor_icms = $12, valor_pis = $13, valor_cofins = $14, data_alteracao = now(),
        data_contingencia = CASE WHEN $15::smallint = 9 THEN $16::timestamptz END,
        justificativa_contingencia = CASE WHEN $15::smallint = 9 THEN $17::text END
      WHERE id_organization = $1 AND id_nota_fiscal = $2`,
    [ctx.org, id, numero, id_serie, serie, built.chave, built.cNF, built.xml, built.digest, emission.tpAmb,
      built.dhEmi, built.totals.vICMS, built.totals.vPIS, built.totals.vCOFINS, contingency ? 9 : 1, dhCont?.toISOString() ?? null,
      xJust ?? null],
  );
  return { emission, xml: built.xml, normalXml: null, chave: built.chave, tipo_emissao: contingency ? 9 : 1, numero };
}

/** What may not change between the printed contingency NFC-e and its correction, read from a signed XML. */
function resendFacts(xml: string): ContingencyResendFacts {
  const doc = readOfflineNfce(xml);
  return {
    chave: doc.chave, serie: doc.serie, numero: doc.numero, emitidaEm: Date.parse(doc.dhEmi), destinatario: doc.destinatario,
    summary: doc.summary, totals: doc.totals,
  };
}

/**
 * The correction of a contingency NFC-e that SEFAZ rejected after its DANFE was printed (Ajuste SINIEF 19/16, cl. 14;
 * docs/decisions.md "A contingency NFC-e rejected after its DANFE was printed"): the document is built again from the
 * invoice as it stands now (the registers the user corrected: product, scenario, branch, customer) with the printed
 * one's series, number, cNF, dhEmi, dhCont and xJust, so its key is the printed key, and signed with the branch's
 * certificate (the one the till's connector holds). It replaces the printed one only when the tax-determining values,
 * the recipient and the date are unchanged (domain contingencyResendChange); otherwise 400 and nothing is written.
 */
async function correctedContingency(tx: Tx, ctx: FiscalContext, id: number, nf: Row, emission: Emission): Promise<Prepared> {
  const numero = Number(nf['numero_nota_fiscal']);
  const printedXml = nf['xml_assinado'] as string;
  let printed;
  try {
    printed = readOfflineNfce(printedXml);
  } catch (error) {
    if (error instanceof ValidationError) throw badRequest(NFCE_OFFLINE_MESSAGES.xmlInvalid);
    throw error;
  }
  const built = await buildDocument(emission, {
    numero, serie: printed.serie, tpEmis: 9, dhEmi: new Date(printed.dhEmi), dhCont: new Date(printed.dhCont ?? printed.dhEmi),
    xJust: printed.xJust ?? CONTINGENCY_JUSTIFICATION, cNF: printed.cNF,
  });
  const change = contingencyResendChange(resendFacts(printedXml), resendFacts(built.xml));
  if (change) throw badRequest(NFCE_OFFLINE_MESSAGES.resendChanged(numero, change));
  await tx.query(
    `UPDATE nota_fiscal SET xml_assinado = $3, digest_value = $4, situacao = 'Contingencia', valor_icms = $5, valor_pis = $6,
        valor_cofins = $7, proxima_transmissao = NULL, data_alteracao = now()
      WHERE id_organization = $1 AND id_nota_fiscal = $2`,
    [ctx.org, id, built.xml, built.digest, built.totals.vICMS, built.totals.vPIS, built.totals.vCOFINS],
  );
  return { emission, xml: built.xml, normalXml: null, chave: built.chave, tipo_emissao: 9, numero };
}

/** Transmits one invoice and stores what SEFAZ answered. */
export async function transmitInvoice(ctx: FiscalContext, id: number): Promise<FiscalResult> {
  const prepared = await ctx.db.tenant({ id_organization: ctx.org }, (tx) => prepare(tx, ctx, id));
  if ('done' in prepared) return prepared.done;
  const { emission } = prepared;
  const sefaz = sefazFor(ctx.fiscal, emission);
  let answer: AuthorizationAnswer;
  try {
    answer = await sefaz.authorize(prepared.xml, prepared.normalXml);
  } catch (error) {
    if (!isSefazUnavailable(error)) throw error;
    return ctx.db.tenant({ id_organization: ctx.org }, (tx) => unavailable(tx, ctx, id, prepared));
  }
  return ctx.db.tenant({ id_organization: ctx.org }, (tx) => store(tx, ctx, id, prepared, answer));
}

async function store(tx: Tx, ctx: FiscalContext, id: number, prepared: Prepared, answer: AuthorizationAnswer): Promise<FiscalResult> {
  const nf = await reload(tx, ctx, id);
  if (AUTHORIZED.has(answer.cStat) && answer.nfeProc) {
    await tx.query(
      `UPDATE nota_fiscal SET situacao = 'Autorizada', codigo_status = $3, motivo = $4, protocolo = $5, xml_autorizado = $6,
          data_autorizacao = $7, chave_acesso = $8, xml_assinado = $9, proxima_transmissao = NULL, data_alteracao = now()
        WHERE id_organization = $1 AND id_nota_fiscal = $2`,
      [ctx.org, id, answer.cStat, answer.xMotivo, answer.nProt, answer.nfeProc, answer.dhRecbto ?? ctx.fiscal.now().toISOString(),
        answer.chave ?? prepared.chave, answer.signedXml ?? prepared.xml],
    );
    await takeInvoiceStock(tx, ctx.org, ctx.id_filial, id, ctx.id_usuario, nf);
    // 000 §4.3: the order this invoice came from (order-invoice-list: NotaPendente) is now Faturado.
    await settleInvoicedOrder(tx, ctx.org, id, ctx.id_usuario);
    const row = await reload(tx, ctx, id);
    await notifyEvent(tx, 'invoice', ctx.org, ctx.id_filial, { id_nota_fiscal: id, situacao: 'Autorizada' });
    return result(row, true, M.transmitted(prepared.numero), { status: String(answer.cStat) });
  }
  // Rejected: the user corrects the invoice and transmits it again (a rejection does not use up the number).
  // Denied (110, 301, 302): the number is used up for good.
  // A contingency NFC-e (its DANFE printed, its key in the consumer's hands) keeps its XML and key when rejected: the
  // correction is built against it (correctedContingency) with the same number, series, date and key.
  const denied = [110, 301, 302, 303].includes(answer.cStat);
  const printed = nf['situacao'] === 'Contingencia' && Number(nf['tipo_emissao']) === 9;
  await tx.query(
    `UPDATE nota_fiscal SET situacao = $5, codigo_status = $3, motivo = $4, proxima_transmissao = NULL, data_alteracao = now(),
        xml_assinado = CASE WHEN $5 = 'Denegada' OR $6 THEN xml_assinado END,
        chave_acesso = CASE WHEN $5 = 'Denegada' OR $6 THEN chave_acesso END
      WHERE id_organization = $1 AND id_nota_fiscal = $2`,
    [ctx.org, id, answer.cStat, answer.xMotivo, denied ? 'Denegada' : 'Rejeitada', printed],
  );
  const row = await reload(tx, ctx, id);
  return result(row, false, M.notAuthorized(prepared.numero, `${answer.cStat} - ${answer.xMotivo}`), {
    status: String(answer.cStat), motivo: answer.xMotivo,
  });
}

async function unavailable(tx: Tx, ctx: FiscalContext, id: number, prepared: Prepared): Promise<FiscalResult> {
  const now = ctx.fiscal.now();
  const nf = await reload(tx, ctx, id);
  if (prepared.emission.modelo === '65' && prepared.tipo_emissao === 1) {
    // Same number, offline contingency: the sale completes and the DANFE prints with the notice.
    const built = await buildDocument(prepared.emission, {
      numero: prepared.numero, serie: Number(nf['serie']), tpEmis: 9, dhEmi: now, dhCont: now, xJust: CONTINGENCY_JUSTIFICATION,
      cNF: String(nf['codigo_numerico']),
    });
    const deadline = new Date(now.getTime() + CONTINGENCY_DEADLINE_HOURS * 3600_000);
    await tx.query(
      `UPDATE nota_fiscal SET situacao = 'Contingencia', tipo_emissao = 9, xml_assinado_normal = xml_assinado,
          xml_assinado = $3, chave_acesso = $4, digest_value = $5, data_hora_emissao = $6, data_contingencia = $6,
          justificativa_contingencia = $7, prazo_contingencia = $8, tentativas_transmissao = 1, proxima_transmissao = $9,
          codigo_status = NULL, motivo = NULL, data_alteracao = now()
        WHERE id_organization = $1 AND id_nota_fiscal = $2`,
      [ctx.org, id, built.xml, built.chave, built.digest, now.toISOString(), CONTINGENCY_JUSTIFICATION, deadline.toISOString(),
        new Date(now.getTime() + nextAttemptDelayMs(1)).toISOString()],
    );
    const row = await reload(tx, ctx, id);
    return result(row, true, M.contingencyIssued(prepared.numero));
  }
  if (prepared.emission.modelo === '65' && prepared.tipo_emissao === 9 && nf['situacao'] !== 'Contingencia') {
    // Issued in contingency by the user's choice and SEFAZ silent: it is a contingency document like any other.
    const deadline = new Date(now.getTime() + CONTINGENCY_DEADLINE_HOURS * 3600_000);
    await tx.query(
      `UPDATE nota_fiscal SET situacao = 'Contingencia', prazo_contingencia = $3, tentativas_transmissao = 1, proxima_transmissao = $4,
          data_alteracao = now() WHERE id_organization = $1 AND id_nota_fiscal = $2`,
      [ctx.org, id, deadline.toISOString(), new Date(now.getTime() + nextAttemptDelayMs(1)).toISOString()],
    );
    return result(await reload(tx, ctx, id), true, M.contingencyIssued(prepared.numero));
  }
  const attempts = Number(nf['tentativas_transmissao']) + 1;
  await tx.query(
    `UPDATE nota_fiscal SET tentativas_transmissao = $3, proxima_transmissao = $4, data_alteracao = now()
      WHERE id_organization = $1 AND id_nota_fiscal = $2`,
    [ctx.org, id, attempts, new Date(now.getTime() + nextAttemptDelayMs(attempts)).toISOString()],
  );
  const row = await reload(tx, ctx, id);
  return result(row, false, M.sefazUnavailable);
}

/**
 * The background sender: every contingency document whose next attempt is due is transmitted again (same XML).
 * Runs as the platform (all organizations); each document in its own organization's transactions.
 */
export async function sendDueContingency(db: Database, fiscal: FiscalDeps, limit = 20): Promise<{ sent: number; authorized: number }> {
  const due = await db.system((tx) =>
    tx.query<{ id_organization: number; id_filial: number; id_nota_fiscal: number; id_usuario: number }>(
      `SELECT id_organization, id_filial, id_nota_fiscal, id_usuario FROM nota_fiscal
        WHERE situacao = 'Contingencia' AND proxima_transmissao <= $1 AND data_exclusao IS NULL
        ORDER BY proxima_transmissao LIMIT $2`,
      [fiscal.now().toISOString(), limit],
    ),
  );
  let authorized = 0;
  for (const d of due.rows) {
    const r = await transmitInvoice({ db, fiscal, org: d.id_organization, id_filial: d.id_filial, id_usuario: d.id_usuario }, d.id_nota_fiscal)
      .catch((error: unknown) => {
        if (error instanceof HttpError) return null;
        throw error;
      });
    if (r?.success && r.nota_fiscal?.situacao === 'Autorizada') authorized += 1;
  }
  return { sent: due.rows.length, authorized };
}

/** Keeps the contingency sender running until stopped. */
export function startContingencySender(db: Database, fiscal: FiscalDeps, everyMs = 15_000, log: (e: unknown) => void = console.error) {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sendDueContingency(db, fiscal).catch(log).finally(() => {
      running = false;
    });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

