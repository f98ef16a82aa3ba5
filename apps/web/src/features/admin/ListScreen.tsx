import { ListPagination } from '../../ui/ListPagination.tsx';
import { useRef, type ReactNode } from 'react';
import { useArrivalFocus } from '../../ui/arrivalFocus.ts';
import { Alert, Group, Loader, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { errorDisplayOf } from '../../api/errors.ts';
import type { ListRoute, RowOf } from '../../api/client.ts';
import { countLabel } from '../../ui/format.ts';
import { useListPage } from './useListPage.ts';

export interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  width?: number | string;
}

interface ListScreenProps<N extends ListRoute> {
  title: string;
  route: N;
  columns: readonly Column<RowOf<N>>[];
  rowKey: (row: RowOf<N>) => number | string;
  searchPlaceholder: string;
}

/** A list screen: search box, table and pages of 20, over one list route of the contract. */
export function ListScreen<N extends ListRoute>({
  title,
  route,
  columns,
  rowKey,
  searchPlaceholder,
}: ListScreenProps<N>) {
  const list = useListPage(route);
  const { query } = list;
  const searchField = useRef<HTMLInputElement>(null);
  useArrivalFocus(searchField);
  const rows = list.rows ?? [];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">
          {title}
        </Title>
        <Group gap="xs">
          {query.isFetching && <Loader size="xs" aria-label="Carregando" />}
          <Text size="sm" c="dimmed" aria-live="polite">
            {query.data ? countLabel(list.count) : ' '}
          </Text>
        </Group>
      </Group>
      <TextInput
        label="Pesquisar"
        placeholder={searchPlaceholder}
        type="search"
        value={list.search}
        onChange={(event) => list.setSearch(event.currentTarget.value)}
        ref={searchField}
        maw={420}
      />
      {query.isError && (
        <Alert color="red" variant="light" title="Não foi possível carregar a lista">
          {errorDisplayOf(query.error).text}
        </Alert>
      )}
      <Table.ScrollContainer minWidth={720}>
        <Table striped highlightOnHover withTableBorder verticalSpacing="xs" aria-label={title}>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th key={column.header} w={column.width}>
                  {column.header}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={rowKey(row)}>
                {columns.map((column) => (
                  <Table.Td key={column.header}>{column.cell(row)}</Table.Td>
                ))}
              </Table.Tr>
            ))}
            {query.isSuccess && rows.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={columns.length}>
                  <Text c="dimmed" ta="center" py="md">
                    Nenhum registro encontrado.
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {query.isPending && (
              <Table.Tr>
                <Table.Td colSpan={columns.length}>
                  <Text c="dimmed" ta="center" py="md">
                    Carregando…
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <ListPagination pages={list.pages} page={list.page} onChange={list.setPage} />
    </Stack>
  );
}
