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
import { head, reportDocument, right } from './report-frame.ts';

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
  return reportDocument({
    title, subject: 'Estoque', loja: d.loja, emitido_em: d.emitido_em,
    subtitle: `Posição em ${d.referencia} · Detalhado por produto e endereço · Valorizado pelo preço de custo médio`,
    body: d.linhas.length === 0
      ? { text: 'Nenhum produto com estoque na filial.', italics: true }
      : { table: { headerRows: 1, widths: [50, '*', 60, 80, 50, 55, 60], body }, layout: 'lightHorizontalLines' },
  });
}

export async function stockReportPdf(d: StockReportData): Promise<Uint8Array> {
  return pdfBytes(stockReportDocument(d));
}
