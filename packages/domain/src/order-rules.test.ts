import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from './operation-state.ts';
import { ORDER_MESSAGES } from './order-messages.ts';
import {
  canChangeOrderStatus, customerError, initialOrderStatus, invoicingError, orderEditError, statusChangeError, type OrderFacts,
} from './order-rules.ts';

const order = (fields: Partial<OrderFacts> = {}): OrderFacts => ({
  operacao: 'Pedido', situacao: 'Edicao', is_processando: false, quantidade_itens: 1, ...fields,
});

describe('order statuses (000 §4.3)', () => {
  it('starts in Edicao, or Liberado when the branch releases orders', () => {
    expect(initialOrderStatus({ is_liberar_pedido: false })).toBe('Edicao');
    expect(initialOrderStatus({ is_liberar_pedido: true })).toBe('Liberado');
  });

  it('keeps a quote in Edicao: it starts there, and leaves it only cancelled (or turned into an order)', () => {
    expect(initialOrderStatus({ is_liberar_pedido: true }, 'Orcamento')).toBe('Edicao');
    const quote = order({ operacao: 'Orcamento' });
    for (const to of ['Liberado', 'EnviadoCliente'] as const) expect(statusChangeError(quote, to)).toBe(ORDER_MESSAGES.quoteStaysInEdition);
    expect(statusChangeError(quote, 'Cancelado')).toBeNull();
    expect(statusChangeError(quote, 'Faturado')).toBe(ORDER_MESSAGES.quoteCannotBeInvoiced);
  });

  it('lets an order be released, returned to edition and cancelled while open', () => {
    expect(canChangeOrderStatus('Edicao', 'Liberado')).toBe(true);
    expect(canChangeOrderStatus('Liberado', 'Edicao')).toBe(true);
    expect(canChangeOrderStatus('RetornoCliente', 'Edicao')).toBe(true);
    expect(canChangeOrderStatus('EnviadoCliente', 'Edicao')).toBe(true);
    expect(canChangeOrderStatus('Liberado', 'Cancelado')).toBe(true);
  });

  it('never leaves Cancelado, Concluida or Faturado', () => {
    for (const from of ['Cancelado', 'Concluida', 'Faturado'] as const) {
      for (const to of ORDER_STATUSES.filter((s) => s !== from)) {
        expect(canChangeOrderStatus(from, to), `${from} -> ${to}`).toBe(false);
      }
    }
  });

  it('walks a consignment through send, return, waiting and conclusion', () => {
    const path = ['Edicao', 'EnviadoCliente', 'RetornoCliente', 'AguardandoConclusao', 'Concluida'] as const;
    for (let i = 1; i < path.length; i += 1) expect(canChangeOrderStatus(path[i - 1]!, path[i]!)).toBe(true);
  });

  it('names both statuses when a change is refused', () => {
    expect(statusChangeError(order({ situacao: 'Faturado' }), 'Edicao')).toBe(ORDER_MESSAGES.transitionRefused('Faturado', 'Edicao'));
    expect(ORDER_MESSAGES.transitionRefused('Faturado', 'Edicao')).toBe(
      'Não é possível alterar a situação do pedido de faturado para em edição.',
    );
  });
});

describe('invoicing an order (000 §4.4, §5)', () => {
  it('refuses a quote whatever its status', () => {
    for (const situacao of ['Edicao', 'Liberado', 'NotaPendente'] as const) {
      expect(invoicingError(order({ operacao: 'Orcamento', situacao }))).toBe('Orçamento não pode ser faturado.');
    }
  });

  it('takes Pedido and OrdemServico only when released, with the spec message', () => {
    expect(invoicingError(order({ situacao: 'Edicao' }))).toBe('Somente Pedidos liberados podem ser faturados.');
    expect(invoicingError(order({ operacao: 'OrdemServico', situacao: 'Edicao' }))).toBe(
      'Somente Ordens de serviço liberados podem ser faturados.',
    );
    expect(invoicingError(order({ situacao: 'Liberado' }))).toBeNull();
  });

  it('takes a consignment only when waiting for conclusion', () => {
    expect(invoicingError(order({ operacao: 'Consignacao', situacao: 'EnviadoCliente' }))).toBe(ORDER_MESSAGES.consignmentNotAwaiting);
    expect(invoicingError(order({ operacao: 'Consignacao', situacao: 'AguardandoConclusao' }))).toBeNull();
  });

  it('refuses an order without items', () => {
    expect(invoicingError(order({ situacao: 'Liberado', quantidade_itens: 0 }))).toBe('O pedido não possui itens para ser faturados.');
  });

  it('applies the invoicing rules when moving to NotaPendente or Faturado', () => {
    expect(statusChangeError(order({ situacao: 'Edicao' }), 'NotaPendente')).toBe('Somente Pedidos liberados podem ser faturados.');
    expect(statusChangeError(order({ situacao: 'Liberado' }), 'NotaPendente')).toBeNull();
    expect(statusChangeError(order({ situacao: 'NotaPendente' }), 'Faturado')).toBeNull();
    expect(statusChangeError(order({ operacao: 'Orcamento', situacao: 'Liberado' }), 'Faturado')).toBe('Orçamento não pode ser faturado.');
  });
});

describe('locking (000 §4.2)', () => {
  it('locks the order in Cancelado, Concluida, Faturado, AguardandoConclusao and EnviadoCliente', () => {
    for (const situacao of ['Cancelado', 'Concluida', 'Faturado', 'AguardandoConclusao', 'EnviadoCliente'] as const) {
      expect(orderEditError({ situacao, is_processando: false })).toBe(ORDER_MESSAGES.locked(situacao));
    }
    for (const situacao of ['Edicao', 'Liberado', 'RetornoCliente', 'NotaPendente'] as const) {
      expect(orderEditError({ situacao, is_processando: false })).toBeNull();
    }
  });

  it('locks an order that is processing', () => {
    expect(orderEditError({ situacao: 'Edicao', is_processando: true })).toBe(ORDER_MESSAGES.processing);
  });
});

describe('saving the order (000 §5)', () => {
  it('requires the client unless the new status is Cancelado', () => {
    expect(customerError(null, 'Liberado')).toBe('Cliente não informado');
    expect(customerError(null, 'Cancelado')).toBeNull();
    expect(customerError(7, 'Edicao')).toBeNull();
  });
});
