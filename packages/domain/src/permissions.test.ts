import { describe, expect, it } from 'vitest';
import { buildAbility, canSeeEntry, type PermissionEntry } from './permissions.ts';
import { MAIN_MENU, SETTINGS_MENU, visibleEntries, visibleSettings } from './menu.ts';

const entry = (rotulo: string, tipo: string, situacao = 'Ativo'): PermissionEntry => ({ rotulo, tipo, situacao });

describe('permission rule', () => {
  it("grants read only for tipo '1' and manage for any other tipo", () => {
    const ability = buildAbility({ kind: 'list', entries: [entry('FncListarPedido', '1'), entry('FncListarFilial', '2')] });
    expect(ability.can('read', 'FncListarPedido')).toBe(true);
    expect(ability.can('manage', 'FncListarPedido')).toBe(false);
    expect(ability.can('read', 'FncListarFilial')).toBe(true);
    expect(ability.can('manage', 'FncListarFilial')).toBe(true);
    expect(ability.can('read', 'FncListarUsuario')).toBe(false);
  });

  it('ignores inactive entries', () => {
    const ability = buildAbility({ kind: 'list', entries: [entry('FncListarPedido', '2', 'Inativo')] });
    expect(ability.can('read', 'FncListarPedido')).toBe(false);
  });

  it('keeps manage when a read entry for the same subject comes later', () => {
    const ability = buildAbility({ kind: 'list', entries: [entry('X', '2'), entry('X', '1')] });
    expect(ability.can('manage', 'X')).toBe(true);
  });

  it('gives full manage when there is no list at all', () => {
    const ability = buildAbility({ kind: 'absent' });
    expect(ability.can('manage', 'Anything')).toBe(true);
  });

  it('grants nothing when the list failed to load (a failure is not "no list")', () => {
    const ability = buildAbility({ kind: 'failed' });
    expect(ability.can('read', 'FncListarPedido')).toBe(false);
    expect(canSeeEntry(ability, 'FncListarPedido')).toBe(false);
    expect(canSeeEntry(ability, null)).toBe(true);
  });

  it('an empty loaded list grants nothing', () => {
    expect(buildAbility({ kind: 'list', entries: [] }).can('read', 'FncListarPedido')).toBe(false);
  });
});

describe('menus filtered by permission', () => {
  it('shows a cashier only the entries its labels allow, and hides empty settings groups', () => {
    const ability = buildAbility({
      kind: 'list',
      entries: [entry('FncPontoVenda', '2'), entry('FncListarPedido', '2'), entry('FncListarNotaFiscal', '2')],
    });
    const allowed = (label: string | null) => canSeeEntry(ability, label);
    expect(visibleEntries(MAIN_MENU, allowed).map((e) => e.path)).toEqual(['/', '/checkout', '/operations-pending', '/order', '/invoice', '/invoice/disablements', '/invoice/corrections', '/invoice/returns', '/invoice/import', '/invoice/entries', '/invoice/destined']);
    const groups = visibleSettings(SETTINGS_MENU, allowed);
    // Additional information asks for the Fiscal group's permission (ViewFiscal), labels for FncListarEtiqueta: a
    // cashier holds neither, so no settings group is left.
    expect(groups).toEqual([]);
    const withLabels = buildAbility({ kind: 'list', entries: [entry('FncPontoVenda', '2'), entry('FncListarEtiqueta', '1')] });
    const labelGroups = visibleSettings(SETTINGS_MENU, (label) => canSeeEntry(withLabels, label));
    expect(labelGroups.flatMap((g) => g.entries.map((e) => e.path))).toEqual(['/label']);
  });
});

describe('menu entries still to come', () => {
  it('none is left: every entry of the main and settings menus has its screen (Grupos de comissão was the last, issue 30)', () => {
    const all = [...MAIN_MENU, ...SETTINGS_MENU.flatMap((g) => g.entries)];
    expect(all.filter((e) => e.pending === true).map((e) => e.label)).toEqual([]);
  });
});
