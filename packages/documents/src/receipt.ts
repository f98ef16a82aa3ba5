/**
 * The 80 mm receipt (000 §9): a 200-point roll with automatic height and tiny margins, fonts from 4 to 10, line
 * descriptions cut at 32 characters, a card transaction block only for credit or debit payments whose method uses
 * capture, and the change as the absolute difference between payments and total. `receiptDocument` is pure: it
 * builds the pdfmake document definition; pdf.ts renders it.
 */
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { formatCnpj, formatCpf, onlyDigits } from '@pdv/domain/documents';
import { formatMoney, formatQuantity, type Cents, type Milli } from '@pdv/domain/money';
import { isCard } from '@pdv/domain/payment-method';
import { formatInZone } from '@pdv/domain/time-zone';
import { exchangeVoucherContent, type ExchangeVoucherOptions } from './exchange-voucher.ts';

export const RECEIPT_WIDTH = 200;
export const RECEIPT_DESCRIPTION_MAX = 32;
/** Font sizes used on the receipt (000 §9: 4 to 10). */
export const RECEIPT_FONTS = { title: 10, header: 8, body: 6, small: 5, tiny: 4 } as const;

export interface ReceiptLine {
  descricao: string;
  codigo: string | null;
  quantidade: Milli;
  unidade: string | null;
  valor_unitario: Cents;
  valor_desconto: Cents;
  valor_total: Cents;
  /** Priced by a promotion (000 §3.3 id_promocao): the unit price it had before, printed under the line. */
  promocao?: { de: Cents } | null;
}

/** The card block (000 §9) with the card fields of 000 §3.4 and the NSU the terminal cancels by (issue 28). */
export interface ReceiptCard {
  operadora: string | null;
  bandeira: string | null;
  codigo_autorizacao: string | null;
  /** ISO date-time of the transaction (printed in the branch's zone), or the terminal's text as it came. */
  data_hora: string | null;
  nsu?: string | null;
  /** Acquirer CNPJ (000 §3.4 institution id). */
  cnpj_credenciadora?: string | null;
  /** The terminal's description of the transaction (e.g. 'CREDITO A VISTA'). */
  descricao?: string | null;
  /** 1 integrated (TEF), 2 not integrated (NFC-e tpIntegra). */
  tipo_integracao?: string | null;
}

/** The labels of the copies when the branch prints the receipt of a TEF sale twice (002 imprimir_duas_vias_tef). */
export const RECEIPT_COPY_LABELS = ['VIA DO CLIENTE', 'VIA DO ESTABELECIMENTO'] as const;

/** The label of each copy to print: none for one copy; the customer's then the shop's for two. */
export function receiptCopyLabels(vias: number | undefined): Array<string | null> {
  return (vias ?? 1) >= 2 ? [...RECEIPT_COPY_LABELS] : [null];
}

const INTEGRATION: Record<string, string> = { '1': 'TEF (integrado)', '2': 'POS (não integrado)' };

/** The card block's lines, the same on the PDF and on the printer's text (receipt-text.ts). */
export function cardLines(card: ReceiptCard, fuso_horario: number | undefined): string[] {
  const when = card.data_hora && !Number.isNaN(Date.parse(card.data_hora)) ? formatInZone(card.data_hora, fuso_horario) : card.data_hora;
  const cnpj = card.cnpj_credenciadora ? onlyDigits(card.cnpj_credenciadora) : '';
  return [
    card.operadora ? `Operadora: ${card.operadora}` : null,
    card.bandeira ? `Bandeira: ${card.bandeira}` : null,
    card.descricao ? `Transação: ${card.descricao}` : null,
    card.codigo_autorizacao ? `Autorização: ${card.codigo_autorizacao}` : null,
    card.nsu ? `NSU: ${card.nsu}` : null,
    cnpj ? `Credenciadora: CNPJ ${cnpj.length === 14 ? formatCnpj(cnpj) : card.cnpj_credenciadora}` : null,
    card.tipo_integracao ? `Integração: ${INTEGRATION[card.tipo_integracao] ?? card.tipo_integracao}` : null,
    when ? `Data/hora: ${when}` : null,
  ].filter((line): line is string => line !== null);
}

export interface ReceiptPayment {
  descricao: string;
  /** NF-e tPag code of the method (isCard tells credit and debit cards). */
  meio_pagamento: string;
  /** The method uses capture (utilizar_captura): a card block is printed for cards. */
  utilizar_captura: boolean;
  valor: Cents;
  parcelas: number;
  cartao: ReceiptCard | null;
  /** A PIX paid through the bank integration: its BR Code (printed as a QR) and txid. */
  pix?: { brcode: string; txid: string } | null;
}

export interface ReceiptData {
  loja: { nome: string; cnpj: string | null; endereco: string | null };
  titulo: string;
  numero: string | null;
  /** ISO date-time of the sale. */
  data: string;
  /** The branch's time zone offset in hours (fuso_horario): times print in it (default -3), never the machine's. */
  fuso_horario?: number;
  /** Whether the change line is printed: only where money changed hands (slipShowsChange). Default: printed. */
  mostrar_troco?: boolean;
  operador: string;
  cliente: { nome: string | null; cpf_cnpj: string | null } | null;
  itens: ReceiptLine[];
  bruto: Cents;
  desconto: Cents;
  acrescimo: Cents;
  total: Cents;
  pagamentos: ReceiptPayment[];
  /** Shown at the foot (e.g. "Operação pendente de envio"). */
  observacao: string | null;
  /**
   * The exchange voucher (comprovante de troca, 002 "impressao_comprovante_troca") printed below the receipt: the lines
   * without prices and the last day of the exchange (dd/mm/aaaa: emission + dias_tolerancia_troca).
   */
  troca?: ExchangeVoucherOptions | null;
  /**
   * Copies to print (002 imprimir_duas_vias_tef: 2 for a sale paid by TEF when the branch asks; default 1): each copy
   * labelled (receiptCopyLabels) and cut from the next; the exchange voucher goes with the customer's copy only.
   */
  vias?: number;
}

/** The exchange voucher below the receipt, after a cut line (one per product line when the branch asks). */
function exchangeVoucher(data: ReceiptData): Content[] {
  if (!data.troca) return [];
  return exchangeVoucherContent({
    numero: data.numero,
    data: formatDateTime(data.data, data.fuso_horario),
    cliente: data.cliente?.nome ?? null,
    itens: data.itens.map((line) => ({ descricao: line.descricao, quantidade: formatQuantity(line.quantidade) })),
    valido_ate: data.troca.valido_ate,
    por_produto: data.troca.por_produto ?? false,
  }, RECEIPT_WIDTH - 10);
}

export function cutDescription(text: string, max = RECEIPT_DESCRIPTION_MAX): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  return clean.length <= max ? clean : clean.slice(0, max);
}

/** Change on the receipt: |payments - total| (000 §9). */
export function receiptChange(data: Pick<ReceiptData, 'pagamentos' | 'total'>): Cents {
  return Math.abs(data.pagamentos.reduce((sum, p) => sum + p.valor, 0) - data.total);
}

function formatDocument(value: string): string {
  const digits = onlyDigits(value);
  if (digits.length === 11) return formatCpf(digits);
  if (value.length === 14) return formatCnpj(value);
  return value;
}

function formatDateTime(iso: string, offset: number | undefined): string {
  return formatInZone(iso, offset);
}

const RULE: Content = {
  canvas: [{ type: 'line', x1: 0, y1: 0, x2: RECEIPT_WIDTH - 10, y2: 0, lineWidth: 0.5, dash: { length: 2 } }],
  margin: [0, 3, 0, 3],
};

const row = (label: string, value: string, bold = false): Content => ({
  columns: [
    { text: label, width: '*' },
    { text: value, width: 'auto', alignment: 'right' },
  ],
  bold,
});

function lineContent(line: ReceiptLine, index: number): Content[] {
  const quantity = `${formatQuantity(line.quantidade)} ${line.unidade ?? 'UN'} x ${formatMoney(line.valor_unitario)}`;
  const content: Content[] = [
    { text: `${String(index + 1).padStart(3, '0')} ${cutDescription(line.descricao)}`, fontSize: RECEIPT_FONTS.body },
    row(`    ${quantity}`, formatMoney(line.valor_total + line.valor_desconto)),
  ];
  if (line.promocao) content.push(row('    Promoção', `de ${formatMoney(line.promocao.de)} por ${formatMoney(line.valor_unitario)}`));
  if (line.valor_desconto > 0) content.push(row('    Desconto', `-${formatMoney(line.valor_desconto)}`));
  return content;
}

function cardBlock(payment: ReceiptPayment, fuso_horario: number | undefined): Content | null {
  if (!payment.utilizar_captura || !isCard(payment.meio_pagamento) || !payment.cartao) return null;
  return {
    stack: [
      { text: 'TRANSAÇÃO COM CARTÃO', bold: true, fontSize: RECEIPT_FONTS.small },
      ...cardLines(payment.cartao, fuso_horario).map((text) => ({ text })),
    ],
    fontSize: RECEIPT_FONTS.tiny,
    margin: [4, 1, 0, 2],
  };
}

/** The cut line between two copies of the receipt. */
const COPY_CUT: Content = {
  canvas: [{ type: 'line', x1: 0, y1: 0, x2: RECEIPT_WIDTH - 10, y2: 0, lineWidth: 0.5, dash: { length: 4, space: 2 } }],
  margin: [0, 10, 0, 10],
};

export function receiptDocument(data: ReceiptData): TDocumentDefinitions {
  const labels = receiptCopyLabels(data.vias);
  return {
    pageSize: { width: RECEIPT_WIDTH, height: 'auto' },
    pageMargins: [5, 5, 5, 5],
    defaultStyle: { fontSize: RECEIPT_FONTS.body },
    info: { title: data.numero ? `${data.titulo} ${data.numero}` : data.titulo },
    content: labels.flatMap((via, index) => [
      ...(index > 0 ? [COPY_CUT] : []),
      ...receiptCopy(data, via, index === 0),
    ]),
  };
}

/** One copy of the receipt; `via` labels it under the title; the exchange voucher only with `withVoucher`. */
function receiptCopy(data: ReceiptData, via: string | null, withVoucher: boolean): Content[] {
  const { loja } = data;
  const header: Content[] = [
    { text: loja.nome, fontSize: RECEIPT_FONTS.title, bold: true, alignment: 'center' },
    ...(loja.cnpj ? [{ text: `CNPJ ${formatDocument(loja.cnpj)}`, alignment: 'center' as const }] : []),
    ...(loja.endereco ? [{ text: loja.endereco, alignment: 'center' as const, fontSize: RECEIPT_FONTS.small }] : []),
    RULE,
    { text: data.titulo, fontSize: RECEIPT_FONTS.header, bold: true, alignment: 'center' },
    ...(via ? [{ text: via, fontSize: RECEIPT_FONTS.small, bold: true, alignment: 'center' as const }] : []),
    {
      text: [data.numero ? `Nº ${data.numero} - ` : '', formatDateTime(data.data, data.fuso_horario)].join(''),
      alignment: 'center',
      fontSize: RECEIPT_FONTS.small,
    },
    { text: `Operador: ${data.operador}`, fontSize: RECEIPT_FONTS.small, alignment: 'center' },
  ];
  const cliente = data.cliente;
  if (cliente && (cliente.nome || cliente.cpf_cnpj)) {
    header.push({
      text: [cliente.nome ?? 'Consumidor', cliente.cpf_cnpj ? ` - CPF/CNPJ ${formatDocument(cliente.cpf_cnpj)}` : ''].join(''),
      fontSize: RECEIPT_FONTS.small,
      alignment: 'center',
    });
  }
  const payments: Content[] = [];
  for (const payment of data.pagamentos) {
    const label = payment.parcelas > 1 ? `${payment.descricao} (${payment.parcelas}x)` : payment.descricao;
    payments.push(row(label, formatMoney(payment.valor)));
    const block = cardBlock(payment, data.fuso_horario);
    if (block) payments.push(block);
    if (payment.pix) {
      payments.push({ qr: payment.pix.brcode, fit: 110, eccLevel: 'M', alignment: 'center', margin: [0, 3, 0, 1] });
      payments.push({ text: `PIX txid ${payment.pix.txid}`, fontSize: RECEIPT_FONTS.small, alignment: 'center' });
    }
  }
  return [
    ...header,
    RULE,
    { text: '#   DESCRIÇÃO / QTD x VALOR UNIT.          VALOR', fontSize: RECEIPT_FONTS.tiny, bold: true },
    ...data.itens.flatMap(lineContent),
    RULE,
    row('Total bruto', formatMoney(data.bruto)),
    ...(data.desconto > 0 ? [row('Desconto', `-${formatMoney(data.desconto)}`)] : []),
    ...(data.acrescimo > 0 ? [row('Acréscimo', formatMoney(data.acrescimo))] : []),
    {
      columns: [
        { text: 'TOTAL', width: '*' },
        { text: formatMoney(data.total), width: 'auto', alignment: 'right' },
      ],
      bold: true,
      fontSize: RECEIPT_FONTS.header,
    },
    RULE,
    { text: 'PAGAMENTOS', bold: true, fontSize: RECEIPT_FONTS.small },
    ...payments,
    ...(data.mostrar_troco === false ? [] : [row('Troco', formatMoney(receiptChange(data)), true)]),
    RULE,
    ...(data.observacao ? [{ text: data.observacao, alignment: 'center' as const, fontSize: RECEIPT_FONTS.small }] : []),
    { text: 'Obrigado pela preferência!', alignment: 'center', fontSize: RECEIPT_FONTS.small, margin: [0, 2, 0, 0] },
    ...(withVoucher ? exchangeVoucher(data) : []),
  ];
}
