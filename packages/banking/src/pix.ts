/**
 * PIX BR Code (Manual de Padrões para Iniciação do Pix, BCB): the EMV QR "copia e cola" payload, static (key,
 * optional amount, txid or ***) or dynamic (the PSP's location URL, without https://), closed by the CRC16 of
 * ID 63 (CRC-16/CCITT-FALSE: polynomial 0x1021, initial 0xFFFF, over the whole payload including '6304', 4 upper hex).
 * Each field is ID(2) + length(2) + value; texts are restricted to ASCII (accents dropped), name 25 and city 15 at most.
 */
import { ValidationError } from '@pdv/domain/errors';
import { BANKING_MESSAGES as M } from './messages.ts';

const GUI = 'br.gov.bcb.pix';

export function crc16(payload: string): string {
  let crc = 0xffff;
  for (let i = 0; i < payload.length; i++) {
    crc ^= payload.charCodeAt(i) << 8;
    for (let b = 0; b < 8; b++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

const field = (id: string, value: string): string => `${id}${String(value.length).padStart(2, '0')}${value}`;

/** ASCII only (accents dropped), trimmed, cut to `max`. */
export function pixText(value: string, max: number): string {
  return value.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^\x20-\x7E]/g, '').trim().slice(0, max);
}

interface PixCommon {
  /** Recebedor's name (cut to 25). */
  nome: string;
  /** Recebedor's city (cut to 15). */
  cidade: string;
  /** Amount in centavos; absent lets the payer type it (static only). */
  valor?: number;
  cep?: string;
}
export interface PixStatic extends PixCommon {
  chave: string;
  /** Up to 25 letters or digits; '***' (the default) when there is none. */
  txid?: string;
  /** A free text shown to the payer. */
  infoAdicional?: string;
}
export interface PixDynamic extends PixCommon {
  /** The location URL returned by the PSP, with or without https://. */
  url: string;
  /** Single-use payment (Point of Initiation Method 12). */
  unico?: boolean;
}

function amount(valor: number | undefined): string {
  if (valor === undefined) return '';
  if (!Number.isInteger(valor) || valor <= 0 || valor > 99_999_999_99) throw new ValidationError(M.valorInvalido, 'valor');
  return field('54', `${Math.trunc(valor / 100)}.${String(valor % 100).padStart(2, '0')}`);
}

function tail(p: PixCommon, txid: string): string {
  const nome = pixText(p.nome, 25);
  const cidade = pixText(p.cidade, 15);
  if (!nome) throw new ValidationError(M.pixNomeObrigatorio, 'nome');
  if (!cidade) throw new ValidationError(M.pixCidadeObrigatoria, 'cidade');
  const cep = p.cep ? field('61', p.cep.replace(/\D/g, '')) : '';
  return `${field('52', '0000')}${field('53', '986')}${amount(p.valor)}${field('58', 'BR')}${field('59', nome)}${field('60', cidade)}${cep}`
    + `${field('62', field('05', txid))}`;
}

const withCrc = (body: string): string => `${body}6304${crc16(`${body}6304`)}`;

export function pixStatic(p: PixStatic): string {
  const chave = p.chave.trim();
  if (!chave) throw new ValidationError(M.pixChaveObrigatoria, 'chave');
  if (chave.length > 77) throw new ValidationError(M.pixChaveTamanho, 'chave');
  const txid = p.txid?.trim() || '***';
  if (txid !== '***' && !/^[A-Za-z0-9]{1,25}$/.test(txid)) throw new ValidationError(M.pixTxidInvalido, 'txid');
  const info = p.infoAdicional ? field('02', pixText(p.infoAdicional, 72 - chave.length)) : '';
  const account = field('26', `${field('00', GUI)}${field('01', chave)}${info}`);
  return withCrc(`${field('00', '01')}${account}${tail(p, txid)}`);
}

/**
 * The txid of a hybrid boleto's static PIX: 'BOL' + the bank's code (3 digits) + the nosso número's letters and digits
 * (its printed form, check digit included), at most 25 characters (Manual de Padrões: txid of a static QR, [A-Za-z0-9]
 * up to 25). The nosso número is unique per account, so the txid names one boleto; a nosso número that would not fit
 * keeps its last digits (the sequence's end, which varies).
 */
export function boletoPixTxid(banco: string, nossoNumero: string): string {
  const nn = nossoNumero.replace(/[^A-Za-z0-9]/g, '');
  const prefix = `BOL${banco.replace(/\D/g, '').padStart(3, '0').slice(-3)}`;
  return `${prefix}${nn.slice(-(25 - prefix.length))}`;
}

/** The PIX receiver of a hybrid boleto: the account's key and the beneficiário's name and city. */
export interface HybridPixReceiver { chave: string; nome: string; cidade: string }

/**
 * The static BR Code printed on a hybrid boleto (one rule for the server's PDF and the local connector's): the
 * receiver's key, name and city, the boleto's value, and the txid `boletoPixTxid` derived from the printed nosso número.
 */
export function boletoHybridPix(receiver: HybridPixReceiver, banco: string, nossoNumero: string, valor: number): string {
  return pixStatic({ chave: receiver.chave, nome: receiver.nome, cidade: receiver.cidade, valor, txid: boletoPixTxid(banco, nossoNumero) });
}

export function pixDynamic(p: PixDynamic): string {
  const url = p.url.trim().replace(/^https:\/\//i, '');
  if (!url || url.length > 77 || /^[a-z]+:\/\//i.test(url) || /\s/.test(url)) throw new ValidationError(M.pixUrlInvalida, 'url');
  const account = field('26', `${field('00', GUI)}${field('25', url)}`);
  return withCrc(`${field('00', '01')}${p.unico ? field('01', '12') : ''}${account}${tail(p, '***')}`);
}

export interface PixField { id: string; value: string; children?: PixField[] }

function readFields(s: string, nested: boolean): PixField[] {
  const out: PixField[] = [];
  let i = 0;
  while (i < s.length) {
    const id = s.slice(i, i + 2);
    const len = Number(s.slice(i + 2, i + 4));
    if (!/^\d{2}$/.test(id) || !/^\d{2}$/.test(s.slice(i + 2, i + 4)) || i + 4 + len > s.length) {
      throw new ValidationError(M.pixPayloadInvalido(`campo ${id} malformado na posição ${i}`), 'pix');
    }
    const value = s.slice(i + 4, i + 4 + len);
    const hasChildren = nested && (id === '26' || id === '62' || (Number(id) >= 26 && Number(id) <= 51) || id === '80');
    out.push(hasChildren ? { id, value, children: readFields(value, false) } : { id, value });
    i += 4 + len;
  }
  return out;
}

export interface PixParsed {
  chave?: string;
  url?: string;
  txid?: string;
  /** Centavos. */
  valor?: number;
  nome: string;
  cidade: string;
  fields: PixField[];
}

/** Reads a BR Code, checking its structure, its GUI and its CRC16. */
export function parsePix(payload: string): PixParsed {
  if (!/6304[0-9A-F]{4}$/.test(payload)) throw new ValidationError(M.pixPayloadInvalido('sem o CRC16 (campo 63)'), 'pix');
  if (crc16(payload.slice(0, -4)) !== payload.slice(-4)) throw new ValidationError(M.pixCrcInvalido, 'pix');
  const fields = readFields(payload, true);
  const get = (id: string) => fields.find((f) => f.id === id);
  if (get('00')?.value !== '01') throw new ValidationError(M.pixPayloadInvalido('indicador de formato diferente de 01'), 'pix');
  const account = get('26')?.children ?? [];
  if (account.find((f) => f.id === '00')?.value.toLowerCase() !== GUI) throw new ValidationError(M.pixPayloadInvalido('sem o GUI br.gov.bcb.pix'), 'pix');
  const valor = get('54')?.value;
  const parsed: PixParsed = { nome: get('59')?.value ?? '', cidade: get('60')?.value ?? '', fields };
  const chave = account.find((f) => f.id === '01')?.value;
  const url = account.find((f) => f.id === '25')?.value;
  const txid = get('62')?.children?.find((f) => f.id === '05')?.value;
  if (chave !== undefined) parsed.chave = chave;
  if (url !== undefined) parsed.url = url;
  if (txid !== undefined) parsed.txid = txid;
  if (valor !== undefined) {
    if (!/^\d{1,10}(\.\d{1,2})?$/.test(valor)) throw new ValidationError(M.pixPayloadInvalido(`valor ${valor}`), 'pix');
    const [int, dec = ''] = valor.split('.');
    parsed.valor = Number(int) * 100 + Number(dec.padEnd(2, '0'));
  }
  return parsed;
}
