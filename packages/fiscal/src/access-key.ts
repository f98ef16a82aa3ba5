/**
 * The 44-character access key (chave de acesso) of NF-e/NFC-e (MOC 7.0, item 5.4; NT 2023.004 for the alphanumeric
 * CNPJ): cUF(2) AAMM(4) CNPJ(14) mod(2) serie(3) nNF(9) tpEmis(1) cNF(8) cDV(1).
 *
 * The check digit is mod 11 over the first 43 characters, weights 2..9 from the right, a remainder of 0 or 1 giving 0.
 * A character's value is its ASCII code minus 48, which keeps digits as they are and lets the letters of an
 * alphanumeric CNPJ count ('A' = 17, 'Z' = 42).
 */
import { randomInt } from 'node:crypto';
import { ValidationError } from '@pdv/domain/errors';

export const ACCESS_KEY_LENGTH = 44;

/** The shape the schema accepts (TChNFe): letters only inside the CNPJ, and not in its last two digits. */
export const ACCESS_KEY_PATTERN = /^[0-9]{6}[0-9A-Z]{12}[0-9]{26}$/;

/** IBGE codes of the 27 states (TCodUfIBGE). */
export const UF_CODES = {
  RO: '11', AC: '12', AM: '13', RR: '14', PA: '15', AP: '16', TO: '17', MA: '21', PI: '22', CE: '23', RN: '24', PB: '25',
  PE: '26', AL: '27', SE: '28', BA: '29', MG: '31', ES: '32', RJ: '33', SP: '35', PR: '41', SC: '42', RS: '43', MS: '50',
  MT: '51', GO: '52', DF: '53',
} as const;

export type UF = keyof typeof UF_CODES;
export type CodigoUF = (typeof UF_CODES)[UF];

const UF_BY_CODE = new Map<string, UF>(Object.entries(UF_CODES).map(([uf, code]) => [code, uf as UF]));

/** The state abbreviation of an IBGE code ('35' -> 'SP'), or undefined. */
export function ufFromCode(code: string | number): UF | undefined {
  return UF_BY_CODE.get(String(code).padStart(2, '0'));
}

/** The IBGE code of a state ('SP' -> '35'). */
export function codeFromUf(uf: UF): CodigoUF {
  return UF_CODES[uf];
}

export interface AccessKeyFields {
  /** IBGE code of the issuer's state. */
  cUF: string | number;
  /** Year and month of issue, 'AAMM' ('2605' for May 2026). */
  aamm: string;
  /** Issuer's CNPJ (numeric or alphanumeric, mask allowed) or CPF (padded with zeros to 14). */
  cnpj: string;
  mod: string | number;
  serie: string | number;
  nNF: string | number;
  tpEmis: string | number;
  /** The 8-digit random code. */
  cNF: string | number;
}

export interface AccessKeyParts {
  cUF: string;
  aamm: string;
  /** Full year (2000 + AA). */
  year: number;
  month: number;
  cnpj: string;
  mod: string;
  serie: number;
  nNF: number;
  tpEmis: number;
  cNF: string;
  cDV: number;
  /** Whether cDV is the mod-11 digit of the first 43 characters. */
  checkDigitOk: boolean;
}

/** Value of one key character: ASCII code minus 48. */
function charValue(char: string): number {
  return char.charCodeAt(0) - 48;
}

/** The mod-11 check digit of the first 43 characters of a key. */
export function accessKeyCheckDigit(first43: string): number {
  if (!/^[0-9A-Z]{43}$/.test(first43)) {
    throw new ValidationError(`Chave de acesso inválida: esperados 43 caracteres antes do dígito, recebido '${first43}'.`);
  }
  let sum = 0;
  let weight = 2;
  for (let i = first43.length - 1; i >= 0; i -= 1) {
    sum += charValue(first43[i]!) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

function digits(value: string | number, size: number, field: string): string {
  const text = String(value).trim();
  if (!/^\d+$/.test(text) || text.length > size) {
    throw new ValidationError(`Chave de acesso: campo ${field} inválido ('${text}').`, field);
  }
  return text.padStart(size, '0');
}

/** Issuer id as it goes into the key: CNPJ without mask, upper case; a CPF is left-padded with zeros. */
function keyCnpj(value: string): string {
  const text = value.toUpperCase().replace(/[^0-9A-Z]/g, '');
  if (/^\d{11}$/.test(text)) return text.padStart(14, '0');
  if (!/^[0-9A-Z]{12}\d{2}$/.test(text)) {
    throw new ValidationError(`Chave de acesso: CNPJ do emitente inválido ('${value}').`, 'CNPJ');
  }
  return text;
}

/** The 44-character access key with its check digit. */
export function buildAccessKey(fields: AccessKeyFields): string {
  const aamm = digits(fields.aamm, 4, 'AAMM');
  const month = Number(aamm.slice(2));
  if (month < 1 || month > 12) throw new ValidationError(`Chave de acesso: mês inválido em AAMM ('${aamm}').`, 'AAMM');
  const body = [
    digits(fields.cUF, 2, 'cUF'),
    aamm,
    keyCnpj(fields.cnpj),
    digits(fields.mod, 2, 'mod'),
    digits(fields.serie, 3, 'serie'),
    digits(fields.nNF, 9, 'nNF'),
    digits(fields.tpEmis, 1, 'tpEmis'),
    digits(fields.cNF, 8, 'cNF'),
  ].join('');
  return `${body}${accessKeyCheckDigit(body)}`;
}

/**
 * The fields of a key. Throws ValidationError when the text does not have the key's shape; a wrong check digit is
 * reported in `checkDigitOk`, not thrown (a received key is worth reading even when its digit is wrong).
 */
export function parseAccessKey(key: string): AccessKeyParts {
  const text = key.trim();
  if (text.length !== ACCESS_KEY_LENGTH) {
    throw new ValidationError(`Chave de acesso inválida: deve conter 44 caracteres (recebidos ${text.length}).`, 'chave');
  }
  if (!ACCESS_KEY_PATTERN.test(text)) {
    throw new ValidationError(`Chave de acesso inválida: '${text}'.`, 'chave');
  }
  const aamm = text.slice(2, 6);
  return {
    cUF: text.slice(0, 2),
    aamm,
    year: 2000 + Number(aamm.slice(0, 2)),
    month: Number(aamm.slice(2)),
    cnpj: text.slice(6, 20),
    mod: text.slice(20, 22),
    serie: Number(text.slice(22, 25)),
    nNF: Number(text.slice(25, 34)),
    tpEmis: Number(text.slice(34, 35)),
    cNF: text.slice(35, 43),
    cDV: Number(text.slice(43)),
    checkDigitOk: accessKeyCheckDigit(text.slice(0, 43)) === Number(text.slice(43)),
  };
}

/** Whether a text is a well-formed key of a real state and month with the right check digit. */
export function isValidAccessKey(key: string): boolean {
  if (typeof key !== 'string' || !ACCESS_KEY_PATTERN.test(key)) return false;
  const month = Number(key.slice(4, 6));
  if (!UF_BY_CODE.has(key.slice(0, 2)) || month < 1 || month > 12) return false;
  return accessKeyCheckDigit(key.slice(0, 43)) === Number(key.slice(43));
}

/** Whether every digit steps by +1 (ascending) or every digit by -1 (descending): 12345678, 87654321, 01234567. */
function isRun(code: string): boolean {
  let up = true;
  let down = true;
  for (let i = 1; i < code.length; i += 1) {
    const step = code.charCodeAt(i) - code.charCodeAt(i - 1);
    if (step !== 1) up = false;
    if (step !== -1) down = false;
  }
  return up || down;
}

/**
 * Whether an 8-digit cNF obeys the rules of the manual (NT 2019.001): different from the invoice number, not one
 * digit repeated, not an ascending or descending run.
 */
export function isValidCNF(cNF: string, nNF: number | string): boolean {
  if (!/^\d{8}$/.test(cNF)) return false;
  if (Number(cNF) === Number(nNF)) return false;
  if (/^(\d)\1{7}$/.test(cNF)) return false;
  return !isRun(cNF);
}

/** A random cNF for the invoice number `nNF` (crypto-strength randomness; retries until the rules hold). */
export function randomCNF(nNF: number | string, random: (max: number) => number = randomInt): string {
  for (;;) {
    const code = String(random(100_000_000)).padStart(8, '0');
    if (isValidCNF(code, nNF)) return code;
  }
}
