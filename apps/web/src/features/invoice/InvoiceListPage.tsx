/**
 * /invoice: the invoices of the active branch. Filters (period, situation, model, number/customer/key), totals per
 * situation, 20 a page by emission date descending, actions per row and on the selected rows, and the documents still
 * in contingency. Every action has a key, shown beside it; the Alt keys act on the highlighted row.
 */
import { ListPagination } from '../../ui/ListPagination.tsx';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Group, Kbd, Loader, Paper, SegmentedControl, Select, SimpleGrid, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import type { InvoiceSummary } from '@pdv/contract/invoice';
import { errorDisplayOf } from '../../api/errors.ts';
import { countLabel } from '../../ui/format.ts';
import { useSignedIn } from '../auth/sessionContext.ts';
import { offerInvoiceBoletos } from '../finance/invoiceBoletos.ts';
import * as fiscal from './fiscalActions.ts';
import { ContingencyPanel, useContingency } from './list/ContingencyPanel.tsx';
import { DisableRangeModal } from './list/DisableRangeModal.tsx';
import { InvoiceTable, placeholderOf } from './list/InvoiceTable.tsx';
import { SituacaoTotals } from './list/SituacaoTotals.tsx';
import { INVOICE_KEYS, useInvoiceList } from './list/useInvoiceList.ts';
import { situacaoFilterOf } from './period.ts';
import { KeyHint, ShortcutButton, useShortcuts, type Shortcut } from './shortcuts.tsx';
import { LabelPrintModal } from '../labels/LabelPrintModal.tsx';
import type { LabelSource } from '../labels/labelItems.ts';
import { ACTION_SHORTCUT, INVOICE_PERMISSION, INVOICE_SITUACOES_SHOWN, ROW_ACTIONS, SITUACAO_LABEL, actionsFor, hintedActions, type InvoiceAction } from './situacao.ts';
import { TEXTS } from './texts.ts';
import { duplicateInvoice, MORE_TEXTS, offersReprocess } from './register/EditorMoreActions.tsx';
import { DateField } from '../../ui/MaskedInputs.tsx';

const READ_ACTIONS: ReadonlySet<InvoiceAction> = new Set(['abrir', 'imprimir']);

type Tab = 'notas' | 'contingencia';

export function InvoiceListPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { session, ability } = useSignedIn();
  const canManage = ability.can('manage', INVOICE_PERMISSION);
  const allow = (action: InvoiceAction) => canManage || READ_ACTIONS.has(action);
  const list = useInvoiceList();
  const contingency = useContingency();
  const [tab, setTab] = useState<Tab>('notas');
  const [active, setActive] = useState<number | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [rangeOpen, setRangeOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const search = useRef<HTMLInputElement>(null);

  const pageRows = list.list.data?.rows ?? [];
  const rows: readonly InvoiceSummary[] = tab === 'notas' ? pageRows : (contingency.data?.rows ?? []);
  const current = rows.find((r) => r.id_nota_fiscal === active) ?? rows[0] ?? null;
  const [labels, setLabels] = useState<LabelSource | null>(null);
  const chosen = pageRows.filter((r) => selected.has(r.id_nota_fiscal)).map((r) => r.id_nota_fiscal);

  const refresh = () => queryClient.invalidateQueries({ queryKey: INVOICE_KEYS.all });
  const open = (row: Pick<InvoiceSummary, 'id_nota_fiscal'>) => navigate(`/invoice/register/${row.id_nota_fiscal}`);
  const guarded = async (work: () => Promise<boolean | void>, clearSelection = false) => {
    if (busy) return;
    setBusy(true);
    try {
      if ((await work()) !== false) {
        if (clearSelection) setSelected(new Set());
        await refresh();
      }
    } finally {
      setBusy(false);
    }
  };
  const run = (action: InvoiceAction, row: InvoiceSummary) => {
    if (!allow(action) || !actionsFor(row).includes(action)) return;
    if (action === 'abrir') return void open(row);
    const work = {
      // 000 §4.4: once authorized, boletos of a boleto payment whose method issues them after the invoice (the user is asked).
      transmitir: (r: InvoiceSummary) => fiscal.transmit(r).then(async (ok) => {
        if (ok) await offerInvoiceBoletos(r.id_nota_fiscal);
        return ok;
      }),
      imprimir: (r: InvoiceSummary) => fiscal.print(r).then(() => false),
      consultar: fiscal.consult,
      cancelar: fiscal.cancel,
      carta: fiscal.correct,
      inutilizar: fiscal.disable,
      excluir: fiscal.remove,
    }[action];
    void guarded(() => work(row));
  };
  const move = (step: number) => {
    if (rows.length === 0) return;
    const index = current ? rows.indexOf(current) : -1;
    const next = rows[Math.min(Math.max(index + step, 0), rows.length - 1)];
    if (next) setActive(next.id_nota_fiscal);
  };
  const toggle = (id: number) =>
    setSelected((s) => {
      const next = new Set(s);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const switchTab = (next: Tab) => {
    setTab(next);
    setActive(null);
  };
  const setFilters: typeof list.setFilters = (change) => {
    list.setFilters(change);
    setSelected(new Set());
  };
  const setPage = (page: number) => {
    list.setPage(Math.min(Math.max(page, 1), list.pages));
    setSelected(new Set());
    setActive(null);
  };

  const shortcuts: Shortcut[] = [
    ['F2', () => {
      switchTab('notas');
      setTimeout(() => search.current?.focus(), 0);
    }],
    ['Alt+N', () => void navigate('/invoice/register')],
    ['Alt+Shift+E', () => current && setLabels({ kind: 'invoice', id_nota_fiscal: current.id_nota_fiscal })],
    // Issue 31: the highlighted invoice duplicated (the copy opens) or reprocessed.
    ['Alt+D', () => canManage && current && void guarded(async () => {
      const copy = await duplicateInvoice(current.id_nota_fiscal);
      if (copy !== null) void navigate(`/invoice/register/${copy}`);
      return copy !== null;
    })],
    ['Alt+P', () => canManage && current && offersReprocess(current) && void guarded(() => fiscal.reprocess(current))],
    ['Alt+G', () => switchTab(tab === 'notas' ? 'contingencia' : 'notas')],
    ['Ctrl+↑', () => move(-1)],
    ['Ctrl+↓', () => move(1)],
    ['↑', () => move(-1)],
    ['↓', () => move(1)],
    ['Enter', () => current && void open(current)],
    ['Alt+S', () => tab === 'notas' && current && toggle(current.id_nota_fiscal)],
    ['PgUp', () => tab === 'notas' && setPage(list.page - 1), { inInputs: true }],
    ['PgDn', () => tab === 'notas' && setPage(list.page + 1), { inInputs: true }],
    ['Alt+Shift+T', () => canManage && void guarded(() => fiscal.transmitMany(chosen), true)],
    ['Alt+Shift+X', () => canManage && void guarded(() => fiscal.cancelMany(chosen), true)],
    ['Alt+Shift+U', () => canManage && setRangeOpen(true)],
    ...ROW_ACTIONS.map((action): Shortcut => [ACTION_SHORTCUT[action], () => current && run(action, current)]),
  ];
  useShortcuts(shortcuts);

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">
          {TEXTS.listTitle}
        </Title>
        <Group gap="xs">
          {canManage && (
            <>
              <ShortcutButton shortcut="Alt+N" onClick={() => void navigate('/invoice/register')}>
                Nova nota
              </ShortcutButton>
              <ShortcutButton shortcut="Alt+Shift+T" variant="light" disabled={busy} onClick={() => void guarded(() => fiscal.transmitMany(chosen), true)}>
                Transmitir selecionadas{chosen.length > 0 ? ` (${chosen.length})` : ''}
              </ShortcutButton>
              <ShortcutButton shortcut="Alt+Shift+X" variant="light" color="red" disabled={busy} onClick={() => void guarded(() => fiscal.cancelMany(chosen), true)}>
                Cancelar selecionadas{chosen.length > 0 ? ` (${chosen.length})` : ''}
              </ShortcutButton>
              <ShortcutButton shortcut="Alt+Shift+U" variant="default" onClick={() => setRangeOpen(true)}>
                Inutilizar faixa
              </ShortcutButton>
            </>
          )}
        </Group>
      </Group>

      <Tabs value={tab} onChange={(v) => switchTab(v === 'contingencia' ? 'contingencia' : 'notas')} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="notas">{TEXTS.listTab}</Tabs.Tab>
          <Tabs.Tab
            value="contingencia"
            rightSection={
              <Group gap={4} wrap="nowrap">
                {(contingency.data?.rows.length ?? 0) > 0 && (
                  <Text size="xs" c="orange" fw={700} aria-label="Notas em contingência">
                    {contingency.data?.rows.length}
                  </Text>
                )}
                <Kbd size="xs">Alt+G</Kbd>
              </Group>
            }
          >
            {TEXTS.contingencyTab}
          </Tabs.Tab>
        </Tabs.List>

        <Tabs.Panel value="notas" pt="sm">
          <Stack gap="sm">
            <Paper withBorder p="sm">
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }} spacing="sm">
                <DateField
                  label="Emitidas de"
                  value={list.filters.data_inicio}
                  onChange={(iso) => setFilters({ data_inicio: iso })}
                />
                <DateField label="até" value={list.filters.data_fim} onChange={(iso) => setFilters({ data_fim: iso })} />
                <Select
                  label="Situação"
                  placeholder="Todas"
                  data={INVOICE_SITUACOES_SHOWN.map((s) => ({ value: s, label: SITUACAO_LABEL[s] }))}
                  value={list.filters.situacao}
                  onChange={(v) => setFilters({ situacao: situacaoFilterOf(v) })}
                  clearable
                />
                <Stack gap={4}>
                  <Text size="sm" fw={500}>
                    Modelo
                  </Text>
                  <SegmentedControl
                    aria-label="Modelo"
                    data={[
                      { value: '', label: 'Todos' },
                      { value: '55', label: 'NF-e 55' },
                      { value: '65', label: 'NFC-e 65' },
                    ]}
                    value={list.filters.modelo ?? ''}
                    onChange={(v) => setFilters({ modelo: v === '55' || v === '65' ? v : null })}
                  />
                </Stack>
                <TextInput
                  ref={search}
                  type="search"
                  label="Pesquisar"
                  placeholder="Número, cliente ou chave"
                  value={list.filters.search}
                  onChange={(e) => setFilters({ search: e.currentTarget.value })}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter' && current) void open(current);
                  }}
                  rightSection={<Kbd size="xs">F2</Kbd>}
                  rightSectionWidth={40}
                />
              </SimpleGrid>
            </Paper>

            <SituacaoTotals values={list.values.data} current={list.filters.situacao} onPick={(situacao) => setFilters({ situacao })} />

            {list.list.isError && (
              <Alert color="red" variant="light" title="Não foi possível carregar as notas fiscais">
                {errorDisplayOf(list.list.error).text}
              </Alert>
            )}
            <Group justify="space-between">
              <Text size="sm" c="dimmed" aria-live="polite">
                {list.list.data ? countLabel(list.count) : ' '}
                {chosen.length > 0 ? ` · ${chosen.length} selecionada(s)` : ''}
              </Text>
              {(list.list.isFetching || busy) && <Loader size="xs" aria-label="Carregando" />}
            </Group>
            <InvoiceTable
              label="Notas fiscais"
              rows={pageRows}
              active={current?.id_nota_fiscal ?? null}
              onActivate={setActive}
              onOpen={(row) => void open(row)}
              onAction={run}
              allow={allow}
              selected={canManage ? selected : undefined}
              onToggle={toggle}
              onToggleAll={(checked) => setSelected(checked ? new Set(pageRows.map((r) => r.id_nota_fiscal)) : new Set())}
              sort={list.sort}
              onSort={(column) => list.sortBy(column)}
              placeholder={placeholderOf(list.list, pageRows.length, 'Nenhuma nota fiscal no período.')}
            />
            <ListPagination pages={list.pages} page={list.page} onChange={setPage} />
          </Stack>
        </Tabs.Panel>

        <Tabs.Panel value="contingencia" pt="sm">
          <ContingencyPanel
            query={contingency}
            active={current?.id_nota_fiscal ?? null}
            onActivate={setActive}
            onOpen={(row) => void open(row)}
            onAction={run}
          />
        </Tabs.Panel>
      </Tabs>

      <Paper withBorder p="xs">
        <Group gap="md" aria-label="Atalhos">
          {tab === 'notas' && <KeyHint keys="F2" label="Pesquisar" />}
          <KeyHint keys="↑/↓" label="Escolher nota" />
          <KeyHint keys="Enter" label="Abrir" />
          <KeyHint keys="Alt+Shift+E" label="Etiquetas dos itens" />
          {canManage && <KeyHint keys="Alt+D" label={MORE_TEXTS.duplicate} />}
          {canManage && current && offersReprocess(current) && <KeyHint keys="Alt+P" label={MORE_TEXTS.reprocess} />}
          {tab === 'notas' && canManage && <KeyHint keys="Alt+S" label="Marcar/desmarcar" />}
          {tab === 'notas' && <KeyHint keys="PgUp/PgDn" label="Página" />}
          <KeyHint keys="Alt+G" label={tab === 'notas' ? 'Contingência' : 'Voltar às notas'} />
          {hintedActions(current, tab === 'contingencia', allow).map((action) => (
              <KeyHint key={action} keys={ACTION_SHORTCUT[action]} label={actionHint[action]} />
            ))}
        </Group>
      </Paper>

      <LabelPrintModal source={labels} onClose={() => setLabels(null)} />
      <DisableRangeModal opened={rangeOpen} idFilial={session.usuario.id_filial_ativa} onClose={() => setRangeOpen(false)} onDone={() => void refresh()} />
    </Stack>
  );
}

const actionHint: Record<InvoiceAction, string> = {
  abrir: 'Abrir',
  transmitir: 'Transmitir',
  imprimir: 'Imprimir',
  consultar: 'Consultar',
  cancelar: 'Cancelar',
  carta: 'Carta de correção',
  inutilizar: 'Inutilizar',
  excluir: 'Excluir',
};
