// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { Select } from '@mantine/core';
import { fireEvent, screen } from '@testing-library/react';
import { renderUi } from '../testing/dom.tsx';
import { enterPicksFirstOption } from './comboboxEnter.ts';

const METHODS = [
  { value: '1', label: 'Dinheiro' },
  { value: '2', label: 'VERO Crédito' },
  { value: '3', label: 'VERO Instantâneo' },
];

async function openWithoutHighlight(withHelper: boolean, search: string | null = 'VERO', value: string | null = null) {
  const onChange = vi.fn();
  const { user } = renderUi(
    // Without selectFirstOptionOnChange: the text is in the box and nothing is highlighted, as when the effect that
    // highlights ran before the list opened.
    <Select label="Meio de pagamento" data={METHODS} searchable onChange={onChange}
      defaultValue={value} onKeyDown={withHelper ? enterPicksFirstOption : undefined} />,
  );
  const input = screen.getByRole('combobox', { name: 'Meio de pagamento' });
  // The list opens on a click, with no option highlighted: the state a pasted text can leave behind.
  fireEvent.click(input);
  if (search) await user.type(input, search);
  expect(screen.getAllByRole('option').length).toBeGreaterThan(0);
  expect(document.querySelector('[data-combobox-selected]')).toBeNull();
  return { input, onChange };
}

describe('Enter in a searchable select', () => {
  it('picks the first option shown when none is highlighted', async () => {
    const { input, onChange } = await openWithoutHighlight(true);
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
    expect(onChange).toHaveBeenCalledWith('2', expect.objectContaining({ label: 'VERO Crédito' }));
  });

  it('leaves Enter alone on an empty box', async () => {
    const empty = await openWithoutHighlight(true, '');
    fireEvent.keyDown(empty.input, { key: 'Enter', code: 'Enter' });
    expect(empty.onChange).not.toHaveBeenCalled();
  });

  it('keeps the option already chosen when its text is in the box', async () => {
    const chosen = await openWithoutHighlight(true, null, '3');
    fireEvent.keyDown(chosen.input, { key: 'Enter', code: 'Enter' });
    expect(chosen.onChange).not.toHaveBeenCalled();
  });

  it('did nothing without it (the defect the helper mends)', async () => {
    const { input, onChange } = await openWithoutHighlight(false);
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
    expect(onChange).not.toHaveBeenCalled();
  });

  it('keeps the highlighted option when there is one', async () => {
    const { input, onChange } = await openWithoutHighlight(true);
    fireEvent.keyDown(input, { key: 'ArrowDown', code: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown', code: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
    expect(onChange).toHaveBeenCalledWith('3', expect.objectContaining({ label: 'VERO Instantâneo' }));
    expect(onChange).toHaveBeenCalledTimes(1);
  });
});
