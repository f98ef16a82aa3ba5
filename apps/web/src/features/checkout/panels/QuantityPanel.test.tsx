// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { makeItem } from '@pdv/domain/factories';
import { MESSAGES } from '@pdv/domain/messages';
import { renderUi } from '../../../testing/dom.tsx';
import type { StoredItem } from '../../outbox/types.ts';
import { QuantityPanel } from './QuantityPanel.tsx';

const item: StoredItem = {
  ...makeItem({ id_item: 'i1', id_operacao: 'o1', descricao: 'Camiseta', quantidade: 2000, valor_unitario: 5000 }),
  ordem: 1,
  precos: { preco_venda: 5000, preco_atacado: 4500, quantidade_atacarejo: null },
};
/** Up to 10% more and 20% less than the list price. */
const limits = { perc_max_aumento_preco_produto: 10, perc_max_reducao_preco_produto: 20 };

function open() {
  const onApply = vi.fn((_q: number, _p: number | null) => Promise.resolve(true));
  const view = renderUi(<QuantityPanel item={item} limits={limits} onClose={() => undefined} onApply={onApply} />);
  return { ...view, onApply, quantity: screen.getByLabelText('Quantidade'), price: screen.getByLabelText('Preço unitário') };
}

describe('QuantityPanel (F3)', () => {
  it('opens on the line with the cursor in its quantity, and Enter applies the typed quantity (thousandths, price kept)', async () => {
    const { user, onApply, quantity, price } = open();
    await waitFor(() => expect(document.activeElement).toBe(quantity));
    expect(screen.getByText('Camiseta')).toBeTruthy();
    expect((quantity as HTMLInputElement).value).toBe('2,000');
    expect((price as HTMLInputElement).value).toBe('50,00');
    await user.clear(quantity);
    await user.type(quantity, '3,5{Enter}');
    expect(onApply).toHaveBeenCalledTimes(1);
    expect(onApply).toHaveBeenCalledWith(3500, null);
  });

  it('refuses a zero quantity with the spec message and calls nothing', async () => {
    const { user, onApply, quantity } = open();
    await user.clear(quantity);
    await user.type(quantity, '0{Enter}');
    expect(screen.getByRole('alert').textContent).toBe(MESSAGES.quantityNotPositive);
    expect(onApply).not.toHaveBeenCalled();
  });

  it('applies a new price within the limits, in centavos', async () => {
    const { user, onApply, price } = open();
    await user.clear(price);
    await user.type(price, '54,90{Enter}');
    expect(onApply).toHaveBeenCalledWith(2000, 5490);
  });

  it('refuses a price above the allowed increase and one below the allowed reduction, with the spec messages', async () => {
    const { user, onApply, price } = open();
    await user.clear(price);
    await user.type(price, '55,01{Enter}');
    expect(screen.getByRole('alert').textContent).toBe(MESSAGES.priceIncreaseAboveMax(1000));
    await user.clear(price);
    await user.type(price, '39,99{Enter}');
    expect(screen.getByRole('alert').textContent).toBe(MESSAGES.priceReductionAboveMax(2000));
    await user.clear(price);
    await user.type(price, '0{Enter}');
    expect(screen.getByRole('alert').textContent).toBe(MESSAGES.itemValueNotPositive);
    expect(onApply).not.toHaveBeenCalled();
  });
});
