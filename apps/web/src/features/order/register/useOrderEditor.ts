/**
 * The order screen's state and actions: the order as saved and its header form, the tab, the item modal, and the
 * actions with their keys (Alt+S save, F2 new item, F3 client, F4 payment, Alt+L release, Alt+F invoice, Alt+D
 * duplicate, Alt+X cancel, Alt+E e-mail, Alt+P print, Alt+C share, Alt+N new order, Alt+V back, Alt+PgUp/PgDn tabs).
 * The header is saved with /order/create or PUT /order/update; lines, payments and volumes are written one by one as
 * they change. The decisions are editorSteps.ts's.
 */
import { useBusyGuard } from '../../../ui/useBusyGuard.ts';
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { OrderFull } from '@pdv/contract/order';
import { ORDER_MESSAGES } from '@pdv/domain/order-messages';
import { call } from '../../../api/client.ts';
import { localDb } from '../../../db/database.ts';
import { useLiveQuery } from '../../../db/useLiveQuery.ts';
import { confirm } from '../../../ui/confirm.tsx';
import { showError } from '../../../ui/showError.ts';
import { toast } from '../../../ui/toast.ts';
import { showWarning } from '../../../ui/warning.tsx';
import { useSignedIn } from '../../auth/sessionContext.ts';
import { useShortcuts, type Shortcut } from '../../invoice/shortcuts.tsx';
import { cancelOrder, duplicateOrder, invoiceOrder, releaseOrder, sendOrderMail } from '../actions.ts';
import {
  DOCUMENT_ACTIONS,
  DOCUMENT_ACTION_SHORTCUT,
  runDocumentAction,
  type DocumentAction,
} from '../documents/orderDocuments.ts';
import { emptyHeader, headerBody, headerErrors, headerFromOrder, type HeaderForm, type OrderLine } from '../form.ts';
import { ORDER_KEYS } from '../list/useOrderList.ts';
import { EMPTY_ORDER_CONTEXT, loadOrderContext } from '../localData.ts';
import { editorPath } from '../service-order.ts';
import { ORDER_ACTION_SHORTCUT, ORDER_PERMISSION, operacaoLabel, type OrderAction } from '../situacao.ts';
import {
  STATUS_ACTIONS,
  actionTarget,
  editorRights,
  editorTabs,
  headerChangesToSave,
  headerSnapshot,
  isDirty,
  leaveNeedsConfirm,
  tabAfterMove,
  tabOrDefault,
  withPersonLabels,
  type TabName,
} from './editorSteps.ts';
import { loadOrder } from './loadOrder.ts';
import { personLabel } from './OrderHeader.tsx';

let editors = 0;
/** A fresh key for a new order's editor (Alt+N from an order: a new, empty screen). */
const nextEditorKey = () => {
  editors += 1;
  return `new-${editors}`;
};

export type OrderEditorState = ReturnType<typeof useOrderEditor>;

export function useOrderEditor(initial: OrderFull | null, editorKey: string) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const { session, ability } = useSignedIn();
  const idFilial = session.usuario.id_filial_ativa;
  const canManage = ability.can('manage', ORDER_PERMISSION);
  const contextQuery = useCallback(() => loadOrderContext(localDb(), idFilial), [idFilial]);
  const context = useLiveQuery(contextQuery, EMPTY_ORDER_CONTEXT);

  const [order, setOrderState] = useState<OrderFull | null>(initial);
  const [form, setForm] = useState<HeaderForm>(() => (initial ? headerFromOrder(initial) : emptyHeader()));
  const [baseline, setBaseline] = useState(() => headerSnapshot(initial ? headerFromOrder(initial) : emptyHeader()));
  const [labelsRead, setLabelsRead] = useState(0);
  const [tab, setTabState] = useState<TabName>('produtos');
  const { busy, guarded } = useBusyGuard();
  const [itemModal, setItemModal] = useState<{ item: OrderLine | null } | null>(null);
  const customerRef = useRef<HTMLInputElement>(null);
  const methodRef = useRef<HTMLInputElement>(null);

  // The names of the saved client and carrier, from the local copy (the order answers only their ids).
  useEffect(() => {
    if (!initial) return;
    let live = true;
    const read = async (id: number | null) => {
      if (id === null) return null;
      const row = await localDb().rows('people').get(id);
      return row ? personLabel(row) : null;
    };
    Promise.all([read(initial.id_cliente), read(initial.id_transportadora)])
      .then(([cliente, transportadora]) => {
        if (!live) return;
        setForm((f) => withPersonLabels(f, cliente, transportadora));
        setLabelsRead((n) => n + 1);
      })
      .catch((error: unknown) => console.error('Falha ao ler a cópia local', error));
    return () => {
      live = false;
    };
  }, [initial]);

  const rights = editorRights(order, canManage);
  const { headerEditable, itemsEditable, available } = rights;
  const dirty = isDirty(order, form, baseline);
  const consignment = form.operacao === 'Consignacao';
  const items = (order?.itens ?? []).filter((i) => !i.is_cancelado);
  const tabs = editorTabs(order?.operacao ?? form.operacao, consignment && order !== null);

  const setOrder = (next: OrderFull) => {
    setOrderState(next);
    queryClient.setQueryData(ORDER_KEYS.detail(next.id_pedido), next);
    void queryClient.invalidateQueries({ queryKey: ['order', 'find'] });
  };
  const change = (patch: Partial<HeaderForm>) => setForm((f) => ({ ...f, ...patch }));


  /** Saves the header (create or update); resolves with the saved order, or null when refused. */
  const save = async (): Promise<OrderFull | null> => {
    const errors = headerErrors(form);
    if (errors[0] !== undefined) {
      void showWarning(errors[0], errors.slice(1));
      return null;
    }
    const body = headerBody(form);
    try {
      const saved = order
        ? await call('orderUpdate', { id_pedido: order.id_pedido, ...body })
        : await call('orderCreate', { operacao: form.operacao, ...body });
      setOrder(saved);
      setBaseline(JSON.stringify(body));
      toast.success(ORDER_MESSAGES.saved(operacaoLabel(saved.operacao), saved.nsu));
      // The address of the saved order, without leaving this editor (same key: its state stays).
      if (!order) void navigate(editorPath(pathname, saved.id_pedido), { replace: true, state: { editorKey } });
      return saved;
    } catch (error) {
      showError(error);
      return null;
    }
  };
  /** The saved order to act on, saving pending header changes first. */
  const savedOrder = async (): Promise<OrderFull | null> =>
    order && !headerChangesToSave(dirty, headerEditable) ? order : save();
  const ensureSaved = async (): Promise<OrderFull | null> => order ?? save();
  const reload = async (id_pedido: number) => setOrder(await loadOrder(id_pedido));

  const newItem = async () => {
    if (!itemsEditable) return;
    setTabState('produtos');
    if (await ensureSaved()) setItemModal({ item: null });
  };
  const removeItem = async (item: OrderLine) => {
    if (!(await confirm(`Remover ${item.descricao} do pedido?`, 'Remover item'))) return;
    try {
      setOrder(await call('orderItemPatchUpdate', { id_pedido_item: item.id_pedido_item, is_cancelado: true }));
    } catch (error) {
      showError(error);
    }
  };
  const removePayment = async (id_pedido_pagamento: number) => {
    try {
      setOrder(await call('orderPaymentDelete', { id_pedido_pagamento }));
    } catch (error) {
      showError(error);
    }
  };

  const runAction = async (action: OrderAction) => {
    if (!order || !available.includes(action)) return;
    if (actionTarget(action) === 'asIs') {
      if (action === 'duplicar') {
        const copy = await duplicateOrder(order);
        if (copy) {
          queryClient.setQueryData(ORDER_KEYS.detail(copy.id_pedido), copy);
          void navigate(editorPath(pathname, copy.id_pedido));
        }
      } else if (action === 'email') {
        await sendOrderMail(order);
      } else if (action === 'cancelar') {
        const cancelled = await cancelOrder(order);
        if (cancelled) setOrder(cancelled);
      }
      return;
    }
    const target = await savedOrder();
    if (!target) return;
    if (action === 'liberar') {
      if (await releaseOrder(target)) await reload(target.id_pedido);
    } else if (action === 'faturar') {
      const id = await invoiceOrder(target);
      if (id !== null) void navigate(`/invoice/register/${id}`);
    }
  };

  /** Print or share the A4 sheet of the order as saved (pending header changes are saved first). */
  const runDocument = (action: DocumentAction) =>
    runDocumentAction(action, async () => (await savedOrder())?.id_pedido ?? null);

  const back = async () => {
    const ask = leaveNeedsConfirm({ headerEditable, dirty, hasOrder: order !== null, idCliente: form.id_cliente });
    if (ask && !(await confirm('Há alterações não salvas. Sair sem salvar?'))) return;
    void navigate('/order');
  };

  const setTab = (value: string | null) => setTabState(tabOrDefault(tabs, value));
  const moveTab = (step: number) => {
    const next = tabAfterMove(tabs, tab, step);
    if (next) setTabState(next);
  };
  const focusLater = (ref: RefObject<HTMLInputElement | null>) => setTimeout(() => ref.current?.focus(), 0);

  const shortcuts: Shortcut[] = [
    ['Alt+S', () => headerEditable && void guarded(save)],
    ['F2', () => void guarded(newItem)],
    ['F3', () => headerEditable && focusLater(customerRef)],
    [
      'F4',
      () => {
        setTabState('pagamentos');
        focusLater(methodRef);
      },
    ],
    ['Alt+N', () => canManage && void navigate(editorPath(pathname), { state: { editorKey: nextEditorKey() } })],
    ['Alt+V', () => void back()],
    ['Alt+PgUp', () => moveTab(-1)],
    ['Alt+PgDn', () => moveTab(1)],
    ...STATUS_ACTIONS.map((action): Shortcut => [
      ORDER_ACTION_SHORTCUT[action],
      () => void guarded(() => runAction(action)),
    ]),
    ...DOCUMENT_ACTIONS.map((action): Shortcut => [
      DOCUMENT_ACTION_SHORTCUT[action],
      () => order && void guarded(() => runDocument(action)),
    ]),
  ];
  useShortcuts(shortcuts);

  return {
    order,
    form,
    context,
    rights,
    canManage,
    dirty,
    consignment,
    items,
    tabs,
    tab,
    busy,
    itemModal,
    labelsRead,
    customerRef,
    methodRef,
    setOrder,
    change,
    setTab,
    setItemModal,
    ensureSaved,
    /** Runs an action unless another one is running (the buttons are busy meanwhile). */
    guarded,
    save,
    newItem,
    removeItem,
    removePayment,
    runAction,
    runDocument,
    back,
    navigate,
  };
}
