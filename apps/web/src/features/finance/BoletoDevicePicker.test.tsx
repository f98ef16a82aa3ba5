// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderUi } from '../../testing/dom.tsx';
import { BoletoDevicePicker } from './BoletoDevicePicker.tsx';

const devices = [
  { id_dispositivo: 1, descricao: 'Caixa 01', endereco: '127.0.0.1', porta_connect: 9201 },
  { id_dispositivo: 2, descricao: 'Financeiro', endereco: '192.168.0.10', porta_connect: 9201 },
];

describe('the boleto connector device picker', () => {
  it('lists the devices by description and keeps Selecionar disabled until one is chosen', async () => {
    const onSelect = vi.fn();
    const { user } = renderUi(<BoletoDevicePicker devices={devices} onSelect={onSelect} />);
    const button = screen.getByRole('button', { name: 'Selecionar' });
    expect(button).toHaveProperty('disabled', true);
    await user.click(button);
    expect(onSelect).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Dispositivo', { selector: 'input' })).toBe(screen.getByPlaceholderText('Selecione'));
    await user.click(screen.getByPlaceholderText('Selecione'));
    await user.click(await screen.findByRole('option', { name: 'Financeiro' }));
    expect(screen.getByRole('button', { name: 'Selecionar' })).toHaveProperty('disabled', false);
    await user.click(screen.getByRole('button', { name: 'Selecionar' }));
    expect(onSelect).toHaveBeenCalledWith(devices[1]);
  });

  it('says so when there is no device', () => {
    renderUi(<BoletoDevicePicker devices={[]} onSelect={() => undefined} />);
    expect(screen.getByPlaceholderText('Nenhum dispositivo cadastrado.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Selecionar' })).toHaveProperty('disabled', true);
  });
});
