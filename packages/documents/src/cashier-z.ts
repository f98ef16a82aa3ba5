/**
 * The Z report of a till shift (issue 23): on an 80 mm roll, the shift (branch, user, opening and closing times), its
 * sales by payment method, sangrias, suprimentos, returns and reversals, and per method the expected amount, the
 * counted one and the difference. `cashierZDocument` is pure; `cashierZPdf` renders it (Node and browser alike).
 */
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { formatMoney, type Cents } from '@pdv/domain/money';
import { formatInZone } from '@pdv/domain/time-zone';
import { pdfBytes } from './danfe-pdf.ts';

/** 80 mm in points. */
export const Z_WIDTH = 227;
const MARGIN = 8;

export interface CashierZData {
  loja: string;
  id_caixa: number;
  usuario: string;
  situacao: string;
  data_abertura: string;
  data_fechamento: string | null;
  fuso_horario?: number;
  /** Sales per payment method (descricao, total). */
  vendas: ReadonlyArray<{ meio_pagamento: string; valor: Cents }>;
  /** Receivables paid at the till per payment method (mode Recebimento); absent: none. */
  recebimentos?: ReadonlyArray<{ meio_pagamento: string; valor: Cents }>;
  abertura: Cents;
  sangrias: ReadonlyArray<{ data: string; valor: Cents; observacao: string | null }>;
  suprimentos: ReadonlyArray<{ data: string; valor: Cents; observacao: string | null }>;
  devolucoes: Cents;
  estornos: Cents;
  apuracao: ReadonlyArray<{ meio_pagamento: string; esperado: Cents; apurado: Cents; diferenca: Cents }>;
  is_duplicado: boolean;
}

const rule = (): Content => ({
  canvas: [{ type: 'line', x1: 0, y1: 0, x2: Z_WIDTH - 2 * MARGIN, y2: 0, lineWidth: 0.5, dash: { length: 2 } }],
  margin: [0, 3, 0, 3],
});

const row = (label: string, value: string, bold = false): Content => ({
  columns: [{ text: label, width: '*' }, { text: value, width: 'auto', alignment: 'right' }],
  bold,
});

const title = (text: string): Content => ({ text, bold: true, margin: [0, 2, 0, 1] });

export function cashierZDocument(d: CashierZData): TDocumentDefinitions {
  const when = (iso: string) => formatInZone(iso, d.fuso_horario);
  const sumOf = (xs: ReadonlyArray<{ valor: Cents }>) => xs.reduce((s, x) => s + x.valor, 0);
  const movements = (xs: CashierZData['sangrias']): Content[] =>
    xs.length === 0 ? [{ text: 'Nenhuma', italics: true }] : xs.map((m) => row(`${when(m.data)} ${m.observacao ?? ''}`.trim(), formatMoney(m.valor)));
  const totalDiff = d.apuracao.reduce((s, a) => s + a.diferenca, 0);
  return {
    pageSize: { width: Z_WIDTH, height: 'auto' },
    pageMargins: [MARGIN, MARGIN, MARGIN, MARGIN],
    defaultStyle: { fontSize: 8 },
    info: { title: `Relatorio Z caixa ${d.id_caixa}`, subject: 'Relatorio Z' },
    content: [
      { text: d.loja, fontSize: 10, bold: true, alignment: 'center' },
      { text: 'RELATÓRIO Z - FECHAMENTO DE CAIXA', bold: true, alignment: 'center', margin: [0, 2, 0, 2] },
      row('Caixa', String(d.id_caixa)),
      row('Operador', d.usuario),
      row('Situação', d.situacao),
      row('Abertura', when(d.data_abertura)),
      row('Fechamento', d.data_fechamento ? when(d.data_fechamento) : '-'),
      ...(d.is_duplicado ? [{ text: 'Atenção: caixa aberto em duplicidade (offline).', bold: true }] : []),
      rule(),
      title('Vendas por meio de pagamento'),
      ...(d.vendas.length === 0 ? [{ text: 'Nenhuma', italics: true }] : d.vendas.map((v) => row(v.meio_pagamento, formatMoney(v.valor)))),
      row('Total de vendas', formatMoney(sumOf(d.vendas)), true),
      ...((d.recebimentos ?? []).length === 0 ? [] : [
        title('Recebimentos por meio de pagamento'),
        ...(d.recebimentos ?? []).map((v) => row(v.meio_pagamento, formatMoney(v.valor))),
        row('Total de recebimentos', formatMoney(sumOf(d.recebimentos ?? [])), true),
      ]),
      rule(),
      row('Abertura (troco inicial)', formatMoney(d.abertura)),
      title('Sangrias'),
      ...movements(d.sangrias),
      row('Total de sangrias', formatMoney(sumOf(d.sangrias)), true),
      title('Suprimentos'),
      ...movements(d.suprimentos),
      row('Total de suprimentos', formatMoney(sumOf(d.suprimentos)), true),
      row('Devoluções', formatMoney(d.devolucoes)),
      row('Estornos de vendas canceladas', formatMoney(d.estornos)),
      rule(),
      title('Apuração'),
      {
        table: {
          widths: ['*', 'auto', 'auto', 'auto'],
          body: [
            [{ text: 'Meio', bold: true }, { text: 'Esperado', bold: true }, { text: 'Apurado', bold: true }, { text: 'Diferença', bold: true }],
            ...d.apuracao.map((a) => [a.meio_pagamento, formatMoney(a.esperado), formatMoney(a.apurado), formatMoney(a.diferenca)]),
          ],
        },
        layout: 'noBorders',
        fontSize: 7,
      },
      row('Diferença total', formatMoney(totalDiff), true),
      rule(),
      { text: '\n\n______________________________\nAssinatura do operador', alignment: 'center' },
    ],
  };
}

export async function cashierZPdf(d: CashierZData): Promise<Uint8Array> {
  return pdfBytes(cashierZDocument(d));
}
