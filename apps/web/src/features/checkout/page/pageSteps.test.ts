import { describe, expect, it } from 'vitest';
import type { ModoOperacao } from '@pdv/domain/operation';
import { makeBundle } from '../../outbox/testing.ts';
import type { OperationBundle, StoredOperation } from '../../outbox/types.ts';
import {
  afterFinishCheck,
  carriedAfterFinish,
  consignmentStagesStep,
  F5_NOT_IN_MODE,
  deleteRemovesLine,
  finishEntry,
  issueVoucherStep,
  keyCommand,
  lineAfterMove,
  modeAfter,
  modeOf,
  modeOfDigit,
  modeSwitch,
  sellerRuleIn,
  restrictedStep,
  type KeyFacts,
} from './pageSteps.ts';

function bundleOf(fields: Partial<StoredOperation> = {}): OperationBundle {
  const bundle = makeBundle();
  return { ...bundle, operation: { ...bundle.operation, ...fields } };
}
const inMode = (modo: ModoOperacao, fields: Partial<StoredOperation> = {}) =>
  bundleOf({ modo_operacao: modo, ...fields });

function facts(bundle: OperationBundle | null, fields: Partial<KeyFacts> = {}): KeyFacts {
  return { bundle, drawn: bundle, drawnItem: bundle?.itens[0] ?? null, ...fields };
}

/** A bundle with its lines replaced (ids are what the selection moves over). */
function withLines(ids: string[]): OperationBundle {
  const bundle = makeBundle();
  const [line] = bundle.itens;
  if (!line) throw new Error('makeBundle has a line');
  return { ...bundle, itens: ids.map((id_item) => ({ ...line, id_item })) };
}

describe('the keys of the point of sale', () => {
  it('do nothing while the operation is still opening', () => {
    for (const key of ['F1', 'F6', 'F8', 'F10', 'Esc']) expect(keyCommand(key, facts(null))).toEqual({ kind: 'none' });
  });

  it('open their panels: F1 product info, F6 customer, F8 payment', () => {
    const sale = makeBundle();
    expect(keyCommand('F1', facts(sale))).toEqual({ kind: 'open', panel: 'info' });
    expect(keyCommand('F6', facts(sale))).toEqual({ kind: 'open', panel: 'customer' });
    expect(keyCommand('F8', facts(sale))).toEqual({ kind: 'open', panel: 'payment' });
  });

  it('F2 and Esc go back to the search', () => {
    expect(keyCommand('F2', facts(makeBundle()))).toEqual({ kind: 'close' });
    expect(keyCommand('Esc', facts(makeBundle()))).toEqual({ kind: 'close' });
  });

  it('F3 changes the quantity of the selected line, and does nothing without one', () => {
    const sale = makeBundle();
    expect(keyCommand('F3', facts(sale))).toEqual({ kind: 'open', panel: 'quantity' });
    expect(keyCommand('F3', facts(sale, { drawnItem: null }))).toEqual({ kind: 'none' });
  });

  it('F4 opens the discount once a line is drawn, even before the page has it', () => {
    const empty = withLines([]);
    expect(keyCommand('F4', facts(empty))).toEqual({ kind: 'none' });
    expect(keyCommand('F4', facts(empty, { drawn: withLines(['a']) }))).toEqual({ kind: 'open', panel: 'discount' });
  });

  it('F5 chooses the origin in the return and receipt modes, and elsewhere says why it does nothing', () => {
    expect(keyCommand('F5', facts(inMode('Devolucao')))).toEqual({ kind: 'open', panel: 'origin' });
    expect(keyCommand('F5', facts(inMode('Recebimento')))).toEqual({ kind: 'open', panel: 'origin' });
    for (const modo of ['Venda', 'Pedido', 'Orcamento', 'Consignacao', 'ValeCredito'] as const) {
      expect(keyCommand('F5', facts(inMode(modo)))).toEqual({ kind: 'notice', message: F5_NOT_IN_MODE });
    }
  });

  it('F7 opens the seller panel on its own', () => {
    expect(keyCommand('F7', facts(makeBundle()))).toEqual({ kind: 'chooseSeller' });
  });

  it('F9 removes the last payment, and does nothing without payments', () => {
    const sale = makeBundle();
    const last = sale.pagamentos.at(-1);
    expect(keyCommand('F9', facts(sale))).toEqual({ kind: 'removePayment', id: last?.id_pagamento });
    expect(keyCommand('F9', facts({ ...sale, pagamentos: [] }))).toEqual({ kind: 'none' });
  });

  it('F10 finishes', () => {
    expect(keyCommand('F10', facts(makeBundle()))).toEqual({ kind: 'finish' });
  });

  it('Del removes the line drawn as selected', () => {
    const sale = withLines(['a', 'b']);
    expect(keyCommand('Del', facts(sale, { drawnItem: sale.itens[1] ?? null }))).toEqual({
      kind: 'removeItem',
      id: 'b',
    });
    expect(keyCommand('Del', facts(sale, { drawnItem: null }))).toEqual({ kind: 'none' });
  });

  it('Ctrl+Del cancels a sale with lines or payments, and does nothing on an empty one', () => {
    const sale = withLines(['a']);
    expect(keyCommand('Ctrl+Del', facts(sale))).toEqual({ kind: 'cancelSale' });
    const empty = { ...sale, itens: [], pagamentos: [] };
    expect(keyCommand('Ctrl+Del', facts(empty))).toEqual({ kind: 'none' });
    // A line scanned a frame ago counts (the drawn sale).
    expect(keyCommand('Ctrl+Del', facts(empty, { drawn: sale }))).toEqual({ kind: 'cancelSale' });
  });

  it('ignore any other key', () => {
    expect(keyCommand('F11', facts(makeBundle()))).toEqual({ kind: 'none' });
  });
});

describe('the Delete key', () => {
  it('removes a line only with no panel open and no text in the focused field', () => {
    expect(deleteRemovesLine(false, null)).toBe(true);
    expect(deleteRemovesLine(false, { tagName: 'INPUT', value: '' })).toBe(true);
    expect(deleteRemovesLine(false, { tagName: 'BUTTON' })).toBe(true);
    expect(deleteRemovesLine(false, { tagName: 'INPUT', value: '789' })).toBe(false);
    expect(deleteRemovesLine(true, null)).toBe(false);
  });
});

describe('F10, the seller question', () => {
  const noSeller = bundleOf({ id_usuario_vendedor: null, id_operacao: 'op-1' });

  it('asks for the seller when the branch requires it and the sale has none', () => {
    expect(finishEntry({ rule: 'obrigar', bundle: noSeller, sellerAskedFor: 'op-1' })).toBe('askSeller');
  });

  it('asks once per sale when the branch asks for it', () => {
    expect(finishEntry({ rule: 'solicitar', bundle: noSeller, sellerAskedFor: null })).toBe('askSeller');
    expect(finishEntry({ rule: 'solicitar', bundle: noSeller, sellerAskedFor: 'op-1' })).toBe('check');
  });

  it('goes on to the checks when the sale has a seller or the branch does not ask', () => {
    expect(finishEntry({ rule: 'obrigar', bundle: bundleOf({ id_usuario_vendedor: 3 }), sellerAskedFor: null })).toBe(
      'check',
    );
    expect(finishEntry({ rule: 'nenhum', bundle: noSeller, sellerAskedFor: null })).toBe('check');
  });

  it('lets an empty sale hear that it has no items before any seller question', () => {
    const empty = { ...noSeller, itens: [] };
    expect(finishEntry({ rule: 'obrigar', bundle: empty, sellerAskedFor: null })).toBe('check');
    expect(finishEntry({ rule: 'solicitar', bundle: empty, sellerAskedFor: null })).toBe('check');
  });

  it('asks for no seller in a return, a receipt or a credit voucher', () => {
    for (const modo of ['Devolucao', 'Recebimento', 'ValeCredito'] as const) {
      const bundle = { ...noSeller, operation: { ...noSeller.operation, modo_operacao: modo } };
      expect(finishEntry({ rule: 'obrigar', bundle, sellerAskedFor: null })).toBe('check');
      expect(finishEntry({ rule: 'solicitar', bundle, sellerAskedFor: null })).toBe('check');
    }
  });

  it('asks once in an order, a quote and a consignment, where only the sale may require a seller', () => {
    expect(sellerRuleIn('obrigar', 'Venda')).toBe('obrigar');
    expect(sellerRuleIn('solicitar', 'Venda')).toBe('solicitar');
    for (const modo of ['Pedido', 'Orcamento', 'Consignacao']) {
      expect(sellerRuleIn('obrigar', modo)).toBe('solicitar');
      expect(sellerRuleIn('nenhum', modo)).toBe('nenhum');
    }
    const order = { ...noSeller, operation: { ...noSeller.operation, modo_operacao: 'Pedido' as const } };
    expect(finishEntry({ rule: 'obrigar', bundle: order, sellerAskedFor: null })).toBe('askSeller');
    expect(finishEntry({ rule: 'obrigar', bundle: order, sellerAskedFor: 'op-1' })).toBe('check');
  });
});

describe('the modes by keys (Alt+M, Alt+Shift+M, a digit)', () => {
  it('Alt+M goes forward and Alt+Shift+M back, round the list', () => {
    expect(modeAfter('Venda', 1)).toBe('Pedido');
    expect(modeAfter('Pedido', -1)).toBe('Venda');
    expect(modeAfter('Venda', -1)).toBe('ValeCredito');
    expect(modeAfter('ValeCredito', 1)).toBe('Venda');
    let modo: string = 'Venda';
    for (let i = 0; i < 7; i += 1) modo = modeAfter(modo, 1);
    expect(modo).toBe('Venda');
  });

  it('a digit after Alt+M picks the mode shown with it; other keys pick none', () => {
    expect(modeOfDigit('1')).toBe('Venda');
    expect(modeOfDigit('4')).toBe('Devolucao');
    expect(modeOfDigit('5')).toBe('Recebimento');
    expect(modeOfDigit('7')).toBe('ValeCredito');
    for (const key of ['0', '8', '9', 'a', 'Enter', '10']) expect(modeOfDigit(key)).toBeNull();
  });

  it('asks before Recebimento removes the lines of a sale, and switches at once otherwise', () => {
    const sale = makeBundle();
    expect(modeSwitch(sale, 'Recebimento')).toBe('confirmClearItems');
    expect(modeSwitch({ ...sale, itens: [] }, 'Recebimento')).toBe('switch');
    expect(modeSwitch(sale, 'Pedido')).toBe('switch');
    expect(modeSwitch(inMode('Pedido'), 'Pedido')).toBe('same');
  });

  it('keeps the mode and customer of a finished consignment or receipt for the next operation, not of a sale', () => {
    const customer = { id_cliente: 5, cliente_nome: 'Ana', cliente_cpf_cnpj: '12345678909' };
    for (const modo of ['Consignacao', 'Recebimento'] as const) {
      expect(carriedAfterFinish(inMode(modo, customer))).toEqual({ modo_operacao: modo, ...customer });
    }
    for (const modo of ['Venda', 'Pedido', 'Devolucao', 'ValeCredito'] as const) {
      expect(carriedAfterFinish(inMode(modo, customer))).toBeNull();
    }
  });
});

describe('F10, after the finishing checks', () => {
  it('a missing customer opens the customer search once the warning is closed', () => {
    expect(afterFinishCheck({ refusedField: 'id_cliente', finishMode: 'Modal', modo: 'Pedido' })).toEqual({
      kind: 'refused',
      then: 'customer',
    });
  });

  it('any other refusal goes back to the sale', () => {
    expect(afterFinishCheck({ refusedField: null, finishMode: 'Imprimir', modo: 'Venda' })).toEqual({
      kind: 'refused',
      then: 'sale',
    });
    expect(afterFinishCheck({ refusedField: 'pagamentos', finishMode: 'Modal', modo: 'Venda' })).toEqual({
      kind: 'refused',
      then: 'sale',
    });
  });

  it("'Imprimir' finishes at once, a sale with the branch's default model, other modes without one", () => {
    expect(afterFinishCheck({ refusedField: undefined, finishMode: 'Imprimir', modo: 'Venda' })).toEqual({
      kind: 'finishNow',
      withDefaultModel: true,
    });
    expect(afterFinishCheck({ refusedField: undefined, finishMode: 'Imprimir', modo: 'Orcamento' })).toEqual({
      kind: 'finishNow',
      withDefaultModel: false,
    });
  });

  it("'Modal' opens the finish modal", () => {
    expect(afterFinishCheck({ refusedField: undefined, finishMode: 'Modal', modo: 'Venda' })).toEqual({
      kind: 'openFinish',
    });
  });
});

describe('the mode keys', () => {
  it('Alt+C shows the consignments in the consignment mode, asking for the customer first', () => {
    expect(consignmentStagesStep(inMode('Consignacao', { id_cliente: 5 }))).toBe('open');
    expect(consignmentStagesStep(inMode('Consignacao', { id_cliente: null }))).toBe('needsCustomer');
    expect(consignmentStagesStep(inMode('Venda', { id_cliente: 5 }))).toBe('none');
    expect(consignmentStagesStep(null)).toBe('none');
  });

  it('Alt+V issues a voucher without a sale in the credit-voucher mode, for managers only', () => {
    expect(issueVoucherStep(inMode('ValeCredito'), true)).toBe('open');
    expect(issueVoucherStep(inMode('ValeCredito'), false)).toBe('refused');
    expect(issueVoucherStep(inMode('Venda'), true)).toBe('none');
  });
});

describe('moving the selection (Ctrl+Up/Down)', () => {
  const sale = withLines(['a', 'b', 'c']);

  it('moves by one line and stops at either end', () => {
    expect(lineAfterMove(sale, 'b', 1)).toBe('c');
    expect(lineAfterMove(sale, 'c', 1)).toBe('c');
    expect(lineAfterMove(sale, 'a', -1)).toBe('a');
  });

  it('starts from the first line when none is selected, and has nothing to select in an empty sale', () => {
    expect(lineAfterMove(sale, null, 1)).toBe('a');
    expect(lineAfterMove(withLines([]), null, 1)).toBeNull();
    expect(lineAfterMove(null, null, 1)).toBeNull();
  });
});

describe('the mode switch', () => {
  it('reads a mode the point of sale does not offer as a sale', () => {
    expect(modeOf('Pedido')).toBe('Pedido');
    expect(modeOf('Transferencia')).toBe('Venda');
  });
});

describe('removing a line and cancelling the sale (supervisor override)', () => {
  it('asks a supervisor of a user without the permission, for a line and for the sale', () => {
    expect(restrictedStep(false, 'removeItem')).toBe('askSupervisor');
    expect(restrictedStep(false, 'cancelSale')).toBe('askSupervisor');
  });

  it('lets a user holding the permission remove a line at once and cancel the sale after a confirmation', () => {
    expect(restrictedStep(true, 'removeItem')).toBe('go');
    expect(restrictedStep(true, 'cancelSale')).toBe('confirm');
  });

  it('offline, where no supervisor can be checked, asks the cashier to confirm instead of blocking the till', () => {
    expect(restrictedStep(false, 'removeItem', false)).toBe('confirm');
    expect(restrictedStep(false, 'cancelSale', false)).toBe('confirm');
    expect(restrictedStep(true, 'removeItem', false)).toBe('go');
  });
});
