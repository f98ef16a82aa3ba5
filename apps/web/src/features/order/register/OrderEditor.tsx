/**
 * The order screen's body: the header, the tabs (Produtos, Serviços and Objetos for the operations that take them,
 * Pagamentos, Volumes, and Consignação for consignments),
 * the totals and the actions with their keys: Alt+S save, F2 new item, F3 client, F4 payment, Alt+L release, Alt+F
 * invoice, Alt+D duplicate, Alt+X cancel, Alt+E e-mail, Alt+P print, Alt+C share, Alt+N new order, Alt+V back,
 * Alt+PgUp/PgDn tabs. The header is saved with /order/create or PUT /order/update; lines, payments and volumes are
 * written one by one as they change.
 */
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Anchor, Group, Kbd, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import type { OrderFull } from '@pdv/contract/order';
import type { OrderStatus } from '@pdv/domain/operation-state';
import { ITEM_EDITABLE_STATUSES } from '@pdv/domain/order-item-rules';
import { ORDER_MESSAGES } from '@pdv/domain/order-messages';
import { orderEditError } from '@pdv/domain/order-rules';
import { SERVICE_ORDER_MESSAGES } from '@pdv/domain/service-order-rules';
import { call } from '../../../api/client.ts';
import { localDb } from '../../../db/database.ts';
import { useLiveQuery } from '../../../db/useLiveQuery.ts';
import { confirm } from '../../../ui/confirm.tsx';
import { showError } from '../../../ui/showError.ts';
import { toast } from '../../../ui/toast.ts';
import { showWarning } from '../../../ui/warning.tsx';
import { useSignedIn } from '../../auth/sessionContext.ts';
import { dateTime } from '../../invoice/display.tsx';
import { KeyHint, ShortcutButton, useShortcuts, type Shortcut } from '../../invoice/shortcuts.tsx';
import { cancelOrder, duplicateOrder, invoiceOrder, releaseOrder, sendOrderMail } from '../actions.ts';
import { DOCUMENT_ACTIONS, DOCUMENT_ACTION_LABEL, DOCUMENT_ACTION_SHORTCUT, runDocumentAction, type DocumentAction } from '../documents/orderDocuments.ts';
import { OrderSituacaoBadge } from '../display.tsx';
import { emptyHeader, headerBody, headerErrors, headerFromOrder, type HeaderForm, type OrderLine } from '../form.ts';
import { ORDER_KEYS } from '../list/useOrderList.ts';
import { EMPTY_ORDER_CONTEXT, loadOrderContext } from '../localData.ts';
import {
  ORDER_ACTION_LABEL,
  ORDER_ACTION_SHORTCUT,
  ORDER_PERMISSION,
  isOrderStatus,
  operacaoLabel,
  orderActionLabel,
  orderActionsFor,
  type OrderAction,
} from '../situacao.ts';
import { editorPath, serviceTabsFor } from '../service-order.ts';
import { ConsignmentTab } from './ConsignmentTab.tsx';
import { ItemModal } from './ItemModal.tsx';
import { ItemsTab } from './ItemsTab.tsx';
import { ObjectsTab } from './ObjectsTab.tsx';
import { OrderHeader, personLabel } from './OrderHeader.tsx';
import { loadOrder } from './loadOrder.ts';
import { PaymentsTab } from './PaymentsTab.tsx';
import { ServicesTab } from './ServicesTab.tsx';
import { OrderTotals, saldoOf } from './TotalsPanel.tsx';
import { VolumesTab } from './VolumesTab.tsx';

let editors = 0;
/** A fresh key for a new order's editor (Alt+N from an order: a new, empty screen). */
const nextEditorKey = () => {
  editors += 1;
  return `new-${editors}`;
};

type TabName = 'produtos' | 'servicos' | 'objetos' | 'pagamentos' | 'volumes' | 'consignacao';
const STATUS_ACTIONS: OrderAction[] = ['liberar', 'faturar', 'duplicar', 'email', 'cancelar'];

export function OrderEditor({ initial, editorKey }: { initial: OrderFull | null; editorKey: string }) {
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
  const [baseline, setBaseline] = useState(() =>
    JSON.stringify(headerBody(initial ? headerFromOrder(initial) : emptyHeader())),
  );
  const [labelsRead, setLabelsRead] = useState(0);
  const [tab, setTab] = useState<TabName>('produtos');
  const [busy, setBusy] = useState(false);
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
        setForm((f) => ({
          ...f,
          cliente_label: f.cliente_label ?? cliente,
          transportadora_label: f.transportadora_label ?? transportadora,
        }));
        setLabelsRead((n) => n + 1);
      })
      .catch((error: unknown) => console.error('Falha ao ler a cópia local', error));
    return () => {
      live = false;
    };
  }, [initial]);

  const status: OrderStatus = order && isOrderStatus(order.situacao) ? order.situacao : 'Edicao';
  const processing = order?.is_processando ?? false;
  const headerEditable =
    canManage && (order === null || orderEditError({ situacao: status, is_processando: processing }) === null);
  const itemsEditable = canManage && (order === null || (ITEM_EDITABLE_STATUSES.includes(status) && !processing));
  const paymentsEditable = headerEditable && status !== 'NotaPendente';
  const dirty = order === null || JSON.stringify(headerBody(form)) !== baseline;
  const available = order ? orderActionsFor(order).filter(() => canManage) : [];
  const consignment = form.operacao === 'Consignacao';
  const items = (order?.itens ?? []).filter((i) => !i.is_cancelado);

  const setOrder = (next: OrderFull) => {
    setOrderState(next);
    queryClient.setQueryData(ORDER_KEYS.detail(next.id_pedido), next);
    void queryClient.invalidateQueries({ queryKey: ['order', 'find'] });
  };
  const change = (patch: Partial<HeaderForm>) => setForm((f) => ({ ...f, ...patch }));

  const guarded = async (work: () => Promise<unknown>) => {
    if (busy) return;
    setBusy(true);
    try {
      await work();
    } finally {
      setBusy(false);
    }
  };

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
  const savedOrder = async (): Promise<OrderFull | null> => (order && (!dirty || !headerEditable) ? order : save());
  const ensureSaved = async (): Promise<OrderFull | null> => order ?? save();
  const reload = async (id_pedido: number) => setOrder(await loadOrder(id_pedido));

  const newItem = async () => {
    if (!itemsEditable) return;
    setTab('produtos');
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
    if (action === 'duplicar') {
      const copy = await duplicateOrder(order);
      if (copy) {
        queryClient.setQueryData(ORDER_KEYS.detail(copy.id_pedido), copy);
        void navigate(editorPath(pathname, copy.id_pedido));
      }
      return;
    }
    if (action === 'email') return void (await sendOrderMail(order));
    if (action === 'cancelar') {
      const cancelled = await cancelOrder(order);
      if (cancelled) setOrder(cancelled);
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
    if (
      headerEditable &&
      dirty &&
      (order !== null || form.id_cliente !== null) &&
      !(await confirm('Há alterações não salvas. Sair sem salvar?'))
    )
      return;
    void navigate('/order');
  };

  // Serviços for the operations that take services, Objetos for service orders (service-order-rules.ts).
  const serviceTabs = serviceTabsFor(order?.operacao ?? form.operacao);
  const tabs: TabName[] = [
    'produtos',
    ...serviceTabs,
    'pagamentos',
    'volumes',
    ...(consignment && order ? (['consignacao'] as const) : []),
  ];
  const moveTab = (step: number) => {
    const next = tabs[(tabs.indexOf(tab) + step + tabs.length) % tabs.length];
    if (next) setTab(next);
  };
  const focusLater = (ref: RefObject<HTMLInputElement | null>) => setTimeout(() => ref.current?.focus(), 0);

  const shortcuts: Shortcut[] = [
    ['Alt+S', () => headerEditable && void guarded(save)],
    ['F2', () => void guarded(newItem)],
    ['F3', () => headerEditable && focusLater(customerRef)],
    [
      'F4',
      () => {
        setTab('pagamentos');
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

  const title = order
    ? `${operacaoLabel(order.operacao)} ${order.nsu}`
    : `Novo ${form.operacao === 'Orcamento' ? 'orçamento' : 'pedido'}`;
  const lockedText =
    order && !headerEditable && canManage
      ? processing
        ? ORDER_MESSAGES.processing
        : ORDER_MESSAGES.locked(status)
      : null;

  return (
    <Stack gap="sm">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={2}>
            <Group gap="sm">
              <Title order={1} size="h2">
                {title}
              </Title>
              {order && <OrderSituacaoBadge situacao={order.situacao} />}
            </Group>
            {order && (
              <Text size="sm" c="dimmed">
                Cadastrado em {dateTime(order.data_cadastro)}
                {order.id_pedido_origem !== null && (
                  <>
                    {' · '}
                    <Anchor component={Link} to={`/order/register/${order.id_pedido_origem}`} size="sm">
                      cópia de outro pedido
                    </Anchor>
                  </>
                )}
                {order.id_nota_fiscal !== null && (
                  <>
                    {' · '}
                    <Anchor component={Link} to={`/invoice/register/${order.id_nota_fiscal}`} size="sm">
                      abrir a nota fiscal
                    </Anchor>
                  </>
                )}
              </Text>
            )}
          </Stack>
          <ShortcutButton shortcut="Alt+V" size="sm" variant="default" onClick={() => void back()}>
            Voltar
          </ShortcutButton>
        </Group>
        <Group gap="xs">
          {headerEditable && (
            <ShortcutButton
              shortcut="Alt+S"
              size="sm"
              variant={dirty ? 'filled' : 'light'}
              loading={busy}
              onClick={() => void guarded(save)}
            >
              Salvar
            </ShortcutButton>
          )}
          {STATUS_ACTIONS.filter((a) => available.includes(a)).map((action) => (
            <ShortcutButton
              key={action}
              shortcut={ORDER_ACTION_SHORTCUT[action]}
              size="sm"
              variant={action === 'faturar' ? 'filled' : 'light'}
              color={action === 'cancelar' ? 'red' : action === 'faturar' ? 'teal' : undefined}
              disabled={busy}
              onClick={() => void guarded(() => runAction(action))}
            >
              {order ? orderActionLabel(action, order) : ORDER_ACTION_LABEL[action]}
            </ShortcutButton>
          ))}
          {order &&
            DOCUMENT_ACTIONS.map((action) => (
              <ShortcutButton
                key={action}
                shortcut={DOCUMENT_ACTION_SHORTCUT[action]}
                size="sm"
                variant="default"
                disabled={busy}
                onClick={() => void guarded(() => runDocument(action))}
              >
                {DOCUMENT_ACTION_LABEL[action]}
              </ShortcutButton>
            ))}
        </Group>
      </Stack>

      {lockedText && (
        <Alert color="gray" variant="light">
          {lockedText}
        </Alert>
      )}

      <OrderHeader
        key={labelsRead}
        form={form}
        context={context}
        editable={headerEditable}
        isNew={order === null}
        customerDescription={null}
        customerRef={customerRef}
        onChange={change}
      />

      <Paper withBorder p="sm">
        <Tabs value={tab} onChange={(v) => setTab((tabs as string[]).includes(v ?? '') ? (v as TabName) : 'produtos')}>
          <Tabs.List>
            <Tabs.Tab value="produtos" rightSection={<Kbd size="xs">F2</Kbd>}>
              Produtos ({items.length})
            </Tabs.Tab>
            {serviceTabs.includes('servicos') && (
              <Tabs.Tab value="servicos">Serviços ({order?.servicos?.length ?? 0})</Tabs.Tab>
            )}
            {serviceTabs.includes('objetos') && (
              <Tabs.Tab value="objetos">Objetos ({order?.objetos?.length ?? 0})</Tabs.Tab>
            )}
            <Tabs.Tab value="pagamentos" rightSection={<Kbd size="xs">F4</Kbd>}>
              Pagamentos ({order?.pagamentos.length ?? 0})
            </Tabs.Tab>
            <Tabs.Tab value="volumes">Volumes ({order?.volumes?.length ?? 0})</Tabs.Tab>
            {tabs.includes('consignacao') && <Tabs.Tab value="consignacao">Consignação</Tabs.Tab>}
            <Group ml="auto" gap={4} visibleFrom="md">
              <Kbd size="xs">Alt+PgUp/PgDn</Kbd>
              <Text size="xs" c="dimmed">
                trocar aba
              </Text>
            </Group>
          </Tabs.List>
          <Tabs.Panel value="produtos" pt="sm">
            <Stack gap="xs">
              {itemsEditable && (
                <Group justify="flex-end">
                  <ShortcutButton shortcut="F2" variant="light" onClick={() => void guarded(newItem)}>
                    Novo item
                  </ShortcutButton>
                </Group>
              )}
              <ItemsTab
                items={items}
                context={context}
                editable={itemsEditable && order !== null}
                consignment={consignment}
                onEdit={(item) => setItemModal({ item })}
                onRemove={(item) => void removeItem(item)}
              />
            </Stack>
          </Tabs.Panel>
          {serviceTabs.includes('servicos') && (
            <Tabs.Panel value="servicos" pt="sm">
              {order ? (
                <ServicesTab order={order} context={context} editable={itemsEditable} onSaved={setOrder} />
              ) : (
                <Alert color="yellow" variant="light">
                  {SERVICE_ORDER_MESSAGES.servicesNeedSavedOrder}
                </Alert>
              )}
            </Tabs.Panel>
          )}
          {serviceTabs.includes('objetos') && (
            <Tabs.Panel value="objetos" pt="sm">
              {order ? (
                <ObjectsTab order={order} editable={headerEditable} onSaved={setOrder} />
              ) : (
                <Alert color="yellow" variant="light">
                  {SERVICE_ORDER_MESSAGES.objectsNeedSavedOrder}
                </Alert>
              )}
            </Tabs.Panel>
          )}
          <Tabs.Panel value="pagamentos" pt="sm">
            <PaymentsTab
              order={order}
              saldo={saldoOf(order)}
              context={context}
              editable={paymentsEditable}
              methodRef={methodRef}
              ensureSaved={ensureSaved}
              onSaved={setOrder}
              onRemove={(id) => void removePayment(id)}
            />
          </Tabs.Panel>
          <Tabs.Panel value="volumes" pt="sm">
            <VolumesTab
              order={order}
              editable={headerEditable}
              onChange={(volumes) => order && setOrder({ ...order, volumes })}
            />
          </Tabs.Panel>
          {order && consignment && (
            <Tabs.Panel value="consignacao" pt="sm">
              <ConsignmentTab
                key={order.situacao}
                order={order}
                editable={canManage}
                onSaved={setOrder}
                onInvoiced={(id) => void navigate(`/invoice/register/${id}`)}
              />
            </Tabs.Panel>
          )}
        </Tabs>
      </Paper>

      <OrderTotals order={order} />

      <Paper withBorder p="xs">
        <Group gap="md" aria-label="Atalhos">
          {headerEditable && <KeyHint keys="Alt+S" label="Salvar" />}
          {itemsEditable && <KeyHint keys="F2" label="Novo item" />}
          {headerEditable && <KeyHint keys="F3" label="Cliente" />}
          <KeyHint keys="F4" label="Pagamentos" />
          {STATUS_ACTIONS.filter((a) => available.includes(a)).map((action) => (
            <KeyHint key={action} keys={ORDER_ACTION_SHORTCUT[action]} label={ORDER_ACTION_LABEL[action]} />
          ))}
          {order &&
            DOCUMENT_ACTIONS.map((action) => (
              <KeyHint key={action} keys={DOCUMENT_ACTION_SHORTCUT[action]} label={DOCUMENT_ACTION_LABEL[action]} />
            ))}
          {canManage && <KeyHint keys="Alt+N" label="Novo pedido" />}
          <KeyHint keys="Alt+PgUp/PgDn" label="Trocar aba" />
          <KeyHint keys="Alt+V" label="Voltar à lista" />
        </Group>
      </Paper>

      {order && (
        <ItemModal
          opened={itemModal !== null}
          item={itemModal?.item ?? null}
          order={order}
          context={context}
          onClose={() => setItemModal(null)}
          onSaved={setOrder}
        />
      )}
    </Stack>
  );
}
