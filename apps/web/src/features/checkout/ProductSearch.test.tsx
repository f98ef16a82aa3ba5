// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { localDb, type LocalRow } from '../../db/database.ts';
import { closeLocalCopies, openLocalCopy } from '../../db/testingCopy.ts';
import { renderUi } from '../../testing/dom.tsx';
import { NOT_FOUND, ProductSearch } from './ProductSearch.tsx';
import { withGtinCheckDigit } from '@pdv/domain/gtin';

// On the SQLite copy, as the app runs by default (the search runs in its engine): a fresh one for each test.
beforeEach(async () => {
  await openLocalCopy();
});
afterEach(closeLocalCopies);

const product: LocalRow = { id_produto: 1, descricao: 'Bermuda Jeans', sku: 'BJ', situacao: 'Ativo', preco_venda: '59.90', preco_atacado: '49.90' };
const grid: LocalRow = { id_produto_grade: 10, id_produto_grade_filial: 110, id_produto: 1, descricao: 'Geral', is_padrao: true, situacao: 'Ativo' };

describe('ProductSearch before the catalogue is loaded', () => {
  it("says 'Carregando catálogo', never 'not found', and shows the results by itself once the rows arrive", async () => {
    const db = localDb();
    await db.updater.bulkPut(['product', 'grid', 'barcode'].map((table) => ({ table, date_change: '', offset: 0, loading: 1, is_loaded: 0 })));
    const { user } = renderUi(<ProductSearch onPick={vi.fn(() => Promise.resolve())} seed={() => 'ber'} />);
    const box = screen.getByRole('textbox', { name: 'Pesquisar produto' });
    // The keys typed before the box was there start it.
    expect(box).toHaveProperty('value', 'ber');
    box.focus();
    await user.keyboard('muda');
    await waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/Carregando catálogo/));
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(screen.queryByText(NOT_FOUND)).toBeNull();
    await user.keyboard('{Enter}');
    expect(box).toHaveProperty('value', 'bermuda');

    // The sync writes the catalogue and ends its load: nothing typed again. (On the SQLite copy the sync announces no
    // rows to the page, catalogChanges.ts announceRows: the engine searches what was written.)
    await db.rows('product').put(product);
    await db.rows('grid').put(grid);
    await db.updater.bulkPut(['product', 'grid', 'barcode'].map((table) => ({ table, date_change: 'x', offset: 1, loading: 0, is_loaded: 1 })));
    await waitFor(() => expect(screen.getByRole('table', { name: 'Produtos encontrados' }).textContent).toContain('Bermuda Jeans'), { timeout: 4000 });
    expect(screen.queryByRole('status')).toBeNull();
  });
});

describe('ProductSearch with a scanner', () => {
  it('adds two codes scanned back to back, in their order, the second typed while the first is looked up', async () => {
    const db = localDb();
    const first = withGtinCheckDigit('789100000001');
    const second = withGtinCheckDigit('789100000002');
    await db.rows('product').bulkPut([
      { id_produto: 21, descricao: 'Camiseta Lisa', sku: 'CL', situacao: 'Ativo', preco_venda: '39.90', preco_atacado: '35.00' },
      { id_produto: 22, descricao: 'Meia Esportiva', sku: 'ME', situacao: 'Ativo', preco_venda: '12.90', preco_atacado: '10.00' },
    ]);
    await db.rows('grid').bulkPut([
      { id_produto_grade: 31, id_produto_grade_filial: 131, id_produto: 21, descricao: 'Geral', is_padrao: true, situacao: 'Ativo' },
      { id_produto_grade: 32, id_produto_grade_filial: 132, id_produto: 22, descricao: 'Geral', is_padrao: true, situacao: 'Ativo' },
    ]);
    await db.rows('barcode').bulkPut([
      { id_produto_codigo_barra: 41, id_produto_grade: 31, codigo: first },
      { id_produto_codigo_barra: 42, id_produto_grade: 32, codigo: second },
    ]);
    const picked: string[] = [];
    const onPick = vi.fn(async (hit: { descricao: string }) => {
      // A slow sale screen: the line is drawn a while after the code was found.
      await new Promise((resolve) => setTimeout(resolve, 30));
      picked.push(hit.descricao);
    });
    const { user } = renderUi(<ProductSearch onPick={onPick} />);
    const box = screen.getByRole('textbox', { name: 'Pesquisar produto' });
    box.focus();
    await user.keyboard(`${first}{Enter}${second}{Enter}`);
    await waitFor(() => expect(picked).toEqual(['Camiseta Lisa', 'Meia Esportiva']));
    expect(box).toHaveProperty('value', '');
    expect(screen.queryByText(NOT_FOUND)).toBeNull();
  });

  it('looks up, in order, the codes scanned while the box was not there, and starts the box with what followed', async () => {
    const db = localDb();
    const first = withGtinCheckDigit('789100000011');
    const second = withGtinCheckDigit('789100000012');
    await db.rows('product').bulkPut([
      { id_produto: 51, descricao: 'Boné Aba Reta', sku: 'BA', situacao: 'Ativo', preco_venda: '49.90', preco_atacado: '45.00' },
      { id_produto: 52, descricao: 'Cinto Couro', sku: 'CC', situacao: 'Ativo', preco_venda: '79.90', preco_atacado: '70.00' },
    ]);
    await db.rows('grid').bulkPut([
      { id_produto_grade: 61, id_produto_grade_filial: 161, id_produto: 51, descricao: 'Geral', is_padrao: true, situacao: 'Ativo' },
      { id_produto_grade: 62, id_produto_grade_filial: 162, id_produto: 52, descricao: 'Geral', is_padrao: true, situacao: 'Ativo' },
    ]);
    await db.rows('barcode').bulkPut([
      { id_produto_codigo_barra: 71, id_produto_grade: 61, codigo: first },
      { id_produto_codigo_barra: 72, id_produto_grade: 62, codigo: second },
    ]);
    const picked: string[] = [];
    const onPick = vi.fn(async (hit: { descricao: string }) => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      picked.push(hit.descricao);
    });
    renderUi(<ProductSearch onPick={onPick} seed={() => `${first}\n${second}\nbon`} />);
    const box = screen.getByRole('textbox', { name: 'Pesquisar produto' });
    await waitFor(() => expect(picked).toEqual(['Boné Aba Reta', 'Cinto Couro']));
    expect(box).toHaveProperty('value', 'bon');
    expect(onPick).toHaveBeenCalledTimes(2);
  });
});
