/**
 * /order: the orders of the active branch. Filters (period, status, operation, number or client), 20 a page by
 * data_cadastro descending, and per-row actions (open, duplicate, release, invoice, cancel, send by e-mail, print and
 * share the A4 sheet). Every action has a key, shown beside it; the Alt keys act on the highlighted row.
 */
import { ListPagination } from '../../ui/ListPagination.tsx';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Group,
  Kbd,
  Loader,
  MultiSelect,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { OrderSummary } from '@pdv/contract/order';
import { ORDER_STATUSES } from '@pdv/domain/operation-state';
import { ORDER_STATUS_NAME } from '@pdv/domain/order-labels';
import { ORDER_OPERATIONS, ORDER_OPERATION_NAME } from '@pdv/domain/order-rules';
import { errorDisplayOf } from '../../api/errors.ts';
import { countLabel } from '../../ui/format.ts';
import { useSignedIn } from '../auth/sessionContext.ts';
import { placeholderOf } from '../invoice/list/InvoiceTable.tsx';
import { KeyHint, ShortcutButton, useShortcuts, type Shortcut } from '../invoice/shortcuts.tsx';
import { LabelPrintModal } from '../labels/LabelPrintModal.tsx';
import type { LabelSource } from '../labels/labelItems.ts';
import { cancelOrder, duplicateOrder, invoiceOrder, releaseOrder, sendOrderMail } from './actions.ts';
import { OrderTable } from './list/OrderTable.tsx';
import { DOCUMENT_ACTIONS, DOCUMENT_ACTION_LABEL, DOCUMENT_ACTION_SHORTCUT, runDocumentAction, type DocumentAction } from './documents/orderDocuments.ts';
import { ORDER_KEYS, useOrderList } from './list/useOrderList.ts';
import { DateField } from '../../ui/MaskedInputs.tsx';
import {
  ORDER_ACTION_LABEL,
  ORDER_ACTION_SHORTCUT,
  ORDER_PERMISSION,
  isOrderOperation,
  isOrderStatus,
  orderActionsFor,
  type OrderAction,
} from './situacao.ts';

const ROW_ACTIONS: OrderAction[] = ['duplicar', 'liberar', 'faturar', 'cancelar', 'email'];

export function OrderListPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { ability } = useSignedIn();
  const canManage = ability.can('manage', ORDER_PERMISSION);
  const allow = (action: OrderAction) => canManage || action === 'abrir';
  const list = useOrderList();
  const [active, setActive] = useState<number | null>(null);
  const [labels, setLabels] = useState<LabelSource | null>(null);
  const [busy, setBusy] = useState(false);
  const search = useRef<HTMLInputElement>(null);

  const rows = list.list.data?.rows ?? [];
  const current = rows.find((r) => r.id_pedido === active) ?? rows[0] ?? null;
  const refresh = () => queryClient.invalidateQueries({ queryKey: ORDER_KEYS.all });

  const open = (id: number) => void navigate(`/order/register/${id}`);
  const run = (action: OrderAction, row: OrderSummary) => {
    if (!allow(action) || !orderActionsFor(row).includes(action)) return;
    if (action === 'abrir') return open(row.id_pedido);
    if (busy) return;
    setBusy(true);
    const work = async () => {
      if (action === 'duplicar') {
        const copy = await duplicateOrder(row);
        if (copy) return open(copy.id_pedido);
      } else if (action === 'faturar') {
        const id = await invoiceOrder(row);
        if (id !== null) return void navigate(`/invoice/register/${id}`);
      } else if (action === 'liberar') await releaseOrder(row);
      else if (action === 'cancelar') await cancelOrder(row);
      else await sendOrderMail(row);
      await refresh();
    };
    void work().finally(() => setBusy(false));
  };
  // Print and share: reading is enough (the sheet is made from the order as it is).
  const runDocument = (action: DocumentAction, row: OrderSummary) => {
    if (busy) return;
    setBusy(true);
    void runDocumentAction(action, row.id_pedido).finally(() => setBusy(false));
  };
  const move = (step: number) => {
    if (rows.length === 0) return;
    const index = current ? rows.indexOf(current) : -1;
    const next = rows[Math.min(Math.max(index + step, 0), rows.length - 1)];
    if (next) setActive(next.id_pedido);
  };
  const setPage = (page: number) => {
    list.setPage(Math.min(Math.max(page, 1), list.pages));
    setActive(null);
  };

  const shortcuts: Shortcut[] = [
    ['F2', () => search.current?.focus()],
    ['Alt+Shift+E', () => current && setLabels({ kind: 'order', id_pedido: current.id_pedido })],
    ['Alt+N', () => canManage && void navigate('/order/register')],
    ['↑', () => move(-1)],
    ['↓', () => move(1)],
    ['Ctrl+↑', () => move(-1)],
    ['Ctrl+↓', () => move(1)],
    ['Enter', () => current && open(current.id_pedido)],
    ['PgUp', () => setPage(list.page - 1), { inInputs: true }],
    ['PgDn', () => setPage(list.page + 1), { inInputs: true }],
    ...ROW_ACTIONS.map((action): Shortcut => [ORDER_ACTION_SHORTCUT[action], () => current && run(action, current)]),
    ...DOCUMENT_ACTIONS.map((action): Shortcut => [DOCUMENT_ACTION_SHORTCUT[action], () => current && runDocument(action, current)]),
  ];
  useShortcuts(shortcuts);

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">
          Pedidos
        </Title>
        {canManage && (
          <ShortcutButton shortcut="Alt+N" onClick={() => void navigate('/order/register')}>
            Novo pedido
          </ShortcutButton>
        )}
      </Group>

      <Paper withBorder p="sm">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }} spacing="sm">
          <DateField
            label="Cadastrados de"
            value={list.filters.data_inicio}
            onChange={(iso) => list.setFilters({ data_inicio: iso })}
          />
          <DateField
            label="até"
            value={list.filters.data_fim}
            onChange={(iso) => list.setFilters({ data_fim: iso })}
          />
          <MultiSelect
            label="Situação"
            placeholder={list.filters.situacoes.length === 0 ? 'Todas' : undefined}
            data={ORDER_STATUSES.map((s) => ({ value: s, label: ORDER_STATUS_NAME[s].label }))}
            value={list.filters.situacoes}
            onChange={(values) => list.setFilters({ situacoes: values.filter(isOrderStatus) })}
            clearable
          />
          <Select
            label="Operação"
            placeholder="Todas"
            data={ORDER_OPERATIONS.map((o) => ({ value: o, label: ORDER_OPERATION_NAME[o].one }))}
            value={list.filters.operacao}
            onChange={(v) => list.setFilters({ operacao: v !== null && isOrderOperation(v) ? v : null })}
            clearable
          />
          <TextInput
            ref={search}
            type="search"
            label="Pesquisar"
            placeholder="Número ou cliente"
            value={list.filters.search}
            onChange={(e) => list.setFilters({ search: e.currentTarget.value })}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && current) open(current.id_pedido);
            }}
            rightSection={<Kbd size="xs">F2</Kbd>}
            rightSectionWidth={40}
          />
        </SimpleGrid>
      </Paper>

      {list.list.isError && (
        <Alert color="red" variant="light" title="Não foi possível carregar os pedidos">
          {errorDisplayOf(list.list.error).text}
        </Alert>
      )}
      <Group justify="space-between">
        <Text size="sm" c="dimmed" aria-live="polite">
          {list.list.data ? countLabel(list.count) : ' '}
        </Text>
        {(list.list.isFetching || busy) && <Loader size="xs" aria-label="Carregando" />}
      </Group>
      <OrderTable
        rows={rows}
        active={current?.id_pedido ?? null}
        onActivate={setActive}
        onAction={run}
        onDocument={runDocument}
        allow={allow}
        sort={list.sort}
        onSort={(column) => list.sortBy(column)}
        placeholder={placeholderOf(list.list, rows.length, 'Nenhum pedido no período.')}
      />
      <ListPagination pages={list.pages} page={list.page} onChange={setPage} />

      <Paper withBorder p="xs">
        <Group gap="md" aria-label="Atalhos">
          <KeyHint keys="F2" label="Pesquisar" />
          <KeyHint keys="↑/↓" label="Escolher pedido" />
          <KeyHint keys="Enter" label="Abrir" />
          <KeyHint keys="PgUp/PgDn" label="Página" />
          {canManage && <KeyHint keys="Alt+N" label="Novo pedido" />}
          <KeyHint keys="Alt+Shift+E" label="Etiquetas dos itens" />
          {ROW_ACTIONS.filter(allow).map((action) => (
            <KeyHint key={action} keys={ORDER_ACTION_SHORTCUT[action]} label={ORDER_ACTION_LABEL[action]} />
          ))}
          {DOCUMENT_ACTIONS.map((action) => (
            <KeyHint key={action} keys={DOCUMENT_ACTION_SHORTCUT[action]} label={DOCUMENT_ACTION_LABEL[action]} />
          ))}
        </Group>
      </Paper>
      <LabelPrintModal source={labels} onClose={() => setLabels(null)} />
    </Stack>
  );
}
