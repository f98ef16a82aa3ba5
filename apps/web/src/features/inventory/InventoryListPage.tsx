/**
 * /inventory: the inventories of the active branch (001 §7), 20 a page by data_inicio descending (001 §9), searched by
 * number, description or note and filtered by situation. Keyboard first: F2 search, ↑/↓ choose, Enter opens the
 * counting screen, Insert/Alt+N new, Alt+E edit, Alt+P process (after a confirm), PgUp/PgDn page.
 */
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Badge, Group, Kbd, Loader, Paper, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import type { Inventory } from '@pdv/contract/inventory';
import { INVENTORY_MESSAGES as M, INVENTORY_SITUATION_LABELS } from '@pdv/domain/inventory';
import { formatQuantity, quantityFromDecimal } from '@pdv/domain/money';
import { call } from '../../api/client.ts';
import { errorDisplayOf } from '../../api/errors.ts';
import { confirm } from '../../ui/confirm.tsx';
import { countLabel } from '../../ui/format.ts';
import { ListPagination } from '../../ui/ListPagination.tsx';
import { showError } from '../../ui/showError.ts';
import { toast } from '../../ui/toast.ts';
import { useSignedIn } from '../auth/sessionContext.ts';
import { placeholderOf } from '../invoice/list/InvoiceTable.tsx';
import { KeyHint, ShortcutButton, useShortcuts, type Shortcut } from '../invoice/shortcuts.tsx';
import { INVENTORY_KEYS, INVENTORY_PERMISSION, useInventories } from './api.ts';
import { InventoryFormModal } from './InventoryFormModal.tsx';

const brDateTime = (iso: string) => new Date(iso).toLocaleString('pt-BR', { dateStyle: 'short', timeStyle: 'short' });

export function InventoryListPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { ability } = useSignedIn();
  const canManage = ability.can('manage', INVENTORY_PERMISSION);
  const list = useInventories();
  const [active, setActive] = useState<number | null>(null);
  const [form, setForm] = useState<{ editing: Inventory | null } | null>(null);
  const search = useRef<HTMLInputElement>(null);
  const rows = list.list.data?.rows ?? [];
  const current = rows.find((r) => r.id_inventario === active) ?? rows[0] ?? null;
  const refresh = () => queryClient.invalidateQueries({ queryKey: INVENTORY_KEYS.all });

  const open = (row: Inventory) => void navigate(`/inventory/count/${row.id_inventario}`);
  const openNew = () => canManage && setForm({ editing: null });
  const edit = () => {
    if (!canManage || !current) return;
    if (current.situacao === 'Processado') return toast.warning(M.editProcessed);
    setForm({ editing: current });
  };
  const process = async () => {
    if (!canManage || !current) return;
    if (current.situacao === 'Processado') return toast.warning(M.alreadyProcessed);
    const question = `Processar o inventário ${current.id_inventario}? Cada item contado ajusta o estoque pela diferença entre a contagem e o estoque visto ao contar.`;
    if (!(await confirm(question, 'Processar inventário', { confirm: 'Processar', cancel: 'Voltar' }))) return;
    try {
      const res = await call('inventoryProcess', { id_inventario: current.id_inventario });
      toast.success(res.message);
      await refresh();
    } catch (error) {
      showError(error);
    }
  };
  const move = (step: number) => {
    if (rows.length === 0) return;
    const index = current ? rows.indexOf(current) : -1;
    const next = rows[Math.min(Math.max(index + step, 0), rows.length - 1)];
    if (next) setActive(next.id_inventario);
  };
  const setPage = (page: number) => {
    list.setPage(Math.min(Math.max(page, 1), list.pages));
    setActive(null);
  };
  const shortcuts: Shortcut[] = form ? [] : [
    ['F2', () => search.current?.focus()],
    ['↑', () => move(-1)],
    ['↓', () => move(1)],
    ['Enter', () => current && open(current)],
    ['Insert', openNew, { inInputs: true }],
    ['Alt+N', openNew],
    ['Alt+E', edit],
    ['Alt+P', () => void process()],
    ['PgUp', () => setPage(list.page - 1), { inInputs: true }],
    ['PgDn', () => setPage(list.page + 1), { inInputs: true }],
  ];
  useShortcuts(shortcuts);

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">Inventários</Title>
        <Group gap="xs">
          {current && current.situacao !== 'Processado' && (
            <ShortcutButton shortcut="Enter" variant="light" onClick={() => open(current)}>{`Contar o ${current.id_inventario}`}</ShortcutButton>
          )}
          {canManage && <ShortcutButton shortcut="Alt+N" onClick={openNew}>Novo inventário</ShortcutButton>}
        </Group>
      </Group>

      <Paper withBorder p="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            ref={search}
            type="search"
            label="Pesquisar"
            placeholder="Número, descrição ou observação"
            value={list.search}
            onChange={(e) => list.setSearch(e.currentTarget.value)}
            rightSection={<Kbd size="xs">F2</Kbd>}
            rightSectionWidth={40}
          />
          <Select
            label="Situação"
            data={[{ value: 'Todas', label: 'Todas' }, ...(['NaoProcessado', 'Processado'] as const).map((s) => ({ value: s, label: INVENTORY_SITUATION_LABELS[s] }))]}
            value={list.situacao ?? 'Todas'}
            onChange={(v) => list.setSituacao(v === 'NaoProcessado' || v === 'Processado' ? v : null)}
            allowDeselect={false}
          />
        </SimpleGrid>
      </Paper>

      {list.list.isError && (
        <Alert color="red" variant="light" title="Não foi possível carregar os inventários">{errorDisplayOf(list.list.error).text}</Alert>
      )}

      <Group justify="space-between">
        <Text size="sm" c="dimmed" aria-live="polite">{list.list.data ? countLabel(list.count) : ' '}</Text>
        {list.list.isFetching && <Loader size="xs" aria-label="Carregando" />}
      </Group>

      <Table.ScrollContainer minWidth={920}>
        <Table layout="fixed" highlightOnHover withTableBorder verticalSpacing={6} aria-label="Inventários">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={80}>Número</Table.Th>
              <Table.Th w={140}>Início</Table.Th>
              <Table.Th>Descrição</Table.Th>
              <Table.Th w={70} ta="right">Itens</Table.Th>
              <Table.Th w={110} ta="right">Contado</Table.Th>
              <Table.Th w={140}>Usuário</Table.Th>
              <Table.Th w={170}>Situação</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 && (
              <Table.Tr><Table.Td colSpan={7}><Text size="sm" c="dimmed">{placeholderOf(list.list, 0, 'Nenhum inventário.')}</Text></Table.Td></Table.Tr>
            )}
            {rows.map((row) => {
              const isActive = row.id_inventario === current?.id_inventario;
              return (
                <Table.Tr
                  key={row.id_inventario}
                  aria-selected={isActive}
                  data-active={isActive || undefined}
                  bg={isActive ? 'var(--mantine-primary-color-light)' : undefined}
                  onClick={() => setActive(row.id_inventario)}
                  onDoubleClick={() => open(row)}
                  style={{ cursor: 'pointer' }}
                >
                  <Table.Td><Text size="sm" fw={600}>{row.id_inventario}</Text></Table.Td>
                  <Table.Td><Text size="sm">{brDateTime(row.data_inicio)}</Text></Table.Td>
                  <Table.Td><Text size="sm" lineClamp={1}>{row.descricao}</Text></Table.Td>
                  <Table.Td ta="right"><Text size="sm">{row.itens_count}</Text></Table.Td>
                  <Table.Td ta="right"><Text size="sm">{formatQuantity(quantityFromDecimal(row.quantidade_contada))}</Text></Table.Td>
                  <Table.Td><Text size="sm" lineClamp={1}>{row.usuario ?? ''}</Text></Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={row.situacao === 'Processado' ? 'green' : 'blue'} data-situacao={row.situacao}>
                      {INVENTORY_SITUATION_LABELS[row.situacao]}
                    </Badge>
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
          <KeyHint keys="Enter" label="Contar" />
          {canManage && <KeyHint keys="Insert / Alt+N" label="Novo" />}
          {canManage && <KeyHint keys="Alt+E" label="Editar" />}
          {canManage && <KeyHint keys="Alt+P" label="Processar" />}
          <KeyHint keys="PgUp/PgDn" label="Página" />
        </Group>
      </Paper>

      {form && (
        <InventoryFormModal
          editing={form.editing}
          onClose={() => setForm(null)}
          onSaved={(row) => {
            setForm(null);
            setActive(row.id_inventario);
            void refresh();
          }}
        />
      )}
    </Stack>
  );
}
