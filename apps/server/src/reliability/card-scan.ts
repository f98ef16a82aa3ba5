/** Scans every text and JSON column of every table (as the owner) for card numbers (luhn.ts). */
import type { Database } from '../db/database.ts';
import { findPans } from './luhn.ts';

export interface PanHit {
  table: string;
  column: string;
  pan: string;
}

export async function scanDatabaseForPans(db: Database): Promise<PanHit[]> {
  return db.system(async (tx) => {
    const { rows: columns } = await tx.query<{ table_name: string; column_name: string }>(
      `SELECT c.table_name, c.column_name FROM information_schema.columns c
         JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
        WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'
          AND c.data_type IN ('text', 'character varying', 'character', 'json', 'jsonb')
        ORDER BY 1, 2`,
    );
    if (columns.length === 0) throw new Error('card scan: no text columns found');
    const hits: PanHit[] = [];
    for (const { table_name, column_name } of columns) {
      const col = `"${column_name.replace(/"/g, '""')}"`;
      const { rows } = await tx.query<{ v: string }>(
        `SELECT ${col}::text AS v FROM "${table_name.replace(/"/g, '""')}" WHERE ${col}::text ~ '[0-9][0-9 -]{11,}[0-9]'`,
      );
      for (const { v } of rows) for (const pan of findPans(v)) hits.push({ table: table_name, column: column_name, pan });
    }
    return hits;
  });
}
