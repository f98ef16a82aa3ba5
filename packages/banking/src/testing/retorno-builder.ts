/**
 * Test support: a bank's retorno written by hand at the positions readRetorno400 / readRetorno240 read with that
 * bank's Retorno400Bank / Retorno240Bank (header, one detail or T + U pair per item, trailer), for the server's db
 * tests and the e2e. The account identifier goes where the bank keeps it (header and, when the layout repeats it,
 * each detail), split over the bank's ranges.
 */
import { RETORNO_400_POSITIONS as P } from '../retorno.ts';
import type { Retorno240Bank, Retorno400Bank } from '../retorno-banks.ts';
import { ITAU_RETORNO_400 } from '../retorno-banks.ts';

export interface RetornoLine {
  /** Digits as the bank writes them in the file (leading zeros added to the field's size). */
  nossoNumero: string;
  /** The bank's code: '06' paid (Caixa '21'), '03' rejected, '02' registered. */
  ocorrencia: string;
  /** Centavos. */
  valorTitulo: number;
  valorPago?: number;
  juros?: number;
  tarifa?: number;
  /** 'yyyy-mm-dd'. */
  data: string;
  motivos?: string;
}

type Range = readonly [number, number];
const put = (line: string[], start: number, text: string) => { for (let i = 0; i < text.length; i++) line[start - 1 + i] = text[i]!; };
const n = (v: number, size: number) => String(v).padStart(size, '0');
const ddmmyy = (iso: string) => `${iso.slice(8, 10)}${iso.slice(5, 7)}${iso.slice(2, 4)}`;
const ddmmyyyy = (iso: string) => `${iso.slice(8, 10)}${iso.slice(5, 7)}${iso.slice(0, 4)}`;
const blank = (size: number) => Array.from({ length: size }, () => ' ');

/** Writes `digits` over the ranges, right-aligned in their total size, zero padded. */
function putSplit(line: string[], ranges: readonly Range[], digits: string) {
  const size = ranges.reduce((a, [s, e]) => a + e - s + 1, 0);
  let text = digits.padStart(size, '0').slice(-size);
  for (const [s, e] of ranges) {
    put(line, s, text.slice(0, e - s + 1));
    text = text.slice(e - s + 1);
  }
}

/**
 * A CNAB 400 retorno of `bank` for the account `conta` (the digits the bank's header ranges hold). With
 * `headerZeros` the header leaves the account in zeros and only the details carry it (Banrisul's files).
 */
export function retorno400(bank: Retorno400Bank, conta: string, lines: readonly RetornoLine[], options: { headerZeros?: boolean; detailConta?: string } = {}): string {
  const out: string[] = [];
  const h = blank(400);
  put(h, 1, '02RETORNO01COBRANCA       ');
  putSplit(h, bank.headerConta, options.headerZeros ? '0' : conta);
  put(h, 77, bank.banco);
  put(h, 395, n(1, 6));
  out.push(h.join(''));
  const pos: Record<keyof typeof P, readonly [number, number] | null> = { ...P, ...bank.positions };
  /** Writes a number or a date (ddmmyy or ddmmyyyy by the field's width) where this bank keeps the field, if it does. */
  const at = (d: string[], key: keyof typeof P, value: number | string) => {
    const r = pos[key];
    if (!r) return;
    const width = r[1] - r[0] + 1;
    put(d, r[0], typeof value === 'number' ? n(value, width) : width === 8 ? `${value.slice(8, 10)}${value.slice(5, 7)}${value.slice(0, 4)}` : ddmmyy(value));
  };
  lines.forEach((l, i) => {
    const d = blank(400);
    put(d, 1, bank.detailType ?? '1');
    if (bank.detailConta) putSplit(d, bank.detailConta, options.detailConta ?? conta);
    putSplit(d, [bank.nossoNumero], l.nossoNumero);
    put(d, pos.ocorrencia![0], l.ocorrencia); at(d, 'dataOcorrencia', l.data); at(d, 'numeroDocumento', i + 1);
    at(d, 'vencimento', l.data); at(d, 'valorTitulo', l.valorTitulo); at(d, 'tarifa', l.tarifa ?? 0);
    at(d, 'valorPago', l.valorPago ?? 0); at(d, 'juros', l.juros ?? 0); at(d, 'dataCredito', l.data);
    if (l.motivos && bank.motivos) put(d, bank.motivos[0], l.motivos.padEnd(bank.motivos[1] - bank.motivos[0] + 1, ' '));
    put(d, 395, n(i + 2, 6));
    out.push(d.join(''));
  });
  const tr = blank(400);
  put(tr, 1, '9'); put(tr, 395, n(lines.length + 2, 6));
  out.push(tr.join(''));
  return `${out.join('\r\n')}\r\n`;
}

/** An Itaú CNAB 400 retorno (agência 4, conta 5). */
export function itauRetorno400(agencia: string, conta: string, lines: readonly RetornoLine[]): string {
  return retorno400(ITAU_RETORNO_400, `${agencia.padStart(4, '0')}${conta.padStart(5, '0')}`, lines);
}

/**
 * A CNAB 240 retorno of `bank` (FEBRABAN segments T and U) for the account `conta` (the digits the header's ranges
 * hold, also written in each T). The nosso número is written left-aligned in its field, as the remessa carries it.
 */
export function retorno240(bank: Retorno240Bank, conta: string, lines: readonly RetornoLine[]): string {
  const out: string[] = [];
  const h = blank(240);
  put(h, 1, bank.banco); put(h, 4, '00000'); putSplit(h, bank.headerConta, conta); put(h, 143, '2');
  out.push(h.join(''));
  const lote = blank(240);
  put(lote, 1, bank.banco); put(lote, 4, '00011T01');
  out.push(lote.join(''));
  const t = bank.t;
  lines.forEach((l, i) => {
    const T = blank(240);
    put(T, 1, bank.banco); put(T, 4, '00013'); put(T, 9, n(2 * i + 1, 5)); put(T, 14, 'T '); put(T, 16, l.ocorrencia);
    putSplit(T, bank.tConta, conta);
    put(T, t.nossoNumero[0], l.nossoNumero.padEnd(t.nossoNumero[1] - t.nossoNumero[0] + 1, ' '));
    put(T, t.numeroDocumento[0], String(i + 1).padEnd(t.numeroDocumento[1] - t.numeroDocumento[0] + 1, ' '));
    put(T, t.vencimento[0], ddmmyyyy(l.data)); put(T, t.valorTitulo[0], n(l.valorTitulo, 15)); put(T, t.tarifa[0], n(l.tarifa ?? 0, 15));
    if (l.motivos) put(T, t.motivos[0], l.motivos.padEnd(t.motivos[1] - t.motivos[0] + 1, ' '));
    out.push(T.join(''));
    const U = blank(240);
    put(U, 1, bank.banco); put(U, 4, '00013'); put(U, 9, n(2 * i + 2, 5)); put(U, 14, 'U '); put(U, 16, l.ocorrencia);
    put(U, 18, n(l.juros ?? 0, 15)); put(U, 33, n(0, 15)); put(U, 48, n(0, 15)); put(U, 63, n(0, 15)); put(U, 78, n(l.valorPago ?? 0, 15));
    put(U, 138, ddmmyyyy(l.data)); put(U, 146, ddmmyyyy(l.data));
    out.push(U.join(''));
  });
  const tl = blank(240);
  put(tl, 1, bank.banco); put(tl, 4, '00015'); put(tl, 18, n(2 * lines.length + 2, 6));
  out.push(tl.join(''));
  const tr = blank(240);
  put(tr, 1, bank.banco); put(tr, 4, '99999'); put(tr, 18, '000001'); put(tr, 24, n(2 * lines.length + 4, 6));
  out.push(tr.join(''));
  return `${out.join('\r\n')}\r\n`;
}
