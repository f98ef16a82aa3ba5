/**
 * One list screen for the fiscal lists of 002 §2 (disablements, correction letters, sales returns): a period (the
 * current month by default, the server's), a search, pages of the list's size, and per row the links to its documents.
 * Keyboard: F2 search, ↑/↓ choose a row, Alt+X its XML, Alt+P its PDF, PgUp/PgDn pages, Esc back to the invoices.
 */
import { useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDebouncedValue } from '@mantine/hooks';
import { Alert, Anchor, Group, Kbd, Loader, Paper, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { errorDisplayOf } from '../../../api/errors.ts';
import { ListPagination } from '../../../ui/ListPagination.tsx';
import { countLabel } from '../../../ui/format.ts';
import { KeyHint, useShortcuts } from '../shortcuts.tsx';

export interface ListBody {
  search: string;
  skip: number;
  take: number;
  data_inicial?: string;
  data_final?: string;
}

export interface Column<R> {
  header: string;
  cell: (row: R) => ReactNode;
  align?: 'right';
}

export interface FiscalDocListProps<R> {
  title: string;
  queryKey: string;
  pageSize: number;
  fetch: (body: ListBody, signal: AbortSignal) => Promise<{ rows: R[]; count: number }>;
  columns: Column<R>[];
  rowKey: (row: R) => number;
  xmlOf: (row: R) => string | null;
  pdfOf: (row: R) => string | null;
  empty: string;
  searchPlaceholder: string;
}

export function FiscalDocList<R>(p: FiscalDocListProps<R>) {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [search] = useDebouncedValue(text, 300);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [page, setPage] = useState(1);
  const [active, setActive] = useState(0);
  const searchRef = useRef<HTMLInputElement>(null);
  const body: ListBody = { search, skip: (page - 1) * p.pageSize, take: p.pageSize, ...(from ? { data_inicial: from } : {}), ...(to ? { data_final: to } : {}) };
  const list = useQuery({
    queryKey: ['fiscal-list', p.queryKey, body],
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => p.fetch(body, signal),
  });
  const rows = list.data?.rows ?? [];
  const pages = Math.max(1, Math.ceil((list.data?.count ?? 0) / p.pageSize));
  const goTo = (n: number) => { setPage(Math.min(Math.max(n, 1), pages)); setActive(0); };
  const current = rows[Math.min(active, rows.length - 1)];
  const open = (url: string | null) => { if (url) window.open(url, '_blank'); };
  useShortcuts([
    ['F2', () => searchRef.current?.focus()],
    ['ArrowDown', () => setActive((a) => Math.min(a + 1, Math.max(rows.length - 1, 0)))],
    ['ArrowUp', () => setActive((a) => Math.max(a - 1, 0))],
    ['Alt+X', () => open(current ? p.xmlOf(current) : null), { inInputs: true }],
    ['Alt+P', () => open(current ? p.pdfOf(current) : null), { inInputs: true }],
    ['PgUp', () => goTo(page - 1), { inInputs: true }],
    ['PgDn', () => goTo(page + 1), { inInputs: true }],
    ['Escape', () => void navigate('/invoice'), { inInputs: true }],
  ]);

  return (
    <Stack gap="sm">
      <Title order={1} size="h2">{p.title}</Title>
      <Paper withBorder p="sm">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <TextInput type="date" label="De" value={from} onChange={(e) => { setFrom(e.currentTarget.value); goTo(1); }} />
          <TextInput type="date" label="Até" value={to} onChange={(e) => { setTo(e.currentTarget.value); goTo(1); }} />
          <TextInput
            ref={searchRef}
            type="search"
            label="Pesquisar"
            placeholder={p.searchPlaceholder}
            value={text}
            onChange={(e) => { setText(e.currentTarget.value); goTo(1); }}
            rightSection={<Kbd size="xs">F2</Kbd>}
            rightSectionWidth={40}
          />
        </SimpleGrid>
      </Paper>
      {list.isError && <Alert color="red" variant="light" title={`Não foi possível carregar: ${p.title}`}>{errorDisplayOf(list.error).text}</Alert>}
      <Paper withBorder>
        <Table striped highlightOnHover aria-label={p.title}>
          <Table.Thead>
            <Table.Tr>
              {p.columns.map((c) => <Table.Th key={c.header} ta={c.align}>{c.header}</Table.Th>)}
              <Table.Th>Documentos</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r, i) => {
              const xml = p.xmlOf(r);
              const pdf = p.pdfOf(r);
              return (
                <Table.Tr key={p.rowKey(r)} aria-selected={i === active} bg={i === active ? 'var(--mantine-primary-color-light)' : undefined}
                  onClick={() => setActive(i)}>
                  {p.columns.map((c) => <Table.Td key={c.header} ta={c.align}>{c.cell(r)}</Table.Td>)}
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      {xml && <Anchor href={xml} target="_blank" size="sm">XML</Anchor>}
                      {pdf && <Anchor href={pdf} target="_blank" size="sm">PDF</Anchor>}
                      {!xml && !pdf && <Text size="sm" c="dimmed">—</Text>}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
        {list.isPending && <Group justify="center" p="md"><Loader size="sm" /></Group>}
        {!list.isPending && rows.length === 0 && <Text c="dimmed" p="md">{p.empty}</Text>}
      </Paper>
      <Group justify="space-between">
        <Text size="sm" c="dimmed">{countLabel(list.data?.count ?? 0)}</Text>
        <ListPagination pages={pages} page={page} onChange={goTo} />
      </Group>
      <Group gap="md">
        <KeyHint keys="F2" label="Pesquisar" />
        <KeyHint keys="↑ / ↓" label="Escolher" />
        <KeyHint keys="Alt+X" label="XML" />
        <KeyHint keys="Alt+P" label="PDF" />
        <KeyHint keys="PgUp / PgDn" label="Página" />
        <KeyHint keys="Esc" label="Notas fiscais" />
      </Group>
    </Stack>
  );
}
