/**
 * The profile screen's permission editor offers PERMISSION_CATALOGUE: it must hold every label something checks, or
 * a manager could never grant it. Every menu entry's and settings group's label, every route's permission subject
 * (the registers' included) and every supervisor or manager label is in it, once, with a group and a description.
 */
import { describe, expect, it } from 'vitest';
import { MANAGER_PERMISSIONS, SUPERVISOR_PERMISSIONS } from '@pdv/domain/permissions';
import { PERMISSION_CATALOGUE, PERMISSION_GROUPS, PERMISSION_LABELS, menuPermissionLabels } from '@pdv/domain/menu';
import { routes } from './routes.ts';
import { REGISTERS } from './registers/index.ts';

describe('the permission catalogue', () => {
  it('holds every label the menus use', () => {
    const missing = menuPermissionLabels().filter((l) => !PERMISSION_LABELS.has(l));
    expect(missing).toEqual([]);
    expect(menuPermissionLabels()).toContain('FncListarMarca');
  });

  it("holds every route's permission subject, the registers' included", () => {
    const subjects = new Set(Object.values(routes).flatMap((r) => (r.permission ? [r.permission.subject] : [])));
    for (const d of REGISTERS) expect(subjects.has(d.permission), d.name).toBe(true);
    expect([...subjects].filter((s) => !PERMISSION_LABELS.has(s))).toEqual([]);
  });

  it('holds the supervisor and manager labels routes check inside', () => {
    for (const label of [...Object.values(SUPERVISOR_PERMISSIONS), ...Object.values(MANAGER_PERMISSIONS)]) {
      expect(PERMISSION_LABELS.has(label), label).toBe(true);
    }
  });

  it('lists each label once, in a known group, with a pt-BR description', () => {
    expect(new Set(PERMISSION_CATALOGUE.map((p) => p.rotulo)).size).toBe(PERMISSION_CATALOGUE.length);
    for (const p of PERMISSION_CATALOGUE) {
      expect(PERMISSION_GROUPS).toContain(p.grupo);
      expect(p.descricao.length).toBeGreaterThan(2);
    }
  });
});
