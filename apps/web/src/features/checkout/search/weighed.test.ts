/**
 * The point of sale reading a weighed product's barcode (packages/domain weighed-barcode.ts) from the local copy: the
 * product of the scale code (its numeric SKU, else its id), its only variation, the quantity from the embedded weight
 * or price.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { PdvDatabase } from '../../../db/database.ts';
import { openTestDatabase } from '../../../db/testing.ts';
import { withGtinCheckDigit } from '@pdv/domain/gtin';
import { WEIGHED_DEFAULTS } from '@pdv/domain/weighed-barcode';
import { findWeighed } from '../catalog.ts';

let db: PdvDatabase | null = null;
afterEach(async () => {
  await db?.delete();
  db = null;
});

async function shop(): Promise<PdvDatabase> {
  db = openTestDatabase();
  await db.rows('measure_unit').put({ id_unidade_medida: 1, sigla: 'KG' });
  await db.rows('product').bulkPut([
    { id_produto: 7, descricao: 'Banana Prata', sku: '123', situacao: 'Ativo', id_unidade_medida: 1 },
    { id_produto: 8, descricao: 'Queijo Minas', sku: 'QJ-MINAS', situacao: 'Ativo', id_unidade_medida: 1 },
  ]);
  await db.rows('grid').bulkPut([
    { id_produto_grade: 70, id_produto_grade_filial: 700, id_produto: 7, descricao: 'Geral', is_padrao: true, situacao: 'Ativo', preco_venda: '29.90', preco_atacado: '0' },
    { id_produto_grade: 80, id_produto_grade_filial: 800, id_produto: 8, descricao: 'Geral', is_padrao: true, situacao: 'Ativo', preco_venda: '45.00', preco_atacado: '0' },
  ]);
  return db;
}

describe('weighed-product barcodes at the point of sale', () => {
  it('finds the product by its numeric SKU and takes the embedded price over the kilo price as the quantity', async () => {
    const local = await shop();
    // 2 0123 0001234 6: product 123 (SKU), R$ 12,34 at R$ 29,90 the kilo: 0,413 kg.
    const hit = await findWeighed(local, '2012300012346', WEIGHED_DEFAULTS);
    expect(hit).toMatchObject({ id_produto: 7, id_produto_grade_filial: 700, preco_venda: 2990, quantidade: 413 });
  });

  it('finds a product without a numeric SKU by its id, with the embedded weight under Peso', async () => {
    const local = await shop();
    // 2 0008 0001500 + check digit: product id 8, 1,500 kg.
    const code = withGtinCheckDigit('200080001500');
    expect(await findWeighed(local, code, { ...WEIGHED_DEFAULTS, tipo: 'Peso' })).toMatchObject({ id_produto: 8, quantidade: 1500 });
    // Another identifier in the branch: not a weighed code there; an unknown code: nothing.
    expect(await findWeighed(local, code, { ...WEIGHED_DEFAULTS, identificador: '0' })).toBeNull();
    expect(await findWeighed(local, withGtinCheckDigit('209990001234'), WEIGHED_DEFAULTS)).toBeNull();
  });
});
