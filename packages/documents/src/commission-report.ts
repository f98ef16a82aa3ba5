/**
 * The commission report (issue 30; 002 §9 "commission total_vendas desc") on A4: per seller, the group, the counted
 * sales, the returns subtracted, the base, the goal range reached and the commission, with the totals and the period
 * it was made for. `commissionReportDocument` is pure (a pdfmake definition); the web renders it (packages/documents
 * pdf.ts renderPdf) like the financial documents report.
 */
import type { TDocumentDefinitions, TableCell } from 'pdfmake/interfaces';
import { formatMoney, formatPercent, type BasisPoints, type Cents } from '@pdv/domain/money';
import { pdfBytes } from './danfe-pdf.ts';
import { brDate, head, reportDocument, right } from './report-frame.ts';

export interface CommissionReportLine {
  nome: string;
  grupo: string | null;
  quantidade_vendas: number;
  total_vendas: Cents;
  total_devolucoes: Cents;
  base_comissao: Cents;
  percentual_faixa: BasisPoints | null;
  valor_comissao: Cents;
}

export interface CommissionReportData {
  loja: string;
  /** AAAA-MM-DD. */
  data_inicio: string;
  data_fim: string;
  /** The one seller asked for, or null (all). */
  vendedor: string | null;
  linhas: readonly CommissionReportLine[];
  totais: { total_vendas: Cents; total_devolucoes: Cents; base_comissao: Cents; valor_comissao: Cents };
  /** When it was made, already in the branch's time ('27/11/2026 14:05'). */
  emitido_em: string;
}


export function commissionReportDocument(d: CommissionReportData): TDocumentDefinitions {
  const title = 'Relatório de comissões';
  const filter = [`Período de ${brDate(d.data_inicio)} a ${brDate(d.data_fim)}`, d.vendedor ? `Vendedor: ${d.vendedor}` : 'Todos os vendedores',
    'Ordenado pelo total de vendas'].join(' · ');
  const body: TableCell[][] = [[
    head('Vendedor'), head('Grupo de comissão'), head('Vendas', 'right'), head('Total de vendas', 'right'), head('Devoluções', 'right'),
    head('Base', 'right'), head('Faixa', 'right'), head('Comissão', 'right'),
  ]];
  for (const l of d.linhas) {
    body.push([
      l.nome, l.grupo ?? 'Sem grupo', right(String(l.quantidade_vendas)), right(formatMoney(l.total_vendas)), right(formatMoney(l.total_devolucoes)),
      right(formatMoney(l.base_comissao)), right(l.percentual_faixa === null ? '-' : formatPercent(l.percentual_faixa)), right(formatMoney(l.valor_comissao), true),
    ]);
  }
  body.push([{ text: 'Total', bold: true, colSpan: 3 }, '', '', right(formatMoney(d.totais.total_vendas), true), right(formatMoney(d.totais.total_devolucoes), true),
    right(formatMoney(d.totais.base_comissao), true), '', right(formatMoney(d.totais.valor_comissao), true)]);
  return reportDocument({
    title, subject: 'Comissões', loja: d.loja, subtitle: filter, emitido_em: d.emitido_em, orientation: 'landscape',
    body: d.linhas.length === 0
      ? { text: 'Nenhuma venda no período.', italics: true }
      : { table: { headerRows: 1, widths: ['*', 120, 40, 80, 70, 70, 40, 70], body }, layout: 'lightHorizontalLines' },
  });
}

export async function commissionReportPdf(d: CommissionReportData): Promise<Uint8Array> {
  return pdfBytes(commissionReportDocument(d));
}
