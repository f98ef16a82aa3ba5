import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { expectOk } from '../../testing/routes.ts';

let t: TestApp;
let manager: string;
let cashier: string;
/** A variation sold with stock in more than one branch of the demo organization. */
let id_produto_grade: number;

interface Row {
  id_filial: number;
  filial: string;
  quantidade: number;
  quantidade_reserva: number;
  disponivel: number;
}

beforeAll(async () => {
  t = await createTestApp();
  manager = await t.login('gerente@demo.com.br');
  cashier = await t.login('caixa@demo.com.br');
  id_produto_grade = (await t.db.system((tx) => tx.query<{ id: number }>(
    `SELECT pgf.id_produto_grade AS id FROM estoque e
       JOIN produto_grade_filial pgf USING (id_organization, id_produto_grade_filial)
       JOIN organization o ON o.id_organization = e.id_organization
      WHERE o.nome = 'Demo Moda' AND e.data_exclusao IS NULL
      GROUP BY pgf.id_produto_grade HAVING count(DISTINCT e.id_filial) > 1 ORDER BY pgf.id_produto_grade LIMIT 1`))).rows[0]!.id;
  // A reservation in one branch, so that the available quantity differs from the stock.
  await t.db.system((tx) => tx.query(
    `UPDATE estoque SET quantidade_reserva = 1 WHERE id_estoque = (
       SELECT e.id_estoque FROM estoque e JOIN produto_grade_filial pgf USING (id_organization, id_produto_grade_filial)
        WHERE pgf.id_produto_grade = $1 AND e.quantidade >= 1 ORDER BY e.id_estoque LIMIT 1)`, [id_produto_grade]));
});
afterAll(async () => {
  await t.close();
});

/** The stock of the variation per branch as the tables hold it. */
async function expected(): Promise<Map<number, { quantidade: number; reserva: number }>> {
  const { rows } = await t.db.system((tx) => tx.query<{ id_filial: number; quantidade: string; reserva: string }>(
    `SELECT e.id_filial, sum(e.quantidade)::text AS quantidade, sum(e.quantidade_reserva)::text AS reserva FROM estoque e
       JOIN produto_grade_filial pgf USING (id_organization, id_produto_grade_filial)
      WHERE pgf.id_produto_grade = $1 AND e.data_exclusao IS NULL GROUP BY e.id_filial`, [id_produto_grade]));
  return new Map(rows.map((r) => [r.id_filial, { quantidade: Number(r.quantidade), reserva: Number(r.reserva) }]));
}

describe('POST /api/stock/quantity-by-branch', () => {
  it("answers the variation's stock, reservation and available quantity in every branch the manager works in", async () => {
    const res = await expectOk(t, 'stockByBranch', { id_produto_grade }, manager);
    const rows = res.json['rows'] as Row[];
    const tables = await expected();
    expect(rows.length).toBeGreaterThan(1);
    expect(new Set(rows.map((r) => r.id_filial))).toEqual(new Set(tables.keys()));
    for (const row of rows) {
      const want = tables.get(row.id_filial)!;
      expect(row.quantidade).toBe(want.quantidade);
      expect(row.quantidade_reserva).toBe(want.reserva);
      expect(row.disponivel).toBeCloseTo(want.quantidade - want.reserva, 3);
      expect(row.filial).not.toBe('');
    }
    expect(rows.some((r) => r.quantidade_reserva > 0)).toBe(true);
  });

  it('shows only the branches the user may work in', async () => {
    const session = await t.call('GET', '/user/session', undefined, cashier);
    const allowed = (session.json['usuario'] as { filiais: Array<{ id_filial: number }> }).filiais.map((f) => f.id_filial);
    const res = await expectOk(t, 'stockByBranch', { id_produto_grade }, cashier);
    const rows = res.json['rows'] as Row[];
    const everyBranch = (await expected()).size;
    expect(rows.length).toBeLessThan(everyBranch);
    expect(rows.map((r) => r.id_filial).sort()).toEqual([...allowed].sort());
  });

  it('answers 404 for a variation that does not exist and 400 in pt-BR for a bad id', async () => {
    expect((await t.call('POST', '/stock/quantity-by-branch', { id_produto_grade: 999_999 }, manager)).status).toBe(404);
    const bad = await t.call('POST', '/stock/quantity-by-branch', { id_produto_grade: 'x' }, manager);
    expect(bad.status).toBe(400);
    expect(String(bad.json['complement'] ?? bad.json['message'])).toMatch(/identificador/i);
  });
});
