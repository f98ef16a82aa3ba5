/**
 * CNAB 400 remessa: a header, one detail record per título (plus the bank's optional extra records, e.g. Itaú's
 * fine record '2'), a trailer; 400 characters a line, CRLF, records numbered from 1 in positions 395-400.
 * The bank layouts live in cnab400-banks.ts; this file writes a Remessa with them and reads a file back into one.
 */
import { ValidationError } from '@pdv/domain/errors';
import type { Remessa, Titulo } from './cnab-model.ts';
import { emptyRemessa, readRecord, writeRecord, type Layout } from './cnab-layout.ts';
import { BANKING_MESSAGES as M } from './messages.ts';

export interface ExtraRecord {
  /** The record type (position 1). */
  type: string;
  layout: Layout;
  /** Whether a título gets this record. */
  when: (t: Titulo) => boolean;
}

export interface Cnab400Bank {
  banco: string;
  header: Layout;
  detail: Layout;
  extras?: readonly ExtraRecord[];
  trailer: Layout;
  /** The header's length when it is not 400 (BRB's 39-character header). */
  headerSize?: number;
  /** How the header starts (default '01REMESSA'). */
  headerTag?: string;
  /** Where the header names the bank (default 77-79); null when it does not (BRB: its detail's constant 070 does). */
  headerBank?: readonly [number, number] | null;
}

const SIZE = 400;

export function writeCnab400(bank: Cnab400Bank, remessa: Remessa): string {
  if (remessa.titulos.length === 0) throw new ValidationError(M.remessaSemTitulos, 'titulos');
  const lines: string[] = [];
  const count = 2 + remessa.titulos.reduce((n, t) => n + 1 + (bank.extras ?? []).filter((e) => e.when(t)).length, 0);
  const ctx = (titulo?: Titulo) => ({ remessa, titulo, sequence: lines.length + 1, count });
  lines.push(writeRecord(bank.header, ctx(), bank.headerSize ?? SIZE));
  for (const titulo of remessa.titulos) {
    lines.push(writeRecord(bank.detail, ctx(titulo), SIZE));
    for (const extra of bank.extras ?? []) if (extra.when(titulo)) lines.push(writeRecord(extra.layout, ctx(titulo), SIZE));
  }
  lines.push(writeRecord(bank.trailer, ctx(), SIZE));
  return `${lines.join('\r\n')}\r\n`;
}

/** Splits a file into lines (CRLF or LF), dropping the final empty one. */
export function fileLines(text: string): string[] {
  const lines = text.split(/\r?\n/);
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

export function readCnab400(bank: Cnab400Bank, text: string): Remessa {
  const lines = fileLines(text);
  if (lines.length === 0) throw new ValidationError(M.arquivoVazio, 'arquivo');
  const remessa = emptyRemessa(bank.banco);
  lines.forEach((line, i) => {
    const size = i === 0 ? bank.headerSize ?? SIZE : SIZE;
    if (line.length !== size) throw new ValidationError(M.linhaTamanhoInvalido(i + 1, size, line.length), 'arquivo');
  });
  if (!lines[0]!.startsWith(bank.headerTag ?? '01REMESSA')) throw new ValidationError(M.arquivoNaoERemessa, 'arquivo');
  const bankAt = bank.headerBank === undefined ? [77, 79] as const : bank.headerBank;
  if (bankAt) {
    const fileBank = lines[0]!.slice(bankAt[0] - 1, bankAt[1]);
    if (fileBank !== bank.banco) throw new ValidationError(M.arquivoOutroBanco(bank.banco, fileBank), 'arquivo');
  }
  if (!lines[lines.length - 1]!.startsWith('9')) throw new ValidationError(M.arquivoTruncado, 'arquivo');
  readRecord(bank.header, lines[0]!, 1, remessa);
  let current: Titulo | undefined;
  for (let i = 1; i < lines.length - 1; i++) {
    const line = lines[i]!;
    const type = line[0]!;
    if (line.startsWith(bank.detail[0]!.key)) {
      current = { ocorrencia: '', nossoNumero: '', valor: 0 };
      readRecord(bank.detail, line, i + 1, remessa, current);
      remessa.titulos.push(current);
      continue;
    }
    const extra = bank.extras?.find((e) => e.type === type);
    if (!extra || !current) throw new ValidationError(M.registroDesconhecido(i + 1, type), 'arquivo');
    readRecord(extra.layout, line, i + 1, remessa, current);
  }
  readRecord(bank.trailer, lines[lines.length - 1]!, lines.length, remessa);
  return remessa;
}
