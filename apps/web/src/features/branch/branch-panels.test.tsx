// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { ApiError } from '../../api/errors.ts';
import { renderUi } from '../../testing/dom.tsx';
import { BranchCertificate } from './BranchCertificate.tsx';
import { BranchEmails } from './BranchEmails.tsx';
import { CityPicker } from './CityPicker.tsx';

const api = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../api/client.ts', () => ({ call: api.call }));
vi.mock('../../ui/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const refusal = (message: string) => new ApiError('http', 400, { message }, message, 'branchEmailTest');
const DAY = 86_400_000;

beforeEach(() => {
  api.call.mockReset();
});

describe('the certificate panel', () => {
  it('shows the holder and the expiry as dd/mm/aaaa, warning when fewer than 30 days are left', async () => {
    const validade = new Date(Date.now() + 10 * DAY + 3_600_000);
    api.call.mockResolvedValue({ id_filial: 7, certificado: { titular: 'LOJA DEMO LTDA:12345678000195', cnpj: '12345678000195', validade: validade.toISOString(), data_cadastro: validade.toISOString() } });
    renderUi(<BranchCertificate id_filial={7} readOnly={false} />);
    expect(await screen.findByText('LOJA DEMO LTDA:12345678000195')).toBeTruthy();
    expect(screen.getByText('12.345.678/0001-95')).toBeTruthy();
    expect(screen.getByText(/^\d{2}\/\d{2}\/\d{4}$/)).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('O certificado vence em 10 dia(s): renove-o para continuar emitindo notas fiscais.');
    expect(api.call).toHaveBeenCalledWith('branchCertificateGet', { id_filial: 7 }, { loading: false });
  });

  it("asks for the file first, and shows the server's refusal of a wrong password", async () => {
    api.call.mockResolvedValueOnce({ id_filial: 7, certificado: null });
    const { user } = renderUi(<BranchCertificate id_filial={7} readOnly={false} />);
    expect(await screen.findByText('Nenhum certificado enviado.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Enviar certificado' }));
    expect(screen.getByRole('alert').textContent).toBe('Selecione o arquivo do certificado (.pfx ou .p12).');
    api.call.mockRejectedValueOnce(refusal('Senha do certificado digital inválida.'));
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File([new Uint8Array([0x30, 0x82])], 'loja.pfx', { type: 'application/x-pkcs12' }));
    await user.type(screen.getByLabelText('Senha do certificado'), 'errada');
    await user.click(screen.getByRole('button', { name: 'Enviar certificado' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Senha do certificado digital inválida.'));
    expect(api.call).toHaveBeenLastCalledWith('branchCertificateUpload', { id_filial: 7, arquivo_base64: 'MII=', senha: 'errada' });
  });
});

const account = {
  id_filial_email: 3, id_filial: 7, email: 'loja@demo.com.br', nome_remetente: null, servidor_smtp: 'smtp.demo.com.br', porta: 587,
  seguranca: 'STARTTLS', usuario: 'loja', possui_senha: true, is_padrao: true, data_cadastro: '', data_alteracao: '',
};

describe('the e-mails panel', () => {
  it('lists the accounts without any password and says how the test send went, in pt-BR', async () => {
    api.call.mockImplementation((name: string) => {
      if (name === 'branchEmailList') return Promise.resolve({ rows: [account] });
      if (name === 'branchEmailTest') return Promise.resolve({ message: 'E-mail de teste enviado com sucesso para loja@demo.com.br.' });
      return Promise.reject(new Error(name));
    });
    const { user } = renderUi(<BranchEmails id_filial={7} readOnly={false} />);
    expect(await screen.findByText('smtp.demo.com.br:587')).toBeTruthy();
    expect(screen.getByText('Cadastrada')).toBeTruthy();
    expect(screen.getByText('Em uso')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Testar' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('E-mail de teste enviado com sucesso para loja@demo.com.br.'));
    expect(api.call).toHaveBeenCalledWith('branchEmailTest', { id_filial_email: 3, destinatario: 'loja@demo.com.br' });

    api.call.mockImplementation((name: string) =>
      name === 'branchEmailTest'
        ? Promise.reject(refusal('Não foi possível enviar o e-mail de teste: o servidor SMTP recusou o usuário ou a senha.'))
        : Promise.resolve({ rows: [account] }));
    await user.type(screen.getByLabelText('Enviar o teste para'), 'dono@demo.com.br');
    await user.click(screen.getByRole('button', { name: 'Testar' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Não foi possível enviar o e-mail de teste: o servidor SMTP recusou o usuário ou a senha.'));
    expect(api.call).toHaveBeenCalledWith('branchEmailTest', { id_filial_email: 3, destinatario: 'dono@demo.com.br' });
  });

  it('keeps the stored password when a change leaves it empty', async () => {
    api.call.mockImplementation((name: string) => Promise.resolve(name === 'branchEmailList' ? { rows: [account] } : account));
    const { user } = renderUi(<BranchEmails id_filial={7} readOnly={false} />);
    await user.click(await screen.findByRole('button', { name: 'Editar' }));
    const port = screen.getByRole('textbox', { name: /^Porta/ });
    await user.clear(port);
    await user.type(port, '465');
    await user.selectOptions(screen.getByLabelText('Segurança'), 'SSL');
    await user.click(screen.getByRole('button', { name: 'Salvar conta' }));
    await waitFor(() => expect(api.call).toHaveBeenCalledWith('branchEmailUpdate', {
      id_filial_email: 3, email: 'loja@demo.com.br', nome_remetente: null, servidor_smtp: 'smtp.demo.com.br', porta: 465, seguranca: 'SSL', usuario: 'loja',
    }));
  });
});

describe('the city picker', () => {
  it('searches the IBGE cities by what is typed and hands the chosen one over', async () => {
    api.call.mockResolvedValue({ rows: [{ id_cidade: 3304557, nome: 'Rio de Janeiro', uf: 'RJ' }] });
    const onChange = vi.fn();
    const { user } = renderUi(<CityPicker value={null} initial={null} onChange={onChange} />);
    await user.type(screen.getByPlaceholderText('Digite o nome da cidade'), 'rio de j');
    await user.click(await screen.findByRole('option', { name: 'Rio de Janeiro - RJ' }));
    expect(onChange).toHaveBeenCalledWith({ id_cidade: 3304557, nome: 'Rio de Janeiro', uf: 'RJ' });
    expect(api.call).toHaveBeenCalledWith('cityFind', { search: 'rio de j', take: 20 }, expect.objectContaining({ loading: false }));
  });
});
