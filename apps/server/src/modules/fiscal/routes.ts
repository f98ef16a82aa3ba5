import type { FiscalResult } from '@pdv/contract/invoice';
import { FISCAL_MESSAGES as M } from '@pdv/domain/fiscal-messages';
import { SAT_MESSAGES, SAT_MODEL, SAT_NO_SEFAZ_ACTION } from '@pdv/domain/sat';
import type { Handlers, SessionContext } from '../../http/handlers.ts';
import { badRequest, HttpError, notFound } from '../../http/errors.ts';
import { toSummary, SUMMARY_COLUMNS } from '../invoice/queries.ts';
import { deleteInvoice } from './delete.ts';
import { cancelInvoice, consultInvoice, correctInvoice, disableRange } from './events.ts';
import { signedLink } from '../invoice/links.ts';
import { transmitInvoice, type FiscalContext } from './service.ts';
import { reprocessInvoice } from './reprocess.ts';
import { listBlocks, reserveBlock } from './nfce-offline.ts';
import { recordSatAuthorization, recordSatCancellation, satCancelData, satSaleData } from './sat.ts';

function context(ctx: SessionContext<never>, id_filial?: number): FiscalContext {
  return { db: ctx.deps.db, fiscal: ctx.deps.fiscal, org: ctx.caller.id_organization, id_filial: id_filial ?? ctx.caller.id_filial,
    id_usuario: ctx.caller.id_usuario };
}

/** Runs one fiscal call per invoice of a list; a failure of one does not stop the others. */
async function each(ids: number[], fn: (id: number) => Promise<FiscalResult>) {
  const resultados: FiscalResult[] = [];
  const erros: string[] = [];
  for (const id of ids) {
    try {
      const r = await fn(id);
      resultados.push(r);
      if (!r.success) erros.push(r.message);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      erros.push(`Nota ${id}: ${error.message}`);
    }
  }
  return { resultados, erros };
}

const satContext = (ctx: SessionContext<never>) => ({ org: ctx.caller.id_organization, id_filial: ctx.caller.id_filial, id_usuario: ctx.caller.id_usuario });

export const fiscalHandlers = {
  satSaleData: (ctx) => satSaleData(ctx.tx, satContext(ctx), ctx.body.id_nota_fiscal),
  satRecord: (ctx) => recordSatAuthorization(ctx.tx, satContext(ctx), ctx.body.id_nota_fiscal, ctx.body.resposta),
  satCancelData: (ctx) => satCancelData(ctx.tx, satContext(ctx), ctx.body.id_nota_fiscal),
  satRecordCancel: (ctx) => recordSatCancellation(ctx.tx, satContext(ctx), ctx.body.id_nota_fiscal, ctx.body.resposta),
  invoiceDelete: ({ tx, caller, body }) => deleteInvoice(tx, caller, body.id_invoice),
  nfceOfflineReserve: ({ tx, caller, body }) => reserveBlock(tx, caller, body),
  nfceOfflineBlocks: ({ tx, caller, body }) => listBlocks(tx, caller, body.id_dispositivo),
  nfeTransmitir: (ctx) => transmitInvoice(context(ctx), ctx.body.id_nota_fiscal),
  invoiceReprocess: (ctx) => reprocessInvoice(context(ctx), ctx.body.id_nota_fiscal),
  nfeConsultar: (ctx) => consultInvoice(context(ctx), ctx.body.id_nota_fiscal),
  nfeCancelar: (ctx) => cancelInvoice(context(ctx), ctx.body.id_nota_fiscal, ctx.body.justificativa),
  nfeCartaCorrecao: (ctx) => correctInvoice(context(ctx), ctx.body.id_nota_fiscal, ctx.body.texto_correcao),
  nfeInutilizar: async (ctx) => {
    const c = context(ctx);
    const nf = await ctx.run(async (tx) => {
      const { rows } = await tx.query<Record<string, unknown>>(
        `SELECT * FROM nota_fiscal WHERE id_organization = $1 AND id_filial = $2 AND id_nota_fiscal = $3 AND data_exclusao IS NULL`,
        [c.org, c.id_filial, ctx.body.id_nota_fiscal],
      );
      return rows[0];
    });
    if (!nf) throw notFound();
    if (nf['modelo'] === SAT_MODEL) throw badRequest(SAT_MESSAGES.notForSat(SAT_NO_SEFAZ_ACTION.inutilizar));
    if (nf['numero_nota_fiscal'] === null || nf['serie'] === null) throw badRequest(M.notEditable);
    const r = await disableRange(c, {
      id_filial: c.id_filial, modelo: nf['modelo'] as '55' | '65', serie: Number(nf['serie']), inicial: Number(nf['numero_nota_fiscal']),
      final: Number(nf['numero_nota_fiscal']), justificativa: ctx.body.justificativa, id_nota_fiscal: ctx.body.id_nota_fiscal,
    });
    const row = await ctx.run(async (tx) =>
      (await tx.query<Record<string, unknown>>('SELECT * FROM nota_fiscal WHERE id_organization = $1 AND id_nota_fiscal = $2',
        [c.org, ctx.body.id_nota_fiscal])).rows[0]!);
    return { success: r.success, status: r.status, motivo: r.motivo, erros: [], message: r.message, nota_fiscal: toSummary(row) };
  },
  nfeInutilizarFaixa: async (ctx) => {
    if (!ctx.caller.branches.some((b) => b.id_filial === ctx.body.id_filial)) throw notFound();
    return disableRange(context(ctx, ctx.body.id_filial), {
      id_filial: ctx.body.id_filial, modelo: ctx.body.modelo, serie: ctx.body.serie, inicial: ctx.body.numeracaoInicial,
      final: ctx.body.numeracaoFinal, justificativa: ctx.body.justificativa,
    });
  },
  nfeRequestList: async (ctx) => {
    if (ctx.body.list_ids_invoice.length === 0) throw badRequest(M.transmitManyEmpty);
    const c = context(ctx);
    const { resultados, erros } = await each(ctx.body.list_ids_invoice, (id) => transmitInvoice(c, id));
    const ok = resultados.filter((r) => r.success).length;
    return { success: ok > 0, message: ok > 0 ? `${ok} nota(s) transmitida(s).` : M.transmitNone, erros, resultados };
  },
  nfeCancelarLista: async (ctx) => {
    if (ctx.body.list_ids_invoice.length === 0) throw badRequest(M.transmitManyEmpty);
    const c = context(ctx);
    const { resultados, erros } = await each(ctx.body.list_ids_invoice, (id) => cancelInvoice(c, id, ctx.body.justificativa));
    return { success: erros.length === 0, message: erros.length === 0 ? 'Notas canceladas com sucesso.' : M.cancelManyTitle, erros, resultados };
  },
  nfeImprimir: async ({ tx, caller, body, deps }) => {
    const { rows } = await tx.query<Record<string, unknown>>(
      `SELECT * FROM nota_fiscal WHERE id_organization = $1 AND id_filial = $2 AND id_nota_fiscal = $3 AND data_exclusao IS NULL`,
      [caller.id_organization, caller.id_filial, body.id_nota_fiscal],
    );
    const nf = rows[0];
    if (!nf) throw notFound();
    const url = signedLink(deps.fiscal.linkSecret, 'pdf', caller.id_organization, body.id_nota_fiscal, deps.fiscal.now());
    return { success: true, status: null, motivo: null, erros: [], message: '', nota_fiscal: toSummary(nf), url_pdf: url };
  },
  nfeContingencia: async ({ tx, caller }) => {
    const { rows } = await tx.query<Record<string, unknown>>(
      `SELECT ${SUMMARY_COLUMNS}, nf.data_contingencia, nf.prazo_contingencia, nf.tentativas_transmissao
         FROM nota_fiscal nf WHERE nf.id_organization = $1 AND nf.id_filial = $2 AND nf.situacao = 'Contingencia'
          AND nf.data_exclusao IS NULL ORDER BY nf.prazo_contingencia`,
      [caller.id_organization, caller.id_filial],
    );
    const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : (v as string | null));
    return {
      rows: rows.map((r) => ({ ...toSummary(r), data_contingencia: iso(r['data_contingencia']), prazo_contingencia: iso(r['prazo_contingencia']),
        tentativas: Number(r['tentativas_transmissao']) })),
    };
  },
} satisfies Partial<Handlers>;
