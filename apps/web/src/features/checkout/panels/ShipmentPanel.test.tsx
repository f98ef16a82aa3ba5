// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { closeLocalCopies, openLocalCopy } from '../../../db/testingCopy.ts';
import { renderUi } from '../../../testing/dom.tsx';
import { ShipmentPanel } from './ShipmentPanel.tsx';
import type { Shipment } from './shipment.ts';

// On the SQLite copy, as the app runs by default: a fresh one for each test.
beforeEach(async () => {
  const db = await openLocalCopy();
  await db.rows('people').bulkPut([
    { id_pessoa: 1, nome: 'Expresso Paulista Transportes', cnpj: '58392017000130', situacao: 'Ativo', is_transportadora: true },
    { id_pessoa: 2, nome: 'Rápido Sul Logística', cnpj: '11222333000181', situacao: 'Ativo', is_transportadora: true },
    { id_pessoa: 3, nome: 'Expresso Cliente (não transporta)', cnpj: null, situacao: 'Ativo', is_transportadora: false },
    { id_pessoa: 4, nome: 'Expresso Inativo', cnpj: null, situacao: 'Inativo', is_transportadora: true },
  ]);
});
afterEach(closeLocalCopies);

const NONE: Shipment = { tipo_frete: 9, frete: 0, seguro: 0, outros: 0, id_transportadora: null };

async function open(current: Shipment = NONE) {
  const onApply = vi.fn((_shipment: Shipment) => undefined);
  const view = renderUi(<ShipmentPanel opened current={current} onClose={() => undefined} onApply={onApply} />);
  await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Tipo de frete')));
  return { ...view, onApply };
}
const listed = () =>
  Array.from(screen.getByRole('table', { name: 'Transportadoras encontradas' }).querySelectorAll('tr'), (tr) => tr.textContent);

describe('ShipmentPanel (Alt+T): the carrier', () => {
  it('filters the active carriers as typed, picks with the arrows and Enter, and Enter then applies', async () => {
    const { user, onApply } = await open();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByLabelText('Transportadora'));
    await user.keyboard('expresso');
    await waitFor(() => expect(listed()).toEqual(['Expresso Paulista Transportes']));
    await user.clear(screen.getByLabelText('Transportadora'));
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(listed()).toEqual(['Expresso Paulista Transportes', 'Rápido Sul Logística']));
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onApply).not.toHaveBeenCalled();
    expect(screen.getByText('Escolhida: Rápido Sul Logística (Backspace limpa)')).toBeTruthy();
    await user.keyboard('{Enter}');
    expect(onApply).toHaveBeenCalledExactlyOnceWith({ ...NONE, id_transportadora: 2 });
  });

  it('shows the carrier already chosen and clears it with Backspace', async () => {
    const { user, onApply } = await open({ ...NONE, tipo_frete: 0, id_transportadora: 1 });
    await waitFor(() => expect(screen.getByText('Escolhida: Expresso Paulista Transportes (Backspace limpa)')).toBeTruthy());
    await user.tab();
    await user.keyboard('{Backspace}');
    expect(screen.getByText('Nenhuma escolhida.')).toBeTruthy();
    await user.keyboard('{Enter}');
    expect(onApply).toHaveBeenCalledExactlyOnceWith({ ...NONE, tipo_frete: 0 });
  });

  it('says when no carrier matches, and Enter then picks nothing', async () => {
    const { user, onApply } = await open();
    await user.tab();
    await user.keyboard('zzz');
    await waitFor(() => expect(screen.getByText('Nenhuma transportadora encontrada.')).toBeTruthy());
    await user.keyboard('{Enter}');
    expect(onApply).not.toHaveBeenCalled();
  });
});
