/**
 * Reads a bank statement in OFX (Open Financial Exchange), 1.x SGML and 2.x XML, into its accounts and lines, for the
 * bank conciliation (002 §2). Brazilian banks' files are read as they come, not as the standard wishes:
 *
 * - Encoding: the bytes are read as UTF-8 when they are valid UTF-8, whatever the header declares (many files say
 *   CHARSET:1252 and carry UTF-8), otherwise as Windows-1252 (which covers ISO-8859-1's printable characters).
 * - SGML leaves without their closing tag (`<TRNAMT>-10.00` then a new line), or with it (2.x, and 1.x files that
 *   close them anyway); tags in any case; values with XML entities.
 * - Amounts with a decimal comma (`-1.234,56`, `150,00`), a decimal point, or both (the last one is the decimal).
 * - Dates `AAAAMMDD[HHMMSS[.XXX]][[-3:BRT]]`: only the calendar day is kept (a bank line has no useful time).
 * - FITID: the line's key in its account. A missing FITID is made from the line (date, amount, memo and its
 *   occurrence in the file), and a FITID repeated in one file for another line is suffixed (#2, #3) in file order, so
 *   the same file always yields the same keys and importing it twice is recognised.
 *
 * Amounts are integer centavos, signed as the bank signs them: a credit is positive, a debit negative.
 */
import { ValidationError } from '@pdv/domain/errors';
import { scaleDecimal, type Cents } from '@pdv/domain/money';
import { BANKING_MESSAGES as M } from './messages.ts';

export interface OfxTransaction {
  /** The line's key in its account (see the header). */
  fitid: string;
  /** TRNTYPE as written (CREDIT, DEBIT, PAYMENT, XFER, OTHER, ...), upper case. */
  tipo: string;
  /** AAAA-MM-DD. */
  data: string;
  /** Signed centavos: a credit is positive. */
  valor: Cents;
  memo: string;
  nome: string;
  documento: string;
}

export interface OfxStatement {
  banco: string;
  agencia: string;
  conta: string;
  moeda: string;
  data_inicio: string | null;
  data_fim: string | null;
  /** LEDGERBAL, when the file has it. */
  saldo: { valor: Cents; data: string | null } | null;
  transacoes: OfxTransaction[];
}

/** Windows-1252's 0x80-0x9F (Node without full ICU decodes 'windows-1252' as Latin-1: written out here). */
const CP1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ';

/** The text of an OFX file given as bytes: UTF-8 when valid, otherwise Windows-1252 (ISO-8859-1). */
export function decodeOfx(bytes: Uint8Array): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = Array.from(bytes, (b) => (b >= 0x80 && b <= 0x9f ? CP1252_HIGH[b - 0x80]! : String.fromCharCode(b))).join('');
  }
  return text.replace(/^\uFEFF/, '');
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function unescape(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, e: string) => {
    const code = e.startsWith('#x') || e.startsWith('#X') ? parseInt(e.slice(2), 16) : e.startsWith('#') ? Number(e.slice(1)) : null;
    if (code === null) return ENTITIES[e.toLowerCase()] ?? whole;
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/** The value of a leaf element in a block: the text after `<TAG>` up to the next tag or line end. */
function leaf(block: string, tag: string): string {
  const m = new RegExp(`<${tag}>([^<\\r\\n]*)`, 'i').exec(block);
  return m ? unescape(m[1]!.trim()) : '';
}

/** The blocks of an aggregate: from each `<TAG>` to its `</TAG>`, or to the next `<TAG>` or `stop` when not closed. */
function blocks(text: string, tag: string, stop: string): string[] {
  const out: string[] = [];
  const open = new RegExp(`<${tag}>`, 'gi');
  const starts: number[] = [];
  for (let m = open.exec(text); m; m = open.exec(text)) starts.push(m.index + m[0].length);
  starts.forEach((start, i) => {
    const next = starts[i + 1] ?? text.length;
    let chunk = text.slice(start, next);
    const close = new RegExp(`</(${tag}|${stop})>`, 'i').exec(chunk);
    if (close) chunk = chunk.slice(0, close.index);
    out.push(chunk);
  });
  return out;
}

/** An OFX date as AAAA-MM-DD, or null when it is not a real date. */
export function ofxDate(value: string): string | null {
  const m = /^(\d{4})(\d{2})(\d{2})/.exec(value.trim());
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  return `${m[1]}-${m[2]}-${m[3]}`;
}

/** The largest amount a statement line may carry (the database's numeric(15,2)). */
const MAX_CENTS = 999_999_999_999_999;

/** An OFX amount in centavos: decimal point or comma; with both, the last one is the decimal separator. */
export function ofxAmount(value: string): Cents | null {
  let text = value.replace(/\s/g, '');
  if (text.startsWith('+')) text = text.slice(1);
  const comma = text.lastIndexOf(',');
  const point = text.lastIndexOf('.');
  if (comma >= 0 && point >= 0) {
    text = comma > point ? text.replace(/\./g, '').replace(',', '.') : text.replace(/,/g, '');
  } else if (comma >= 0) {
    if (text.indexOf(',') !== comma) return null;
    text = text.replace(',', '.');
  } else if (point >= 0 && text.indexOf('.') !== point) {
    return null;
  }
  if (!/^-?(\d+\.?\d*|\.\d+)$/.test(text)) return null;
  try {
    const cents = scaleDecimal(text, 2);
    return Math.abs(cents) <= MAX_CENTS ? cents : null;
  } catch {
    return null;
  }
}

/** FNV-1a of a text, 8 hex digits: a short stand-in for a memo inside a made-up FITID. */
function hash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h.toString(16).padStart(8, '0');
}

function statementOf(block: string, bankAccount: boolean, lineOffset: number, seen: Map<string, number>): OfxStatement {
  const account = blocks(block, bankAccount ? 'BANKACCTFROM' : 'CCACCTFROM', 'STMTRS')[0] ?? '';
  const list = blocks(block, 'BANKTRANLIST', 'STMTRS')[0] ?? '';
  const ledger = blocks(block, 'LEDGERBAL', 'STMTRS')[0];
  const transacoes: OfxTransaction[] = [];
  const made = new Map<string, number>();
  blocks(list, 'STMTTRN', 'BANKTRANLIST').forEach((t, i) => {
    const n = lineOffset + i + 1;
    const data = ofxDate(leaf(t, 'DTPOSTED')) ?? ofxDate(leaf(t, 'DTUSER'));
    if (!data) throw new ValidationError(M.ofxDataInvalida(n));
    const valor = ofxAmount(leaf(t, 'TRNAMT'));
    if (valor === null) throw new ValidationError(M.ofxValorInvalido(n));
    const memo = leaf(t, 'MEMO');
    let fitid = leaf(t, 'FITID');
    if (!fitid) {
      const base = `${data}|${valor}|${hash(memo)}`;
      const k = (made.get(base) ?? 0) + 1;
      made.set(base, k);
      fitid = `sem-fitid:${base}|${k}`;
    } else {
      const k = (seen.get(fitid) ?? 0) + 1;
      seen.set(fitid, k);
      if (k > 1) fitid = `${fitid}#${k}`;
    }
    transacoes.push({ fitid: fitid.slice(0, 255), tipo: leaf(t, 'TRNTYPE').toUpperCase(), data, valor, memo, nome: leaf(t, 'NAME'), documento: leaf(t, 'CHECKNUM') });
  });
  const saldoValor = ledger === undefined ? null : ofxAmount(leaf(ledger, 'BALAMT'));
  return {
    banco: leaf(account, 'BANKID'),
    agencia: leaf(account, 'BRANCHID'),
    conta: leaf(account, 'ACCTID'),
    moeda: leaf(block, 'CURDEF'),
    data_inicio: ofxDate(leaf(list, 'DTSTART')),
    data_fim: ofxDate(leaf(list, 'DTEND')),
    saldo: ledger === undefined || saldoValor === null ? null : { valor: saldoValor, data: ofxDate(leaf(ledger, 'DTASOF')) },
    transacoes,
  };
}

/** Every statement (bank or credit card) of an OFX file, given as its bytes or its text. */
export function parseOfx(input: Uint8Array | string): OfxStatement[] {
  const text = typeof input === 'string' ? input.replace(/^\uFEFF/, '') : decodeOfx(input);
  if (!text.trim()) throw new ValidationError(M.arquivoVazio);
  const start = text.search(/<OFX>/i);
  if (start < 0) throw new ValidationError(M.ofxInvalido);
  const body = text.slice(start);
  const out: OfxStatement[] = [];
  const seen = new Map<string, number>();
  let count = 0;
  for (const [tag, bank] of [['STMTRS', true], ['CCSTMTRS', false]] as const) {
    for (const b of blocks(body, tag, tag === 'STMTRS' ? 'STMTTRNRS' : 'CCSTMTTRNRS')) {
      const s = statementOf(b, bank, count, seen);
      count += s.transacoes.length;
      out.push(s);
    }
  }
  if (out.length === 0) throw new ValidationError(M.ofxSemExtrato);
  return out;
}

/** The digits of an account identifier without leading zeros ('0012345-6' -> '123456'). */
export const accountDigits = (value: string): string => value.replace(/\D/g, '').replace(/^0+/, '');
