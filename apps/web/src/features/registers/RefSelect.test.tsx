// @vitest-environment jsdom
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { FieldDef } from '@pdv/contract/registers/descriptor';
import { measureUnit } from '@pdv/contract/registers/measure-unit';
import { renderUi } from '../../testing/dom.tsx';
import { RefSelect, displayColumn } from './RefSelect.tsx';

const api = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../api/client.ts', () => ({ call: api.call }));

const BRANDS = [
  { id_marca: 1, descricao: 'Casa Boa' },
  { id_marca: 2, descricao: 'Lar Mineiro' },
  { id_marca: 3, descricao: 'Casa Nobre' },
];

const marca: FieldDef = { kind: 'ref', label: 'Marca', ref: 'brand' };

function Harness({ initial, onChange }: { initial: number | null; onChange: (v: number | null) => void }) {
  const [value, setValue] = useState<number | null>(initial);
  return (
    <RefSelect
      name="id_marca"
      field={marca}
      label="Marca"
      value={value}
      error={undefined}
      withAsterisk={false}
      readOnly={false}
      onChange={(v) => {
        setValue(v);
        onChange(v);
      }}
    />
  );
}

beforeEach(() => {
  api.call.mockReset();
  api.call.mockImplementation((route: string, body: { search?: string; id_marca?: number }) => {
    if (route === 'brandFind') {
      const search = (body.search ?? '').toLowerCase();
      const rows = BRANDS.filter((b) => b.descricao.toLowerCase().includes(search));
      return Promise.resolve({ rows, count: rows.length });
    }
    if (route === 'brandFindById') return Promise.resolve(BRANDS.find((b) => b.id_marca === body.id_marca));
    return Promise.reject(new Error(route));
  });
});

describe('the ref select', () => {
  it("searches the referenced register's find as the user types and picks a row with the keyboard", async () => {
    const onChange = vi.fn();
    const { user } = renderUi(<Harness initial={null} onChange={onChange} />);
    const input = screen.getByLabelText('Marca', { selector: 'input' });
    await user.click(input);
    await user.type(input, 'casa');
    await waitFor(() => expect(api.call).toHaveBeenCalledWith('brandFind', { search: 'casa', take: 20, skip: 0 }));
    await screen.findByRole('option', { name: 'Casa Nobre' });
    expect(screen.queryByRole('option', { name: 'Lar Mineiro' })).toBeNull();
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(3));
    expect(input).toHaveProperty('value', 'Casa Nobre');
  });

  it("shows a saved id by its row's descricao, read by find_by_id", async () => {
    renderUi(<Harness initial={2} onChange={vi.fn()} />);
    await waitFor(() => expect(screen.getByLabelText('Marca', { selector: 'input' })).toHaveProperty('value', 'Lar Mineiro'));
    expect(api.call).toHaveBeenCalledWith('brandFindById', { id_marca: 2 });
  });

  it('shows a row by descricao, else by its first list field', () => {
    expect(displayColumn(measureUnit)).toBe('descricao');
    expect(displayColumn({ ...measureUnit, fields: { sigla: { kind: 'text', label: 'Sigla', list: true } } })).toBe('sigla');
  });
});
