/**
 * /products: the product list (001 §7 find_list): search by description, SKU or barcode; filters by category, brand
 * and situacao; sorted by data_cadastro ascending (002 §9) or by a click on a column; 20 a page; the situacao badge
 * toggled in place; a product duplicated from its row; the row's stock and labels in side panels
 * (ProductRowDrawers.tsx). Keys as in every register list: ↑/↓, Enter opens, Insert or Alt+N new, PgUp/PgDn, Alt+I
 * switches situacao, Alt+D duplicates; Alt+E the stock, Alt+L the labels of the highlighted product. Alt+M marks the
 * highlighted product (or its checkbox does); Alt+P opens the label print modal (features/labels) for the marked products,
 * or for the highlighted one when none is marked; Alt+B the scale file (ScaleFileModal.tsx).
 */
import { ListPagination } from '../../ui/ListPagination.tsx';
import { useArrivalFocus } from '../../ui/arrivalFocus.ts';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Group, Loader, Paper, SegmentedControl, SimpleGrid, Stack, Table, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { formatMoney, fromDecimal } from '@pdv/domain/money';
import { SITUACAO_ATIVO, SITUACAO_INATIVO } from '@pdv/domain/permissions';
import { call } from '../../api/client.ts';
import { errorDisplayOf } from '../../api/errors.ts';
import { confirm } from '../../ui/confirm.tsx';
import { countLabel, formatDate } from '../../ui/format.ts';
import { showError } from '../../ui/showError.ts';
import { toast } from '../../ui/toast.ts';
import { useSignedIn } from '../auth/sessionContext.ts';
import { SituacaoBadge } from '../admin/SituacaoBadge.tsx';
import { useListPage } from '../admin/useListPage.ts';
import { KeyHint, ShortcutButton, useShortcuts, type Shortcut } from '../invoice/shortcuts.tsx';
import { Ref } from './fields.tsx';
import { PRODUCT_PERMISSION } from './ProductRegisterPage.tsx';
import { ProductLabelsDrawer, ProductStockDrawer, type RowProduct } from './ProductRowDrawers.tsx';
import { LabelPrintModal } from '../labels/LabelPrintModal.tsx';
import { ScaleFileModal } from './ScaleFileModal.tsx';
import type { LabelSource } from '../labels/labelItems.ts';

type Column = 'data_cadastro' | 'descricao' | 'sku' | 'preco_venda';
type Situacao = 'Todos' | typeof SITUACAO_ATIVO | typeof SITUACAO_INATIVO;

export function ProductListPage() {
  const navigate = useNavigate();
  const searchField = useRef<HTMLInputElement>(null);
  useArrivalFocus(searchField);
  const queryClient = useQueryClient();
  const { ability } = useSignedIn();
  const canManage = ability.can('manage', PRODUCT_PERMISSION);
  const [sort, setSort] = useState<{ column: Column; order: 'asc' | 'desc' }>({ column: 'data_cadastro', order: 'asc' });
  const [situacao, setSituacao] = useState<Situacao>('Todos');
  const [categoria, setCategoria] = useState<number | null>(null);
  const [marca, setMarca] = useState<number | null>(null);
  const [active, setActive] = useState<number | null>(null);
  const [stockOf, setStockOf] = useState<RowProduct | null>(null);
  const [labelsOf, setLabelsOf] = useState<RowProduct | null>(null);
  const [marked, setMarked] = useState<ReadonlySet<number>>(new Set());
  const [printing, setPrinting] = useState<LabelSource | null>(null);
  const [scaleOpen, setScaleOpen] = useState(false);
  const toggleMark = (id: number) => setMarked((old) => {
    const next = new Set(old);
    if (!next.delete(id)) next.add(id);
    return next;
  });
  const printLabels = (ids: number[]) => ids.length > 0 && setPrinting({ kind: 'products', ids });
  const filter = {
    ...(situacao === 'Todos' ? {} : { situacao }),
    ...(categoria ? { id_categoria: categoria } : {}),
    ...(marca ? { id_marca: marca } : {}),
  };
  const list = useListPage('productFindList', { params: { column: sort.column, order: sort.order, filter } });
  const rows = list.rows ?? [];
  const current = rows.find((r) => r.id_produto === active) ?? rows[0] ?? null;
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['productFindList'] });

  const move = (step: number) => {
    if (rows.length === 0) return;
    const index = current ? rows.indexOf(current) : -1;
    const next = rows[Math.min(Math.max(index + step, 0), rows.length - 1)];
    if (next) setActive(next.id_produto);
  };
  const open = (id: number | undefined) => id !== undefined && void navigate(`/product/register/${id}`);
  const openNew = () => canManage && void navigate('/product/register');
  const setPage = (page: number) => {
    list.setPage(Math.min(Math.max(page, 1), list.pages));
    setActive(null);
  };
  const toggle = async (row: (typeof rows)[number]) => {
    if (!canManage) return;
    try {
      await call('productSituacao', { id_produto: row.id_produto, situacao: row.situacao === SITUACAO_ATIVO ? SITUACAO_INATIVO : SITUACAO_ATIVO });
      await refresh();
    } catch (error) {
      showError(error);
    }
  };
  const duplicate = async (row: (typeof rows)[number]) => {
    if (!canManage || !(await confirm(`Duplicar o produto "${row.descricao}"?`))) return;
    try {
      const copy = await call('productDuplicate', { id_produto: row.id_produto });
      toast.success(`Produto duplicado: ${copy.descricao}.`);
      await refresh();
      open(copy.id_produto);
    } catch (error) {
      showError(error);
    }
  };
  const sortBy = (column: Column) => {
    setSort((s) => ({ column, order: s.column === column && s.order === 'asc' ? 'desc' : 'asc' }));
    list.setPage(1);
  };

  const shortcuts: Shortcut[] = [
    ['↑', () => move(-1)],
    ['↓', () => move(1)],
    ['Enter', () => open(current?.id_produto)],
    ['Insert', openNew, { inInputs: true }],
    ['Alt+N', openNew],
    ['PgUp', () => setPage(list.page - 1), { inInputs: true }],
    ['PgDn', () => setPage(list.page + 1), { inInputs: true }],
    ['Alt+I', () => current && void toggle(current)],
    ['Alt+D', () => current && void duplicate(current)],
    ['Alt+E', () => current && setStockOf(current)],
    ['Alt+L', () => current && setLabelsOf(current)],
    ['Alt+M', () => current && toggleMark(current.id_produto)],
    ['Alt+B', () => setScaleOpen(true), { inInputs: true }],
    ['Alt+P', () => printLabels(marked.size > 0 ? [...marked] : current ? [current.id_produto] : []), { inInputs: true }],
  ];
  useShortcuts(shortcuts);

  const header = (column: Column | null, label: string, right = false) => (
    <Table.Th key={label} ta={right ? 'right' : undefined}
      aria-sort={column && sort.column === column ? (sort.order === 'asc' ? 'ascending' : 'descending') : undefined}>
      {column ? (
        <UnstyledButton onClick={() => sortBy(column)} fw={700} fz="sm">
          {label} {sort.column === column ? (sort.order === 'desc' ? '▼' : '▲') : ''}
        </UnstyledButton>
      ) : label}
    </Table.Th>
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">Produtos</Title>
        <Group gap="xs">
          {list.query.isFetching && <Loader size="xs" aria-label="Carregando" />}
          <Text size="sm" c="dimmed" aria-live="polite">{list.query.data ? countLabel(list.count) : ' '}</Text>
          <ShortcutButton shortcut="Alt+P" variant="light" onClick={() => printLabels(marked.size > 0 ? [...marked] : current ? [current.id_produto] : [])}>
            {marked.size > 0 ? `Imprimir etiquetas (${marked.size})` : 'Imprimir etiquetas'}
          </ShortcutButton>
          {canManage && <ShortcutButton shortcut="Insert" onClick={openNew}>Novo</ShortcutButton>}
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 1, md: 4 }} style={{ alignItems: 'end' }}>
        <TextInput
          label="Pesquisar"
          placeholder="Descrição, SKU ou código de barras"
          type="search"
          value={list.search}
          onChange={(e) => list.setSearch(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
              e.preventDefault();
              move(e.key === 'ArrowDown' ? 1 : -1);
            } else if (e.key === 'Enter') open(current?.id_produto);
          }}
          ref={searchField}
        />
        <Ref label="Categoria" register="category" value={categoria} readOnly={false} onChange={(id) => { setCategoria(id); list.setPage(1); }} />
        <Ref label="Marca" register="brand" value={marca} readOnly={false} onChange={(id) => { setMarca(id); list.setPage(1); }} />
        <SegmentedControl aria-label="Situação" data={['Todos', SITUACAO_ATIVO, SITUACAO_INATIVO]} value={situacao}
          onChange={(v) => { setSituacao(v); list.setPage(1); }} />
      </SimpleGrid>
      {list.query.isError && (
        <Alert color="red" variant="light" title="Não foi possível carregar a lista">{errorDisplayOf(list.query.error).text}</Alert>
      )}
      <Table.ScrollContainer minWidth={800}>
        <Table highlightOnHover withTableBorder verticalSpacing="xs" aria-label="Produtos">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={32} aria-label="Marcar" />
              {header('sku', 'SKU')}
              {header('descricao', 'Descrição')}
              {header(null, 'Categoria')}
              {header(null, 'Marca')}
              {header(null, 'Un.')}
              {header(null, 'Variações', true)}
              {header('preco_venda', 'Preço de venda', true)}
              {header('data_cadastro', 'Cadastro')}
              {header(null, 'Situação')}
              <Table.Th ta="center">Ações</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => {
              const isActive = current !== null && row.id_produto === current.id_produto;
              return (
                <Table.Tr key={row.id_produto} aria-selected={isActive} bg={isActive ? 'var(--mantine-primary-color-light)' : undefined}
                  onClick={() => setActive(row.id_produto)} onDoubleClick={() => open(row.id_produto)} style={{ cursor: 'pointer' }}>
                  <Table.Td onClick={(e) => e.stopPropagation()}>
                    <Checkbox size="xs" tabIndex={-1} checked={marked.has(row.id_produto)} onChange={() => toggleMark(row.id_produto)}
                      aria-label={`Marcar ${row.descricao}`} />
                  </Table.Td>
                  <Table.Td>{row.sku}</Table.Td>
                  <Table.Td>{row.descricao}</Table.Td>
                  <Table.Td>{row.categoria ?? ''}</Table.Td>
                  <Table.Td>{row.marca ?? ''}</Table.Td>
                  <Table.Td>{row.unidade}</Table.Td>
                  <Table.Td ta="right">{row.variacoes > 0 ? row.variacoes : ''}</Table.Td>
                  <Table.Td ta="right">{formatMoney(fromDecimal(row.preco_venda))}</Table.Td>
                  <Table.Td>{formatDate(row.data_cadastro)}</Table.Td>
                  <Table.Td onClick={(e) => e.stopPropagation()}>
                    <UnstyledButton disabled={!canManage} onClick={() => void toggle(row)}
                      aria-label={`${row.situacao === SITUACAO_ATIVO ? 'Inativar' : 'Ativar'} ${row.descricao}`}
                      title={canManage ? 'Clique para trocar a situação' : undefined}>
                      <SituacaoBadge situacao={row.situacao} />
                    </UnstyledButton>
                  </Table.Td>
                  <Table.Td ta="center" onClick={(e) => e.stopPropagation()}>
                    <Group gap={2} justify="center" maw={180} mx="auto">
                      <Button size="compact-xs" variant="subtle" onClick={() => open(row.id_produto)}>Abrir</Button>
                      <Button size="compact-xs" variant="subtle" onClick={() => setStockOf(row)} aria-label={`Estoque de ${row.descricao}`}
                        title="Estoque por filial e endereço (Alt+E)">Estoque</Button>
                      <Button size="compact-xs" variant="subtle" onClick={() => setLabelsOf(row)} aria-label={`Etiquetas de ${row.descricao}`}
                        title="Etiquetas das variações (Alt+L)">Etiquetas</Button>
                      {canManage && (
                        <Button size="compact-xs" variant="subtle" onClick={() => void duplicate(row)} aria-label={`Duplicar ${row.descricao}`}>Duplicar</Button>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
            {(list.query.isSuccess || list.query.isPending) && rows.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={11}>
                  <Text c="dimmed" ta="center" py="md">{list.query.isPending ? 'Carregando…' : 'Nenhum registro encontrado.'}</Text>
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
          {canManage && <KeyHint keys="Insert / Alt+N" label="Novo" />}
          {canManage && <KeyHint keys="Alt+I" label="Ativar/Inativar" />}
          {canManage && <KeyHint keys="Alt+D" label="Duplicar" />}
          <KeyHint keys="Alt+E" label="Estoque" />
          <KeyHint keys="Alt+L" label="Etiquetas" />
          <KeyHint keys="Alt+M" label="Marcar" />
          <KeyHint keys="Alt+P" label="Imprimir etiquetas" />
          <KeyHint keys="Alt+B" label="Arquivo da balança" />
          <KeyHint keys="PgUp/PgDn" label="Página" />
        </Group>
      </Paper>
      <ProductStockDrawer product={stockOf} onClose={() => setStockOf(null)} />
      <ProductLabelsDrawer product={labelsOf} onClose={() => setLabelsOf(null)}
        onPrint={(p) => { setLabelsOf(null); printLabels([p.id_produto]); }} />
      <LabelPrintModal source={printing} onClose={() => setPrinting(null)} />
      <ScaleFileModal opened={scaleOpen} onClose={() => setScaleOpen(false)} />
    </Stack>
  );
}
