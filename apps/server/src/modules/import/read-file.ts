/**
 * A spreadsheet's records from its uploaded bytes: XLSX (a zip: read with read-excel-file, its first sheet, every
 * number kept as the text stored in the file, so nothing is rounded through a float) or CSV (domain import-file.ts:
 * UTF-8 or Windows-1252, ';' or ','). Every cell comes back as text; blank rows are dropped.
 */
import { readSheet } from 'read-excel-file/node';
import { readCsv } from '@pdv/domain/import-file';
import { IMPORT_MAX_BYTES, IMPORT_MESSAGES } from '@pdv/domain/import-rules';
import { badRequest } from '../../http/errors.ts';

export interface FileRecords {
  formato: 'csv' | 'xlsx';
  header: string[];
  /** Data rows with their line in the sheet (the header is line 1). */
  rows: { linha: number; cells: string[] }[];
}

const ZIP = [0x50, 0x4b, 0x03, 0x04];

/** The base64 text's bytes, refused over the import's size limit. */
export function fileBytes(base64: string): Buffer {
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > IMPORT_MAX_BYTES) throw badRequest(IMPORT_MESSAGES.fileTooLarge);
  if (bytes.length === 0) throw badRequest(IMPORT_MESSAGES.fileUnreadable);
  return bytes;
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'boolean') return value ? 'Sim' : 'Não';
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

async function xlsxRecords(bytes: Buffer): Promise<string[][]> {
  try {
    // A stored number '10.5' is handed on as pt-BR text ('10,5'), the way the CSV of the same sheet would say it.
    const data = await readSheet<string>(bytes, { parseNumber: (s) => s.replace('.', ','), trim: false });
    return data.map((row) => row.map(cellText));
  } catch {
    throw badRequest(IMPORT_MESSAGES.fileUnreadable);
  }
}

/** The header and the data rows of the file (XLSX when its bytes are a zip, CSV otherwise). */
export async function readRecords(bytes: Buffer): Promise<FileRecords> {
  const xlsx = ZIP.every((b, i) => bytes[i] === b);
  const records = xlsx ? await xlsxRecords(bytes) : readCsv(bytes).records;
  const numbered = records.map((cells, i) => ({ linha: i + 1, cells })).filter((r) => r.cells.some((c) => c.trim() !== ''));
  const [first, ...rest] = numbered;
  if (!first) throw badRequest(IMPORT_MESSAGES.fileEmpty);
  if (rest.length === 0) throw badRequest(IMPORT_MESSAGES.fileEmpty);
  return { formato: xlsx ? 'xlsx' : 'csv', header: first.cells.map((c) => c.trim()), rows: rest };
}
