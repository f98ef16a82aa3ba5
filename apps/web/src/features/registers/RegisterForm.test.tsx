// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { REGISTER_MESSAGES, type RegisterDescriptor } from '@pdv/contract/registers/descriptor';
import { MESSAGES } from '@pdv/domain/messages';
import { ApiError } from '../../api/errors.ts';
import { renderUi } from '../../testing/dom.tsx';
import { RegisterForm } from './RegisterForm.tsx';

const api = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../api/client.ts', () => ({ call: api.call }));
const toasts = vi.hoisted(() => ({ success: vi.fn() }));
vi.mock('../../ui/toast.ts', () => ({ toast: toasts }));

/** A register with the kinds the masks serve. */
const supplier = {
  name: 'supplier',
  path: '/supplier',
  table: 'fornecedor',
  id: 'id_fornecedor',
  label: { singular: 'Fornecedor', plural: 'Fornecedores' },
  permission: 'FncListarFornecedor',
  scope: 'organization',
  fields: {
    nome: { kind: 'text', label: 'Nome', required: true, max: 60, list: true },
    cnpj: { kind: 'cnpj', label: 'CNPJ' },
    limite: { kind: 'money', label: 'Limite de crédito', default: 0 },
    sigla: { kind: 'text', label: 'Sigla', max: 6, unique: true },
  },
  list: { pageSize: 20, sort: { column: 'nome', order: 'ASC' } },
  screen: { path: '/suppliers', form: 'panel' },
} as const satisfies RegisterDescriptor;

function renderForm() {
  const onSaved = vi.fn();
  const view = renderUi(<RegisterForm descriptor={supplier} row={null} opened readOnly={false} onClose={() => undefined} onSaved={onSaved} />);
  const form = () => screen.getByRole('form', { name: 'Fornecedor' });
  return { ...view, onSaved, form };
}

beforeEach(() => {
  api.call.mockReset();
  toasts.success.mockReset();
});

describe('the register form', () => {
  it('takes money typed from the right and a CNPJ, alphanumeric included, with their masks, and sends them bare', async () => {
    api.call.mockResolvedValue({});
    const { user, form, onSaved } = renderForm();
    const money = within(form()).getByLabelText('Limite de crédito');
    await user.type(money, '123456');
    expect(money).toHaveProperty('value', 'R$ 1.234,56');
    await user.type(money, '{Backspace}');
    expect(money).toHaveProperty('value', 'R$ 123,45');
    const cnpj = within(form()).getByLabelText('CNPJ');
    await user.type(cnpj, '12abc34501de35');
    expect(cnpj).toHaveProperty('value', '12.ABC.345/01DE-35');
    await user.type(within(form()).getByLabelText(/Nome/), 'Tecidos Sul{Enter}');
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(api.call).toHaveBeenCalledWith('supplierCreate', { nome: 'Tecidos Sul', cnpj: '12ABC34501DE35', limite: 123.45, sigla: null });
    expect(toasts.success).toHaveBeenCalledWith(MESSAGES.recordSaved);
  });

  it('shows a required field error beside the field and sends nothing', async () => {
    const { user, form } = renderForm();
    await user.click(within(form()).getByRole('button', { name: /Salvar/ }));
    const nome = within(form()).getByLabelText(/Nome/);
    expect(nome.getAttribute('aria-invalid')).toBe('true');
    const describedBy = nome.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy.split(' ').find((id) => id.includes('error')) ?? '')?.textContent).toBe(
      REGISTER_MESSAGES.required('nome'),
    );
    expect(api.call).not.toHaveBeenCalled();
  });

  it("shows the server's refusal beside the field it names, and one naming no field above the buttons", async () => {
    const duplicate = REGISTER_MESSAGES.duplicate('sigla', 'TS');
    api.call.mockRejectedValueOnce(new ApiError('http', 400, { message: duplicate }, duplicate, 'supplierCreate'));
    const { user, form, onSaved } = renderForm();
    await user.type(within(form()).getByLabelText(/Nome/), 'Tecidos Sul');
    await user.type(within(form()).getByLabelText('Sigla'), 'TS{Enter}');
    await within(form()).findByText(duplicate);
    expect(within(form()).getByLabelText('Sigla').getAttribute('aria-invalid')).toBe('true');

    const other = 'Não foi possível salvar agora.';
    api.call.mockRejectedValueOnce(new ApiError('http', 400, { message: other }, other, 'supplierCreate'));
    await user.click(within(form()).getByRole('button', { name: /Salvar/ }));
    expect((await within(form()).findByRole('alert')).textContent).toBe(other);
    expect(onSaved).not.toHaveBeenCalled();
  });
});
