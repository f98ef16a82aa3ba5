/**
 * /bankConciliation: the bank conciliation (002 §2; rows keyed by id_conta_conciliacao, data_emissao_nfe desc, 20 a
 * page, §9). Choose the account, import its OFX statement, and see each line with the launch the matching rule
 * proposes (same amount, within 3 days), or none; confirm a proposal (Enter on the highlighted line, or its button),
 * or choose another launch of the same amount by hand (Alt+L, or Procurar on an unmatched line), undo a confirmed one.
 * The unmatched lines stay in the list. Keyboard: Alt+I import, ↑/↓ choose, Enter confirm, Alt+L choose the launch,
 * Alt+1..4 the views, PgUp/PgDn pages.
 */
import { useRef, useState } from 'react';
import { Alert, Badge, Button, FileInput, Group, Loader, Paper, SegmentedControl, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FieldDef } from '@pdv/contract/registers/descriptor';
import type { ReconciliationRow } from '@pdv/contract/reconciliation';
import { RECONCILIATION_MESSAGES } from '@pdv/domain/bank-reconciliation';
import { MESSAGES } from '@pdv/domain/messages';
import { errorDisplayOf } from '../../api/errors.ts';
import { call } from '../../api/client.ts';
import { ListPagination } from '../../ui/ListPagination.tsx';
import { countLabel } from '../../ui/format.ts';
import { showError } from '../../ui/showError.ts';
import { toast } from '../../ui/toast.ts';
import { useSignedIn } from '../auth/sessionContext.ts';
import { money } from '../invoice/display.tsx';
import { KeyHint, ShortcutButton, useShortcuts, type Shortcut } from '../invoice/shortcuts.tsx';
import { RefSelect } from '../registers/RefSelect.tsx';
import { CandidatesModal } from './CandidatesModal.tsx';

const CONTA: FieldDef = { kind: 'ref', ref: 'bankAccount', label: 'Conta bancária', required: true };
const PAGE = 20;
type View = 'todas' | 'sugeridas' | 'sem_correspondencia' | 'conciliadas';
const VIEWS: Array<{ value: View; label: string }> = [
  { value: 'todas', label: 'Todas' },
  { value: 'sugeridas', label: 'Com correspondência' },
  { value: 'sem_correspondencia', label: 'Sem correspondência' },
  { value: 'conciliadas', label: 'Conciliadas' },
];
const brDate = (iso: string) => iso.slice(0, 10).split('-').reverse().join('/');

/** The file's bytes in base64 (the server reads the encoding: a statement is often Windows-1252). */
async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

export function BankConciliationPage() {
  const queryClient = useQueryClient();
  const { ability } = useSignedIn();
  const canManage = ability.can('manage', 'ViewContasBancarias');
  const [conta, setConta] = useState<number | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [view, setView] = useState<View>('todas');
  const [page, setPage] = useState(1);
  const [active, setActive] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [imported, setImported] = useState<string | null>(null);
  const table = useRef<HTMLTableElement>(null);
  const [choosing, setChoosing] = useState<ReconciliationRow | null>(null);

  const list = useQuery({
    queryKey: ['bank-conciliation', conta, view, page],
    enabled: conta !== null,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => call('bankReconciliationFind', { id_conta: conta!, visao: view, take: PAGE, skip: (page - 1) * PAGE }, { signal }),
  });
  const rows = conta === null ? [] : list.data?.rows ?? [];
  const totais = conta === null ? undefined : list.data?.totais;
  const pages = Math.max(1, Math.ceil((list.data?.count ?? 0) / PAGE));
  const current = rows.find((r) => r.id_conta_conciliacao === active) ?? rows[0] ?? null;
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['bank-conciliation'] });

  const importFile = async () => {
    if (!canManage || busy) return;
    if (conta === null) return toast.warning(MESSAGES.accountRequired);
    if (!file) return toast.warning(RECONCILIATION_MESSAGES.fileMissing);
    setBusy(true);
    try {
      const r = await call('bankReconciliationImport', { id_conta: conta, nome_arquivo: file.name.slice(0, 200), conteudo_base64: await base64Of(file) });
      setImported(`${r.quantidade} linha(s) no extrato: ${r.novas} nova(s), ${r.ja_importadas} já importada(s).`);
      setFile(null);
      setPage(1);
      setActive(null);
      await refresh();
      // The lines are what comes next: ↑/↓ and Enter act on them, not on the account's select.
      table.current?.focus();
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  };
  const confirmRow = async (row: ReconciliationRow, chosen?: NonNullable<ReconciliationRow['correspondencia']>) => {
    const c = chosen ?? row.correspondencia;
    if (!canManage || busy || row.situacao !== 'Pendente') return;
    if (!c) return setChoosing(row);
    setBusy(true);
    try {
      await call('bankReconciliationConfirm', {
        id_conta_conciliacao: row.id_conta_conciliacao,
        ...(c.tipo === 'Cartao' ? { id_documento_financeiro: c.id_documento_financeiro! }
          : c.tipo === 'Transferencia' ? { id_conta_bancaria_lancamento: c.id_conta_bancaria_lancamento! }
            : { id_documento_financeiro_lancamento: c.id_documento_financeiro_lancamento! }),
      });
      toast.success('Linha conciliada.');
      setChoosing(null);
      await refresh();
      table.current?.focus();
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  };
  const undo = async (row: ReconciliationRow) => {
    if (!canManage || busy || row.situacao !== 'Conciliado') return;
    setBusy(true);
    try {
      await call('bankReconciliationUndo', { id_conta_conciliacao: row.id_conta_conciliacao });
      toast.success('Conciliação desfeita.');
      await refresh();
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  };
  const move = (step: number) => {
    const index = current ? rows.indexOf(current) : -1;
    const next = rows[Math.min(Math.max(index + step, 0), rows.length - 1)];
    if (next) setActive(next.id_conta_conciliacao);
  };
  const goTo = (p: number) => {
    setPage(Math.min(Math.max(p, 1), pages));
    setActive(null);
  };
  const choose = (v: View) => {
    setView(v);
    setPage(1);
    setActive(null);
  };

  const shortcuts: Shortcut[] = [
    ['Alt+I', () => void importFile(), { inInputs: true }],
    ['↑', () => move(-1)],
    ['↓', () => move(1)],
    ['Enter', () => current && void confirmRow(current)],
    ['Alt+L', () => current && canManage && current.situacao === 'Pendente' && setChoosing(current)],
    ['Alt+1', () => choose('todas')],
    ['Alt+2', () => choose('sugeridas')],
    ['Alt+3', () => choose('sem_correspondencia')],
    ['Alt+4', () => choose('conciliadas')],
    ['PgUp', () => goTo(page - 1), { inInputs: true }],
    ['PgDn', () => goTo(page + 1), { inInputs: true }],
  ];
  useShortcuts(shortcuts);

  return (
    <Stack gap="sm">
      <Title order={1} size="h2">Conciliação bancária</Title>

      <Paper withBorder p="sm">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
          <RefSelect name="id_conta" field={CONTA} label="Conta bancária" value={conta}
            onChange={(v) => { setConta(v); setPage(1); setActive(null); setImported(null); }} error={undefined} withAsterisk={false} readOnly={false} />
          {canManage && (
            <Group align="flex-end" wrap="nowrap">
              <FileInput label="Extrato OFX" placeholder="Escolha o arquivo .ofx" accept=".ofx,.OFX,application/x-ofx" value={file} onChange={setFile} clearable style={{ flex: 1 }} />
              <ShortcutButton shortcut="Alt+I" onClick={() => void importFile()} loading={busy && file !== null}>Importar</ShortcutButton>
            </Group>
          )}
        </SimpleGrid>
      </Paper>

      {imported && <Alert color="blue" variant="light" aria-label="Importação" withCloseButton onClose={() => setImported(null)}>{imported}</Alert>}
      {list.isError && <Alert color="red" variant="light" title="Não foi possível carregar o extrato">{errorDisplayOf(list.error).text}</Alert>}

      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" aria-label="Totais">
        <Total label="Com correspondência" value={totais?.sugeridas} />
        <Total label="Sem correspondência" value={totais?.sem_correspondencia} />
        <Total label="Conciliadas" value={totais?.conciliadas} />
      </SimpleGrid>

      <Group justify="space-between">
        <SegmentedControl aria-label="Visão" data={VIEWS} value={view} onChange={(v) => choose(v)} />
        <Group gap="xs">
          <Text size="sm" c="dimmed" aria-live="polite">{list.data && conta !== null ? countLabel(list.data.count) : ' '}</Text>
          {list.isFetching && <Loader size="xs" aria-label="Carregando" />}
        </Group>
      </Group>

      <Table.ScrollContainer minWidth={860}>
        <Table ref={table} tabIndex={-1} layout="fixed" highlightOnHover withTableBorder verticalSpacing={6} aria-label="Linhas do extrato" style={{ outline: 'none' }}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={100}>Data</Table.Th>
              <Table.Th>Descrição no extrato</Table.Th>
              <Table.Th w={120} ta="right">Valor</Table.Th>
              <Table.Th>Correspondência</Table.Th>
              <Table.Th w={140}>Situação</Table.Th>
              <Table.Th w={110} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 && (
              <Table.Tr><Table.Td colSpan={6}><Text size="sm" c="dimmed">
                {conta === null ? MESSAGES.accountRequired : list.isLoading ? 'Carregando…' : 'Nenhuma linha de extrato nesta visão.'}
              </Text></Table.Td></Table.Tr>
            )}
            {rows.map((row) => {
              const isActive = row.id_conta_conciliacao === current?.id_conta_conciliacao;
              const c = row.correspondencia;
              return (
                <Table.Tr key={row.id_conta_conciliacao} aria-selected={isActive} data-active={isActive || undefined}
                  bg={isActive ? 'var(--mantine-primary-color-light)' : undefined} onClick={() => setActive(row.id_conta_conciliacao)} style={{ cursor: 'pointer' }}>
                  <Table.Td><Text size="sm">{brDate(row.data_emissao_nfe)}</Text></Table.Td>
                  <Table.Td><Text size="sm" lineClamp={1} title={row.memo}>{row.memo || row.tipo}</Text></Table.Td>
                  <Table.Td ta="right"><Text size="sm" fw={600} c={row.valor < 0 ? 'red' : 'green'}>{money(row.valor)}</Text></Table.Td>
                  <Table.Td>
                    {c
                      ? <Text size="sm" lineClamp={2} title={c.descricao}>{c.tipo === 'Cartao' ? 'Previsão de cartão' : c.tipo === 'Transferencia' ? 'Transferência' : 'Baixa'} · {brDate(c.data)} · {c.descricao}</Text>
                      : <Text size="sm" c="dimmed">Nenhum lançamento correspondente</Text>}
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={row.situacao === 'Conciliado' ? 'green' : c ? 'blue' : 'gray'} data-situacao={row.situacao}>
                      {row.situacao === 'Conciliado' ? 'Conciliado' : c ? 'Sugerido' : 'Pendente'}
                    </Badge>
                  </Table.Td>
                  <Table.Td onClick={(e) => e.stopPropagation()}>
                    {canManage && row.situacao === 'Pendente' && c && (
                      <Button size="compact-sm" onClick={() => void confirmRow(row)} disabled={busy} aria-label={`Confirmar ${row.memo || row.fitid}`}>Confirmar</Button>
                    )}
                    {canManage && row.situacao === 'Pendente' && !c && (
                      <Button size="compact-sm" variant="light" onClick={() => setChoosing(row)} disabled={busy} aria-label={`Procurar lançamento para ${row.memo || row.fitid}`}>Procurar</Button>
                    )}
                    {canManage && row.situacao === 'Conciliado' && (
                      <Button size="compact-sm" variant="default" onClick={() => void undo(row)} disabled={busy} aria-label={`Desfazer ${row.memo || row.fitid}`}>Desfazer</Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>

      <ListPagination pages={pages} page={page} onChange={goTo} />
      <CandidatesModal line={choosing} busy={busy} onChoose={(line, c) => void confirmRow(line, c)} onClose={() => setChoosing(null)} />

      <Paper withBorder p="xs">
        <Group gap="md" aria-label="Atalhos">
          {canManage && <KeyHint keys="Alt+I" label="Importar extrato" />}
          <KeyHint keys="↑/↓" label="Escolher" />
          {canManage && <KeyHint keys="Enter" label="Confirmar a correspondência" />}
          {canManage && <KeyHint keys="Alt+L" label="Escolher o lançamento" />}
          <KeyHint keys="Alt+1…4" label="Visões" />
          <KeyHint keys="PgUp/PgDn" label="Página" />
        </Group>
      </Paper>
    </Stack>
  );
}

function Total({ label, value }: { label: string; value: number | undefined }) {
  return (
    <Paper withBorder p="xs" aria-label={label}>
      <Text size="xs" c="dimmed">{label}</Text>
      <Text fw={700} size="lg" data-total={label}>{value ?? '—'}</Text>
    </Paper>
  );
}
