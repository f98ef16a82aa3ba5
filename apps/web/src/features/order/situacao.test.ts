import { describe, expect, it } from 'vitest';
import { orderActionLabel, orderActionsFor, situacaoLabel } from './situacao.ts';

const order = (situacao: string, operacao = 'Pedido', id_cliente: number | null = 1) => ({
  situacao,
  operacao,
  id_cliente,
});

describe('order actions', () => {
  it('offers release, invoicing, cancelling and e-mail on an order in edition', () => {
    expect(orderActionsFor(order('Edicao'))).toEqual(['abrir', 'duplicar', 'liberar', 'faturar', 'cancelar', 'email']);
  });

  it('does not offer release again on a released order, nor e-mail without a client', () => {
    expect(orderActionsFor(order('Liberado', 'Pedido', null))).toEqual(['abrir', 'duplicar', 'faturar', 'cancelar']);
  });

  it('offers invoicing on a quote, so that the server says why it cannot be invoiced', () => {
    expect(orderActionsFor(order('Edicao', 'Orcamento'))).toContain('faturar');
  });

  it('offers only open and duplicate on closed orders', () => {
    for (const situacao of ['Faturado', 'Concluida']) {
      expect(orderActionsFor(order(situacao))).toEqual(['abrir', 'duplicar', 'email']);
    }
    expect(orderActionsFor(order('Cancelado'))).toEqual(['abrir', 'duplicar']);
  });

  it('never offers release on a quote', () => {
    expect(orderActionsFor(order('Edicao', 'Orcamento'))).toEqual(['abrir', 'duplicar', 'faturar', 'cancelar', 'email']);
  });

  it('leaves the consignment steps to release a consignment', () => {
    expect(orderActionsFor(order('Edicao', 'Consignacao'))).not.toContain('liberar');
  });

  it('shows statuses in pt-BR and unknown ones as they came', () => {
    expect(situacaoLabel('AguardandoConclusao')).toBe('Aguardando conclusão');
    expect(situacaoLabel('Outro')).toBe('Outro');
  });

  it('names invoicing "Abrir nota fiscal" when the order already waits for its invoice', () => {
    expect(orderActionLabel('faturar', { situacao: 'NotaPendente', id_nota_fiscal: 9 })).toBe('Abrir nota fiscal');
    expect(orderActionLabel('faturar', { situacao: 'Liberado', id_nota_fiscal: null })).toBe('Faturar');
  });
});
