/**
 * The stock report (issue 22; 002 §9 "Stock report: detailed, average cost price, reference date today end of day") on
 * A4: one line per variation and stock address of the branch with its quantity, the variation's average cost in the
 * branch and the value (quantity × average cost, half up to the centavo), a subtotal per product when it has more
 * than one line, and the report's totals. `stockReportDocument` is pure (a pdfmake definition); the web renders it
 * (pdf.ts renderPdf) from POST /stock/report's rows, on the stock balance screen (Alt+P). Lines of one product are
 * told apart by their description (adjacent products with the same description share a subtotal).
 */
import type { TDocumentDefinitions, TableCell } from 'pdfmake/interfaces';
import { formatMoney, formatQuantity, multiplyByQuantity, sum, type Cents, type Milli } from '@pdv/domain/money';
import { pdfBytes } from './danfe-pdf.ts';

export interface StockReportLine {
  sku: string;
  descricao: string;
  variacao: string;
  endereco: string;
  quantidade: Milli;
  preco_custo_medio: Cents;
}

export interface StockReportData {
  loja: string;
  /** The reference moment, already in the branch's time ('27/11/2026 23:59'). */
  referencia: string;
  /** Sorted by product, variation and address. */
  linhas: readonly StockReportLine[];
  emitido_em: string;
}

export const lineValue = (l: Pick<StockReportLine, 'quantidade' | 'preco_custo_medio'>): Cents => multiplyByQuantity(l.preco_custo_medio, l.quantidade);

export function stockReportTotals(linhas: readonly StockReportLine[]): { quantidade: Milli; valor: Cents } {
  return { quantidade: sum(linhas.map((l) => l.quantidade)), valor: sum(linhas.map(lineValue)) };
}

const right = (text: string, bold = false): TableCell => ({ text, alignment: 'right', bold });
const head = (text: string, alignment: 'left' | 'right' = 'left'): TableCell => ({ text, bold: true, alignment, fillColor: '#eeeeee' });

export function stockReportDocument(d: StockReportData): TDocumentDefinitions {
  const title = 'Relatório de estoque';
  const body: TableCell[][] = [[head('SKU'), head('Produto'), head('Variação'), head('Endereço'), head('Quantidade', 'right'), head('Custo médio', 'right'), head('Valor', 'right')]];
  const products: StockReportLine[][] = [];
  for (const l of d.linhas) {
    const last = products[products.length - 1];
    if (last && last[0]?.descricao === l.descricao) last.push(l);
    else products.push([l]);
  }
  for (const lines of products) {
    for (const l of lines) {
      body.push([l.sku, l.descricao, l.variacao, l.endereco, right(formatQuantity(l.quantidade)), right(formatMoney(l.preco_custo_medio)), right(formatMoney(lineValue(l)))]);
    }
    if (lines.length > 1) {
      const t = stockReportTotals(lines);
      body.push([{ text: `Subtotal ${lines[0]?.descricao ?? ''}`, italics: true, colSpan: 4 }, '', '', '', right(formatQuantity(t.quantidade)), '', right(formatMoney(t.valor))]);
    }
  }
  const total = stockReportTotals(d.linhas);
  body.push([{ text: 'Total', bold: true, colSpan: 4 }, '', '', '', right(formatQuantity(total.quantidade), true), '', right(formatMoney(total.valor), true)]);
  return {
    pageSize: 'A4',
    pageMargins: [28, 28, 28, 36],
    defaultStyle: { fontSize: 8 },
    info: { title, subject: 'Estoque' },
    footer: (page: number, pages: number) => ({
      columns: [{ text: `Emitido em ${d.emitido_em}`, margin: [28, 8, 0, 0] }, { text: `Página ${page} de ${pages}`, alignment: 'right', margin: [0, 8, 28, 0] }],
      fontSize: 7,
    }),
    content: [
      { text: d.loja, bold: true, fontSize: 11 },
      { text: title, bold: true, fontSize: 13, margin: [0, 2, 0, 2] },
      { text: `Posição em ${d.referencia} · Detalhado por produto e endereço · Valorizado pelo preço de custo médio`, margin: [0, 0, 0, 8], color: '#444444' },
      d.linhas.length === 0
        ? { text: 'Nenhum produto com estoque na filial.', italics: true }
        : { table: { headerRows: 1, widths: [50, '*', 60, 80, 50, 55, 60], body }, layout: 'lightHorizontalLines' },
    ],
  };
}

export async function stockReportPdf(d: StockReportData): Promise<Uint8Array> {
  return pdfBytes(stockReportDocument(d));
}
