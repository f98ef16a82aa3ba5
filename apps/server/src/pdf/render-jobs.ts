/**
 * The PDFs the server renders, as jobs a render worker takes (render-worker.ts): each job is plain, structured-cloneable
 * data (the NF-e XML as stored, the voucher's or the order's data as read from the database), never a pdfmake
 * definition (its nodes are rewritten while laid out) nor anything holding a function.
 */
import { cashierZPdf, type CashierZData } from '@pdv/documents/cashier-z';
import { extratoPdf } from '@pdv/documents/cfe-extrato';
import { daccePdf, parseCorrection } from '@pdv/documents/dacce';
import { danfeA4Pdf } from '@pdv/documents/danfe-a4';
import { danfeNfcePdf } from '@pdv/documents/danfe-nfce';
import { parseNFe } from '@pdv/documents/danfe-parse';
import type { ExchangeVoucherOptions } from '@pdv/documents/exchange-voucher';
import type { PresaleSheetData } from '@pdv/documents/presale-a4';
import { presaleSheetPdf } from '@pdv/documents/presale-a4';
import type { VoucherData } from '@pdv/documents/voucher';
import { voucherPdf } from '@pdv/documents/voucher';

export type PdfJob =
  /** The DANFE of an NF-e (A4) or an NFC-e (modelo 65, 80 mm roll) from its XML; `draft` prints "SEM VALOR FISCAL". */
  | { kind: 'danfe'; xml: string; modelo: string; draft: boolean; troca?: ExchangeVoucherOptions | null }
  | { kind: 'voucher'; data: VoucherData }
  | { kind: 'presale'; data: PresaleSheetData }
  /** The Z report of a till shift (modules/cashier). */
  | { kind: 'cashierZ'; data: CashierZData }
  /** The printout of a correction letter (DACCe) from its procEventoNFe. */
  | { kind: 'dacce'; xml: string; emitente: string }
  /** The extrato of a CF-e SAT (modelo 59, 80 mm roll) from the CF-e the SAT signed. */
  | { kind: 'extrato'; xml: string };

/** Renders one job (in a render worker; on the calling thread only in tests). */
export async function renderPdfJob(job: PdfJob): Promise<Uint8Array> {
  switch (job.kind) {
    case 'danfe': {
      const data = parseNFe(job.xml);
      return job.modelo === '65' ? danfeNfcePdf(data, { draft: job.draft, troca: job.troca ?? null }) : danfeA4Pdf(data, { draft: job.draft });
    }
    case 'voucher':
      return voucherPdf(job.data);
    case 'presale':
      return presaleSheetPdf(job.data);
    case 'cashierZ':
      return cashierZPdf(job.data);
    case 'dacce':
      return daccePdf(parseCorrection(job.xml, job.emitente));
    case 'extrato':
      return extratoPdf(job.xml);
  }
}
