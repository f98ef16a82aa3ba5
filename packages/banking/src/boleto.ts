/**
 * The FEBRABAN boleto code: the 44-digit barcode and the 47-digit linha digitável.
 *
 * Barcode: bank(3) currency(1) general DV(1) due-date factor(4) value in centavos(10) free field(25). The general
 * DV is modulo 11 with weights 2..9 over the other 43 digits, and the results 0, 10 and 11 become 1.
 * Linha digitável: field 1 = bank + currency + free[0..5] + mod10; field 2 = free[5..15] + mod10; field 3 =
 * free[15..25] + mod10; field 4 = general DV; field 5 = factor + value.
 * Due-date factor: days since 07/10/1997 (1000 on 03/07/2000); it reached 9999 on 21/02/2025 and restarted at 1000
 * on 22/02/2025, so it cycles every 9000 days and a factor names a date only near a reference date.
 */
import { ValidationError } from '@pdv/domain/errors';
import { isDigits, mod10, mod11 } from './check-digits.ts';
import { BANKING_MESSAGES as M } from './messages.ts';

const DAY = 86_400_000;
const BASE = Date.UTC(1997, 9, 7);

/** An ISO date 'yyyy-mm-dd' as whole UTC days since the epoch. */
function isoToDays(iso: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) throw new ValidationError(M.dataInvalida(iso), 'vencimento');
  const t = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  const d = new Date(t);
  if (d.getUTCMonth() !== Number(m[2]) - 1 || d.getUTCDate() !== Number(m[3])) throw new ValidationError(M.dataInvalida(iso), 'vencimento');
  return t / DAY;
}

const daysToIso = (days: number): string => new Date(days * DAY).toISOString().slice(0, 10);

/** The due-date factor of an ISO date (from 03/07/2000 onwards; cycles every 9000 days). */
export function dueDateFactor(iso: string): string {
  const days = isoToDays(iso) - BASE / DAY;
  if (days < 1000) throw new ValidationError(M.vencimentoForaDoIntervalo, 'vencimento');
  return String(1000 + ((days - 1000) % 9000));
}

/**
 * The date a factor stands for, the one of its cycles nearest to `reference` (an ISO date, usually today): a factor
 * read in 2026 is a date between about 2013 and 2038 rather than the 1997-2025 one.
 */
export function dateFromFactor(factor: string, reference: string): string {
  const f = Number(factor);
  if (!/^\d{4}$/.test(factor) || f < 1000) throw new ValidationError(M.fatorInvalido, 'fator');
  const ref = isoToDays(reference);
  const first = BASE / DAY + f;
  const k = Math.max(0, Math.round((ref - first) / 9000));
  return daysToIso(first + k * 9000);
}

export interface BarcodeFields {
  /** 3-digit FEBRABAN bank code. */
  bank: string;
  /** '9' = real. */
  currency: string;
  factor: string;
  /** Value in centavos. */
  value: number;
  /** 25 digits, the bank's own. */
  freeField: string;
}

export const MAX_VALUE = 99_999_999_99;

/** The general check digit of a 44-digit barcode whose 5th digit is ignored. */
export function generalDigit(barcodeWithoutDv: string): number {
  return mod11(barcodeWithoutDv, 9, { 0: 1, 10: 1, 11: 1 });
}

export function buildBarcode(f: BarcodeFields): string {
  if (!/^\d{3}$/.test(f.bank)) throw new ValidationError(M.campoTamanhoExato('banco', 3), 'banco');
  if (!Number.isInteger(f.value) || f.value < 0 || f.value > MAX_VALUE) throw new ValidationError(M.valorInvalido, 'valor');
  if (!/^\d{4}$/.test(f.factor)) throw new ValidationError(M.fatorInvalido, 'fator');
  if (f.freeField.length !== 25 || !isDigits(f.freeField)) throw new ValidationError(M.campoLivreInvalido, 'campo_livre');
  const rest = `${f.factor}${String(f.value).padStart(10, '0')}${f.freeField}`;
  const dv = generalDigit(`${f.bank}${f.currency}${rest}`);
  return `${f.bank}${f.currency}${dv}${rest}`;
}

/** Reads a barcode into its fields, checking its length and its general check digit. */
export function parseBarcode(barcode: string): BarcodeFields {
  if (barcode.length !== 44 || !isDigits(barcode)) throw new ValidationError(M.codigoBarrasInvalido, 'codigo_barras');
  if (generalDigit(barcode.slice(0, 4) + barcode.slice(5)) !== Number(barcode[4])) {
    throw new ValidationError(M.codigoBarrasDigitoInvalido, 'codigo_barras');
  }
  return {
    bank: barcode.slice(0, 3),
    currency: barcode.slice(3, 4),
    factor: barcode.slice(5, 9),
    value: Number(barcode.slice(9, 19)),
    freeField: barcode.slice(19, 44),
  };
}

/** The linha digitável of a barcode, formatted 'AAAAA.AAAAA BBBBB.BBBBBB CCCCC.CCCCCC D EEEEEEEEEEEEEE'. */
export function linhaDigitavel(barcode: string): string {
  parseBarcode(barcode);
  const free = barcode.slice(19);
  const f1 = `${barcode.slice(0, 4)}${free.slice(0, 5)}`;
  const f2 = free.slice(5, 15);
  const f3 = free.slice(15, 25);
  const c1 = `${f1}${mod10(f1)}`;
  const c2 = `${f2}${mod10(f2)}`;
  const c3 = `${f3}${mod10(f3)}`;
  return `${c1.slice(0, 5)}.${c1.slice(5)} ${c2.slice(0, 5)}.${c2.slice(5)} ${c3.slice(0, 5)}.${c3.slice(5)} ${barcode[4]} ${barcode.slice(5, 19)}`;
}

/** The barcode of a linha digitável (punctuation and spaces ignored), checking the three field digits and the general one. */
export function barcodeFromLinha(linha: string): string {
  const d = linha.replace(/[\s.]/g, '');
  if (d.length !== 47 || !isDigits(d)) throw new ValidationError(M.linhaDigitavelInvalida, 'linha_digitavel');
  const fields = [d.slice(0, 10), d.slice(10, 21), d.slice(21, 32)];
  fields.forEach((field, i) => {
    if (mod10(field.slice(0, -1)) !== Number(field.slice(-1))) throw new ValidationError(M.linhaDigitavelDigitoInvalido(i + 1), 'linha_digitavel');
  });
  const barcode = `${d.slice(0, 4)}${d[32]}${d.slice(33, 47)}${d.slice(4, 9)}${d.slice(10, 20)}${d.slice(21, 31)}`;
  parseBarcode(barcode);
  return barcode;
}
