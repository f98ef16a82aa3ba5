// @vitest-environment jsdom
/**
 * The catalogue registers' side panels (002 §2): their titles verbatim from the descriptors' `titles`, a computed field
 * (a category's referencia_exibicao) neither shown as an input nor sent, and an attribute's items edited in the panel
 * and sent as `itens`.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { formTitle } from '@pdv/contract/registers/descriptor';
import { REGISTERS, registerByName } from '@pdv/contract/registers/index';
import { renderUi } from '../../testing/dom.tsx';
import { RegisterForm } from './RegisterForm.tsx';

const api = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../api/client.ts', () => ({ call: api.call }));
vi.mock('../../ui/toast.ts', () => ({ toast: { success: vi.fn() } }));

beforeEach(() => {
  api.call.mockReset();
  // A ref field's select lists the referenced register (none here); a save answers the row.
  api.call.mockImplementation((route: string) => Promise.resolve(route.endsWith('Find') ? { rows: [], count: 0 } : {}));
});

describe('side-panel titles of 002 §2', () => {
  it('are the spec’s, verbatim, for the catalogue registers', () => {
    const edit = Object.fromEntries(REGISTERS.map((d) => [d.name, formTitle(d, true)]));
    expect(edit).toMatchObject({
      brand: 'Editar Marca', category: 'Editar Categoria', measureUnit: 'Editar Unidade de Medida',
      collection: 'Editar Coleção', attribute: 'Editar Atributos',
    });
    expect(formTitle(registerByName('category')!, false)).toBe('Nova Categoria');
    // Without `titles`, built from the label as before.
    expect(formTitle(registerByName('brand')!, false)).toBe('Nova marca');
    expect(formTitle(registerByName('classification')!, true)).toBe('Classificação');
  });

  it('shows the title in the panel; a computed field is no input and is not sent', async () => {
    const category = registerByName('category')!;
    const onSaved = vi.fn();
    const { user } = renderUi(<RegisterForm descriptor={category} row={null} opened readOnly={false} onClose={() => undefined} onSaved={onSaved} />);
    expect(await screen.findByText('Nova Categoria')).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Categoria' });
    expect(within(form).queryByLabelText('Referência')).toBeNull();
    await user.type(within(form).getByLabelText(/Descrição/), 'Bebidas{Enter}');
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const body = api.call.mock.calls.find(([name]) => name === 'categoryCreate')?.[1] as Record<string, unknown>;
    expect(body['descricao']).toBe('Bebidas');
    expect('referencia_exibicao' in body).toBe(false);
    expect('ordem_arvore' in body).toBe(false);
  });
});

describe('the attribute panel', () => {
  it('edits the items in the panel and sends them with the attribute', async () => {
    const attribute = registerByName('attribute')!;
    const onSaved = vi.fn();
    const { user } = renderUi(<RegisterForm descriptor={attribute} row={null} opened readOnly={false} onClose={() => undefined} onSaved={onSaved} />);
    const form = await screen.findByRole('form', { name: 'Atributo' });
    await user.type(within(form).getByLabelText(/Descrição/), 'Cor');
    await user.click(within(form).getByRole('button', { name: 'Adicionar item' }));
    await user.type(within(form).getByLabelText('Descrição do item 1'), 'Azul');
    await user.click(within(form).getByRole('button', { name: 'Adicionar item' }));
    await user.type(within(form).getByLabelText('Descrição do item 2'), 'Verde');
    await user.type(within(form).getByLabelText('Valor do item 2'), '#00FF00');
    await user.click(within(form).getByRole('button', { name: 'Adicionar item' }));
    await user.click(within(form).getByRole('button', { name: 'Remover item 3' }));
    await user.click(within(form).getByRole('button', { name: /Salvar/ }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const body = api.call.mock.calls.find(([name]) => name === 'attributeCreate')?.[1] as Record<string, unknown>;
    expect(body['itens']).toEqual([{ descricao: 'Azul', valor: null }, { descricao: 'Verde', valor: '#00FF00' }]);
  });
});

describe('the category list', () => {
  it('indents each category by its depth in the tree', async () => {
    const { depthOf, categoryExtension } = await import('./catalogue-extensions.tsx');
    expect([depthOf('3'), depthOf('3.1'), depthOf('3.1.12'), depthOf(null)]).toEqual([0, 1, 2, 0]);
    expect(categoryExtension.cell?.('tipo', { referencia_exibicao: '1.1' })).toBeUndefined();
    const { container } = renderUi(<>{categoryExtension.cell?.('descricao', { referencia_exibicao: '1.2.3', descricao: 'Cola' })}</>);
    const cell = container.querySelector('span[style]') as HTMLElement;
    expect(cell.style.paddingLeft).toBe('40px');
    expect(cell.textContent).toBe('└Cola');
  });
});

describe('the financial trees', () => {
  it('indent cost centres and accounts of the chart of accounts by their depth, as the categories', async () => {
    const { REGISTER_EXTENSIONS } = await import('./extension-table.ts');
    for (const name of ['costCenter', 'accountPlan']) {
      const { container } = renderUi(<>{REGISTER_EXTENSIONS[name]?.cell?.('descricao', { referencia_exibicao: '2.1', descricao: 'Aluguel' })}</>);
      const cell = container.querySelector('span[style]') as HTMLElement;
      expect(cell.style.paddingLeft).toBe('20px');
      expect(cell.textContent).toBe('└Aluguel');
    }
  });
});
