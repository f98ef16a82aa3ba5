import { describe, expect, it } from 'vitest';
import type { OperacaoResult } from '@pdv/contract/operation';
import type { ModoOperacao } from '@pdv/domain/operation';
import { CONSIGNMENT_MODE_MESSAGES } from '@pdv/domain/consignment-mode';
import { ORDER_MESSAGES } from '@pdv/domain/order-messages';
import { VOUCHER_MESSAGES } from '@pdv/domain/voucher-rules';
import { PENDING_MESSAGE } from '../../outbox/outbox.ts';
import { makeBundle } from '../../outbox/testing.ts';
import type { OperationBundle, StoredOperation } from '../../outbox/types.ts';
import { totalsOf } from '../draft.ts';
import { finishOutcome, operationToFinish, orderSavedMessage, sendStep, type FinishFacts } from './finishSteps.ts';

function bundleOf(modo: ModoOperacao, fields: Partial<StoredOperation> = {}): OperationBundle {
  const bundle = makeBundle();
  return { ...bundle, operation: { ...bundle.operation, modo_operacao: modo, modelo: '65', ...fields } };
}

function resultOf(fields: Partial<OperacaoResult> = {}): OperacaoResult {
  return {
    id_operacao: 'x',
    situacao: 'Processado',
    duplicado: false,
    id_pedido: null,
    nsu: null,
    id_nota_fiscal: null,
    valor_total: 100,
    valor_troco: 0,
    ...fields,
  };
}

/** The operation as the local copy has it after the send step. */
function stateOf(written: OperationBundle, fields: Partial<StoredOperation>): StoredOperation {
  return { ...written.operation, situacao: 'Pendente', ...fields };
}

function facts(written: OperationBundle, fields: Partial<FinishFacts> = {}): FinishFacts {
  const finished: StoredOperation = { ...written.operation, situacao: 'Pendente' };
  return { written, finished, state: finished, send: 'sendNow', hasTab: true, ...fields };
}

const processed = (written: OperationBundle, result: Partial<OperacaoResult> = {}, nsu: number | null = null) =>
  stateOf(written, { situacao: 'Processado', nsu, resultado: resultOf(result) });

describe('the operation finishing writes', () => {
  it('keeps the chosen invoice model on a sale', () => {
    expect(operationToFinish(bundleOf('Venda', { modelo: null }), '65').operation.modelo).toBe('65');
  });

  it('drops the model of orders, quotes and returns, which are invoiced later', () => {
    for (const modo of ['Pedido', 'Orcamento', 'Devolucao', 'Consignacao'] as const) {
      expect(operationToFinish(bundleOf(modo), '65').operation.modelo).toBeNull();
    }
  });

  it('changes nothing else', () => {
    const bundle = bundleOf('Venda');
    const written = operationToFinish(bundle, null);
    expect({ ...written, operation: { ...written.operation, modelo: '65' } }).toEqual(bundle);
  });
});

describe('the send step', () => {
  it('sends at once online and leaves the operation in the outbox offline', () => {
    expect(sendStep(true)).toBe('sendNow');
    expect(sendStep(false)).toBe('leaveInOutbox');
  });
});

describe('after the send step', () => {
  it('offline: tells the cashier the operation is pending and prints the plain receipt', () => {
    const written = bundleOf('Venda');
    const outcome = finishOutcome(facts(written, { send: 'leaveInOutbox' }));
    expect(outcome.notices).toEqual([{ kind: 'error', message: PENDING_MESSAGE }]);
    expect(outcome.credit).toBeNull();
    expect(outcome.documents).toEqual([{ kind: 'receipt', operation: { ...written.operation, situacao: 'Pendente' } }]);
  });

  it('offline: even an answer already in the local copy is not taken as sent', () => {
    const written = bundleOf('Venda');
    const outcome = finishOutcome(
      facts(written, { send: 'leaveInOutbox', state: processed(written, { id_nota_fiscal: 9 }) }),
    );
    expect(outcome.notices).toEqual([{ kind: 'error', message: PENDING_MESSAGE }]);
    expect(outcome.documents.map((d) => d.kind)).toEqual(['receipt']);
  });

  it('online without an answer in time: pending, and the receipt prints the operation as stored', () => {
    const written = bundleOf('Venda');
    const outcome = finishOutcome(facts(written));
    expect(outcome.notices).toEqual([{ kind: 'error', message: PENDING_MESSAGE }]);
    expect(outcome.documents.map((d) => d.kind)).toEqual(['receipt']);
  });

  it('a sale the server refused: its error in the warning modal, not the pending toast', () => {
    const written = bundleOf('Venda');
    const state = stateOf(written, { situacao: 'Erro', erro: 'Estoque insuficiente' });
    expect(finishOutcome(facts(written, { state })).notices).toEqual([
      { kind: 'warning', message: 'Estoque insuficiente' },
    ]);
    const silent = stateOf(written, { situacao: 'Erro', erro: null });
    expect(finishOutcome(facts(written, { state: silent })).notices).toEqual([
      { kind: 'warning', message: PENDING_MESSAGE },
    ]);
  });

  it('a sale the server has, with an invoice: transmits it, then the receipt when the DANFE does not take the tab', () => {
    const written = bundleOf('Venda');
    const state = processed(written, { id_nota_fiscal: 31 });
    const outcome = finishOutcome(facts(written, { state }));
    expect(outcome.notices).toEqual([]);
    expect(outcome.documents).toEqual([
      { kind: 'invoice', idNotaFiscal: 31 },
      { kind: 'receipt', operation: state },
    ]);
  });

  it('transmits the invoice even when no receipt tab was opened', () => {
    const written = bundleOf('Venda');
    const outcome = finishOutcome(facts(written, { state: processed(written, { id_nota_fiscal: 31 }), hasTab: false }));
    expect(outcome.documents).toEqual([{ kind: 'invoice', idNotaFiscal: 31 }]);
  });

  it('prints nothing without a receipt tab', () => {
    const written = bundleOf('Pedido');
    const outcome = finishOutcome(facts(written, { state: processed(written, { id_pedido: 4 }, 12), hasTab: false }));
    expect(outcome.documents).toEqual([]);
    expect(outcome.notices).toEqual([{ kind: 'success', message: orderSavedMessage('Pedido', 12) }]);
  });

  it('an order the server has: its number in a toast, its A4 sheet before the receipt', () => {
    const written = bundleOf('Pedido');
    const state = processed(written, { id_pedido: 4 }, 12);
    const outcome = finishOutcome(facts(written, { state }));
    expect(outcome.notices).toEqual([{ kind: 'success', message: 'Pedido 12 salvo com sucesso' }]);
    expect(outcome.documents).toEqual([
      { kind: 'orderSheet', idPedido: 4 },
      { kind: 'receipt', operation: state },
    ]);
  });

  it('a quote the server has: "Orçamento N salvo com sucesso"', () => {
    const written = bundleOf('Orcamento');
    const outcome = finishOutcome(facts(written, { state: processed(written, { id_pedido: 5 }, 13) }));
    expect(outcome.notices).toEqual([{ kind: 'success', message: 'Orçamento 13 salvo com sucesso' }]);
    expect(outcome.documents.map((d) => d.kind)).toEqual(['orderSheet', 'receipt']);
  });

  it('an order still pending: no number, no sheet', () => {
    const written = bundleOf('Pedido');
    const outcome = finishOutcome(facts(written));
    expect(outcome.notices).toEqual([{ kind: 'error', message: PENDING_MESSAGE }]);
    expect(outcome.documents.map((d) => d.kind)).toEqual(['receipt']);
  });

  it('a consignment the server has: its own success toast', () => {
    const written = bundleOf('Consignacao');
    const outcome = finishOutcome(facts(written, { state: processed(written, {}, 21) }));
    expect(outcome.notices).toEqual([{ kind: 'success', message: CONSIGNMENT_MODE_MESSAGES.saved(21) }]);
  });

  it('a pre-sale return the server has: the credit generated toast and the credit modal with the new balance at once', () => {
    const written = bundleOf('Devolucao', { cliente_nome: 'Ana' });
    const state = processed(written, { valor_credito: 25.5, saldo_credito: 40 });
    const outcome = finishOutcome(facts(written, { state }));
    expect(outcome.notices).toEqual([{ kind: 'success', message: ORDER_MESSAGES.creditGenerated }]);
    expect(outcome.credit).toEqual({ cliente: 'Ana', valor: 2550, saldo: 4000, pendente: false });
    expect(outcome.documents.map((d) => d.kind)).toEqual(['receipt']);
  });

  it('a fiscal return: its invoice is transmitted first, and the credit modal waits for the transmission (000 §4.4)', () => {
    const written = bundleOf('Devolucao', { cliente_nome: 'Ana' });
    const state = processed(written, { valor_credito: 25.5, saldo_credito: 40, id_nota_fiscal: 77 });
    const outcome = finishOutcome(facts(written, { state }));
    expect(outcome.notices).toEqual([]);
    expect(outcome.credit).toBeNull();
    expect(outcome.documents).toEqual([
      { kind: 'invoice', idNotaFiscal: 77, credit: { cliente: 'Ana', valor: 2550, saldo: 4000, pendente: false } },
      { kind: 'receipt', operation: state },
    ]);
  });

  it('a return answered without the credit fields: the operation total, no balance', () => {
    const written = bundleOf('Devolucao');
    const outcome = finishOutcome(facts(written, { state: processed(written, { valor_total: 12 }) }));
    expect(outcome.credit).toEqual({ cliente: null, valor: 1200, saldo: null, pendente: false });
  });

  it('a return not yet on the server: pending, and the modal says the credit comes later', () => {
    const written = bundleOf('Devolucao', { cliente_nome: 'Ana' });
    const outcome = finishOutcome(facts(written, { send: 'leaveInOutbox' }));
    expect(outcome.notices).toEqual([{ kind: 'error', message: PENDING_MESSAGE }]);
    expect(outcome.credit).toEqual({ cliente: 'Ana', valor: totalsOf(written).liquido, saldo: null, pendente: true });
  });

  it('a return the server refused: no credit modal', () => {
    const written = bundleOf('Devolucao');
    const outcome = finishOutcome(facts(written, { state: stateOf(written, { situacao: 'Erro', erro: 'Recusada' }) }));
    expect(outcome.credit).toBeNull();
    expect(outcome.notices).toEqual([{ kind: 'warning', message: 'Recusada' }]);
  });

  it('a credit voucher the server issued: its code in a toast and its PDF before the receipt', () => {
    const written = bundleOf('ValeCredito');
    const state = processed(written, { id_vale_credito: 8, codigo_vale_credito: 'VC-0008' });
    const outcome = finishOutcome(facts(written, { state }));
    expect(outcome.notices).toEqual([{ kind: 'success', message: VOUCHER_MESSAGES.issued('VC-0008') }]);
    expect(outcome.documents).toEqual([
      { kind: 'voucherPdf', idValeCredito: 8 },
      { kind: 'receipt', operation: state },
    ]);
  });

  it('a credit voucher without its code in the answer: the id stands in; without a tab, no PDF', () => {
    const written = bundleOf('ValeCredito');
    const outcome = finishOutcome(facts(written, { state: processed(written, { id_vale_credito: 8 }), hasTab: false }));
    expect(outcome.notices).toEqual([{ kind: 'success', message: VOUCHER_MESSAGES.issued('8') }]);
    expect(outcome.documents).toEqual([]);
  });

  it('the receipt falls back to the header finishing answered when the local copy has no row', () => {
    const written = bundleOf('Venda');
    const f = facts(written, { state: undefined, send: 'leaveInOutbox' });
    expect(finishOutcome(f).documents).toEqual([{ kind: 'receipt', operation: f.finished }]);
  });
});
