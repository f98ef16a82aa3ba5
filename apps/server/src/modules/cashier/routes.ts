import type { Handlers } from '../../http/handlers.ts';
import { renderPdf } from '../../pdf/renderer.ts';
import { currentShift, listShifts, processCanceledSale, shiftDetail, shiftReportData } from './read.ts';
import { applyEvent } from './service.ts';

export const cashierHandlers = {
  cashierEvent: ({ tx, caller, body }) => applyEvent(tx, caller, body),
  cashierFind: ({ tx, caller, body }) => listShifts(tx, caller, body),
  cashierFindById: ({ tx, caller, body }) => shiftDetail(tx, caller, body.id_caixa),
  cashierCurrent: ({ tx, caller }) => currentShift(tx, caller),
  // Outside the request transaction (http/handlers.ts OUTSIDE_TRANSACTION): read, then render without holding one.
  cashierReport: async ({ run, caller, body }) => {
    const data = await run((tx) => shiftReportData(tx, caller, body.id_caixa));
    const pdf = await renderPdf({ kind: 'cashierZ', data });
    return { id_caixa: body.id_caixa, nome_arquivo: `relatorio-z-caixa-${body.id_caixa}.pdf`, pdf_base64: Buffer.from(pdf).toString('base64') };
  },
  cashierProcessCanceledSale: ({ tx, caller, body }) => processCanceledSale(tx, caller, body),
} satisfies Partial<Handlers>;
