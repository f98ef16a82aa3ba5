import { afterEach, describe, expect, it } from 'vitest';
import type { PdvDatabase } from '../../db/database.ts';
import { openTestDatabase } from '../../db/testing.ts';
import { loadAccounts, loadSellers, type SaleContext } from './catalog.ts';
import { loadProductInfo } from './productInfo.ts';
import { finishMode, sellerRule } from './useCheckout.ts';

const opened: PdvDatabase[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) await db.delete();
});

async function shop(): Promise<PdvDatabase> {
  const db = openTestDatabase();
  opened.push(db);
  await db.rows('measure_unit').put({ id_unidade_medida: 1, sigla: 'PC' });
  await db.rows('brand').put({ id_marca: 3, descricao: 'Algodão Nobre' });
  await db.rows('product').put({
    id_produto: 1, descricao: 'Camiseta Básica', sku: 'CAM-1', situacao: 'Ativo', id_unidade_medida: 1, id_marca: 3,
    codigo_ncm: '61091000', preco_venda: '39.90', preco_atacado: '34.90', quantidade_atacarejo: '6.000',
  });
  await db.rows('grid').bulkPut([
    { id_produto_grade: 11, id_produto_grade_filial: 111, id_produto: 1, descricao: 'P', sku: 'CAM-1-P', situacao: 'Ativo' },
    { id_produto_grade: 12, id_produto_grade_filial: 112, id_produto: 1, descricao: 'M', sku: 'CAM-1-M', situacao: 'Ativo', preco_venda: '42.00' },
    { id_produto_grade: 13, id_produto_grade_filial: 113, id_produto: 1, descricao: 'G', sku: 'CAM-1-G', situacao: 'Inativo' },
  ]);
  await db.rows('barcode').bulkPut([
    { id_produto_codigo_barra: 1, codigo: '7891234000019', id_produto_grade: 11 },
    { id_produto_codigo_barra: 2, codigo: '7891234000010', id_produto_grade: 11 },
  ]);
  await db.rows('stock_address').bulkPut([
    { id_endereco_estoque: 5, id_filial: 1, descricao: 'Loja' },
    { id_endereco_estoque: 6, id_filial: 1, descricao: 'Depósito' },
    { id_endereco_estoque: 9, id_filial: 2, descricao: 'Outra filial' },
  ]);
  await db.rows('stock').bulkPut([
    { id_estoque: 1, id_endereco_estoque: 5, id_produto_grade_filial: 111, quantidade: '7.000', quantidade_reserva: '2.000' },
    { id_estoque: 2, id_endereco_estoque: 6, id_produto_grade_filial: 111, quantidade: '39.000', quantidade_reserva: '0' },
    { id_estoque: 3, id_endereco_estoque: 9, id_produto_grade_filial: 111, quantidade: '100.000', quantidade_reserva: '0' },
    { id_estoque: 4, id_endereco_estoque: 5, id_produto_grade_filial: 112, quantidade: '3.500', quantidade_reserva: '0' },
  ]);
  return db;
}

describe('the product-info panel', () => {
  it("shows the line's variation: codes, prices, stock per address of the branch and the product's grid", async () => {
    const info = await loadProductInfo(await shop(), 111, 1);
    expect(info).toMatchObject({
      descricao: 'Camiseta Básica',
      variacao: 'P',
      sku: 'CAM-1-P',
      codigos: ['7891234000019'],
      unidade: 'PC',
      codigo_ncm: '61091000',
      marca: 'Algodão Nobre',
      preco_venda: 3990,
      preco_atacado: 3490,
      quantidade_atacarejo: 6000,
    });
    expect(info?.estoque).toEqual([
      { id_endereco_estoque: 6, endereco: 'Depósito', quantidade: 39000, reserva: 0, disponivel: 39000 },
      { id_endereco_estoque: 5, endereco: 'Loja', quantidade: 7000, reserva: 2000, disponivel: 5000 },
    ]);
    expect(info?.grade.map((v) => [v.descricao, v.preco_venda, v.disponivel, v.codigo_barras])).toEqual([
      ['P', 3990, 44000, '7891234000019'],
      ['M', 4200, 3500, null],
    ]);
  });

  it('answers null for a variation the local copy does not have', async () => {
    expect(await loadProductInfo(await shop(), 999, 1)).toBeNull();
  });
});

describe('sellers and accounts of the local copy', () => {
  it('takes the seller table when it has rows, else the active users marked as sellers, by name', async () => {
    const db = await shop();
    await db.rows('user').bulkPut([
      { id_usuario: 1, nome: 'Marina Souza', email: 'gerente@demo.com.br', situacao: 'Ativo', is_vendedor: true },
      { id_usuario: 2, nome: 'Carlos Lima', email: 'caixa@demo.com.br', situacao: 'Ativo', is_vendedor: true },
      { id_usuario: 3, nome: 'Back Office', situacao: 'Ativo', is_vendedor: false },
      { id_usuario: 4, nome: 'Antigo', situacao: 'Inativo', is_vendedor: true },
    ]);
    expect((await loadSellers(db, 1)).map((s) => s.nome)).toEqual(['Carlos Lima', 'Marina Souza']);
    await db.rows('seller').put({ id_usuario: 9, nome: 'Vendedora Externa' });
    expect((await loadSellers(db, 1)).map((s) => s.id_usuario)).toEqual([9]);
  });

  it('offers as sellers only the users of the active branch (a row synced without its branches stays offered)', async () => {
    const db = await shop();
    await db.rows('user').bulkPut([
      { id_usuario: 1, nome: 'Marina Souza', situacao: 'Ativo', is_vendedor: true, filiais: [{ id_filial: 1 }, { id_filial: 2 }] },
      { id_usuario: 2, nome: 'Carlos Lima', situacao: 'Ativo', is_vendedor: true, filiais: [{ id_filial: 1 }] },
      { id_usuario: 3, nome: 'Ana Ribeiro', situacao: 'Ativo', is_vendedor: true, filiais: [{ id_filial: 2 }] },
      { id_usuario: 4, nome: 'Sem Lista', situacao: 'Ativo', is_vendedor: true },
    ]);
    expect((await loadSellers(db, 1)).map((s) => s.nome)).toEqual(['Carlos Lima', 'Marina Souza', 'Sem Lista']);
    expect((await loadSellers(db, 2)).map((s) => s.nome)).toEqual(['Ana Ribeiro', 'Marina Souza', 'Sem Lista']);
  });

  it('lists the bank accounts by description', async () => {
    const db = await shop();
    await db.rows('account').bulkPut([
      { id_conta: 2, descricao: 'Itaú C/C 1' },
      { id_conta: 1, descricao: 'Banco do Brasil C/C 9' },
      { id_conta: 3, descricao: 'Encerrada', data_exclusao: '2025-01-01' },
    ]);
    expect(await loadAccounts(db)).toEqual([
      { id_conta: 1, descricao: 'Banco do Brasil C/C 9' },
      { id_conta: 2, descricao: 'Itaú C/C 1' },
    ]);
  });
});

describe('branch rules of the checkout', () => {
  const context = (config: Record<string, unknown> | null) => ({ config }) as unknown as SaleContext;
  it('finishes in a modal unless the branch says to print at once', () => {
    expect(finishMode(context(null))).toBe('Modal');
    expect(finishMode(context({ modo_finalizacao: 'Modal' }))).toBe('Modal');
    expect(finishMode(context({ modo_finalizacao: 'Imprimir' }))).toBe('Imprimir');
  });
  it('requires the seller over asking for it', () => {
    expect(sellerRule(context({}))).toBe('nenhum');
    expect(sellerRule(context({ solicitar_vendedor_venda_pdv: true }))).toBe('solicitar');
    expect(sellerRule(context({ solicitar_vendedor_venda_pdv: true, obrigar_vendedor_venda_pdv: true }))).toBe('obrigar');
    expect(sellerRule(context({ obrigar_vendedor_venda_pdv: true }))).toBe('obrigar');
  });
});
