import { describe, expect, it } from 'vitest';
import { syncedRegisters } from '@pdv/contract/sync';
import { SYNC_TABLES, tableLabel } from './tables.ts';

describe('synced tables', () => {
  it('names every synced table in pt-BR for the progress bar, not by its store name', () => {
    for (const table of SYNC_TABLES) expect(tableLabel(table.localTable), table.localTable).not.toBe(table.localTable.replaceAll('_', ' '));
  });

  it('names a synced register by its descriptor plural and syncs it with the key of its id', () => {
    for (const d of syncedRegisters()) {
      const table = SYNC_TABLES.find((t) => t.name === d.syncGroup);
      expect(table, d.name).toBeDefined();
      expect(tableLabel(table?.localTable ?? '')).toBe(d.label.plural.charAt(0).toLowerCase() + d.label.plural.slice(1));
      expect(table?.key).toBe(d.id);
      expect(table?.scope).toBe(d.scope);
    }
  });
});
