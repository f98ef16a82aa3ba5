/**
 * How the DANFE writes values: pt-BR numbers (1.234,56), dates as dd/mm/aaaa hh:mm:ss in the note's own offset
 * (the time printed is the time written in the XML, whatever the printing machine's zone), the access key in groups
 * of 4, CNPJ/CPF masks and the names of the coded fields.
 */
import { formatCnpj, formatCpf } from '@pdv/domain/documents';
import { formatDecimalBR, type Cents } from '@pdv/domain/money';
import { MEIO_PAGAMENTO_NOME } from '@pdv/domain/payment-method';
import type { DecimalText } from './danfe-parse.ts';

/** Centavos as pt-BR decimal: 123456 -> '1.234,56'. */
export function formatCents(cents: Cents): string {
  return formatDecimalBR(cents);
}

/**
 * Decimal text from the XML in pt-BR, exactly: trailing zeros dropped down to `minDecimals`, never rounded
 * ('12.8400000', 2 -> '12,84'; '36.0000', 4 -> '36,0000'; '0.0123456789', 2 -> '0,0123456789').
 */
export function formatDecimalText(text: DecimalText, minDecimals: number): string {
  const negative = text.startsWith('-');
  const [intRaw = '0', fracRaw = ''] = (negative ? text.slice(1) : text).split('.');
  const intPart = intRaw.replace(/^0+(?=\d)/, '');
  let frac = fracRaw.replace(/0+$/, '');
  if (frac.length < minDecimals) frac = frac.padEnd(minDecimals, '0');
  const grouped = intPart.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  const body = frac ? `${grouped},${frac}` : grouped;
  return negative && /[1-9]/.test(body) ? `-${body}` : body;
}

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2}))?)?/;

/** '2018-10-01T07:28:14-04:00' -> '01/10/2018 07:28:14' (the wall time written, in its own offset). */
export function formatXmlDateTime(value: string | null): string {
  const match = value ? DATE_TIME.exec(value) : null;
  if (!match) return value ?? '';
  const [, year, month, day, hour, minute, second] = match;
  const date = `${day}/${month}/${year}`;
  return hour === undefined ? date : `${date} ${hour}:${minute}:${second ?? '00'}`;
}

/** '2018-10-01T07:28:14-04:00' or '2018-10-01' -> '01/10/2018'. */
export function formatXmlDate(value: string | null): string {
  const match = value ? DATE_TIME.exec(value) : null;
  return match ? `${match[3]}/${match[2]}/${match[1]}` : (value ?? '');
}

/** '2018-10-01T07:28:14-04:00' -> '07:28:14'; '' for a date without time. */
export function formatXmlTime(value: string | null): string {
  const match = value ? DATE_TIME.exec(value) : null;
  return match?.[4] === undefined ? '' : `${match[4]}:${match[5]}:${match[6] ?? '00'}`;
}

/** The 44-character key in 11 groups of 4 separated by spaces. */
export function formatAccessKey(key: string): string {
  return key.replace(/(.{4})(?=.)/g, '$1 ');
}

/** CNPJ (numeric or alphanumeric) or CPF with its mask; other values as they are. */
export function formatTaxId(value: string | null): string {
  if (!value) return '';
  if (/^\d{11}$/.test(value)) return formatCpf(value);
  if (/^[0-9A-Z]{12}\d{2}$/.test(value)) return formatCnpj(value);
  return value;
}

/** nNF as the DANFE prints it: 9 digits in groups of three ('26' -> '000.000.026'). */
export function formatNoteNumber(nNF: string): string {
  return /^\d{1,9}$/.test(nNF) ? nNF.padStart(9, '0').replace(/(\d{3})(?=\d)/g, '$1.') : nNF;
}

/** Série with three digits ('1' -> '001'). */
export function formatSeries(serie: string): string {
  return /^\d{1,3}$/.test(serie) ? serie.padStart(3, '0') : serie;
}

export function formatCep(cep: string | null): string {
  if (!cep) return '';
  return /^\d{8}$/.test(cep) ? `${cep.slice(0, 5)}-${cep.slice(5)}` : cep;
}

/** Phone with area code: '4499764041' -> '(44) 9976-4041', '551912345678' -> '(19) 1234-5678'. */
export function formatPhone(phone: string | null): string {
  if (!phone) return '';
  // Country code 55 or a long-distance 0 in front of the area code are dropped.
  const digits = phone
    .replace(/\D/g, '')
    .replace(/^55(?=\d{10,11}$)/, '')
    .replace(/^0(?=\d{10,11}$)/, '');
  if (digits.length === 10) return `(${digits.slice(0, 2)}) ${digits.slice(2, 6)}-${digits.slice(6)}`;
  if (digits.length === 11) return `(${digits.slice(0, 2)}) ${digits.slice(2, 7)}-${digits.slice(7)}`;
  return phone;
}

/** The payment form's pt-BR name (tPag); 99 with a description (xPag) prints the description. */
export function paymentName(tPag: string, xPag: string | null = null): string {
  if (tPag === '99' && xPag) return xPag;
  const names: Readonly<Record<string, string>> = MEIO_PAGAMENTO_NOME;
  return names[tPag] ?? `Outros (${tPag})`;
}

const CARD_BRANDS: Readonly<Record<string, string>> = {
  '01': 'Visa',
  '02': 'Mastercard',
  '03': 'American Express',
  '04': 'Sorocred',
  '05': 'Diners Club',
  '06': 'Elo',
  '07': 'Hipercard',
  '08': 'Aura',
  '09': 'Cabal',
  '99': 'Outros',
};

export function cardBrandName(tBand: string | null): string | null {
  return tBand ? (CARD_BRANDS[tBand] ?? tBand) : null;
}

const FREIGHT: Readonly<Record<string, string>> = {
  '0': '0 - Remetente (CIF)',
  '1': '1 - Destinatário (FOB)',
  '2': '2 - Terceiros',
  '3': '3 - Próprio Remetente',
  '4': '4 - Próprio Destinatário',
  '9': '9 - Sem Frete',
};

export function freightLabel(modFrete: string): string {
  return FREIGHT[modFrete] ?? modFrete;
}

/** Fixed texts of the DANFE layouts (the official manuals' wording). */
export const DANFE_TEXTS = {
  nfceTitle: 'DANFE NFC-e - Documento Auxiliar da Nota Fiscal de Consumidor Eletrônica',
  nfceHomologation: 'EMITIDA EM AMBIENTE DE HOMOLOGAÇÃO - SEM VALOR FISCAL',
  a4Homologation: 'SEM VALOR FISCAL - AMBIENTE DE HOMOLOGAÇÃO',
  contingency: 'EMITIDA EM CONTINGÊNCIA',
  pending: 'Pendente de autorização',
  draft: 'SEM VALOR FISCAL',
  consultKey: 'Consulte pela Chave de Acesso em',
  consultQr: 'Consulta via leitor de QR Code',
  anonymousConsumer: 'CONSUMIDOR NÃO IDENTIFICADO',
} as const;

/** tpAmb 2: the homologation (test) environment. */
export function isHomologation(tpAmb: string): boolean {
  return tpAmb === '2';
}

/** tpEmis 9: NFC-e issued offline, to be transmitted later. */
export function isOfflineContingency(tpEmis: string): boolean {
  return tpEmis === '9';
}

/** cStat 100 (authorised) or 150 (authorised late). */
export function isAuthorized(cStat: string | null | undefined): boolean {
  return cStat === '100' || cStat === '150';
}
