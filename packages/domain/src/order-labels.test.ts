import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from './operation-state.ts';
import { ORDER_MESSAGES } from './order-messages.ts';
import { ORDER_STATUS_NAME, orderStatusInSentence, orderStatusLabel } from './order-labels.ts';

describe('order status names', () => {
  it('names every status, alone and inside a sentence', () => {
    for (const s of ORDER_STATUSES) {
      expect(ORDER_STATUS_NAME[s].label).not.toBe('');
      expect(ORDER_STATUS_NAME[s].inSentence).not.toBe('');
    }
    expect(orderStatusLabel('Edicao')).toBe('Em edição');
    expect(orderStatusLabel('NotaPendente')).toBe('Nota pendente');
  });

  it('reads as a sentence after "O pedido está"', () => {
    expect(ORDER_MESSAGES.locked('NotaPendente')).toBe('O pedido está com nota pendente e não pode ser alterado.');
    expect(orderStatusInSentence('Edicao')).toBe('em edição');
  });

  it('shows an unknown status as it came, and no inherited property', () => {
    expect(orderStatusLabel('Outro')).toBe('Outro');
    expect(orderStatusLabel('toString')).toBe('toString');
    expect(orderStatusInSentence('constructor')).toBe('constructor');
  });
});
