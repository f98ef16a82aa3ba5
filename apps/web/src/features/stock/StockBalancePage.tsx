/**
 * /stockMovement/balance: the stock balance of the active branch per variation and address (002 §2 "stock balance"),
 * reached from the stock documents' list (Alt+B). Filters: the branch (the active one by default, another branch the
 * user works in, or all of them: issue 22; each row names its branch), the address (of the active branch) and a search
 * by description, SKU or variation; 10 a page. Alt+P makes the stock report PDF (002 §9: detailed, average cost price, reference date today end of day;
 * POST /stock/report and packages/documents stock-report.ts) of the chosen address or of all, opened in a tab opened
 * during the key press. Esc back to the documents.
 */
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDebouncedValue } from '@mantine/hooks';
import { Alert, Group, Kbd, Loader, Paper, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { formatQuantity, fromDecimal, quantityFromDecimal } from '@pdv/domain/money';
import { formatInZone } from '@pdv/domain/time-zone';
import type { StockReportData } from '@pdv/documents/stock-report';
import { errorDisplayOf } from '../../api/errors.ts';
import { call } from '../../api/client.ts';
import { ListPagination } from '../../ui/ListPagination.tsx';
import { countLabel } from '../../ui/format.ts';
import { showError } from '../../ui/showError.ts';
import { activeBranchName } from '../auth/session.ts';
import { useSignedIn } from '../auth/sessionContext.ts';
import { KeyHint, ShortcutButton, useShortcuts } from '../invoice/shortcuts.tsx';
import { STOCK_KEYS, STOCK_PAGE_SIZE, useAddresses } from './api.ts';

const brDate = (iso: string) => iso.slice(0, 10).split('-').reverse().join('/');

export function StockBalancePage() {
  const navigate = useNavigate();
  const { session } = useSignedIn();
  const addresses = useAddresses();
  const [address, setAddress] = useState<number | null>(null);
  const active = session.usuario.id_filial_ativa;
  /** The branch filter: an id, or 'todas'. The addresses are the active branch's, so they filter only it. */
  const [branch, setBranch] = useState<string>(String(active));
  const onActive = branch === String(active);
  const [text, setText] = useState('');
  const [search] = useDebouncedValue(text, 300);
  const [page, setPage] = useState(1);
  const [busy, setBusy] = useState(false);
  const searchRef = useRef<HTMLInputElement>(null);
  const branchFilter = branch === 'todas' ? { todas_filiais: true } : onActive ? {} : { id_filial: Number(branch) };
  const body = {
    search, skip: (page - 1) * STOCK_PAGE_SIZE, take: STOCK_PAGE_SIZE,
    filter: { ...branchFilter, ...(address === null || !onActive ? {} : { id_endereco_estoque: address }) },
  };
  const balance = useQuery({
    queryKey: [...STOCK_KEYS.all, 'balance-list', body],
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => call('stockBalance', body, { signal }),
  });
  const rows = balance.data?.rows ?? [];
  const pages = Math.max(1, Math.ceil((balance.data?.count ?? 0) / STOCK_PAGE_SIZE));
  const goTo = (p: number) => setPage(Math.min(Math.max(p, 1), pages));

  const pdf = async () => {
    if (busy) return;
    const target = window.open('', '_blank');
    setBusy(true);
    try {
      const res = await call('stockReport', address === null ? {} : { id_endereco_estoque: address });
      const doc: StockReportData = {
        loja: activeBranchName(session.usuario),
        referencia: `${brDate(res.data_referencia)} 23:59`,
        linhas: res.rows.map((r) => ({
          sku: r.sku, descricao: r.descricao, variacao: r.variacao, endereco: r.endereco,
          quantidade: quantityFromDecimal(r.quantidade), preco_custo_medio: fromDecimal(r.preco_custo_medio),
        })),
        emitido_em: formatInZone(new Date()),
      };
      const [{ stockReportDocument }, { renderPdf }] = await Promise.all([import('@pdv/documents/stock-report'), import('@pdv/documents/pdf')]);
      const url = URL.createObjectURL(await renderPdf(stockReportDocument(doc)));
      if (target && !target.closed) target.location.href = url;
      else window.open(url, '_blank');
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (error) {
      target?.close();
      showError(error);
    } finally {
      setBusy(false);
    }
  };
  useShortcuts([
    ['Alt+P', () => void pdf(), { inInputs: true }],
    ['F2', () => searchRef.current?.focus()],
    ['Escape', () => void navigate('/stockMovement'), { inInputs: true }],
    ['PgUp', () => goTo(page - 1), { inInputs: true }],
    ['PgDn', () => goTo(page + 1), { inInputs: true }],
  ]);

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">Saldo de estoque</Title>
        <ShortcutButton shortcut="Alt+P" onClick={() => void pdf()} loading={busy}>Relatório de estoque (PDF)</ShortcutButton>
      </Group>
      <Paper withBorder p="sm">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <Select
            label="Filial"
            data={[
              ...session.usuario.filiais.map((f) => ({ value: String(f.id_filial), label: f.nome_fantasia ?? f.razao_social })),
              ...(session.usuario.filiais.length > 1 ? [{ value: 'todas', label: 'Todas as filiais' }] : []),
            ]}
            value={branch}
            onChange={(v) => { setBranch(v ?? String(active)); setPage(1); }}
            allowDeselect={false}
            searchable
          />
          <Select
            label="Endereço de estoque"
            placeholder="Todos"
            data={(addresses.data ?? []).map((a) => ({ value: String(a.id), label: a.label }))}
            value={address === null ? null : String(address)}
            onChange={(v) => { setAddress(v ? Number(v) : null); setPage(1); }}
            disabled={!onActive}
            description={onActive ? undefined : 'Os endereços filtram só a filial ativa.'}
            clearable
            searchable
          />
          <TextInput
            ref={searchRef}
            type="search"
            label="Pesquisar"
            placeholder="Descrição, SKU ou variação"
            value={text}
            onChange={(e) => { setText(e.currentTarget.value); setPage(1); }}
            rightSection={<Kbd size="xs">F2</Kbd>}
            rightSectionWidth={40}
          />
        </SimpleGrid>
      </Paper>
      {balance.isError && <Alert color="red" variant="light" title="Não foi possível carregar o saldo">{errorDisplayOf(balance.error).text}</Alert>}
      <Paper withBorder>
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>SKU</Table.Th>
              <Table.Th>Produto</Table.Th>
              <Table.Th>Variação</Table.Th>
              <Table.Th>Filial</Table.Th>
              <Table.Th>Endereço</Table.Th>
              <Table.Th ta="right">Quantidade</Table.Th>
              <Table.Th ta="right">Reservado</Table.Th>
              <Table.Th ta="right">Disponível</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.id_estoque}>
                <Table.Td>{r.sku}</Table.Td>
                <Table.Td>{r.descricao}</Table.Td>
                <Table.Td>{r.variacao}</Table.Td>
                <Table.Td>{r.filial}</Table.Td>
                <Table.Td>{r.endereco}</Table.Td>
                <Table.Td ta="right">{formatQuantity(quantityFromDecimal(r.quantidade))}</Table.Td>
                <Table.Td ta="right">{formatQuantity(quantityFromDecimal(r.quantidade_reserva))}</Table.Td>
                <Table.Td ta="right">{formatQuantity(quantityFromDecimal(r.disponivel))}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {balance.isPending && <Group justify="center" p="md"><Loader size="sm" /></Group>}
        {!balance.isPending && rows.length === 0 && <Text c="dimmed" p="md">Nenhum saldo de estoque encontrado.</Text>}
      </Paper>
      <Group justify="space-between">
        <Text size="sm" c="dimmed">{countLabel(balance.data?.count ?? 0)}</Text>
        <ListPagination pages={pages} page={page} onChange={goTo} />
      </Group>
      <Group gap="md">
        <KeyHint keys="Alt+P" label="Relatório PDF" />
        <KeyHint keys="F2" label="Pesquisar" />
        <KeyHint keys="PgUp / PgDn" label="Página" />
        <KeyHint keys="Esc" label="Voltar" />
      </Group>
    </Stack>
  );
}
