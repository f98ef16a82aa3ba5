// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { formatMoney, formatPercent } from '@pdv/domain/money';
import { MESSAGES } from '@pdv/domain/messages';
import { renderUi } from '../../../testing/dom.tsx';
import { DiscountPanel, type DiscountTarget } from './DiscountPanel.tsx';

/** A line of R$ 100,00 in a sale of R$ 250,00; at most 10% off. */
async function open(bases: { item: number | null; total: number } = { item: 10_000, total: 25_000 }) {
  const onApply = vi.fn((_target: DiscountTarget, _value: number) => undefined);
  const view = renderUi(<DiscountPanel opened bases={bases} maxBp={1000} onClose={() => undefined} onApply={onApply} />);
  const input = () => screen.getByRole('textbox');
  // The drawer puts the cursor in the field: the cashier types at once.
  await waitFor(() => expect(document.activeElement).toBe(input()));
  return { ...view, onApply, input };
}

describe('DiscountPanel (F4)', () => {
  it('starts on the selected line as a percentage, with the cursor in the field; Enter applies the value in centavos', async () => {
    const { user, onApply } = await open();
    expect(screen.getByText(`Sobre ${formatMoney(10_000)} · máximo ${formatPercent(1000)}.`, { exact: false })).toBeTruthy();
    await user.keyboard('5{Enter}');
    expect(onApply).toHaveBeenCalledWith('item', 500);
  });

  it('switches to a value with "$" and back to a percentage with "%" from the keyboard', async () => {
    const { user, onApply, input } = await open();
    await user.keyboard('$');
    expect(screen.getByLabelText('Desconto (R$)')).toBe(input());
    expect((input() as HTMLInputElement).value).toBe('');
    await user.keyboard('%');
    expect(screen.getByLabelText('Desconto (%)')).toBe(input());
    await user.keyboard('$8,00{Enter}');
    expect(onApply).toHaveBeenCalledWith('item', 800);
  });

  it('applies to the sale total when chosen, and only to the total when no line is selected', async () => {
    const { user, onApply } = await open();
    await user.click(screen.getByText('Total da venda'));
    await user.type(screen.getByLabelText('Desconto (%)'), '10{Enter}');
    expect(onApply).toHaveBeenCalledWith('total', 2500);
  });

  it('has the line option disabled without a selected line', async () => {
    const { user, onApply } = await open({ item: null, total: 25_000 });
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Item selecionado' }).disabled).toBe(true);
    await user.keyboard('$20{Enter}');
    expect(onApply).toHaveBeenCalledWith('total', 2000);
  });

  it('refuses an empty discount and one above the maximum, as a percentage and as a value, with the spec messages', async () => {
    const { user, onApply, input } = await open();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('alert').textContent).toBe('Informe o desconto.');
    await user.type(input(), '15{Enter}');
    expect(screen.getByRole('alert').textContent).toBe(MESSAGES.discountPercentAboveMax(1000));
    await user.clear(input());
    await user.keyboard('$10,01{Enter}');
    expect(screen.getByRole('alert').textContent).toBe(MESSAGES.discountValueAboveMax(1000, 1000));
    expect(onApply).not.toHaveBeenCalled();
  });
});
