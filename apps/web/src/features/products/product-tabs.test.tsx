// @vitest-environment jsdom
/**
 * The product register's tabs: the list of tabs is one array (other tabs are one line each); the barcode tab takes
 * only a valid GTIN or a code marked internal; the logistics tab refuses to remove a unit a saved barcode names, with
 * the spec's message; the measure unit chosen replaces the first unit of multiplier 1.
 */
import { useEffect } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, screen, within } from '@testing-library/react';
import { PRODUCT_MESSAGES } from '@pdv/domain/product-rules';
import { ModalsProvider } from '@mantine/modals';
import { renderUi } from '../../testing/dom.tsx';
import { PRODUCT_TABS } from './product-tabs.tsx';
import { usedAttributes } from './tabs/AtributosTab.tsx';
import { BarcodesTab } from './tabs/BarcodesTab.tsx';
import { LogisticsTab } from './tabs/LogisticsTab.tsx';
import { blankProduct, ProductFormContext, useProductState, type ProductForm, type ProductValues } from './useProductForm.ts';

const api = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../api/client.ts', () => ({ call: api.call }));

beforeEach(() => {
  api.call.mockReset();
  api.call.mockImplementation(() => Promise.resolve({ rows: [], count: 0 }));
});

/** The form's state after each render (read by the assertions). */
const states: ProductForm[] = [];
const current = () => states[states.length - 1];
function WithForm({ initial, children }: { initial: ProductValues; children: React.ReactNode }) {
  const state = useProductState(initial);
  useEffect(() => {
    states.push(state);
  });
  return <ModalsProvider><ProductFormContext.Provider value={state}>{children}</ProductFormContext.Provider></ModalsProvider>;
}

describe('product tabs', () => {
  it('are the spec’s six first tabs, in order', () => {
    expect(PRODUCT_TABS.slice(0, 6).map((t) => t.label)).toEqual(['Geral', 'Preços', 'Grade/Variações', 'Códigos de barras', 'Unidades logísticas', 'Atributos']);
    // Then the tabs that keep their own rows by product.
    expect(PRODUCT_TABS.slice(6).map((t) => t.label)).toEqual(['Galeria', 'Fornecedores', 'Cenários fiscais', 'Informação nutricional', 'Combustível (ANP)', 'Kit', 'Movimentações de estoque']);
  });

  it('show, per attribute, the items the variations use, in the attribute order', () => {
    const cor = { id_atributo: 1, descricao: 'Cor', itens: [{ id_atributo_item: 10, descricao: 'Azul' }, { id_atributo_item: 11, descricao: 'Verde' }] };
    const tamanho = { id_atributo: 2, descricao: 'Tamanho', itens: [{ id_atributo_item: 20, descricao: 'P' }] };
    expect(usedAttributes([cor, tamanho], new Set([11, 10]))).toEqual([{ atributo: cor, itens: ['Azul', 'Verde'] }]);
    expect(usedAttributes([cor, tamanho], new Set())).toEqual([]);
  });

  it('take a valid GTIN, refuse a bad check digit, and take a non-GTIN code only when marked internal', async () => {
    const { user } = renderUi(<WithForm initial={blankProduct()}><BarcodesTab id_produto={null} readOnly={false} /></WithForm>);
    const code = screen.getByLabelText('Código de barras');
    await user.type(code, '7891234567890{Enter}');
    expect(await screen.findByText(PRODUCT_MESSAGES.gtinInvalid('7891234567890'))).toBeTruthy();
    await user.clear(code);
    await user.type(code, '7891234567895{Enter}');
    await user.type(code, 'LOJA-01');
    await user.click(screen.getByLabelText('Código interno'));
    await user.click(screen.getByRole('button', { name: 'Adicionar código' }));
    const table = screen.getByRole('table', { name: 'Códigos de barras' });
    expect(within(table).getByText('7891234567895')).toBeTruthy();
    expect(within(table).getByText('LOJA-01')).toBeTruthy();
    expect(current()?.values.codigos_barra).toEqual([
      expect.objectContaining({ codigo: '7891234567895', codigo_interno: false, chave_grade: 'geral', chave_unidade: null }),
      expect.objectContaining({ codigo: 'LOJA-01', codigo_interno: true }),
    ]);
  }, 30_000);

  it('refuse to remove a logistics unit a saved barcode names, and remove one without', async () => {
    const initial: ProductValues = {
      ...blankProduct(), id_unidade_medida: 1,
      unidades_logisticas: [{ chave: 'u1', id_produto_unidade_logistica: 1, id_unidade_medida: 1, multiplicador: 1 },
        { chave: 'u2', id_produto_unidade_logistica: 2, id_unidade_medida: 5, multiplicador: 12 }],
      codigos_barra: [{ id_produto_codigo_barra: 9, codigo: '17891234567892', codigo_interno: false, situacao: 'Ativo', chave_grade: 'g1', chave_unidade: 'u2' }],
    };
    const { user } = renderUi(<WithForm initial={initial}><LogisticsTab id_produto={1} readOnly={false} /></WithForm>);
    await user.click(screen.getByRole('button', { name: 'Remover unidade 2' }));
    expect(await screen.findByText(PRODUCT_MESSAGES.logisticsUnitHasBarcode)).toBeTruthy();
    expect(current()?.values.unidades_logisticas).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Remover unidade 1' }));
    expect(current()?.values.unidades_logisticas?.map((u) => u.chave)).toEqual(['u2']);
  }, 30_000);

  it('replace the first unit of multiplier 1 when the measure unit is chosen', () => {
    const initial: ProductValues = {
      ...blankProduct(),
      unidades_logisticas: [{ chave: 'a', id_unidade_medida: 5, multiplicador: 12 }, { chave: 'b', id_unidade_medida: 2, multiplicador: 1 }],
    };
    const { result } = renderHook(() => useProductState(initial));
    act(() => result.current.setMeasureUnit(3));
    expect(result.current.values.id_unidade_medida).toBe(3);
    expect(result.current.values.unidades_logisticas).toEqual([
      { chave: 'a', id_unidade_medida: 5, multiplicador: 12 }, { chave: 'b', id_unidade_medida: 3, multiplicador: 1 },
    ]);
  });
});
