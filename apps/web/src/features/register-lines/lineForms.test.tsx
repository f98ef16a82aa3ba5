// @vitest-environment jsdom
/**
 * The register line forms (LineForm, EnterForm, useLineForm, VolumeFields, LinesTable) as the order's volumes tab and
 * the invoice's referenced-keys tab use them: Enter adds, the refusals are the spec's, a save in flight is not sent
 * twice, a server refusal is shown, and the form clears after a save.
 */
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { OrderFull } from '@pdv/contract/order';
import { FISCAL_MESSAGES } from '@pdv/domain/fiscal-messages';
import { ORDER_MESSAGES } from '@pdv/domain/order-messages';
import { ApiError } from '../../api/errors.ts';
import { renderUi } from '../../testing/dom.tsx';
import { ReferencedTab } from '../invoice/register/ReferencedTab.tsx';
import type { ReferencedLine } from '../invoice/form.ts';
import { VolumesTab } from '../order/register/VolumesTab.tsx';

const call = vi.hoisted(() => vi.fn());
vi.mock('../../api/client.ts', () => ({ call }));

type Volume = NonNullable<OrderFull['volumes']>[number];
const order = { id_pedido: 7, volumes: [] } as unknown as OrderFull;
const created: Volume = { id_volume: 40, id_pedido: 7, id_nota_fiscal: null, quantidade: 2, especie: 'Caixa', marca: null,
  numeracao: null, peso_liquido: 1.25, peso_bruto: 1.5 };

function volumes(of: OrderFull | null = order) {
  const onChange = vi.fn((_volumes: Volume[]) => undefined);
  return { ...renderUi(<VolumesTab order={of} editable onChange={onChange} />), onChange };
}
/** The refusals listed under the form (the yellow notice of an unsaved order is an alert too, without a list). */
const alertItems = () =>
  screen.getAllByRole('alert').flatMap((alert) => within(alert).queryAllByRole('listitem').map((li) => li.textContent));

describe('a register line form (order volumes)', () => {
  it('refuses Enter without the weights, with the spec messages, and sends nothing', async () => {
    call.mockReset();
    const { user } = volumes();
    await user.click(screen.getByLabelText(/Quantidade/));
    await user.keyboard('{Enter}');
    expect(alertItems()).toEqual([ORDER_MESSAGES.volumeNetWeightMissing, ORDER_MESSAGES.volumeGrossWeightMissing]);
    expect(call).not.toHaveBeenCalled();
  });

  it('asks to save the order first when there is none yet', async () => {
    call.mockReset();
    const { user } = volumes(null);
    expect(screen.getAllByText(ORDER_MESSAGES.volumeParentNotSaved)).toHaveLength(1);
    await user.type(screen.getByLabelText(/Peso líquido/), '1');
    await user.type(screen.getByLabelText(/Peso bruto/), '1{Enter}');
    expect(alertItems()).toEqual([ORDER_MESSAGES.volumeParentNotSaved]);
    expect(call).not.toHaveBeenCalled();
  });

  it('sends the typed volume once on Enter (twice pressed while in flight), adds it, and clears the form', async () => {
    call.mockReset();
    let answer: (v: Volume) => void = () => undefined;
    call.mockImplementation(() => new Promise<Volume>((resolve) => (answer = resolve)));
    const { user, onChange } = volumes();
    const quantity = screen.getByLabelText<HTMLInputElement>(/Quantidade/);
    await user.clear(quantity);
    await user.type(quantity, '2');
    await user.type(screen.getByLabelText(/Espécie/), 'Caixa');
    await user.type(screen.getByLabelText(/Peso líquido/), '1,25');
    await user.type(screen.getByLabelText(/Peso bruto/), '1,5{Enter}');
    await user.keyboard('{Enter}');
    expect(call).toHaveBeenCalledExactlyOnceWith('volumeCreate', {
      id_pedido: 7, quantidade: 2, especie: 'Caixa', marca: null, numeracao: null, peso_liquido: 1.25, peso_bruto: 1.5,
    });
    answer(created);
    await waitFor(() => expect(onChange).toHaveBeenCalledWith([created]));
    await waitFor(() => expect(quantity.value).toBe('1'));
    expect(screen.getByLabelText<HTMLInputElement>(/Espécie/).value).toBe('');
  });

  it("shows the server's refusals and keeps what was typed", async () => {
    call.mockReset();
    const message = 'O peso não pode ser negativo.';
    call.mockRejectedValue(new ApiError('http', 400, { message, erros: [message] }, message, 'volumeCreate'));
    const { user, onChange } = volumes();
    await user.type(screen.getByLabelText(/Peso líquido/), '2');
    await user.type(screen.getByLabelText(/Peso bruto/), '3{Enter}');
    await waitFor(() => expect(alertItems()).toEqual([message]));
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByLabelText<HTMLInputElement>(/Peso bruto/).value).toBe('3');
  });
});

const KEY = '35180834128745000152550010000474281920007498';

function referenced(list: ReferencedLine[] = []) {
  const onChange = vi.fn((_lines: ReferencedLine[]) => undefined);
  return { ...renderUi(<ReferencedTab referenced={list} editable onChange={onChange} />), onChange };
}

describe('a register line form (invoice referenced keys)', () => {
  it('refuses an empty key, a short one and a repeated one with the spec messages', async () => {
    const { user, onChange } = referenced([{ key: 'a', chave_acesso: KEY, modelo: '55' }]);
    const field = screen.getByLabelText(/Chave de acesso/);
    await user.click(field);
    await user.keyboard('{Enter}');
    expect(screen.getByText(FISCAL_MESSAGES.keyMissing)).toBeTruthy();
    await user.type(field, '3518 0834{Enter}');
    expect(screen.getByText(FISCAL_MESSAGES.keyLength)).toBeTruthy();
    expect(screen.getByText('8 de 44 caracteres')).toBeTruthy();
    await user.clear(field);
    await user.type(field, `${KEY}{Enter}`);
    expect(screen.getByText(FISCAL_MESSAGES.keyDuplicated)).toBeTruthy();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('adds a key typed in groups of four as its 44 digits and model, and clears the field', async () => {
    const { user, onChange } = referenced();
    await user.type(screen.getByLabelText(/Chave de acesso/), `${KEY.replace(/(.{4})/g, '$1 ')}{Enter}`);
    expect(onChange).toHaveBeenCalledExactlyOnceWith([expect.objectContaining({ chave_acesso: KEY, modelo: '55' })]);
    // The field is emptied by the render after the add (under load it can come after the call above).
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>(/Chave de acesso/).value).toBe(''));
  });

  it('removes a line with its action', async () => {
    const other = '35180834128745000152650010000474291920007490';
    const { user, onChange } = referenced([{ key: 'a', chave_acesso: KEY, modelo: '55' }, { key: 'b', chave_acesso: other, modelo: '65' }]);
    await user.click(screen.getAllByRole('button', { name: 'Remover chave' })[0] ?? document.body);
    expect(onChange).toHaveBeenCalledExactlyOnceWith([{ key: 'b', chave_acesso: other, modelo: '65' }]);
  });
});
