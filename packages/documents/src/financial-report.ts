/**
 * The financial documents report (002 §2 "Reports: financial documents"; issue 24): the documents of a filter
 * (find_report) on A4, grouped by due date or by document number, summarized (one line per group with its totals) or
 * detailed (each document under its group, then the group's totals), with the totals of the whole report and the
 * filter it was made with. Cancelled documents are listed but not added to the amounts (the server's totals say so).
 * `financialReportDocument` is pure (a pdfmake definition); `financialReportPdf` renders it in Node or the browser.
 */
import type { Content, TDocumentDefinitions, TableCell } from 'pdfmake/interfaces';
import { formatMoney, type Cents } from '@pdv/domain/money';
import { pdfBytes } from './danfe-pdf.ts';
import { brDate, head, reportDocument, right } from './report-frame.ts';

export interface FinancialReportTotals {
  quantidade: number;
  valor_documento: Cents;
  valor_pago: Cents;
  saldo: Cents;
}

export interface FinancialReportDocumentLine {
  numero: string;
  sequencia: number;
  operacao: 'Entrada' | 'Saida';
  situacao: string;
  pessoa: string | null;
  data_emissao: string;
  data_vencimento: string;
  valor_documento: Cents;
  valor_pago: Cents;
  saldo: Cents;
}

export interface FinancialReportData {
  loja: string;
  /** The filter, as the user set it: period (AAAA-MM-DD), type, situations, person, search. */
  filtro: { data_inicio: string; data_fim: string; operacao: 'Entrada' | 'Saida' | null; situacoes: readonly string[]; pessoa: string | null; search: string };
  agrupamento: 'data' | 'documento';
  tipo: 'resumido' | 'detalhado';
  grupos: ReadonlyArray<{ chave: string; totais: FinancialReportTotals; documentos: readonly FinancialReportDocumentLine[] }>;
  totais: FinancialReportTotals;
  /** When it was made, already in the branch's time ('27/11/2026 14:05'). */
  emitido_em: string;
}

const SITUACAO: Readonly<Record<string, string>> = { Aberto: 'Aberto', Parcial: 'Parcial', Quitado: 'Quitado', Estornado: 'Cancelado' };

function filterLine(d: FinancialReportData): string {
  const parts = [`Vencimento de ${brDate(d.filtro.data_inicio)} a ${brDate(d.filtro.data_fim)}`];
  parts.push(d.filtro.operacao === 'Entrada' ? 'A receber' : d.filtro.operacao === 'Saida' ? 'A pagar' : 'A receber e a pagar');
  if (d.filtro.situacoes.length > 0) parts.push(`Situação: ${d.filtro.situacoes.map((s) => SITUACAO[s] ?? s).join(', ')}`);
  if (d.filtro.pessoa) parts.push(`Pessoa: ${d.filtro.pessoa}`);
  if (d.filtro.search) parts.push(`Pesquisa: "${d.filtro.search}"`);
  parts.push(d.agrupamento === 'data' ? 'Agrupado por vencimento' : 'Agrupado por documento');
  return parts.join(' · ');
}

const groupLabel = (d: FinancialReportData, chave: string) => (d.agrupamento === 'data' ? brDate(chave) : `Documento ${chave}`);

function summarized(d: FinancialReportData): Content {
  const body: TableCell[][] = [[
    head(d.agrupamento === 'data' ? 'Vencimento' : 'Documento'), head('Qtde.', 'right'), head('Valor', 'right'), head('Pago', 'right'), head('Em aberto', 'right'),
  ]];
  for (const g of d.grupos) {
    body.push([groupLabel(d, g.chave), right(String(g.totais.quantidade)), right(formatMoney(g.totais.valor_documento)), right(formatMoney(g.totais.valor_pago)), right(formatMoney(g.totais.saldo))]);
  }
  body.push([{ text: 'Total', bold: true }, right(String(d.totais.quantidade), true), right(formatMoney(d.totais.valor_documento), true),
    right(formatMoney(d.totais.valor_pago), true), right(formatMoney(d.totais.saldo), true)]);
  return { table: { headerRows: 1, widths: ['*', 50, 90, 90, 90], body }, layout: 'lightHorizontalLines' };
}

function detailed(d: FinancialReportData): Content {
  const body: TableCell[][] = [[
    head('Documento'), head('Tipo'), head('Pessoa'), head('Emissão'), head('Vencimento'), head('Valor', 'right'), head('Pago', 'right'), head('Em aberto', 'right'), head('Situação'),
  ]];
  for (const g of d.grupos) {
    body.push([{ text: groupLabel(d, g.chave), bold: true, colSpan: 9, fillColor: '#f6f6f6' }, '', '', '', '', '', '', '', '']);
    for (const doc of g.documentos) {
      const cancelled = doc.situacao === 'Estornado';
      body.push([
        `${doc.numero}/${doc.sequencia}`, doc.operacao === 'Entrada' ? 'A receber' : 'A pagar', doc.pessoa ?? '-', brDate(doc.data_emissao),
        brDate(doc.data_vencimento), { text: formatMoney(doc.valor_documento), alignment: 'right', decoration: cancelled ? 'lineThrough' : undefined },
        right(formatMoney(doc.valor_pago)), right(formatMoney(doc.saldo)), SITUACAO[doc.situacao] ?? doc.situacao,
      ]);
    }
    body.push([{ text: `Subtotal (${g.totais.quantidade})`, colSpan: 5, alignment: 'right', italics: true }, '', '', '', '',
      right(formatMoney(g.totais.valor_documento), true), right(formatMoney(g.totais.valor_pago), true), right(formatMoney(g.totais.saldo), true), '']);
  }
  body.push([{ text: `Total (${d.totais.quantidade})`, colSpan: 5, alignment: 'right', bold: true }, '', '', '', '',
    right(formatMoney(d.totais.valor_documento), true), right(formatMoney(d.totais.valor_pago), true), right(formatMoney(d.totais.saldo), true), '']);
  return { table: { headerRows: 1, widths: [55, 45, '*', 48, 52, 62, 58, 58, 48], body }, layout: 'lightHorizontalLines', fontSize: 7 };
}

export function financialReportDocument(d: FinancialReportData): TDocumentDefinitions {
  const title = `Relatório de documentos financeiros (${d.tipo === 'resumido' ? 'resumido' : 'detalhado'})`;
  return reportDocument({
    title, subject: 'Documentos financeiros', loja: d.loja, subtitle: filterLine(d), emitido_em: d.emitido_em,
    orientation: d.tipo === 'detalhado' ? 'landscape' : 'portrait',
    body: d.grupos.length === 0 ? { text: 'Nenhum documento no filtro.', italics: true } : d.tipo === 'resumido' ? summarized(d) : detailed(d),
  });
}

export async function financialReportPdf(d: FinancialReportData): Promise<Uint8Array> {
  return pdfBytes(financialReportDocument(d));
}
