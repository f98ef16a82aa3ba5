/**
 * Events of an authorized invoice (cancellation 110111, correction letter 110110), protocol consultation and number
 * disablement (inutilização). Each: sign in a short transaction, call SEFAZ outside it, store the answer. An event
 * holds the invoice's claim from signing to storing (event-claim.ts): one event per invoice at a time.
 */
import type { FiscalResult } from '@pdv/contract/invoice';
import { FISCAL_MESSAGES as M } from '@pdv/domain/fiscal-messages';
import { SAT_MESSAGES, SAT_MODEL, SAT_NO_SEFAZ_ACTION } from '@pdv/domain/sat';
import type { Tx } from '../../db/database.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { toSummary } from '../invoice/queries.ts';
import { buildSignedDisable, buildSignedEvent, loadEmission, loadTarget } from './document.ts';
import { claimEvent, EVENT_REGISTERED, releaseEvent, sendClaimed } from './event-claim.ts';
import { sefazFor } from './sefaz.ts';
import type { FiscalContext } from './service.ts';
import { reverseInvoiceReceivables } from '../finance/service.ts';
import { giveStockBack } from '../stock/service.ts';
import { reverseSaleCashback } from '../cashback/service.ts';

type Row = Record<string, unknown>;

async function lockInvoice(tx: Tx, ctx: FiscalContext, id: number): Promise<Row> {
  const { rows } = await tx.query<Row>(
    `SELECT * FROM nota_fiscal WHERE id_organization = $1 AND id_filial = $2 AND id_nota_fiscal = $3 AND data_exclusao IS NULL
      FOR UPDATE`,
    [ctx.org, ctx.id_filial, id],
  );
  if (!rows[0]) throw notFound();
  return rows[0];
}

function fiscal(row: Row, success: boolean, message: string, status: number | null, motivo: string | null): FiscalResult {
  return { success, status: status === null ? null : String(status), motivo, erros: [], message, nota_fiscal: toSummary(row) };
}

/** Cancellation (110111): 135 (or 155 late) registers it; the invoice becomes Cancelada and its stock comes back. */
export async function cancelInvoice(ctx: FiscalContext, id: number, justificativa: string): Promise<FiscalResult> {
  const tenant = { id_organization: ctx.org };
  const prepared = await ctx.db.tenant(tenant, async (tx) => {
    const nf = await lockInvoice(tx, ctx, id);
    if (nf['situacao'] !== 'Autorizada' || !nf['protocolo']) throw badRequest(M.notAuthorizedForEvent);
    await claimEvent(tx, ctx, id);
    const emission = await loadEmission(tx, ctx.org, ctx.id_filial, nf);
    const seq = await nextSequence(tx, ctx.org, id, '110111');
    const xml = buildSignedEvent(emission, {
      tipo: '110111', chave: nf['chave_acesso'] as string, sequencia: seq, nProt: nf['protocolo'] as string, texto: justificativa,
      dhEvento: ctx.fiscal.now(),
    });
    return { emission, xml, seq };
  });
  const answer = await sendClaimed(ctx, id, () => sefazFor(ctx.fiscal, prepared.emission).event(prepared.xml));
  const outcome = answer.events[0];
  const registered = outcome?.registered ?? false;
  return ctx.db.tenant(tenant, async (tx) => {
    const nf = await lockInvoice(tx, ctx, id);
    await storeEvent(tx, ctx, {
      id, tipo: '110111', seq: prepared.seq, texto: justificativa, xml: prepared.xml, retorno: outcome?.procEventoNFeXml ?? null,
      cStat: answer.cStat, motivo: answer.xMotivo, protocolo: outcome?.nProt ?? null,
    });
    // Cancelled once: a consultation may have found it cancelled at SEFAZ already (and given the stock back).
    if (registered && nf['situacao'] === 'Autorizada') {
      await tx.query(
        `UPDATE nota_fiscal SET situacao = 'Cancelada', codigo_status = $3, motivo = $4, data_alteracao = now()
          WHERE id_organization = $1 AND id_nota_fiscal = $2`,
        [ctx.org, id, answer.cStat, answer.xMotivo],
      );
      await giveStockBack(tx, ctx.org, ctx.id_filial, id, ctx.id_usuario, 'CancelamentoNotaFiscal');
      await reverseSaleCashback(tx, { org: ctx.org, id_usuario: ctx.id_usuario, id_nota_fiscal: id });
      await reverseInvoiceReceivables(tx, ctx.org, id);
    }
    await releaseEvent(tx, ctx, id);
    const row = await tx.query<Row>('SELECT * FROM nota_fiscal WHERE id_organization = $1 AND id_nota_fiscal = $2', [ctx.org, id]);
    const message = registered ? `${answer.cStat} - ${answer.xMotivo}` : M.cancelFailed(`${answer.cStat} - ${answer.xMotivo}`);
    return fiscal(row.rows[0]!, registered, message, answer.cStat, answer.xMotivo);
  });
}

/** Correction letter (110110): each new letter replaces the previous one (next sequence). */
export async function correctInvoice(ctx: FiscalContext, id: number, texto: string): Promise<FiscalResult> {
  const tenant = { id_organization: ctx.org };
  const prepared = await ctx.db.tenant(tenant, async (tx) => {
    const nf = await lockInvoice(tx, ctx, id);
    if (nf['modelo'] === SAT_MODEL) throw badRequest(SAT_MESSAGES.notForSat(SAT_NO_SEFAZ_ACTION.carta));
    if (nf['situacao'] !== 'Autorizada') throw badRequest(M.notAuthorizedForEvent);
    if (nf['modelo'] !== '55') throw badRequest(M.unsupportedModel);
    await claimEvent(tx, ctx, id);
    const emission = await loadEmission(tx, ctx.org, ctx.id_filial, nf);
    const seq = await nextSequence(tx, ctx.org, id, '110110');
    const xml = buildSignedEvent(emission, {
      tipo: '110110', chave: nf['chave_acesso'] as string, sequencia: seq, nProt: null, texto, dhEvento: ctx.fiscal.now(),
    });
    return { emission, xml, seq };
  });
  const answer = await sendClaimed(ctx, id, () => sefazFor(ctx.fiscal, prepared.emission).event(prepared.xml));
  const outcome = answer.events[0];
  return ctx.db.tenant(tenant, async (tx) => {
    await lockInvoice(tx, ctx, id);
    await storeEvent(tx, ctx, {
      id, tipo: '110110', seq: prepared.seq, texto, xml: prepared.xml, retorno: outcome?.procEventoNFeXml ?? null,
      cStat: answer.cStat, motivo: answer.xMotivo, protocolo: outcome?.nProt ?? null,
    });
    await releaseEvent(tx, ctx, id);
    const row = await tx.query<Row>('SELECT * FROM nota_fiscal WHERE id_organization = $1 AND id_nota_fiscal = $2', [ctx.org, id]);
    return fiscal(row.rows[0]!, outcome?.registered ?? false, `${answer.cStat} - ${answer.xMotivo}`, answer.cStat, answer.xMotivo);
  });
}

/** Asks SEFAZ for the invoice's situation and brings the local one up to date (authorized, cancelled). */
export async function consultInvoice(ctx: FiscalContext, id: number): Promise<FiscalResult> {
  const tenant = { id_organization: ctx.org };
  const prepared = await ctx.db.tenant(tenant, async (tx) => {
    const nf = await lockInvoice(tx, ctx, id);
    if (nf['modelo'] === SAT_MODEL) throw badRequest(SAT_MESSAGES.notForSat(SAT_NO_SEFAZ_ACTION.consultar));
    if (!nf['chave_acesso']) throw badRequest(M.notFound);
    return { emission: await loadEmission(tx, ctx.org, ctx.id_filial, nf), chave: nf['chave_acesso'] as string };
  });
  const answer = await sefazFor(ctx.fiscal, prepared.emission).consult(prepared.chave);
  return ctx.db.tenant(tenant, async (tx) => {
    const nf = await lockInvoice(tx, ctx, id);
    const prot = answer.protNFe?.infProt;
    if ((answer.cStat === 100 || answer.cStat === 150) && prot && nf['situacao'] !== 'Autorizada' && nf['xml_assinado']) {
      // Authorized at SEFAZ but not here (the answer was lost): the transmit call settles it with the same XML.
      await tx.query(
        `UPDATE nota_fiscal SET situacao = 'EmProcessamento', codigo_status = $3, motivo = $4, data_alteracao = now()
          WHERE id_organization = $1 AND id_nota_fiscal = $2`,
        [ctx.org, id, answer.cStat, answer.xMotivo],
      );
    } else if (answer.cStat === 101 && nf['situacao'] === 'Autorizada') {
      await tx.query(
        `UPDATE nota_fiscal SET situacao = 'Cancelada', codigo_status = 101, motivo = $3, data_alteracao = now()
          WHERE id_organization = $1 AND id_nota_fiscal = $2`,
        [ctx.org, id, answer.xMotivo],
      );
      await giveStockBack(tx, ctx.org, ctx.id_filial, id, ctx.id_usuario, 'CancelamentoNotaFiscal');
      await reverseSaleCashback(tx, { org: ctx.org, id_usuario: ctx.id_usuario, id_nota_fiscal: id });
    }
    const row = await tx.query<Row>('SELECT * FROM nota_fiscal WHERE id_organization = $1 AND id_nota_fiscal = $2', [ctx.org, id]);
    return fiscal(row.rows[0]!, answer.cStat === 100 || answer.cStat === 150 || answer.cStat === 101,
      `${answer.cStat} - ${answer.xMotivo}`, answer.cStat, answer.xMotivo);
  });
}

export interface DisableRange {
  id_filial: number;
  modelo: '55' | '65';
  serie: number;
  inicial: number;
  final: number;
  justificativa: string;
  /** The invoice whose number is disabled (/nfe/inutilizar), if any. */
  id_nota_fiscal?: number;
}

/** Disables a range of numbers never used (102 homologated). Numbers of existing documents cannot be disabled. */
export async function disableRange(ctx: FiscalContext, r: DisableRange) {
  if ((r.modelo as string) === SAT_MODEL) throw badRequest(SAT_MESSAGES.notForSat(SAT_NO_SEFAZ_ACTION.inutilizar));
  if (r.final < r.inicial) throw badRequest(M.rangeInvalid);
  const tenant = { id_organization: ctx.org };
  const prepared = await ctx.db.tenant(tenant, async (tx) => {
    const used = await tx.query<{ numero_nota_fiscal: number; id_nota_fiscal: number; situacao: string }>(
      `SELECT numero_nota_fiscal, id_nota_fiscal, situacao FROM nota_fiscal
        WHERE id_organization = $1 AND id_filial = $2 AND modelo = $3 AND serie = $4 AND numero_nota_fiscal BETWEEN $5 AND $6
        ORDER BY numero_nota_fiscal`,
      [ctx.org, r.id_filial, r.modelo, r.serie, r.inicial, r.final],
    );
    for (const u of used.rows) {
      const own = u.id_nota_fiscal === r.id_nota_fiscal && (u.situacao === 'Rejeitada' || u.situacao === 'EmEdicao');
      if (!own) throw badRequest(M.rangeUsed(u.numero_nota_fiscal));
    }
    const target = await loadTarget(tx, ctx.org, r.id_filial, r.modelo);
    const xml = buildSignedDisable(target, { ...r, ano: ctx.fiscal.now().getFullYear() % 100 });
    return { target, xml };
  });
  const answer = await sefazFor(ctx.fiscal, prepared.target.target).disable(prepared.xml);
  return ctx.db.tenant(tenant, async (tx) => {
    await tx.query(
      `INSERT INTO inutilizacao (id_organization, id_filial, modelo, serie, numero_inicial, numero_final, justificativa,
         codigo_status, motivo, protocolo, xml_assinado, xml_retorno, id_usuario)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
      [ctx.org, r.id_filial, r.modelo, r.serie, r.inicial, r.final, r.justificativa, answer.cStat, answer.xMotivo,
        answer.nProt ?? null, prepared.xml, answer.procInutNFeXml ?? null, ctx.id_usuario],
    );
    if (answer.homologated && r.id_nota_fiscal) {
      await tx.query(
        `UPDATE nota_fiscal SET situacao = 'Inutilizada', codigo_status = $3, motivo = $4, data_alteracao = now()
          WHERE id_organization = $1 AND id_nota_fiscal = $2`,
        [ctx.org, r.id_nota_fiscal, answer.cStat, answer.xMotivo],
      );
      await giveStockBack(tx, ctx.org, r.id_filial, r.id_nota_fiscal, ctx.id_usuario, 'InutilizacaoNotaFiscal');
    }
    return { success: answer.homologated, status: String(answer.cStat), motivo: answer.xMotivo,
      message: `${answer.cStat} - ${answer.xMotivo}`, protocolo: answer.nProt ?? null };
  });
}

async function nextSequence(tx: Tx, org: number, id: number, tipo: string): Promise<number> {
  const { rows } = await tx.query<{ n: number }>(
    `SELECT coalesce(max(sequencia), 0) + 1 AS n FROM nota_fiscal_evento
      WHERE id_organization = $1 AND id_nota_fiscal = $2 AND tipo_evento = $3 AND codigo_status = ANY($4::integer[])`,
    [org, id, tipo, EVENT_REGISTERED],
  );
  return Number(rows[0]!.n);
}

export interface EventAnswer {
  id: number;
  tipo: '110111' | '110110';
  seq: number;
  texto: string;
  /** The signed event sent. */
  xml: string;
  /** procEventoNFe, when SEFAZ registered the event. */
  retorno: string | null;
  cStat: number;
  motivo: string;
  protocolo: string | null;
}

/**
 * Stores SEFAZ's answer to an event. A new answer of the same sequence replaces one that did not register the event
 * (a rejection the user corrected and sent again), never one that did: a later duplicate answer (573) keeps the
 * registered event and its protocol.
 */
export async function storeEvent(tx: Tx, ctx: FiscalContext, e: EventAnswer): Promise<void> {
  await tx.query(
    `INSERT INTO nota_fiscal_evento (id_organization, id_nota_fiscal, tipo_evento, sequencia, texto, xml_assinado, xml_retorno,
       codigo_status, motivo, protocolo, id_usuario) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
     ON CONFLICT (id_organization, id_nota_fiscal, tipo_evento, sequencia) DO UPDATE
       SET xml_assinado = EXCLUDED.xml_assinado, xml_retorno = EXCLUDED.xml_retorno, codigo_status = EXCLUDED.codigo_status,
           motivo = EXCLUDED.motivo, protocolo = EXCLUDED.protocolo, texto = EXCLUDED.texto, id_usuario = EXCLUDED.id_usuario,
           data_evento = now()
     WHERE NOT coalesce(nota_fiscal_evento.codigo_status = ANY($12::integer[]), false)`,
    [ctx.org, e.id, e.tipo, e.seq, e.texto, e.xml, e.retorno, e.cStat, e.motivo, e.protocolo, ctx.id_usuario, EVENT_REGISTERED],
  );
}
