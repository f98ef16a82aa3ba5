// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { localDb, type LocalRow } from '../../db/database.ts';
import { renderUi } from '../../testing/dom.tsx';
import { NOT_FOUND, ProductSearch } from './ProductSearch.tsx';
import { announceRows } from './search/catalogChanges.ts';

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

    // The sync writes the catalogue and ends its load: nothing typed again.
    await db.rows('product').put(product);
    await db.rows('grid').put(grid);
    announceRows('product', [product]);
    announceRows('grid', [grid]);
    await db.updater.bulkPut(['product', 'grid', 'barcode'].map((table) => ({ table, date_change: 'x', offset: 1, loading: 0, is_loaded: 1 })));
    await waitFor(() => expect(screen.getByRole('table', { name: 'Produtos encontrados' }).textContent).toContain('Bermuda Jeans'), { timeout: 4000 });
    expect(screen.queryByRole('status')).toBeNull();
  });
});
