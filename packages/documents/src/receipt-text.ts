/**
 * The 80 mm receipt as plain text for a thermal printer's text mode (48 columns of font A): the same content as the
 * PDF (receipt.ts: header, lines cut at 32 characters, totals, payments, the card block only for captured card
 * payments, the change as |payments - total|, the exchange voucher after a cut mark). The connector turns it into
 * ESC/POS (apps/connector escpos.ts: code page, cut, drawer kick). Pure: no pdfmake here.
 */
import { formatCnpj, formatCpf, onlyDigits } from '@pdv/domain/documents';
import { formatMoney, formatQuantity } from '@pdv/domain/money';
import { isCard } from '@pdv/domain/payment-method';
import { formatInZone } from '@pdv/domain/time-zone';
import { EXCHANGE_VOUCHER_TITLE } from './exchange-voucher.ts';
import { cardLines, cutDescription, receiptChange, receiptCopyLabels, type ReceiptData, type ReceiptLine } from './receipt.ts';

export const RECEIPT_COLUMNS = 48;

/** Where the connector cuts between the receipt and its exchange voucher (a form feed: never in the text itself). */
export const RECEIPT_CUT_MARK = '\f';

const clean = (text: string) => text.replace(/[\s\u00a0]+/g, ' ').trim();

function center(text: string, width: number): string {
  const t = clean(text).slice(0, width);
  return ' '.repeat(Math.floor((width - t.length) / 2)) + t;
}

/** Label left (its indentation kept), value right; a label too long is cut so the value stays whole. */
function pair(label: string, value: string, width: number): string {
  const v = clean(value);
  const room = Math.max(1, width - v.length - 1);
  const indent = /^ */.exec(label)?.[0] ?? '';
  const l = (indent + clean(label)).slice(0, room);
  return l + ' '.repeat(Math.max(1, width - l.length - v.length)) + v;
}

/** Long text broken on spaces into lines of the width. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of clean(text).split(' ')) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = '';
    }
    line = line ? `${line} ${word}` : word.slice(0, width);
  }
  if (line) lines.push(line);
  return lines;
}

function formatDocument(value: string): string {
  const digits = onlyDigits(value);
  if (digits.length === 11) return formatCpf(digits);
  if (digits.length === 14) return formatCnpj(digits);
  return value;
}

function itemLines(line: ReceiptLine, index: number, width: number): string[] {
  const out = [`${String(index + 1).padStart(3, '0')} ${cutDescription(line.descricao)}`];
  const quantity = `${formatQuantity(line.quantidade)} ${line.unidade ?? 'UN'} x ${formatMoney(line.valor_unitario)}`;
  out.push(pair(`    ${quantity}`, formatMoney(line.valor_total + line.valor_desconto), width));
  if (line.promocao) out.push(pair('    Promoção', `de ${formatMoney(line.promocao.de)} por ${formatMoney(line.valor_unitario)}`, width));
  if (line.valor_desconto > 0) out.push(pair('    Desconto', `-${formatMoney(line.valor_desconto)}`, width));
  return out;
}

/**
 * The receipt's text; with `vias` 2 (002 imprimir_duas_vias_tef) the customer's copy, a cut mark, the shop's copy,
 * each labelled under the title (the exchange voucher only with the customer's).
 */
export function receiptText(data: ReceiptData, width = RECEIPT_COLUMNS): string {
  return receiptCopyLabels(data.vias).map((via, index) => copyText(data, width, via, index === 0)).join(RECEIPT_CUT_MARK);
}

function copyText(data: ReceiptData, width: number, via: string | null, withVoucher: boolean): string {
  const rule = '-'.repeat(width);
  const out: string[] = [center(data.loja.nome, width)];
  if (data.loja.cnpj) out.push(center(`CNPJ ${formatDocument(data.loja.cnpj)}`, width));
  if (data.loja.endereco) out.push(...wrap(data.loja.endereco, width).map((l) => center(l, width)));
  out.push(rule, center(data.titulo, width));
  if (via) out.push(center(via, width));
  out.push(center(`${data.numero ? `Nº ${data.numero} - ` : ''}${formatInZone(data.data, data.fuso_horario)}`, width));
  out.push(center(`Operador: ${data.operador}`, width));
  const cliente = data.cliente;
  if (cliente && (cliente.nome || cliente.cpf_cnpj)) {
    out.push(...wrap(`${cliente.nome ?? 'Consumidor'}${cliente.cpf_cnpj ? ` - CPF/CNPJ ${formatDocument(cliente.cpf_cnpj)}` : ''}`, width));
  }
  out.push(rule, pair('#   DESCRIÇÃO / QTD x VALOR UNIT.', 'VALOR', width));
  data.itens.forEach((line, i) => out.push(...itemLines(line, i, width)));
  out.push(rule, pair('Total bruto', formatMoney(data.bruto), width));
  if (data.desconto > 0) out.push(pair('Desconto', `-${formatMoney(data.desconto)}`, width));
  if (data.acrescimo > 0) out.push(pair('Acréscimo', formatMoney(data.acrescimo), width));
  out.push(pair('TOTAL', formatMoney(data.total), width), rule, 'PAGAMENTOS');
  for (const p of data.pagamentos) {
    out.push(pair(p.parcelas > 1 ? `${p.descricao} (${p.parcelas}x)` : p.descricao, formatMoney(p.valor), width));
    if (p.utilizar_captura && isCard(p.meio_pagamento) && p.cartao) {
      out.push('  TRANSAÇÃO COM CARTÃO', ...cardLines(p.cartao, data.fuso_horario).map((line) => `  ${line}`));
    }
  }
  if (data.mostrar_troco !== false) out.push(pair('Troco', formatMoney(receiptChange(data)), width));
  out.push(rule);
  if (data.observacao) out.push(...wrap(data.observacao, width).map((l) => center(l, width)));
  out.push(center('Obrigado pela preferência!', width));
  if (withVoucher && data.troca) out.push(...exchangeText(data, width));
  return `${out.join('\n')}\n`;
}

/** The exchange voucher below the receipt, after a cut (one per product line when the branch asks). */
function exchangeText(data: ReceiptData, width: number): string[] {
  const troca = data.troca;
  if (!troca) return [];
  const voucher = (lines: ReceiptLine[]) => [
    RECEIPT_CUT_MARK,
    center(EXCHANGE_VOUCHER_TITLE, width),
    center(`${data.numero ? `Nº ${data.numero} - ` : ''}${formatInZone(data.data, data.fuso_horario)}`, width),
    ...(data.cliente?.nome ? [center(data.cliente.nome, width)] : []),
    '-'.repeat(width),
    ...lines.map((l) => pair(cutDescription(l.descricao), formatQuantity(l.quantidade), width)),
    '-'.repeat(width),
    center(`Troca válida até ${troca.valido_ate}`, width),
  ];
  return troca.por_produto ? data.itens.flatMap((l) => voucher([l])) : voucher(data.itens);
}
