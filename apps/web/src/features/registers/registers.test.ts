import { describe, expect, it } from 'vitest';
import type { FieldDef } from '@pdv/contract/registers/descriptor';
import { REGISTERS } from '@pdv/contract/registers/index';
import { MAIN_MENU, PERMISSION_CATALOGUE, SETTINGS_MENU } from '@pdv/domain/menu';

const ENTRIES = [...MAIN_MENU, ...SETTINGS_MENU.flatMap((g) => g.entries)];

describe('registers in the menu', () => {
  it.each(REGISTERS.map((d) => [d.name, d] as const))('%s has a menu entry at its screen path, not pending, guarded by its permission', (_name, d) => {
    const entry = ENTRIES.find((e) => e.path === d.screen.path);
    expect(entry, `menu entry for ${d.screen.path}`).toBeDefined();
    expect(entry?.pending).toBeFalsy();
    expect(entry?.permission).toBe(d.permission);
    // Profiles can grant it (the permission editor and the demo manager read the catalogue).
    expect(PERMISSION_CATALOGUE.map((p) => p.rotulo), d.permission).toContain(d.permission);
  });
});

describe('register descriptors', () => {
  it('name, in every ref field, a register of REGISTERS (the server checks the id against it, the form searches it)', () => {
    for (const d of REGISTERS) {
      for (const [name, field] of Object.entries(d.fields as Record<string, FieldDef>)) {
        if (field.kind === 'ref') expect(REGISTERS.map((r) => r.name), `${d.name}.${name}`).toContain(field.ref);
      }
    }
  });
});
