// @vitest-environment jsdom
import { createServer, type Server } from 'node:http';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { makeItem } from '@pdv/domain/factories';
import { MESSAGES } from '@pdv/domain/messages';
import { renderUi } from '../../../testing/dom.tsx';
import type { StoredItem } from '../../outbox/types.ts';
import { SCALE_MESSAGES } from '@pdv/domain/scale-reading';
import { setPeripheral } from '../../peripherals/peripheralStore.ts';
import { QUANTITY_NOT_A_NUMBER, QUANTITY_TOO_MANY_DECIMALS, QuantityPanel } from './QuantityPanel.tsx';

const item: StoredItem = {
  ...makeItem({ id_item: 'i1', id_operacao: 'o1', descricao: 'Camiseta', quantidade: 2000, valor_unitario: 5000 }),
  ordem: 1,
  precos: { preco_venda: 5000, preco_atacado: 4500, quantidade_atacarejo: null },
};
/** Up to 10% more and 20% less than the list price. */
const limits = { perc_max_aumento_preco_produto: 10, perc_max_reducao_preco_produto: 20 };

function open(authorize?: (observacao: string) => Promise<number | null>, idFilial?: number) {
  const onApply = vi.fn((_q: number, _p: number | null, _id: number | null) => Promise.resolve(true));
  const view = renderUi(<QuantityPanel item={item} limits={limits} onClose={() => undefined} onApply={onApply}
    {...(authorize ? { authorize } : {})} {...(idFilial !== undefined ? { idFilial } : {})} />);
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
    expect(onApply).toHaveBeenCalledWith(3500, null, null);
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
    expect(onApply).toHaveBeenCalledWith(2000, 5490, null);
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

  it('opens with the quantity selected: typing 3 replaces it and Enter applies 3 (not 2,0003)', async () => {
    const { user, onApply, quantity } = open();
    await waitFor(() => expect(document.activeElement).toBe(quantity));
    const input = quantity as HTMLInputElement;
    expect([input.selectionStart, input.selectionEnd]).toEqual([0, input.value.length]);
    await user.keyboard('3{Enter}');
    expect(input.value).toBe('3');
    expect(onApply).toHaveBeenCalledWith(3000, null, null);
  });

  it('says why a quantity cannot apply (too many decimals, not a number) and keeps the panel, calling nothing', async () => {
    const { user, onApply, quantity } = open();
    await waitFor(() => expect(document.activeElement).toBe(quantity));
    await user.keyboard('{End}3{Enter}');
    expect((quantity as HTMLInputElement).value).toBe('2,0003');
    expect(screen.getByRole('alert').textContent).toBe(QUANTITY_TOO_MANY_DECIMALS);
    await user.clear(quantity);
    await user.type(quantity, 'abc{Enter}');
    expect(screen.getByRole('alert').textContent).toBe(QUANTITY_NOT_A_NUMBER);
    expect(onApply).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Quantidade')).toBe(quantity);
  });

  it('selects the price when it gets the focus (Tab), so a typed price replaces it', async () => {
    const { user, onApply, quantity } = open();
    await waitFor(() => expect(document.activeElement).toBe(quantity));
    await user.tab();
    await user.keyboard('52{Enter}');
    expect(onApply).toHaveBeenCalledWith(2000, 5200, null);
  });

  it('asks a supervisor for a price beyond the limits and applies it with the grant; declined, nothing applies', async () => {
    const authorize = vi.fn<(observacao: string) => Promise<number | null>>().mockResolvedValueOnce(null).mockResolvedValueOnce(88);
    const { user, onApply, price } = open(authorize);
    await user.clear(price);
    await user.type(price, '30{Enter}');
    expect(screen.getByRole('alert').textContent).toBe(MESSAGES.priceReductionAboveMax(2000));
    await waitFor(() => expect(authorize).toHaveBeenCalledTimes(1));
    expect(onApply).not.toHaveBeenCalled();
    await user.type(price, '{Enter}');
    await waitFor(() => expect(onApply).toHaveBeenCalledWith(2000, 3000, 88));
    // A price of 0 is never released.
    await user.clear(price);
    await user.type(price, '0{Enter}');
    expect(screen.getByRole('alert').textContent).toBe(MESSAGES.itemValueNotPositive);
    expect(authorize).toHaveBeenCalledTimes(2);
  });
});

describe('QuantityPanel with the checkout scale (balanca_pdv)', () => {
  const servers: Server[] = [];
  afterAll(async () => {
    for (const s of servers) await new Promise((r) => s.close(r));
  });
  /** A connector whose scale answers the given bodies in turn. */
  async function connectorAnswering(...answers: unknown[]): Promise<number> {
    const server = createServer((req, res) => {
      req.resume();
      req.on('end', () => res.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' }).end(JSON.stringify(answers.shift())));
    });
    servers.push(server);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    return (server.address() as { port: number }).port;
  }

  it('fills the quantity with the weight the scale reads (Alt+B), and shows what the scale says when it cannot', async () => {
    const port = await connectorAnswering({ Codigo: 0, Mensagem: SCALE_MESSAGES.read, peso: 1.25 }, { Codigo: 999, Mensagem: SCALE_MESSAGES.unstable });
    setPeripheral(4, 'balanca_pdv', { id_periferico: 6, descricao: 'Toledo Prix', tipo: 'Balanca',
      dispositivo: { id_dispositivo: 1, descricao: 'Caixa 1', endereco: '127.0.0.1', porta_connect: port } });
    const { user, onApply, quantity } = open(undefined, 4);
    await waitFor(() => expect(document.activeElement).toBe(quantity));
    await user.keyboard('{Alt>}b{/Alt}');
    await waitFor(() => expect((quantity as HTMLInputElement).value).toBe('1,250'));
    await user.click(screen.getByRole('button', { name: 'Ler balança (Alt+B)' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(SCALE_MESSAGES.unstable));
    await user.click(screen.getByRole('button', { name: /Aplicar/ }));
    expect(onApply).toHaveBeenCalledWith(1250, null, null);
  });

  it('offers no scale reading when none is chosen for the branch', async () => {
    const { quantity } = open(undefined, 9);
    await waitFor(() => expect(document.activeElement).toBe(quantity));
    expect(screen.queryByRole('button', { name: 'Ler balança (Alt+B)' })).toBeNull();
  });
});
