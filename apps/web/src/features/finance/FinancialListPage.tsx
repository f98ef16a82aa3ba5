/**
 * /documentFinancial: the receivables and payables of the active branch (001 §7, 002 §2). Filters (type, situation,
 * person, due-date period of the current month by default, number/person/note search), 20 a page by due date
 * descending, the totals of the filter, and the actions: new, edit, discharge (one or the checked ones, in list
 * order), split, cancel (one or the checked ones) and the launches with their reversal. Keyboard first: every action
 * has its key, shown beside it; the keys act on the highlighted row.
 */
import { ListPagination } from '../../ui/ListPagination.tsx';
import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  Alert, Badge, Checkbox, Group, Kbd, Loader, MultiSelect, Paper, SegmentedControl, SimpleGrid, Stack, Table, Text, TextInput, Title,
} from '@mantine/core';
import type { FinancialDocument } from '@pdv/contract/finance';
import type { FieldDef } from '@pdv/contract/registers/descriptor';
import { BOLETO_MESSAGES } from '@pdv/domain/boleto';
import { canCancel, canDischarge, canEdit, canSplit, FINANCE_MESSAGES, FINANCIAL_SITUATIONS, type FinancialSituation } from '@pdv/domain/financial-document';
import { errorDisplayOf } from '../../api/errors.ts';
import { confirm } from '../../ui/confirm.tsx';
import { countLabel } from '../../ui/format.ts';
import { DateField } from '../../ui/MaskedInputs.tsx';
import { toast } from '../../ui/toast.ts';
import { useSignedIn } from '../auth/sessionContext.ts';
import { money } from '../invoice/display.tsx';
import { placeholderOf } from '../invoice/list/InvoiceTable.tsx';
import { KeyHint, ShortcutButton, useShortcuts, type Shortcut } from '../invoice/shortcuts.tsx';
import { RefSelect } from '../registers/RefSelect.tsx';
import { BankSummaryDrawer } from './BankSummaryDrawer.tsx';
import { BoletoModal } from './BoletoModal.tsx';
import { RemessaDrawer } from './RemessaDrawer.tsx';
import { ReportModal } from './ReportModal.tsx';
import { DischargeDrawer } from './DischargeDrawer.tsx';
import { DocumentFormDrawer } from './DocumentFormDrawer.tsx';
import { LaunchesDrawer } from './LaunchesDrawer.tsx';
import { SplitModal } from './SplitModal.tsx';
import { FINANCE_KEYS, useFinancialList } from './useFinancialList.ts';
import { financialCall, showFailure } from './financialCall.ts';

export const FINANCE_PERMISSION = 'FncListarDocumentoFinanceiro';
const PESSOA: FieldDef = { kind: 'ref', ref: 'person', label: 'Pessoa' };
const SITUATION_COLOR: Record<FinancialSituation, string> = { Aberto: 'blue', Parcial: 'yellow', Quitado: 'green', Estornado: 'gray' };
const SITUATION_LABEL: Record<FinancialSituation, string> = { Aberto: 'Aberto', Parcial: 'Parcial', Quitado: 'Quitado', Estornado: 'Cancelado' };
const brDate = (iso: string) => iso.slice(0, 10).split('-').reverse().join('/');

export function FinancialListPage() {
  const queryClient = useQueryClient();
  const { ability } = useSignedIn();
  const canManage = ability.can('manage', FINANCE_PERMISSION);
  const list = useFinancialList();
  const [active, setActive] = useState<number | null>(null);
  const [checked, setChecked] = useState<number[]>([]);
  const [form, setForm] = useState<{ row: FinancialDocument | null } | null>(null);
  const [discharging, setDischarging] = useState<FinancialDocument[]>([]);
  const [splitting, setSplitting] = useState<FinancialDocument | null>(null);
  const [launches, setLaunches] = useState<FinancialDocument | null>(null);
  const [accounts, setAccounts] = useState(false);
  const [boletos, setBoletos] = useState<FinancialDocument[]>([]);
  const [remessa, setRemessa] = useState(false);
  const [report, setReport] = useState(false);
  const canSeeAccounts = ability.can('read', 'ViewContasBancarias');
  const search = useRef<HTMLInputElement>(null);

  const rows = list.list.data?.rows ?? [];
  const totais = list.list.data?.totais;
  const current = rows.find((r) => r.id_documento_financeiro === active) ?? rows[0] ?? null;
  const refresh = () => queryClient.invalidateQueries({ queryKey: FINANCE_KEYS.all });
  /** The checked rows in list order, else the highlighted one. */
  const selection = (): FinancialDocument[] => {
    const marked = rows.filter((r) => checked.includes(r.id_documento_financeiro));
    return marked.length > 0 ? marked : current ? [current] : [];
  };
  const toggle = (id: number) => setChecked((c) => (c.includes(id) ? c.filter((x) => x !== id) : [...c, id]));

  const openNew = () => canManage && setForm({ row: null });
  const edit = (row: FinancialDocument) => {
    if (canManage && canEdit(row.situacao, row.valor_pago > 0 ? 1 : 0)) setForm({ row });
    else setLaunches(row);
  };
  const discharge = () => {
    const docs = selection().filter((d) => canDischarge(d.situacao));
    if (!canManage) return;
    if (docs.length === 0) return toast.warning('Nenhum documento em aberto selecionado.');
    setDischarging(docs);
  };
  const split = () => {
    if (!canManage || !current) return;
    if (!canSplit(current.situacao, current.valor_pago > 0 ? 1 : 0)) return toast.warning(FINANCE_MESSAGES.splitWithDischarge);
    setSplitting(current);
  };
  const cancel = async () => {
    const docs = selection().filter((d) => canCancel(d.situacao));
    if (!canManage || docs.length === 0) return;
    const names = docs.map((d) => `${d.numero}/${d.sequencia}`).join(', ');
    const paid = docs.some((d) => d.valor_pago > 0) ? ' As baixas serão estornadas.' : '';
    if (!(await confirm(`Cancelar ${docs.length === 1 ? 'o documento' : 'os documentos'} ${names}?${paid}`, 'Cancelar documento', { confirm: 'Cancelar documento', cancel: 'Voltar' }))) return;
    const r = docs.length === 1 && docs[0]
      ? await financialCall('documentFinancialCancel', { id_documento_financeiro: docs[0].id_documento_financeiro })
      : await financialCall('documentFinancialCancelMany', { ids: docs.map((d) => d.id_documento_financeiro) });
    if (!r.issuccess) return showFailure(r);
    toast.success(docs.length === 1 ? 'Documento cancelado.' : 'Documentos cancelados.');
    setChecked([]);
    await refresh();
  };
  /** 001 §5: only receivables in Aberto get a boleto. */
  const issueBoletos = () => {
    if (!canManage) return;
    const docs = selection().filter((d) => d.operacao === 'Entrada' && d.situacao === 'Aberto');
    if (docs.length === 0) return toast.warning(BOLETO_MESSAGES.selectOne);
    setBoletos(docs);
  };
  const move = (step: number) => {
    if (rows.length === 0) return;
    const index = current ? rows.indexOf(current) : -1;
    const next = rows[Math.min(Math.max(index + step, 0), rows.length - 1)];
    if (next) setActive(next.id_documento_financeiro);
  };
  const setPage = (page: number) => {
    list.setPage(Math.min(Math.max(page, 1), list.pages));
    setActive(null);
  };

  const shortcuts: Shortcut[] = [
    ['F2', () => search.current?.focus()],
    ['↑', () => move(-1)],
    ['↓', () => move(1)],
    ['Espaço', () => current && toggle(current.id_documento_financeiro)],
    ['Enter', () => current && edit(current)],
    ['Insert', openNew, { inInputs: true }],
    ['Alt+N', openNew],
    ['Alt+B', discharge],
    ['Alt+D', split],
    ['Alt+L', () => current && setLaunches(current)],
    ['Alt+C', () => canSeeAccounts && setAccounts(true)],
    ['Alt+G', issueBoletos],
    ['Alt+R', () => canManage && setRemessa(true)],
    ['Alt+P', () => setReport(true)],
    ['Del', () => void cancel()],
    ['PgUp', () => setPage(list.page - 1), { inInputs: true }],
    ['PgDn', () => setPage(list.page + 1), { inInputs: true }],
  ];
  useShortcuts(shortcuts);

  const done = () => {
    setForm(null);
    setDischarging([]);
    setSplitting(null);
    setChecked([]);
    void refresh();
  };

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">Documentos financeiros</Title>
        <Group gap="xs">
          <ShortcutButton shortcut="Alt+P" variant="default" onClick={() => setReport(true)}>Relatório</ShortcutButton>
          {canManage && canSeeAccounts && <ShortcutButton shortcut="Alt+C" variant="default" onClick={() => setAccounts(true)}>Contas</ShortcutButton>}
          {canManage && (
            <>
              <ShortcutButton shortcut="Alt+R" variant="default" onClick={() => setRemessa(true)}>Remessa e retorno</ShortcutButton>
              <ShortcutButton shortcut="Alt+G" variant="light" onClick={issueBoletos}>Gerar boletos</ShortcutButton>
              <ShortcutButton shortcut="Alt+B" variant="light" onClick={discharge}>Baixar</ShortcutButton>
              <ShortcutButton shortcut="Alt+N" onClick={openNew}>Novo documento</ShortcutButton>
            </>
          )}
        </Group>
      </Group>

      <Paper withBorder p="sm">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
          <Stack gap={4}>
            <Text size="sm" fw={500}>Tipo</Text>
            <SegmentedControl
              aria-label="Tipo"
              data={[{ value: 'Todos', label: 'Todos' }, { value: 'Entrada', label: 'A receber' }, { value: 'Saida', label: 'A pagar' }]}
              value={list.filters.operacao ?? 'Todos'}
              onChange={(v) => list.setFilters({ operacao: v === 'Entrada' || v === 'Saida' ? v : null })}
            />
          </Stack>
          <MultiSelect
            label="Situação"
            placeholder={list.filters.situacoes.length === 0 ? 'Todas' : undefined}
            data={FINANCIAL_SITUATIONS.map((s) => ({ value: s, label: SITUATION_LABEL[s] }))}
            value={list.filters.situacoes}
            onChange={(values) => list.setFilters({ situacoes: values.filter((v): v is FinancialSituation => (FINANCIAL_SITUATIONS as readonly string[]).includes(v)) })}
            clearable
          />
          <RefSelect name="id_pessoa" field={PESSOA} label="Pessoa" value={list.filters.id_pessoa} onChange={(v) => list.setFilters({ id_pessoa: v })}
            error={undefined} withAsterisk={false} readOnly={false} />
          <DateField label="Vencimento de" value={list.filters.data_inicio} onChange={(iso) => list.setFilters({ data_inicio: iso })} />
          <DateField label="até" value={list.filters.data_fim} onChange={(iso) => list.setFilters({ data_fim: iso })} />
          <TextInput
            ref={search}
            type="search"
            label="Pesquisar"
            placeholder="Número, pessoa ou observação"
            value={list.filters.search}
            onChange={(e) => list.setFilters({ search: e.currentTarget.value })}
            rightSection={<Kbd size="xs">F2</Kbd>}
            rightSectionWidth={40}
          />
        </SimpleGrid>
      </Paper>

      {list.list.isError && (
        <Alert color="red" variant="light" title="Não foi possível carregar os documentos">{errorDisplayOf(list.list.error).text}</Alert>
      )}

      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm" aria-label="Totais">
        <Total label="Documentos" value={totais ? String(totais.quantidade) : '—'} />
        <Total label="Valor total" value={totais ? money(totais.valor_documento) : '—'} />
        <Total label="Pago" value={totais ? money(totais.valor_pago) : '—'} />
        <Total label="Em aberto" value={totais ? money(totais.saldo) : '—'} />
      </SimpleGrid>

      <Group justify="space-between">
        <Text size="sm" c="dimmed" aria-live="polite">
          {list.list.data ? countLabel(list.count) : ' '}
          {checked.length > 0 ? ` · ${checked.length} marcado(s)` : ''}
        </Text>
        {list.list.isFetching && <Loader size="xs" aria-label="Carregando" />}
      </Group>

      <Table.ScrollContainer minWidth={780}>
        <Table layout="fixed" highlightOnHover withTableBorder verticalSpacing={6} aria-label="Documentos financeiros">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={36} />
              <Table.Th w={110}>Número</Table.Th>
              <Table.Th w={90}>Tipo</Table.Th>
              <Table.Th>Pessoa</Table.Th>
              <Table.Th w={100}>Vencimento</Table.Th>
              <Table.Th w={110} ta="right">Valor</Table.Th>
              <Table.Th w={110} ta="right">Saldo</Table.Th>
              <Table.Th w={120}>Situação</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 && (
              <Table.Tr><Table.Td colSpan={8}><Text size="sm" c="dimmed">{placeholderOf(list.list, 0, 'Nenhum documento no período.')}</Text></Table.Td></Table.Tr>
            )}
            {rows.map((row) => {
              const isActive = row.id_documento_financeiro === current?.id_documento_financeiro;
              const late = row.valor_juros > 0 || row.valor_multa > 0;
              return (
                <Table.Tr
                  key={row.id_documento_financeiro}
                  aria-selected={isActive}
                  data-active={isActive || undefined}
                  bg={isActive ? 'var(--mantine-primary-color-light)' : undefined}
                  onClick={() => setActive(row.id_documento_financeiro)}
                  onDoubleClick={() => edit(row)}
                  style={{ cursor: 'pointer' }}
                >
                  <Table.Td onClick={(e) => e.stopPropagation()}>
                    <Checkbox aria-label={`Marcar ${row.numero}/${row.sequencia}`} checked={checked.includes(row.id_documento_financeiro)}
                      onChange={() => toggle(row.id_documento_financeiro)} />
                  </Table.Td>
                  <Table.Td><Text size="sm" fw={600}>{row.numero}/{row.sequencia}</Text></Table.Td>
                  <Table.Td><Text size="sm">{row.operacao === 'Entrada' ? 'A receber' : 'A pagar'}</Text></Table.Td>
                  <Table.Td><Text size="sm" lineClamp={1} c={row.pessoa ? undefined : 'dimmed'}>{row.pessoa?.nome ?? row.observacao ?? '—'}</Text></Table.Td>
                  <Table.Td><Text size="sm" c={late ? 'red' : undefined}>{brDate(row.data_vencimento)}</Text></Table.Td>
                  <Table.Td ta="right"><Text size="sm">{money(row.valor_documento)}</Text></Table.Td>
                  <Table.Td ta="right"><Text size="sm" fw={500}>{money(row.saldo)}</Text></Table.Td>
                  <Table.Td><Badge variant="light" color={SITUATION_COLOR[row.situacao]} data-situacao={row.situacao}>{SITUATION_LABEL[row.situacao]}</Badge></Table.Td>
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
          <KeyHint keys="Espaço" label="Marcar" />
          <KeyHint keys="Enter" label="Abrir" />
          {canManage && <KeyHint keys="Insert / Alt+N" label="Novo" />}
          {canManage && <KeyHint keys="Alt+B" label="Baixar" />}
          {canManage && <KeyHint keys="Alt+D" label="Desmembrar" />}
          {canManage && <KeyHint keys="Alt+G" label="Gerar boletos" />}
          {canManage && <KeyHint keys="Alt+R" label="Remessa e retorno" />}
          <KeyHint keys="Alt+L" label="Lançamentos e estorno" />
          {canSeeAccounts && <KeyHint keys="Alt+C" label="Contas e transferência" />}
          <KeyHint keys="Alt+P" label="Relatório" />
          {canManage && <KeyHint keys="Del" label="Cancelar" />}
          <KeyHint keys="PgUp/PgDn" label="Página" />
        </Group>
      </Paper>

      <DocumentFormDrawer opened={form !== null} row={form?.row ?? null} operacao={list.filters.operacao ?? 'Saida'} onClose={() => setForm(null)} onSaved={done} />
      <DischargeDrawer opened={discharging.length > 0} documents={discharging} onClose={() => setDischarging([])} onDone={done} />
      <BoletoModal documents={boletos} onClose={() => setBoletos([])} onDone={done} />
      <ReportModal opened={report} filters={list.filters} pessoa={list.filters.id_pessoa !== null ? rows.find((r) => r.id_pessoa === list.filters.id_pessoa)?.pessoa?.nome ?? null : null} onClose={() => setReport(false)} />
      <RemessaDrawer opened={remessa} onClose={() => setRemessa(false)} onChanged={() => void refresh()} />
      <SplitModal row={splitting} onClose={() => setSplitting(null)} onDone={done} />
      <BankSummaryDrawer opened={accounts} canTransfer={ability.can('manage', 'ViewContasBancarias')} onClose={() => setAccounts(false)} />
      <LaunchesDrawer row={launches} canManage={canManage} onClose={() => setLaunches(null)} onChanged={() => void refresh()} />
    </Stack>
  );
}

function Total({ label, value }: { label: string; value: string }) {
  return (
    <Paper withBorder p="xs" aria-label={label}>
      <Text size="xs" c="dimmed">{label}</Text>
      <Text fw={700} size="lg" data-total={label}>{value}</Text>
    </Paper>
  );
}
