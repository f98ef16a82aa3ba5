/**
 * The frame the A4 reports share (financial documents, commissions, stock): the shop and the title on top, a line
 * saying what was chosen, the body, and a footer with the emission time and the page count; plus the table cells
 * they all use (a grey header, a right-aligned amount) and the day as dd/mm/aaaa.
 */
import type { Content, PageOrientation, TDocumentDefinitions, TableCell } from 'pdfmake/interfaces';

export const right = (text: string, bold = false): TableCell => ({ text, alignment: 'right', bold });
export const head = (text: string, alignment: 'left' | 'right' = 'left'): TableCell => ({ text, bold: true, alignment, fillColor: '#eeeeee' });
/** AAAA-MM-DD (or an ISO instant) as DD/MM/AAAA. */
export const brDate = (iso: string) => iso.slice(0, 10).split('-').reverse().join('/');

export interface ReportFrame {
  title: string;
  subject: string;
  loja: string;
  /** What the report was asked for (period, filters, order). */
  subtitle: string;
  emitido_em: string;
  orientation?: PageOrientation;
  body: Content;
}

export function reportDocument(r: ReportFrame): TDocumentDefinitions {
  return {
    pageSize: 'A4',
    ...(r.orientation ? { pageOrientation: r.orientation } : {}),
    pageMargins: [28, 28, 28, 36],
    defaultStyle: { fontSize: 8 },
    info: { title: r.title, subject: r.subject },
    footer: (page: number, pages: number) => ({
      columns: [{ text: `Emitido em ${r.emitido_em}`, margin: [28, 8, 0, 0] }, { text: `Página ${page} de ${pages}`, alignment: 'right', margin: [0, 8, 28, 0] }],
      fontSize: 7,
    }),
    content: [
      { text: r.loja, bold: true, fontSize: 11 },
      { text: r.title, bold: true, fontSize: 13, margin: [0, 2, 0, 2] },
      { text: r.subtitle, margin: [0, 0, 0, 8], color: '#444444' },
      r.body,
    ],
  };
}
