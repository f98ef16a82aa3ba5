/**
 * The branch configuration settings the till reads (002 §3, issue 18), from the configuration row as the sync writes it
 * into the local copy (branch-config group, edited in the register /branch/config): each setting changes what the
 * point of sale does. The server side of the same settings: apps/server/src/modules/settings/branch-config.db.test.ts.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { PdvDatabase } from '../../db/database.ts';
import { openTestDatabase } from '../../db/testing.ts';
import { makeBundle } from '../outbox/testing.ts';
import { loadInvoiceContext } from '../invoice/localData.ts';
import { readOfflinePos } from '../sync/localData.ts';
import { dexieSyncStore } from '../sync/syncStore.ts';
import { loadSaleContext, saleStockAddress, type ProductHit } from './catalog.ts';
import * as draft from './draft.ts';
import { finishEntry, keyCommand, PRICE_TYPE_NOT_IN_MODE } from './page/pageSteps.ts';
import { PRICE_MESSAGES } from '@pdv/domain/price-check';
import { customerHint, customerRule, defaultModel, defaultPriceType, editsOnInsert, finishMode, mayChangePriceType, sellerRule } from './useCheckout.ts';

let db: PdvDatabase | null = null;
afterEach(async () => {
  await db?.delete();
  db = null;
});

/** The till's context after the sync wrote this configuration row of branch 1. */
async function tillWith(config: Record<string, unknown>) {
  db = openTestDatabase();
  await db.rows('config').put({ id_filial_configuracao: 1, id_filial: 1, ...config });
  await db.rows('fiscal_series').bulkPut([
    { id_serie_fiscal: 1, id_filial: 1, codigo_modelo: '65', codigo_serie: 1, situacao: 'Ativo' },
    { id_serie_fiscal: 2, id_filial: 1, codigo_modelo: '55', codigo_serie: 1, situacao: 'Ativo' },
  ]);
  return loadSaleContext(db, 1);
}

const hit: ProductHit = {
  id_produto_grade: 5, id_produto_grade_filial: 50, id_produto: 1, descricao: 'Meia', sku: 'MEIA-1', codigo_barras: null, unidade: 'PC',
  preco_venda: 1500, preco_atacado: 1200, quantidade_atacarejo: null, versao_preco: '2026-03-10T12:00:00.000Z',
};
const lines = { id_endereco_estoque: 3, id_cenario_fiscal: 1 };
const emptySale = () => ({ ...makeBundle(), itens: [] });

describe('the till follows the branch configuration', () => {
  it("id_endereco_estoque_venda picks the sale stock address once the branch's addresses are in the copy; none before", async () => {
    const context = await tillWith({ id_endereco_estoque_venda: 4 });
    // The configuration arrived before the addresses (the till's context then has none: useCheckout follows this read live).
    expect(context.id_endereco_estoque).toBeNull();
    expect(await saleStockAddress(db!, 1)).toBeNull();
    await db!.rows('stock_address').bulkPut([
      { id_endereco_estoque: 3, id_filial: 1, descricao: 'Depósito' },
      { id_endereco_estoque: 4, id_filial: 1, descricao: 'Loja' },
      { id_endereco_estoque: 9, id_filial: 2, descricao: 'Outra filial' },
    ]);
    expect(await saleStockAddress(db!, 1)).toBe(4);
    expect((await loadSaleContext(db!, 1)).id_endereco_estoque).toBe(4);
    // The configured one removed (a tombstone keeps data_exclusao): the branch's first live address.
    await db!.rows('stock_address').put({ id_endereco_estoque: 4, id_filial: 1, descricao: 'Loja', data_exclusao: '2026-11-29T00:00:00Z' });
    expect(await saleStockAddress(db!, 1)).toBe(3);
  });

  it('tipo_preco_padrao Atacado: a new sale is wholesale and its lines take the wholesale price; Varejo: retail', async () => {
    const wholesale = await tillWith({ tipo_preco_padrao: 'Atacado' });
    expect(defaultPriceType(wholesale)).toBe('Atacado');
    const sale = draft.newOperation({ id_filial: 1, id_usuario: 7, id_endereco_estoque: 3, tipo_preco: defaultPriceType(wholesale) });
    expect(sale.tipo_preco).toBe('Atacado');
    const added = draft.addProduct({ ...emptySale(), operation: sale }, hit, lines);
    expect(added.itens.map((i) => [i.valor_unitario, i.tipo_preco, i.is_atacarejo])).toEqual([[1200, 'Atacado', false]]);
    // Two more units stay wholesale (the wholesale-quantity rule leaves a wholesale-by-choice line alone).
    expect(draft.addProduct(added, hit, lines).itens.map((i) => [i.valor_unitario, i.tipo_preco])).toEqual([[1200, 'Atacado']]);
    await db?.delete();
    const retail = await tillWith({ tipo_preco_padrao: 'Varejo' });
    const retailSale = draft.newOperation({ id_filial: 1, id_usuario: 7, id_endereco_estoque: 3, tipo_preco: defaultPriceType(retail) });
    expect(draft.addProduct({ ...emptySale(), operation: retailSale }, hit, lines).itens.map((i) => [i.valor_unitario, i.tipo_preco]))
      .toEqual([[1500, 'Varejo']]);
  });

  it('tipo_preco_alterar: Alt+A switches the sale Varejo <-> Atacado and reprices its lines; refused when false', async () => {
    const allowed = await tillWith({ tipo_preco_padrao: 'Varejo' });
    expect(mayChangePriceType(allowed)).toBe(true);
    const op = draft.newOperation({ id_filial: 1, id_usuario: 7, id_endereco_estoque: 3, tipo_preco: defaultPriceType(allowed) });
    const noWholesale: ProductHit = { ...hit, id_produto_grade: 6, id_produto_grade_filial: 60, id_produto: 2, descricao: 'Boné', preco_atacado: 0 };
    let sale = draft.addProduct(draft.addProduct({ ...emptySale(), operation: op }, hit, lines), noWholesale, lines);
    sale = draft.setItemDiscount(sale, sale.itens[0]!.id_item, 300);
    const facts = (b: typeof sale, locked: boolean) => ({ bundle: b, drawn: b, drawnItem: null, priceTypeLocked: locked });
    const command = keyCommand('Alt+A', facts(sale, !mayChangePriceType(allowed)));
    expect(command).toEqual({ kind: 'switchPriceType', to: 'Atacado' });
    const wholesale = draft.setPriceType(sale, 'Atacado');
    expect(wholesale.operation.tipo_preco).toBe('Atacado');
    // Meia at its wholesale price (its own discount keeps its share: 300 of 1500 -> 240 of 1200); Boné has none: retail.
    expect(wholesale.itens.map((i) => [i.descricao, i.valor_unitario, i.tipo_preco, i.valor_desconto_item]))
      .toEqual([['Meia', 1200, 'Atacado', 240], ['Boné', 1500, 'Varejo', 0]]);
    // A product added afterwards follows the sale's type; and back to Varejo.
    expect(keyCommand('Alt+A', facts(wholesale, false))).toEqual({ kind: 'switchPriceType', to: 'Varejo' });
    const back = draft.setPriceType(wholesale, 'Varejo');
    expect(back.itens.map((i) => [i.valor_unitario, i.tipo_preco, i.valor_desconto_item])).toEqual([[1500, 'Varejo', 300], [1500, 'Varejo', 0]]);
    // A return takes no price type.
    const ret = draft.setMode(sale, 'Devolucao');
    expect(keyCommand('Alt+A', facts(ret, false))).toEqual({ kind: 'notice', message: PRICE_TYPE_NOT_IN_MODE });
    await db?.delete();
    const locked = await tillWith({ tipo_preco_padrao: 'Varejo', tipo_preco_alterar: false });
    expect(mayChangePriceType(locked)).toBe(false);
    expect(keyCommand('Alt+A', facts(sale, !mayChangePriceType(locked))))
      .toEqual({ kind: 'notice', message: PRICE_MESSAGES.priceTypeLocked });
  });

  it('modo_finalizacao: a modal unless the branch prints at once', async () => {
    expect(finishMode(await tillWith({ modo_finalizacao: 'Modal' }))).toBe('Modal');
    await db?.delete();
    expect(finishMode(await tillWith({ modo_finalizacao: 'Imprimir' }))).toBe('Imprimir');
  });

  it('solicitar/obrigar_vendedor_venda_pdv: F10 asks the seller (once when asked, always while required and missing)', async () => {
    const asks = await tillWith({ solicitar_vendedor_venda_pdv: true });
    const sale = makeBundle();
    expect(finishEntry({ rule: sellerRule(asks), bundle: sale, sellerAskedFor: null })).toBe('askSeller');
    expect(finishEntry({ rule: sellerRule(asks), bundle: sale, sellerAskedFor: sale.operation.id_operacao })).toBe('check');
    await db?.delete();
    const requires = await tillWith({ obrigar_vendedor_venda_pdv: true });
    expect(finishEntry({ rule: sellerRule(requires), bundle: sale, sellerAskedFor: sale.operation.id_operacao })).toBe('askSeller');
    await db?.delete();
    expect(finishEntry({ rule: sellerRule(await tillWith({})), bundle: sale, sellerAskedFor: null })).toBe('check');
  });

  it('solicitar_cliente_venda_pdv: F10 asks the customer once per sale, after the seller; not when the sale has one', async () => {
    const asks = await tillWith({ solicitar_cliente_venda_pdv: true });
    const sale = makeBundle();
    const facts = { rule: sellerRule(asks), bundle: sale, sellerAskedFor: null, customerRule: customerRule(asks) };
    expect(finishEntry({ ...facts, customerAskedFor: null })).toBe('askCustomer');
    expect(finishEntry({ ...facts, customerAskedFor: sale.operation.id_operacao })).toBe('check');
    const withCustomer = { ...sale, operation: { ...sale.operation, id_cliente: 9 } };
    expect(finishEntry({ ...facts, bundle: withCustomer, customerAskedFor: null })).toBe('check');
    await db?.delete();
    const none = await tillWith({});
    expect(finishEntry({ rule: sellerRule(none), bundle: sale, sellerAskedFor: null, customerRule: customerRule(none) })).toBe('check');
    await db?.delete();
    // Required: the finishing validation refuses (É obrigatório informar um cliente.) and then opens the search.
    expect(customerRule(await tillWith({ obrigar_cliente_venda_pdv: true, solicitar_cliente_venda_pdv: true }))).toBe('obrigar');
  });

  it('informacao_cliente_venda_pdv: the customer search shows the branch\'s text; none when empty', async () => {
    expect(customerHint(await tillWith({ informacao_cliente_venda_pdv: ' Peça o CPF para a nota. ' }))).toBe('Peça o CPF para a nota.');
    await db?.delete();
    expect(customerHint(await tillWith({ informacao_cliente_venda_pdv: null }))).toBeNull();
  });

  it('abrir_edicao_inserir_item_pdv: a line inserted opens its quantity for editing only when the branch says so', async () => {
    expect(editsOnInsert(await tillWith({ abrir_edicao_inserir_item_pdv: true }))).toBe(true);
    await db?.delete();
    expect(editsOnInsert(await tillWith({ abrir_edicao_inserir_item_pdv: false }))).toBe(false);
  });

  it('codigo_modelo_padrao_venda: the document proposed on finishing; codigo_modelo_padrao_nota_fiscal: a new invoice\'s model', async () => {
    expect(defaultModel(await tillWith({ codigo_modelo_padrao_venda: '55' }), 1)).toBe('55');
    await db?.delete();
    const nfce = await tillWith({ codigo_modelo_padrao_venda: '65', codigo_modelo_padrao_nota_fiscal: '65' });
    expect(defaultModel(nfce, 1)).toBe('65');
    expect((await loadInvoiceContext(db!, 1)).defaultModel).toBe('65');
    await db?.delete();
    await tillWith({ codigo_modelo_padrao_nota_fiscal: '55' });
    expect((await loadInvoiceContext(db!, 1)).defaultModel).toBe('55');
  });

  it('is_pdv_offline: the offline point of sale follows the active branch\'s row', async () => {
    const owner = { id_organization: 1, id_usuario: 7, id_filial: 1 };
    const storage = { getItem: () => null };
    await tillWith({ is_pdv_offline: true });
    expect(await readOfflinePos(dexieSyncStore(db!), owner, storage)).toBe(true);
    await db!.rows('config').put({ id_filial_configuracao: 1, id_filial: 1, is_pdv_offline: false });
    expect(await readOfflinePos(dexieSyncStore(db!), owner, storage)).toBe(false);
  });
});
