/**
 * /stockMovement: the stock documents of the active branch (002 §2), 10 a page by data_hora_cadastro descending
 * (001 §9), filtered by movement type, situation and document date period, searched by number, description or note.
 * Keyboard first: F2 search, ↑/↓ choose, Enter open, Insert/Alt+N new, Alt+P process, Del cancel, PgUp/PgDn page,
 * Alt+B the stock balance (and its report PDF).
 */
import { ListPagination } from '../../ui/ListPagination.tsx';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Badge, Group, Kbd, Loader, Paper, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import type { StockDocument } from '@pdv/contract/stock-document';
import { formatMoney, formatQuantity, fromDecimal, quantityFromDecimal } from '@pdv/domain/money';
import { STOCK_DOCUMENT_KIND_LABELS, STOCK_DOCUMENT_MESSAGES, STOCK_DOCUMENT_SITUATION_LABELS } from '@pdv/domain/stock-document';
import { errorDisplayOf } from '../../api/errors.ts';
import { call } from '../../api/client.ts';
import { confirm } from '../../ui/confirm.tsx';
import { countLabel } from '../../ui/format.ts';
import { DateField } from '../../ui/MaskedInputs.tsx';
import { showError } from '../../ui/showError.ts';
import { toast } from '../../ui/toast.ts';
import { useSignedIn } from '../auth/sessionContext.ts';
import { placeholderOf } from '../invoice/list/InvoiceTable.tsx';
import { KeyHint, ShortcutButton, useShortcuts, type Shortcut } from '../invoice/shortcuts.tsx';
import { STOCK_KEYS, STOCK_PERMISSION, useMovementTypes, useStockDocuments } from './api.ts';

export const SITUATION_COLOR = { 0: 'blue', 1: 'green', 2: 'gray' } as const;
const brDate = (iso: string) => iso.slice(0, 10).split('-').reverse().join('/');

export function StockMovementListPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { ability } = useSignedIn();
  const canManage = ability.can('manage', STOCK_PERMISSION);
  const list = useStockDocuments();
  const types = useMovementTypes();
  const [active, setActive] = useState<number | null>(null);
  const search = useRef<HTMLInputElement>(null);
  const rows = list.list.data?.rows ?? [];
  const current = rows.find((r) => r.id_documento_estoque === active) ?? rows[0] ?? null;
  const refresh = () => queryClient.invalidateQueries({ queryKey: STOCK_KEYS.all });

  const open = (row: StockDocument) => void navigate(`/stockMovement/register/${row.id_documento_estoque}`);
  const openNew = () => canManage && void navigate('/stockMovement/register');
  const act = async (action: 'process' | 'cancel') => {
    if (!canManage || !current) return;
    if (action === 'process' && current.situacao !== 0) return toast.warning(STOCK_DOCUMENT_MESSAGES.alreadyProcessed);
    if (action === 'cancel') {
      if (current.situacao === 2) return toast.warning(STOCK_DOCUMENT_MESSAGES.alreadyCancelled);
      if (current.id_documento_estornado !== null) return toast.warning(STOCK_DOCUMENT_MESSAGES.counterNotCancellable(current.id_documento_estornado));
      const reverse = current.situacao === 1 ? ' Um documento de estorno será gerado com as movimentações opostas.' : '';
      if (!(await confirm(`Cancelar o documento ${current.id_documento_estoque}?${reverse}`, 'Cancelar documento', { confirm: 'Cancelar documento', cancel: 'Voltar' }))) return;
    }
    try {
      if (action === 'process') await call('stockMovementProcess', { id_documento_estoque: current.id_documento_estoque });
      else await call('stockMovementCancel', { id_documento_estoque: current.id_documento_estoque });
      toast.success(action === 'process' ? STOCK_DOCUMENT_MESSAGES.processed : STOCK_DOCUMENT_MESSAGES.cancelled);
      await refresh();
    } catch (error) {
      showError(error);
    }
  };
  const move = (step: number) => {
    if (rows.length === 0) return;
    const index = current ? rows.indexOf(current) : -1;
    const next = rows[Math.min(Math.max(index + step, 0), rows.length - 1)];
    if (next) setActive(next.id_documento_estoque);
  };
  const setPage = (page: number) => {
    list.setPage(Math.min(Math.max(page, 1), list.pages));
    setActive(null);
  };
  const shortcuts: Shortcut[] = [
    ['F2', () => search.current?.focus()],
    ['↑', () => move(-1)],
    ['↓', () => move(1)],
    ['Enter', () => current && open(current)],
    ['Insert', openNew, { inInputs: true }],
    ['Alt+N', openNew],
    ['Alt+P', () => void act('process')],
    ['Alt+B', () => void navigate('/stockMovement/balance')],
    ['Del', () => void act('cancel')],
    ['PgUp', () => setPage(list.page - 1), { inInputs: true }],
    ['PgDn', () => setPage(list.page + 1), { inInputs: true }],
  ];
  useShortcuts(shortcuts);

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">Movimentação de estoque</Title>
        <Group gap="xs">
          <ShortcutButton shortcut="Alt+B" variant="default" onClick={() => void navigate('/stockMovement/balance')}>Saldo de estoque</ShortcutButton>
          {canManage && <ShortcutButton shortcut="Alt+N" onClick={openNew}>Novo documento</ShortcutButton>}
        </Group>
      </Group>

      <Paper withBorder p="sm">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
          <Select
            label="Tipo de movimentação"
            placeholder="Todos"
            data={(types.data ?? []).map((t) => ({ value: String(t.id), label: t.label }))}
            value={list.filters.id_tipo_movimentacao_estoque === null ? null : String(list.filters.id_tipo_movimentacao_estoque)}
            onChange={(v) => list.setFilters({ id_tipo_movimentacao_estoque: v ? Number(v) : null })}
            clearable
            searchable
          />
          <Select
            label="Situação"
            data={[{ value: 'Todas', label: 'Todas' }, ...([0, 1, 2] as const).map((s) => ({ value: String(s), label: STOCK_DOCUMENT_SITUATION_LABELS[s] }))]}
            value={list.filters.situacao === null ? 'Todas' : String(list.filters.situacao)}
            onChange={(v) => list.setFilters({ situacao: v === '0' ? 0 : v === '1' ? 1 : v === '2' ? 2 : null })}
            searchable
            allowDeselect={false}
          />
          <TextInput
            ref={search}
            type="search"
            label="Pesquisar"
            placeholder="Número, descrição ou observação"
            value={list.filters.search}
            onChange={(e) => list.setFilters({ search: e.currentTarget.value })}
            rightSection={<Kbd size="xs">F2</Kbd>}
            rightSectionWidth={40}
          />
          <DateField label="Data de" value={list.filters.data_inicio} onChange={(iso) => list.setFilters({ data_inicio: iso })} />
          <DateField label="até" value={list.filters.data_fim} onChange={(iso) => list.setFilters({ data_fim: iso })} />
        </SimpleGrid>
      </Paper>

      {list.list.isError && (
        <Alert color="red" variant="light" title="Não foi possível carregar os documentos">{errorDisplayOf(list.list.error).text}</Alert>
      )}

      <Group justify="space-between">
        <Text size="sm" c="dimmed" aria-live="polite">{list.list.data ? countLabel(list.count) : ' '}</Text>
        {list.list.isFetching && <Loader size="xs" aria-label="Carregando" />}
      </Group>

      <Table.ScrollContainer minWidth={780}>
        <Table layout="fixed" highlightOnHover withTableBorder verticalSpacing={6} aria-label="Documentos de estoque">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={80}>Número</Table.Th>
              <Table.Th w={100}>Data</Table.Th>
              <Table.Th w={120}>Operação</Table.Th>
              <Table.Th>Tipo / descrição</Table.Th>
              <Table.Th w={70} ta="right">Itens</Table.Th>
              <Table.Th w={110} ta="right">Quantidade</Table.Th>
              <Table.Th w={110} ta="right">Valor</Table.Th>
              <Table.Th w={140}>Situação</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 && (
              <Table.Tr><Table.Td colSpan={8}><Text size="sm" c="dimmed">{placeholderOf(list.list, 0, 'Nenhum documento de estoque.')}</Text></Table.Td></Table.Tr>
            )}
            {rows.map((row) => {
              const isActive = row.id_documento_estoque === current?.id_documento_estoque;
              return (
                <Table.Tr
                  key={row.id_documento_estoque}
                  aria-selected={isActive}
                  data-active={isActive || undefined}
                  bg={isActive ? 'var(--mantine-primary-color-light)' : undefined}
                  onClick={() => setActive(row.id_documento_estoque)}
                  onDoubleClick={() => open(row)}
                  style={{ cursor: 'pointer' }}
                >
                  <Table.Td><Text size="sm" fw={600}>{row.id_documento_estoque}</Text></Table.Td>
                  <Table.Td><Text size="sm">{brDate(row.data_documento)}</Text></Table.Td>
                  <Table.Td><Text size="sm">{STOCK_DOCUMENT_KIND_LABELS[row.operacao]}</Text></Table.Td>
                  <Table.Td><Text size="sm" lineClamp={1}>{row.descricao ? `${row.tipo} · ${row.descricao}` : row.tipo}</Text></Table.Td>
                  <Table.Td ta="right"><Text size="sm">{row.itens_count}</Text></Table.Td>
                  <Table.Td ta="right"><Text size="sm">{formatQuantity(quantityFromDecimal(row.quantidade_total))}</Text></Table.Td>
                  <Table.Td ta="right"><Text size="sm">{formatMoney(fromDecimal(row.valor_total))}</Text></Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={SITUATION_COLOR[row.situacao]} data-situacao={row.situacao}>{STOCK_DOCUMENT_SITUATION_LABELS[row.situacao]}</Badge>
                    {row.vinculo_estorno !== null && <Text size="xs" c="dimmed" data-estorno>{row.vinculo_estorno}</Text>}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>

      <ListPagination pages={list.pages} page={list.page} onChange={setPage} />

      <Paper withBorder p="xs">
        <Group gap="md" aria-label="Atalhos">
          <KeyHint keys="F2" label="Pesquisar" />
          <KeyHint keys="↑/↓" label="Escolher" />
          <KeyHint keys="Enter" label="Abrir" />
          {canManage && <KeyHint keys="Insert / Alt+N" label="Novo" />}
          {canManage && <KeyHint keys="Alt+P" label="Processar" />}
          <KeyHint keys="Alt+B" label="Saldo de estoque" />
          {canManage && <KeyHint keys="Del" label="Cancelar" />}
          <KeyHint keys="PgUp/PgDn" label="Página" />
        </Group>
      </Paper>
    </Stack>
  );
}
