import { afterEach, describe, expect, it } from 'vitest';
import type { PdvDatabase } from '../../db/database.ts';
import { openTestDatabase } from '../../db/testing.ts';
import { orderLinePrice } from './linePrice.ts';

// Branch 1 whose default table (1) changes nothing; a reseller table (2) of 20% off retail; a 10% promotion on
// category 8 during January 2025. A shirt of category 8 at 100,00.
let db: PdvDatabase | null = null;
afterEach(async () => {
  await db?.delete();
  db = null;
});
const table = (id: number, varejo: number) => ({ id_tabela_preco: id, situacao: 'Ativo', tipo_aplicado: 'Desconto', tipo_valor: 'Percentual',
  valor_varejo: varejo, valor_atacado: 0, filiais: [{ id_filial: 1 }], itens: [] });
const shirt = { id_produto_grade_filial: 50, id_categoria: 8, preco_venda: 10_000, preco_atacado: 8000 };
const jan = new Date('2025-01-02T15:00:00.000Z');

describe('a back-office order line is offered at the price of the order customer table and the promotion', () => {
  it("takes the customer's table, else the branch's, then the promotion in effect", async () => {
    db = openTestDatabase();
    await db.rows('branch').put({ id_filial: 1, id_tabela_preco_padrao: 1 });
    await db.rows('table_price').bulkPut([table(1, 0), table(2, 20)]);
    await db.rows('people').bulkPut([{ id_pessoa: 4, nome: 'Revenda', id_tabela_preco_padrao: 2 }, { id_pessoa: 5, nome: 'Ana', id_tabela_preco_padrao: null }]);
    expect(await orderLinePrice(db, { id_filial: 1, id_cliente: 4 }, shirt, jan)).toBe(8000);
    expect(await orderLinePrice(db, { id_filial: 1, id_cliente: 5 }, shirt, jan)).toBe(10_000);
    await db.rows('promotion').put({ id_promocao: 9, situacao: 'Ativo', data_inicio: '2025-01-01', data_fim: '2025-01-31', is_gestao: true,
      is_desconto: true, categorias: [{ id_categoria: 8, tipo: 'Percentual', venda: 10, atacado: 10 }], produtos: [] });
    expect(await orderLinePrice(db, { id_filial: 1, id_cliente: 4 }, shirt, jan)).toBe(7200);
    expect(await orderLinePrice(db, { id_filial: 1, id_cliente: null }, shirt, jan)).toBe(9000);
    // After the promotion: the table price.
    expect(await orderLinePrice(db, { id_filial: 1, id_cliente: 4 }, shirt, new Date('2025-02-02T15:00:00.000Z'))).toBe(8000);
  });
});
