import { describe, expect, it } from 'vitest';
import { ORDER_MESSAGES } from '@pdv/domain/order-messages';
import { emptyHeader } from '../form.ts';
import {
  actionTarget,
  editorRights,
  editorTabs,
  editorTitle,
  headerChangesToSave,
  headerSnapshot,
  isDirty,
  leaveNeedsConfirm,
  lockedText,
  tabAfterMove,
  tabOrDefault,
  withPersonLabels,
  type EditorOrder,
} from './editorSteps.ts';

const makeOrder = (fields: Partial<EditorOrder> = {}): EditorOrder => ({
  situacao: 'Edicao',
  is_processando: false,
  operacao: 'Pedido',
  id_cliente: 5,
  nsu: 12,
  ...fields,
});

describe('what the order screen lets the user change', () => {
  it('a new order: everything, and no actions on its state yet', () => {
    expect(editorRights(null, true)).toEqual({
      status: 'Edicao',
      processing: false,
      headerEditable: true,
      itemsEditable: true,
      paymentsEditable: true,
      available: [],
    });
  });

  it('nothing, and no actions, without the order permission', () => {
    for (const order of [null, makeOrder()]) {
      const rights = editorRights(order, false);
      expect([rights.headerEditable, rights.itemsEditable, rights.paymentsEditable]).toEqual([false, false, false]);
      expect(rights.available).toEqual([]);
    }
  });

  it('an order in edit: everything, and its state actions', () => {
    const rights = editorRights(makeOrder(), true);
    expect([rights.headerEditable, rights.itemsEditable, rights.paymentsEditable]).toEqual([true, true, true]);
    expect(rights.available).toEqual(expect.arrayContaining(['duplicar', 'liberar', 'faturar', 'cancelar', 'email']));
  });

  it('an order waiting for its invoice: the header, but not its payments nor its lines', () => {
    const rights = editorRights(makeOrder({ situacao: 'NotaPendente' }), true);
    expect([rights.headerEditable, rights.itemsEditable, rights.paymentsEditable]).toEqual([true, false, false]);
  });

  it('an order sent to the customer: its lines only', () => {
    const rights = editorRights(makeOrder({ situacao: 'EnviadoCliente' }), true);
    expect([rights.headerEditable, rights.itemsEditable, rights.paymentsEditable]).toEqual([false, true, false]);
  });

  it('an invoiced order, or one being processed: nothing', () => {
    for (const order of [makeOrder({ situacao: 'Faturado' }), makeOrder({ is_processando: true })]) {
      const rights = editorRights(order, true);
      expect([rights.headerEditable, rights.itemsEditable, rights.paymentsEditable]).toEqual([false, false, false]);
    }
  });
});

describe('the lock notice', () => {
  it("says why a saved order's header cannot change", () => {
    const invoiced = makeOrder({ situacao: 'Faturado' });
    expect(lockedText(true, editorRights(invoiced, true), true)).toBe(ORDER_MESSAGES.locked('Faturado'));
    const processing = makeOrder({ is_processando: true });
    expect(lockedText(true, editorRights(processing, true), true)).toBe(ORDER_MESSAGES.processing);
  });

  it('says nothing for an editable order, a new one, or a user who may not change orders anyway', () => {
    expect(lockedText(true, editorRights(makeOrder(), true), true)).toBeNull();
    expect(lockedText(false, editorRights(null, true), true)).toBeNull();
    expect(lockedText(true, editorRights(makeOrder({ situacao: 'Faturado' }), false), false)).toBeNull();
  });
});

describe('unsaved header changes', () => {
  const form = { ...emptyHeader(), id_cliente: 5 };

  it('a new order is always unsaved', () => {
    expect(isDirty(null, form, headerSnapshot(form))).toBe(true);
  });

  it('a saved order is unsaved once its header differs from what was saved', () => {
    const order = makeOrder();
    expect(isDirty(order, form, headerSnapshot(form))).toBe(false);
    expect(isDirty(order, { ...form, observacao: 'entregar à tarde' }, headerSnapshot(form))).toBe(true);
  });

  it('only the saved fields count, not the names shown', () => {
    expect(isDirty(makeOrder(), { ...form, cliente_label: 'Ana' }, headerSnapshot(form))).toBe(false);
  });

  it('are saved before acting only when the user may save them', () => {
    expect(headerChangesToSave(true, true)).toBe(true);
    expect(headerChangesToSave(true, false)).toBe(false);
    expect(headerChangesToSave(false, true)).toBe(false);
  });
});

describe('the tabs', () => {
  it('an order: Produtos, Serviços, Pagamentos, Volumes', () => {
    expect(editorTabs('Pedido', false)).toEqual(['produtos', 'servicos', 'pagamentos', 'volumes']);
  });

  it('a service order adds Objetos; a purchase has no services', () => {
    expect(editorTabs('OrdemServico', false)).toEqual(['produtos', 'servicos', 'objetos', 'pagamentos', 'volumes']);
    expect(editorTabs('Compra', false)).toEqual(['produtos', 'pagamentos', 'volumes']);
  });

  it('a saved consignment ends with Consignação', () => {
    expect(editorTabs('Consignacao', true)).toEqual(['produtos', 'pagamentos', 'volumes', 'consignacao']);
    expect(editorTabs('Consignacao', false)).toEqual(['produtos', 'pagamentos', 'volumes']);
  });

  it('Alt+PgUp/PgDn move round the ends', () => {
    const tabs = editorTabs('Compra', false);
    expect(tabAfterMove(tabs, 'produtos', 1)).toBe('pagamentos');
    expect(tabAfterMove(tabs, 'volumes', 1)).toBe('produtos');
    expect(tabAfterMove(tabs, 'produtos', -1)).toBe('volumes');
  });

  it('a tab that is not shown reads as Produtos', () => {
    const tabs = editorTabs('Compra', false);
    expect(tabOrDefault(tabs, 'volumes')).toBe('volumes');
    expect(tabOrDefault(tabs, 'servicos')).toBe('produtos');
    expect(tabOrDefault(tabs, null)).toBe('produtos');
  });
});

describe('the title', () => {
  it('a saved order: its operation and number', () => {
    expect(editorTitle({ operacao: 'Orcamento', nsu: 12 }, 'Orcamento')).toBe('Orçamento 12');
    expect(editorTitle({ operacao: 'OrdemServico', nsu: 3 }, 'OrdemServico')).toBe('Ordem de serviço 3');
  });

  it('a new one: "Novo orçamento" for a quote, "Novo pedido" otherwise', () => {
    expect(editorTitle(null, 'Orcamento')).toBe('Novo orçamento');
    expect(editorTitle(null, 'Consignacao')).toBe('Novo pedido');
  });
});

describe('leaving the screen (Alt+V)', () => {
  const facts = { headerEditable: true, dirty: true, hasOrder: true, idCliente: null };

  it('asks first with unsaved changes to a saved order, or to a new one with its client chosen', () => {
    expect(leaveNeedsConfirm(facts)).toBe(true);
    expect(leaveNeedsConfirm({ ...facts, hasOrder: false, idCliente: 5 })).toBe(true);
  });

  it('leaves at once with nothing worth keeping', () => {
    expect(leaveNeedsConfirm({ ...facts, dirty: false })).toBe(false);
    expect(leaveNeedsConfirm({ ...facts, headerEditable: false })).toBe(false);
    expect(leaveNeedsConfirm({ ...facts, hasOrder: false })).toBe(false);
  });
});

describe("the order's actions", () => {
  it('duplicate, e-mail and cancel the order as it is; release and invoice save pending changes first', () => {
    expect(actionTarget('duplicar')).toBe('asIs');
    expect(actionTarget('email')).toBe('asIs');
    expect(actionTarget('cancelar')).toBe('asIs');
    expect(actionTarget('liberar')).toBe('saved');
    expect(actionTarget('faturar')).toBe('saved');
  });
});

describe('the names read from the local copy', () => {
  it('fill the client and carrier shown, keeping a name the form already has', () => {
    const form = { ...emptyHeader(), cliente_label: 'Ana (digitado)' };
    expect(withPersonLabels(form, 'Ana', 'Transportes Sul')).toMatchObject({
      cliente_label: 'Ana (digitado)',
      transportadora_label: 'Transportes Sul',
    });
  });
});
