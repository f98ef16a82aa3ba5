/**
 * The list screen of any register, driven by its descriptor: the fields marked `list` as sortable columns, a search
 * box when a field is searchable, the situacao filter and toggle when the register has situacao, pages of the
 * descriptor's size, delete with a confirmation, and the form in a side panel. Keys: ↑/↓ choose a row, Enter opens
 * it, Insert or Alt+N opens a new one, Del deletes the chosen one, Alt+I switches its situacao.
 */
import { ListPagination } from '../../ui/ListPagination.tsx';
import { useArrivalFocus } from '../../ui/arrivalFocus.ts';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { ActionIcon, Alert, Button, Group, Loader, Paper, SegmentedControl, Stack, Table, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { isInUseRefusal, type RegisterDescriptor } from '@pdv/contract/registers/descriptor';
import { SITUACAO_ATIVO, SITUACAO_INATIVO } from '@pdv/domain/permissions';
import { ApiError, errorDisplayOf } from '../../api/errors.ts';
import type { ListRoute } from '../../api/client.ts';
import { confirm } from '../../ui/confirm.tsx';
import { countLabel, yesNo } from '../../ui/format.ts';
import { showError } from '../../ui/showError.ts';
import { useSignedIn } from '../auth/sessionContext.ts';
import { SituacaoBadge } from '../admin/SituacaoBadge.tsx';
import { useListPage } from '../admin/useListPage.ts';
import { KeyHint, ShortcutButton, useShortcuts, type Shortcut } from '../invoice/shortcuts.tsx';
import { registerApi, routeOf } from './api.ts';
import { cellText, isNumeric, listFields, textOf, type Row } from './fields.ts';
import { REGISTER_EXTENSIONS } from './extension-table.ts';
import type { RegisterExtension } from './extensions.ts';
import { RegisterForm } from './RegisterForm.tsx';

type SituacaoFilter = 'Todos' | typeof SITUACAO_ATIVO | typeof SITUACAO_INATIVO;

/** The form: closed, a new record, or a row. */
type Editing = { row: Row | null } | null;

/**
 * `routed`: a register whose form has addresses of its own (screen.registerPath; routes.tsx): `opening` is the form the
 * address named ('new' at `${registerPath}`, an id at `${registerPath}/:id`, undefined at the list), and the list opens
 * and closes its form with `go` (the router's navigate). Without it the form is the list's own state.
 */
export function RegisterListPage({ descriptor: d, routed }: { descriptor: RegisterDescriptor; routed?: { opening?: 'new' | number; go: (path: string) => void } }) {
  const formPath = routed ? d.screen.registerPath : undefined;
  const opening = routed?.opening;
  const queryClient = useQueryClient();
  const { ability } = useSignedIn();
  const canManage = ability.can('manage', d.permission);
  const ext = REGISTER_EXTENSIONS[d.name];
  const canCreate = canManage && ext?.create !== false;
  const canDelete = canManage && ext?.delete !== false;
  const rowActions = (ext?.rowActions ?? []).filter((a) => !a.manage || canManage);
  const listActions = ext?.listActions ?? [];
  const [sort, setSort] = useState(d.list.sort);
  const [situacao, setSituacao] = useState<SituacaoFilter>('Todos');
  const [active, setActive] = useState<number | null>(null);
  const [editingState, setEditingState] = useState<Editing>(null);
  const atAddress: Editing = opening === undefined ? null : { row: opening === 'new' ? null : { [d.id]: opening } };
  const editing = formPath ? atAddress : editingState;
  const setEditing = (next: Editing) => {
    if (!formPath) setEditingState(next);
    else if (next === null) routed?.go(d.screen.path);
    else routed?.go(next.row === null ? formPath : `${formPath}/${idOf(next.row)}`);
  };
  const search = useRef<HTMLInputElement>(null);
  useArrivalFocus(search);
  const route = routeOf(d, 'Find') as ListRoute;
  const list = useListPage(route, {
    pageSize: d.list.pageSize,
    params: { column: sort.column, order: sort.order, filter: situacao === 'Todos' ? {} : { situacao } },
  });
  const rows = (list.rows ?? []) as unknown as Row[];
  const idOf = (row: Row) => Number(row[d.id]);
  const current = rows.find((r) => idOf(r) === active) ?? rows[0] ?? null;
  const columns = listFields(d);
  const searchable = Object.values(d.fields).some((f) => f.search);
  const refresh = () => queryClient.invalidateQueries({ queryKey: [route] });
  const noun = d.label.singular.toLowerCase();
  /** A row as the screen names it: its first column. */
  const nameOf = (row: Row) => textOf(row[columns[0]?.[0] ?? d.id]);
  const article = d.label.feminine ? 'a' : 'o';

  const sortBy = (column: string) => {
    setSort((s) => ({ column, order: s.column === column && s.order === 'ASC' ? 'DESC' : 'ASC' }));
    list.setPage(1);
  };
  const move = (step: number) => {
    if (rows.length === 0) return;
    const index = current ? rows.indexOf(current) : -1;
    const next = rows[Math.min(Math.max(index + step, 0), rows.length - 1)];
    if (next) setActive(idOf(next));
  };
  const openNew = () => canCreate && setEditing({ row: null });
  const open = (row: Row | null) => row && setEditing({ row });
  const setPage = (page: number) => {
    list.setPage(Math.min(Math.max(page, 1), list.pages));
    setActive(null);
  };
  const toggle = async (row: Row) => {
    if (!canManage) return;
    const next = row['situacao'] === SITUACAO_ATIVO ? SITUACAO_INATIVO : SITUACAO_ATIVO;
    try {
      await registerApi.situacao(d, idOf(row), next);
      await refresh();
    } catch (error) {
      showError(error);
    }
  };
  const remove = async (row: Row) => {
    if (!canDelete) return;
    const name = nameOf(row);
    if (!(await confirm(`Excluir ${article} ${noun} "${name}"?`))) return;
    try {
      await registerApi.remove(d, idOf(row));
      setActive(null);
      await refresh();
    } catch (error) {
      // Still used: the refusal says what uses it, and an active row of a register with situacao may be set Inativo
      // right here instead. Any other refusal as it came.
      const refusal = error instanceof ApiError && error.status === 400 ? (error.body?.message ?? error.message) : null;
      if (refusal !== null && isInUseRefusal(refusal) && d.situacao && row['situacao'] === SITUACAO_ATIVO) {
        if (await confirm(refusal, `Excluir ${article} ${noun} "${name}"`, { confirm: 'Inativar', cancel: 'Cancelar' })) await toggle(row);
        return;
      }
      showError(error);
    }
  };

  const shortcuts: Shortcut[] = [
    ['↑', () => move(-1)],
    ['↓', () => move(1)],
    ['Enter', () => open(current)],
    ['Insert', openNew, { inInputs: true }],
    ['Alt+N', openNew],
    ['PgUp', () => setPage(list.page - 1), { inInputs: true }],
    ['PgDn', () => setPage(list.page + 1), { inInputs: true }],
    ['Del', () => current && void remove(current)],
    ...(d.situacao ? [['Alt+I', () => current && void toggle(current)] satisfies Shortcut] : []),
  ];
  useShortcuts(shortcuts);

  const hasActions = canDelete || rowActions.length > 0;
  const widths = columns.length + (d.isPadrao ? 1 : 0) + (d.situacao ? 1 : 0) + (hasActions ? 1 : 0);
  const header = (column: string, label: string, numeric = false, width?: number) => (
    <Table.Th key={column} w={width} ta={numeric ? 'right' : undefined} aria-sort={sort.column === column ? (sort.order === 'ASC' ? 'ascending' : 'descending') : undefined}>
      <UnstyledButton onClick={() => sortBy(column)} fw={700} fz="sm">
        {label} {sort.column === column ? (sort.order === 'DESC' ? '▼' : '▲') : ''}
      </UnstyledButton>
    </Table.Th>
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">
          {d.label.plural}
        </Title>
        <Group gap="xs">
          {list.query.isFetching && <Loader size="xs" aria-label="Carregando" />}
          <Text size="sm" c="dimmed" aria-live="polite">
            {list.query.data ? countLabel(list.count) : ' '}
          </Text>
          {listActions.length > 0 && <ListActions actions={listActions} />}
          {canCreate && (
            <ShortcutButton shortcut="Insert" onClick={openNew}>
              {d.label.feminine ? 'Nova' : 'Novo'}
            </ShortcutButton>
          )}
        </Group>
      </Group>
      <Group align="flex-end" gap="md">
        {searchable && (
          <TextInput
            ref={search}
            label="Pesquisar"
            placeholder={Object.values(d.fields).filter((f) => f.search).map((f, i) => (i === 0 ? f.label : f.label.toLowerCase())).join(' ou ')}
            type="search"
            value={list.search}
            onChange={(event) => list.setSearch(event.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
                e.preventDefault();
                move(e.key === 'ArrowDown' ? 1 : -1);
              } else if (e.key === 'Enter') open(current);
            }}
            w={420}
          />
        )}
        {d.situacao && (
          <SegmentedControl
            aria-label="Situação"
            data={['Todos', SITUACAO_ATIVO, SITUACAO_INATIVO]}
            value={situacao}
            onChange={(v) => {
              setSituacao(v);
              list.setPage(1);
            }}
          />
        )}
      </Group>
      {list.query.isError && (
        <Alert color="red" variant="light" title="Não foi possível carregar a lista">
          {errorDisplayOf(list.query.error).text}
        </Alert>
      )}
      <Table.ScrollContainer minWidth={600}>
        <Table highlightOnHover withTableBorder verticalSpacing="xs" aria-label={d.label.plural}>
          <Table.Thead>
            <Table.Tr>
              {columns.map(([name, field]) => header(name, field.label, isNumeric(field)))}
              {d.isPadrao && header('is_padrao', 'Padrão', false, 100)}
              {d.situacao && header('situacao', 'Situação', false, 120)}
              {hasActions && <Table.Th w={rowActions.length > 0 ? undefined : 70} ta="center">Ações</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => {
              const isActive = current !== null && idOf(row) === idOf(current);
              return (
                <Table.Tr
                  key={idOf(row)}
                  aria-selected={isActive}
                  bg={isActive ? 'var(--mantine-primary-color-light)' : undefined}
                  onClick={() => setActive(idOf(row))}
                  onDoubleClick={() => open(row)}
                  style={{ cursor: 'pointer' }}
                >
                  {columns.map(([name, field]) => (
                    <Table.Td key={name} ta={isNumeric(field) ? 'right' : undefined}>
                      {ext?.cell?.(name, row) ?? cellText(field, row[name])}
                    </Table.Td>
                  ))}
                  {d.isPadrao && <Table.Td>{row['is_padrao'] === true ? yesNo(true) : ''}</Table.Td>}
                  {d.situacao && (
                    <Table.Td onClick={(e) => e.stopPropagation()}>
                      <UnstyledButton
                        disabled={!canManage}
                        onClick={() => void toggle(row)}
                        aria-label={`${row['situacao'] === SITUACAO_ATIVO ? 'Inativar' : 'Ativar'} ${nameOf(row)}`}
                        title={canManage ? 'Clique para trocar a situação' : undefined}
                      >
                        <SituacaoBadge situacao={String(row['situacao'])} />
                      </UnstyledButton>
                    </Table.Td>
                  )}
                  {hasActions && (
                    <Table.Td ta="center" onClick={(e) => e.stopPropagation()}>
                      <Group gap={4} justify="center" wrap="nowrap">
                        {rowActions.map((a) => (
                          <Button key={a.label} size="compact-xs" variant="subtle" onClick={() => void a.run(row, () => void refresh())}>
                            {a.label}
                          </Button>
                        ))}
                        {canDelete && (
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={`Excluir ${nameOf(row)}`}
                            onClick={() => void remove(row)}
                          >
                            ✕
                          </ActionIcon>
                        )}
                      </Group>
                    </Table.Td>
                  )}
                </Table.Tr>
              );
            })}
            {(list.query.isSuccess || list.query.isPending) && rows.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={widths}>
                  <Text c="dimmed" ta="center" py="md">
                    {list.query.isPending ? 'Carregando…' : 'Nenhum registro encontrado.'}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <ListPagination pages={list.pages} page={list.page} onChange={setPage} />
      <Paper withBorder p="xs">
        <Group gap="md" aria-label="Atalhos">
          <KeyHint keys="↑/↓" label="Escolher" />
          <KeyHint keys="Enter" label="Abrir" />
          {canCreate && <KeyHint keys="Insert / Alt+N" label={d.label.feminine ? 'Nova' : 'Novo'} />}
          {canDelete && <KeyHint keys="Del" label="Excluir" />}
          {canManage && d.situacao && <KeyHint keys="Alt+I" label="Ativar/Inativar" />}
          <KeyHint keys="PgUp/PgDn" label="Página" />
          {listActions.map((a) => <KeyHint key={a.path} keys={a.shortcut} label={a.label} />)}
        </Group>
      </Paper>
      <RegisterForm
        descriptor={d}
        row={editing?.row ?? null}
        opened={editing !== null}
        readOnly={!canManage}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          void refresh();
        }}
      />
    </Stack>
  );
}

/** The buttons above the list that open another screen of the register, with their shortcuts (extension listActions). */
function ListActions({ actions }: { actions: NonNullable<RegisterExtension['listActions']> }) {
  const navigate = useNavigate();
  useShortcuts(actions.map((a) => [a.shortcut, () => void navigate(a.path)] satisfies Shortcut));
  return actions.map((a) => (
    <ShortcutButton key={a.path} shortcut={a.shortcut} variant="default" onClick={() => void navigate(a.path)}>
      {a.label}
    </ShortcutButton>
  ));
}
