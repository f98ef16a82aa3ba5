/** Paths and readers of the shared finance reference data (/work/shared/finance, see its README). */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const FINANCE_DIR = process.env.FINANCE_REFERENCE_DIR ?? '/work/shared/finance';
export const financePath = (...parts: string[]): string => join(FINANCE_DIR, ...parts);
export const readFinance = (...parts: string[]): string => readFileSync(financePath(...parts), 'latin1');
export const hasFinanceData = (): boolean => existsSync(financePath('README.md'));

export interface BoletoVector {
  bank: string;
  line: number;
  barcode?: string;
  linha?: string;
}

/** The brcobranca vectors: a barcode line, a linha digitável line, or a barcode followed by its linha. */
export function boletoVectors(): BoletoVector[] {
  const lines = readFinance('vectors', 'brcobranca_boleto_raw.txt').split('\n').filter((l) => l.trim() !== '');
  const out: BoletoVector[] = [];
  lines.forEach((raw, i) => {
    const sep = raw.indexOf(' ');
    const bank = raw.slice(0, sep);
    const value = raw.slice(sep + 1).trim();
    const prev = out[out.length - 1];
    if (/^\d{44}$/.test(value)) out.push({ bank, line: i + 1, barcode: value });
    else if (prev && prev.bank === bank && prev.barcode && !prev.linha) prev.linha = value;
    else out.push({ bank, line: i + 1, linha: value });
  });
  return out;
}
