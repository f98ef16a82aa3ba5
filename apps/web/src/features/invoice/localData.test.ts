import { afterEach, describe, expect, it } from 'vitest';
import type { PdvDatabase } from '../../db/database.ts';
import { openTestDatabase } from '../../db/testing.ts';
import { defaultSeries, hasAddress, loadInvoiceContext, maxInstallments } from './localData.ts';

let db: PdvDatabase | null = null;
afterEach(async () => {
  await db?.delete();
  db = null;
});

async function seeded(): Promise<PdvDatabase> {
  db = openTestDatabase();
  await db.rows('config').put({ id_filial_configuracao: 1, id_filial: 1, id_endereco_estoque_venda: 2 });
  await db.rows('fiscal_series').bulkPut([
    { id_serie_fiscal: 1, id_filial: 1, codigo_modelo: '65', codigo_serie: 1, situacao: 'Ativo', serie_padrao: true },
    { id_serie_fiscal: 2, id_filial: 1, codigo_modelo: '55', codigo_serie: 1, situacao: 'Ativo', serie_padrao: false },
    { id_serie_fiscal: 3, id_filial: 1, codigo_modelo: '55', codigo_serie: 2, situacao: 'Ativo', serie_padrao: true },
    { id_serie_fiscal: 4, id_filial: 2, codigo_modelo: '55', codigo_serie: 9, situacao: 'Ativo', serie_padrao: true },
    { id_serie_fiscal: 5, id_filial: 1, codigo_modelo: '55', codigo_serie: 3, situacao: 'Inativo', serie_padrao: false },
  ]);
  await db.rows('stock_address').bulkPut([
    { id_endereco_estoque: 1, id_filial: 1, codigo: 'DEP', descricao: 'Depósito' },
    { id_endereco_estoque: 2, id_filial: 1, codigo: 'LOJA', descricao: 'Loja' },
  ]);
  await db.rows('fiscal_scenario').bulkPut([
    { id_cenario_fiscal: 1, descricao: 'Devolução', tipo: 'Devolucao', is_padrao: true, situacao: 'Ativo' },
    { id_cenario_fiscal: 2, descricao: 'Venda', tipo: 'Venda', is_padrao: true, situacao: 'Ativo' },
  ]);
  await db.rows('method_payment').bulkPut([
    { id_meio_pagamento: 1, descricao: 'PIX', meio_pagamento: '17', situacao: 'Ativo', id_conta: 7, filiais: [] },
    { id_meio_pagamento: 2, descricao: 'Boleto', meio_pagamento: '15', situacao: 'Ativo', obrigar_conta: true, filiais: [{ id_filial: 2 }] },
    { id_meio_pagamento: 3, descricao: 'Dinheiro', meio_pagamento: '01', situacao: 'Inativo', filiais: [] },
  ]);
  return db;
}

describe('invoice context from the local copy', () => {
  it("takes the branch's series, its sale stock address and the default sale scenario", async () => {
    const context = await loadInvoiceContext(await seeded(), 1);
    expect(context.loaded).toBe(true);
    expect(context.series.map((s) => s.id_serie_fiscal)).toEqual([1, 2, 3]);
    expect(defaultSeries(context.series, '55')).toBe(3);
    expect(defaultSeries(context.series, '65')).toBe(1);
    expect(context.defaultAddress).toBe(2);
    expect(context.defaultScenario).toBe(2);
    expect(context.addresses).toEqual([
      { value: '1', label: 'DEP - Depósito' },
      { value: '2', label: 'LOJA - Loja' },
    ]);
  });

  it('offers the active methods of the branch and the accounts they name', async () => {
    const context = await loadInvoiceContext(await seeded(), 1);
    expect(context.methods.map((m) => m['descricao'])).toEqual(['PIX']);
    expect(context.accounts).toEqual([{ value: '7', label: 'Conta nº 7' }]);
  });
});

describe('customers and installments', () => {
  it('needs street, number, state and city for an address', () => {
    const person = { endereco: 'Rua Augusta', numero: '1508', uf: 'SP', cidade: 'São Paulo' };
    expect(hasAddress(person)).toBe(true);
    expect(hasAddress({ ...person, endereco: '' })).toBe(false);
    expect(hasAddress({ ...person, cidade: '', id_cidade: 3550308 })).toBe(true);
    expect(hasAddress({ nome: 'Consumidor Final' })).toBe(false);
  });

  it("allows as many installments as the method's plan has, one without a plan", () => {
    const plans = [{ id_parcelamento: 4, parcelas: [{}, {}, {}] }];
    expect(maxInstallments({ utilizar_parcela: true, id_parcelamento: 4 }, plans)).toBe(3);
    expect(maxInstallments({ utilizar_parcela: false, id_parcelamento: 4 }, plans)).toBe(1);
    expect(maxInstallments(undefined, plans)).toBe(1);
  });
});
