// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { formatMoney, formatPercent } from '@pdv/domain/money';
import { MESSAGES } from '@pdv/domain/messages';
import { SUPERVISOR_PERMISSIONS } from '@pdv/domain/permissions';
import { ApiError } from '../../../api/errors.ts';
import { MantineProvider } from '@mantine/core';
import { renderUi } from '../../../testing/dom.tsx';
import { useSupervisorAuthorization } from '../../authorization/useSupervisorAuthorization.tsx';
import type { ValidateSupervisor } from '../../authorization/validate.ts';
import { DiscountPanel, PRODUCT_LIMIT_LOADING, type DiscountTarget } from './DiscountPanel.tsx';

/** A line of R$ 100,00 in a sale of R$ 250,00; at most 10% off. */
async function open(bases: { item: number | null; total: number } = { item: 10_000, total: 25_000 }) {
  const onApply = vi.fn((_target: DiscountTarget, _value: number, _id: number | null) => undefined);
  const view = renderUi(<DiscountPanel opened bases={bases} maxBp={{ item: 1000, total: 1000 }} onClose={() => undefined} onApply={onApply} />);
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
    expect(onApply).toHaveBeenCalledWith('item', 500, null);
  });

  it('switches to a value with "$" and back to a percentage with "%" from the keyboard', async () => {
    const { user, onApply, input } = await open();
    await user.keyboard('$');
    expect(screen.getByLabelText('Desconto (R$)')).toBe(input());
    expect((input() as HTMLInputElement).value).toBe('');
    await user.keyboard('%');
    expect(screen.getByLabelText('Desconto (%)')).toBe(input());
    await user.keyboard('$8,00{Enter}');
    expect(onApply).toHaveBeenCalledWith('item', 800, null);
  });

  it('applies to the sale total when chosen, and only to the total when no line is selected', async () => {
    const { user, onApply } = await open();
    await user.click(screen.getByText('Total da venda'));
    await user.type(screen.getByLabelText('Desconto (%)'), '10{Enter}');
    expect(onApply).toHaveBeenCalledWith('total', 2500, null);
  });

  it('has the line option disabled without a selected line', async () => {
    const { user, onApply } = await open({ item: null, total: 25_000 });
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Item selecionado' }).disabled).toBe(true);
    await user.keyboard('$20{Enter}');
    expect(onApply).toHaveBeenCalledWith('total', 2000, null);
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

/** The panel as the page wires it: a supervisor asked through the modal, with a fake credential check. */
function Supervised({ validate, onApply, maxBp }: {
  validate: ValidateSupervisor;
  onApply: (target: DiscountTarget, value: number, id: number | null) => void;
  maxBp: { item: number | undefined; total: number };
}) {
  const supervisor = useSupervisorAuthorization(validate);
  const authorize = (observacao: string) =>
    supervisor.ask(SUPERVISOR_PERMISSIONS.discountAboveLimit, { origem: 'operacao', id_origem: 'op-1', observacao });
  return (
    <>
      {supervisor.modal}
      <DiscountPanel opened bases={{ item: 10_000, total: 25_000 }} maxBp={maxBp} onClose={() => undefined}
        onApply={onApply} authorize={authorize} />
    </>
  );
}

const grant = { id_usuario: 2, nome: 'Marina Souza', autorizado: true as const, id_autorizacao: 77 };

async function openSupervised(validate: ValidateSupervisor, maxBp = { item: 200 as number | undefined, total: 1000 }) {
  const onApply = vi.fn((_target: DiscountTarget, _value: number, _id: number | null) => undefined);
  const view = renderUi(<Supervised validate={validate} onApply={onApply} maxBp={maxBp} />);
  const input = () => screen.getByLabelText(/^Desconto \((%|R\$)\)$/);
  await waitFor(() => expect(document.activeElement).toBe(input()));
  return { ...view, onApply, input };
}

describe('DiscountPanel: limits of the product and of the user, and the supervisor above them', () => {
  it("limits the line by its product's own 2% and the subtotal by the user's 10%", async () => {
    const validate = vi.fn<ValidateSupervisor>();
    const { user, onApply, input } = await openSupervised(validate);
    expect(screen.getByText(`máximo ${formatPercent(200)}`, { exact: false })).toBeTruthy();
    // 2,00 of the line's 100,00 is its product's 2%: applied without a supervisor.
    await user.keyboard('2{Enter}');
    expect(onApply).toHaveBeenLastCalledWith('item', 200, null);
    // The subtotal is the user's: 10% of 250,00.
    await user.click(screen.getByText('Total da venda'));
    await user.clear(input());
    await user.type(input(), '10{Enter}');
    expect(onApply).toHaveBeenLastCalledWith('total', 2500, null);
    expect(validate).not.toHaveBeenCalled();
  });

  it("says to wait while the line's product limit is still being read, and applies the discount once it arrives", async () => {
    const validate = vi.fn<ValidateSupervisor>();
    const onApply = vi.fn((_target: DiscountTarget, _value: number, _id: number | null) => undefined);
    const view = renderUi(<Supervised validate={validate} onApply={onApply} maxBp={{ item: undefined, total: 1000 }} />);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Desconto (%)')));
    await view.user.keyboard('1{Enter}');
    expect(screen.getByRole('alert').textContent).toBe(PRODUCT_LIMIT_LOADING);
    expect(onApply).not.toHaveBeenCalled();
    // The read answers (the product's own 2%): the Enter already pressed applies the 1% without another key.
    view.rerender(
      <MantineProvider env="test">
        <Supervised validate={validate} onApply={onApply} maxBp={{ item: 200, total: 1000 }} />
      </MantineProvider>,
    );
    await waitFor(() => expect(onApply).toHaveBeenCalledWith('item', 100, null));
    expect(onApply).toHaveBeenCalledTimes(1);
  });

  it("above the product's limit opens the supervisor modal on the user field; the manager's grant applies it with its id", async () => {
    const validate = vi.fn<ValidateSupervisor>(() => Promise.resolve(grant));
    const { user, onApply } = await openSupervised(validate);
    await user.keyboard('10{Enter}');
    expect(screen.getByRole('alert').textContent).toBe(MESSAGES.discountPercentAboveMax(200));
    const email = await screen.findByLabelText(/Usuário/);
    await waitFor(() => expect(document.activeElement).toBe(email));
    await user.keyboard('gerente@demo.com.br');
    await user.tab();
    await user.keyboard('demo1234{Enter}');
    await waitFor(() => expect(onApply).toHaveBeenCalledWith('item', 1000, 77));
    expect(validate).toHaveBeenCalledWith(expect.objectContaining({
      email: 'gerente@demo.com.br', password: 'demo1234', permission: SUPERVISOR_PERMISSIONS.discountAboveLimit,
      origem: 'operacao', id_origem: 'op-1',
    }));
  });

  it("shows the spec's refusal in the modal; Esc declines, the panel stays and the cursor is back in the discount", async () => {
    const refusal = new ApiError('http', 400, { message: MESSAGES.credentialWithoutPermission }, MESSAGES.credentialWithoutPermission, 'validateUserCredential');
    const validate = vi.fn<ValidateSupervisor>(() => Promise.reject(refusal));
    const { user, onApply, input } = await openSupervised(validate);
    await user.keyboard('$5{Enter}');
    const email = await screen.findByLabelText(/Usuário/);
    await waitFor(() => expect(document.activeElement).toBe(email));
    await user.keyboard('caixa@demo.com.br');
    await user.tab();
    await user.keyboard('demo1234{Enter}');
    expect((await screen.findByText('O usuário não a permissão desejada.')).textContent).toBe(MESSAGES.credentialWithoutPermission);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByLabelText(/Usuário/)).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(input()));
    expect(onApply).not.toHaveBeenCalled();
  });
});
