/**
 * The 44-character access key of NF-e/NFC-e: cUF(2) AAMM(4) CNPJ(14) mod(2) serie(3) nNF(9) tpEmis(1) cNF(8) cDV(1).
 * cDV is mod 11 over the first 43 characters, weights 2..9 from the right, remainder 0 or 1 giving 0. Ready for the
 * alphanumeric CNPJ: each character counts as its ASCII code minus 48.
 */
import { randomInt } from 'node:crypto';

export interface AccessKeyParts {
  cUF: string;
  aamm: string;
  cnpj: string;
  mod: string;
  serie: number;
  nNF: number;
  tpEmis: number;
  cNF: string;
}

export function accessKeyDigit(first43: string): number {
  let sum = 0;
  let weight = 2;
  for (let i = first43.length - 1; i >= 0; i -= 1) {
    sum += (first43.charCodeAt(i) - 48) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

export function buildAccessKey(p: AccessKeyParts): string {
  const body = `${p.cUF.padStart(2, '0')}${p.aamm}${p.cnpj.padStart(14, '0')}${p.mod}${String(p.serie).padStart(3, '0')}`
    + `${String(p.nNF).padStart(9, '0')}${p.tpEmis}${p.cNF.padStart(8, '0')}`;
  if (!/^[0-9]{6}[0-9A-Z]{12}[0-9]{25}$/.test(body)) throw new Error(`campos inválidos para a chave de acesso: ${body}`);
  return body + String(accessKeyDigit(body));
}

export function isValidAccessKey(key: string): boolean {
  return /^[0-9]{6}[0-9A-Z]{12}[0-9]{26}$/.test(key) && accessKeyDigit(key.slice(0, 43)) === Number(key[43]);
}

export function parseAccessKey(key: string): AccessKeyParts & { cDV: number } {
  if (!isValidAccessKey(key)) throw new Error('Chave de acesso inválida.');
  return {
    cUF: key.slice(0, 2), aamm: key.slice(2, 6), cnpj: key.slice(6, 20), mod: key.slice(20, 22), serie: Number(key.slice(22, 25)),
    nNF: Number(key.slice(25, 34)), tpEmis: Number(key.slice(34, 35)), cNF: key.slice(35, 43), cDV: Number(key.slice(43)),
  };
}

/** cNF may not equal nNF nor be a run of one digit or a sequence going up or down (NT 2019.001). */
export function isAcceptableCNF(cNF: string, nNF: number): boolean {
  if (!/^[0-9]{8}$/.test(cNF)) return false;
  if (Number(cNF) === nNF) return false;
  if (/^(\d)\1{7}$/.test(cNF)) return false;
  return !'0123456789012345'.includes(cNF) && !'9876543210987654'.includes(cNF);
}

export function randomCNF(nNF: number): string {
  for (;;) {
    const c = String(randomInt(0, 100_000_000)).padStart(8, '0');
    if (isAcceptableCNF(c, nNF)) return c;
  }
}
