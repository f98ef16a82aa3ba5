/**
 * Data import (002 §2 /dataImport). A file is read (read-file.ts), its rows checked one by one by the domain
 * (import-rules.ts: the row's own cells, then keys repeated in the file), and the valid rows written in batches of
 * IMPORT_BATCH_ROWS, each batch in one transaction that first drops the rows whose keys the database already has and
 * then writes the rest with the owner's bulk writer (catalog/product-import.ts, people/person-import.ts). A product's
 * variations (rows of one SKU) stay in one batch. The job's progress moves after each batch commits.
 */
import {
  IMPORT_BATCH_ROWS, IMPORT_MESSAGES, importFields, mappingErrors, markDuplicates, readPersonRow, readProductRow,
  type ImportField, type ImportKind, type ImportRowError, type PersonImportRow, type ProductImportRow, type UniqueKey,
} from '@pdv/domain/import-rules';
import type { Database, TenantContext, Tx } from '../../db/database.ts';
import { badRequest } from '../../http/errors.ts';
import { productImportLookups, takenProductKeys, writeProductBatch } from '../catalog/product-import.ts';
import { takenDocuments, writePersonBatch } from '../people/person-import.ts';
import type { FileRecords } from './read-file.ts';

export interface ImportTarget {
  org: number;
  id_filial: number;
  id_usuario: number;
}

export type Mapping = Record<string, number | null | undefined>;

/** The target fields of a kind for the caller's branch (products: one stock field per stock address). */
export async function fieldsFor(tx: Tx, target: ImportTarget, kind: ImportKind): Promise<{ fields: ImportField[]; units: Set<string> }> {
  if (kind === 'pessoa') return { fields: importFields('pessoa'), units: new Set() };
  const { units, addresses } = await productImportLookups(tx, target.org, target.id_filial);
  return { fields: importFields('produto', addresses), units };
}

type Plan =
  | { kind: 'produto'; rows: ProductImportRow[]; errors: ImportRowError[]; total: number; keys: UniqueKey<ProductImportRow>[] }
  | { kind: 'pessoa'; rows: PersonImportRow[]; errors: ImportRowError[]; total: number; keys: UniqueKey<PersonImportRow>[] };

function columnOf(file: FileRecords, fields: readonly ImportField[], mapping: Mapping, campo: string): string {
  const index = mapping[campo];
  const field = fields.find((f) => f.campo === campo);
  return (index !== null && index !== undefined ? file.header[index] : undefined) ?? field?.rotulo ?? campo;
}

/** Reads and checks every row in memory: the valid rows (free of repeats in the file) and the errors of the others. */
export async function planImport(tx: Tx, target: ImportTarget, kind: ImportKind, file: FileRecords, requested: Mapping): Promise<Plan> {
  const { fields, units } = await fieldsFor(tx, target, kind);
  // Only the kind's own fields count: a field name the screen did not offer (another branch's address) is ignored.
  const mapping: Mapping = Object.fromEntries(fields.map((f) => [f.campo, requested[f.campo] ?? null]));
  const faults = mappingErrors(file.header, fields, mapping);
  if (faults.length > 0) throw badRequest(faults[0] as string, undefined, faults);
  const errors: ImportRowError[] = [];
  const column = (campo: string) => columnOf(file, fields, mapping, campo);
  if (kind === 'pessoa') {
    const valid: PersonImportRow[] = [];
    for (const row of file.rows) {
      const r = readPersonRow(row, { header: file.header, fields, mapping });
      if (r.value) valid.push(r.value);
      errors.push(...r.errors);
    }
    const keys: UniqueKey<PersonImportRow>[] = [{ campo: 'cpf_cnpj', coluna: column('cpf_cnpj'), rotulo: 'CPF/CNPJ', key: (p) => p.cpf ?? p.cnpj }];
    const { kept, errors: repeated } = markDuplicates(valid, keys, () => new Set());
    return { kind, rows: kept, errors: [...errors, ...repeated], total: file.rows.length, keys };
  }
  const valid: ProductImportRow[] = [];
  const variations = new Map<string, Set<string>>();
  for (const row of file.rows) {
    const r = readProductRow(row, { header: file.header, fields, mapping, units });
    errors.push(...r.errors);
    if (!r.value) continue;
    const names = variations.get(r.value.sku) ?? new Set<string>();
    const name = r.value.variacao ?? '';
    if (names.has(name)) {
      errors.push({ linha: row.linha, coluna: column('variacao'), mensagem: IMPORT_MESSAGES.variationTwice(r.value.variacao ?? 'Geral') });
      continue;
    }
    names.add(name);
    variations.set(r.value.sku, names);
    valid.push(r.value);
  }
  const keys: UniqueKey<ProductImportRow>[] = [
    { campo: 'codigo_barras', coluna: column('codigo_barras'), rotulo: 'Código de barras', key: (p) => p.codigo_barras },
    { campo: 'sku', coluna: column(mapping['sku'] !== null ? 'sku' : 'codigo_barras'), rotulo: 'SKU', key: (p) => p.sku, sharedBy: (p) => p.sku },
  ];
  const { kept, errors: repeated } = markDuplicates(valid, keys, () => new Set());
  return { kind, rows: kept, errors: [...errors, ...repeated], total: file.rows.length, keys };
}

/** Batches of about `size` rows; rows of the same group (a product's variations) stay together. */
export function batches<T>(rows: readonly T[], size: number, group: (row: T) => string = () => ''): T[][] {
  const groups = new Map<string, T[]>();
  rows.forEach((r, i) => {
    const key = group(r) || `\u0000${i}`;
    const list = groups.get(key);
    if (list) list.push(r);
    else groups.set(key, [r]);
  });
  const out: T[][] = [];
  let current: T[] = [];
  for (const list of groups.values()) {
    current.push(...list);
    if (current.length >= size) {
      out.push(current);
      current = [];
    }
  }
  if (current.length > 0) out.push(current);
  return out;
}

/** A pause between batches that lets other requests in (see runImport). */
const BATCH_PAUSE_MS = 10;

export interface Progress {
  /** Rows rejected before writing (counted as done at once). */
  rejected(errors: readonly ImportRowError[], rows: number): void;
  /** A batch committed: rows looked at, rows written, rows rejected by the database's keys. */
  batch(done: number, written: number, errors: readonly ImportRowError[]): void;
}

async function writeBatch(tx: Tx, target: ImportTarget, plan: Plan, batch: readonly (ProductImportRow | PersonImportRow)[]) {
  if (plan.kind === 'produto') {
    const rows = batch as ProductImportRow[];
    const taken = await takenProductKeys(tx, target.org, [...new Set(rows.map((r) => r.sku))], rows.flatMap((r) => (r.codigo_barras ? [r.codigo_barras] : [])));
    const { kept, errors } = markDuplicates(rows, plan.keys, (campo) => (campo === 'sku' ? taken.sku : taken.codigo_barras));
    return { written: await writeProductBatch(tx, target, kept), errors };
  }
  const rows = batch as PersonImportRow[];
  const taken = await takenDocuments(tx, target.org, rows.flatMap((r) => (r.cpf ?? r.cnpj ? [(r.cpf ?? r.cnpj) as string] : [])));
  const { kept, errors } = markDuplicates(rows, plan.keys, () => taken);
  return { written: await writePersonBatch(tx, target.org, kept), errors };
}

/**
 * Writes the plan's rows, one transaction per batch, reporting progress after each commit. A batch that fails
 * leaves nothing of itself and stops the import (the earlier batches stay written): the error names its lines.
 */
export async function runImport(db: Database, target: ImportTarget, plan: Plan, progress: Progress): Promise<{ ok: true } | { ok: false; message: string; error: unknown }> {
  progress.rejected(plan.errors, plan.total - plan.rows.length);
  const tenant: TenantContext = { id_organization: target.org, id_usuario: target.id_usuario };
  const groupOf = plan.kind === 'produto' ? (r: ProductImportRow | PersonImportRow) => (r as ProductImportRow).sku : undefined;
  for (const batch of batches<ProductImportRow | PersonImportRow>(plan.rows, IMPORT_BATCH_ROWS, groupOf)) {
    try {
      const { written, errors } = await db.tenant(tenant, (tx) => writeBatch(tx, target, plan, batch));
      progress.batch(batch.length, written, errors);
      // PGlite runs in this thread and answers through microtasks: without a pause between batches the event loop
      // would serve no other request (the screen's status polls included) until the whole import ends.
      await new Promise((resolve) => setTimeout(resolve, BATCH_PAUSE_MS));
    } catch (error) {
      const lines = batch.map((r) => r.linha);
      return { ok: false, message: IMPORT_MESSAGES.batchFailed(Math.min(...lines), Math.max(...lines)), error };
    }
  }
  return { ok: true };
}
