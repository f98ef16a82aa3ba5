/**
 * /cashier (issue 23; 002 §2, §3 Cashier, §9): the branch's till shifts, 20 a page by opening date descending, and the
 * side panels to open a shift, register a sangria or a suprimento, count and close it. Keys: F2 opens a shift, F3 an
 * operation, F4 the verification of the user's open shift; ↑/↓ and Enter open a row's verification.
 */
import { ListPagination } from '../../ui/ListPagination.tsx';
import { useState } from 'react';
import { Alert, Badge, Button, Group, Loader, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import type { CashierRow } from '@pdv/contract/cashier';
import { CASHIER_PERMISSIONS, CASHIER_STATUS } from '@pdv/domain/cashier';
import { SUPERVISOR_PERMISSIONS } from '@pdv/domain/permissions';
import { formatMoney, fromDecimal } from '@pdv/domain/money';
import { formatInZone } from '@pdv/domain/time-zone';
import { call } from '../../api/client.ts';
import { errorDisplayOf } from '../../api/errors.ts';
import { countLabel } from '../../ui/format.ts';
import { showError } from '../../ui/showError.ts';
import { useListPage } from '../admin/useListPage.ts';
import { useSignedIn } from '../auth/sessionContext.ts';
import { useSupervisorAuthorization } from '../authorization/useSupervisorAuthorization.tsx';
import { pdfBlobOf } from '../checkout/modes/voucher/voucherPrint.ts';
import { KeyHint, ShortcutButton, useShortcuts } from '../invoice/shortcuts.tsx';
import { LOCAL_SHIFT, OpenPanel, OperationPanel, VerificationPanel } from './CashierPanels.tsx';
import { useOnline } from '../../ui/useOnline.ts';
import { useLiveQuery } from '../../db/useLiveQuery.ts';
import { localDb } from '../../db/database.ts';
import { loadPaymentOptions } from '../checkout/catalog.ts';
import { useTill } from './useTill.ts';

async function openReport(id_caixa: number): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const report = await call('cashierReport', { id_caixa });
    const url = URL.createObjectURL(pdfBlobOf(report.pdf_base64));
    if (tab && !tab.closed) tab.location.href = url;
    else window.open(url, '_blank');
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    tab?.close();
    showError(error);
  }
}

export function CashierPage() {
  const { ability } = useSignedIn();
  const supervisor = useSupervisorAuthorization();
  const till = useTill(supervisor.ask);
  const list = useListPage('cashierFind');
  const rows: CashierRow[] = list.rows ?? [];
  const [panel, setPanel] = useState<'open' | 'operation' | null>(null);
  const [verifying, setVerifying] = useState<number | null>(null);
  const [active, setActive] = useState(0);
  const canManage = ability.can('manage', CASHIER_PERMISSIONS.list);
  const canReopen = ability.can('manage', CASHIER_PERMISSIONS.reopen);
  const canApprove = ability.can('manage', SUPERVISOR_PERMISSIONS.tillDifference);
  const mine = till.shift;
  const myRow = rows.find((r) => r.uuid_caixa === mine?.uuid_caixa) ?? null;

  const online = useOnline();
  // Offline, the verification of the user's open shift is counted blind from this device (LOCAL_SHIFT when the server
  // has not numbered it yet); its events wait in the outbox like the rest.
  const methods = useLiveQuery(async () => (await loadPaymentOptions(localDb(), till.id_filial)).methods, []);
  const offlineShift = !online && mine ? {
    shift: mine, usuario: till.usuario,
    methods: methods.map((m) => ({ id_meio_pagamento: Number(m['id_meio_pagamento']), descricao: String(m['descricao']), meio_pagamento: String(m['meio_pagamento']) })),
  } : null;
  const verifyMine = () => {
    if (!online && mine) setVerifying(mine.id_caixa ?? LOCAL_SHIFT);
    else if (mine?.id_caixa != null) setVerifying(mine.id_caixa);
    else if (myRow) setVerifying(myRow.id_caixa);
  };
  useShortcuts([
    ['F2', () => canManage && !mine && setPanel('open')],
    ['F3', () => canManage && mine && setPanel('operation')],
    ['F4', verifyMine],
    ['↑', () => setActive((i) => Math.max(0, i - 1))],
    ['↓', () => setActive((i) => Math.min(rows.length - 1, i + 1))],
    ['Enter', () => rows[active] && setVerifying(rows[active].id_caixa)],
    ['PgUp', () => list.setPage(Math.max(1, list.page - 1)), { inInputs: true }],
    ['PgDn', () => list.setPage(Math.min(list.pages, list.page + 1)), { inInputs: true }],
  ]);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">Caixa</Title>
        <Group gap="xs">
          {list.query.isFetching && <Loader size="xs" aria-label="Carregando" />}
          <Text size="sm" c="dimmed" aria-live="polite">{list.query.data ? countLabel(list.count) : ' '}</Text>
        </Group>
      </Group>
      <Group>
        {canManage && !mine && <ShortcutButton shortcut="F2" onClick={() => setPanel('open')}>Abrir caixa</ShortcutButton>}
        {canManage && mine && <ShortcutButton shortcut="F3" onClick={() => setPanel('operation')}>Sangria / Suprimento</ShortcutButton>}
        {mine && <ShortcutButton shortcut="F4" variant="default" onClick={verifyMine} disabled={mine.id_caixa === null && !myRow}>Apuração e fechamento</ShortcutButton>}
        {mine && (
          <Badge color="green" size="lg" variant="light">
            Seu caixa está aberto desde {formatInZone(mine.data_abertura)}{mine.pendente ? ' (pendente de envio)' : ''}
          </Badge>
        )}
        {till.pending > 0 && <Badge color="yellow" size="lg">{till.pending} operação(ões) de caixa pendente(s)</Badge>}
      </Group>
      <TextInput
        label="Pesquisar"
        placeholder="Operador ou número do caixa"
        type="search"
        value={list.search}
        onChange={(e) => list.setSearch(e.currentTarget.value)}
        maw={420}
      />
      {list.query.isError && (
        <Alert color="red" variant="light" title="Não foi possível carregar a lista">{errorDisplayOf(list.query.error).text}</Alert>
      )}
      <Table.ScrollContainer minWidth={720}>
        <Table striped highlightOnHover withTableBorder verticalSpacing="xs" aria-label="Caixas">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Caixa</Table.Th>
              <Table.Th>Operador</Table.Th>
              <Table.Th>Abertura</Table.Th>
              <Table.Th>Fechamento</Table.Th>
              <Table.Th>Valor de abertura</Table.Th>
              <Table.Th>Situação</Table.Th>
              <Table.Th>Ações</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r, i) => (
              <Table.Tr key={r.id_caixa} bg={i === active ? 'var(--mantine-primary-color-light)' : undefined} onClick={() => setActive(i)}>
                <Table.Td>{r.id_caixa}</Table.Td>
                <Table.Td>{r.usuario}</Table.Td>
                <Table.Td>{formatInZone(r.data_abertura)}</Table.Td>
                <Table.Td>{r.data_fechamento ? formatInZone(r.data_fechamento) : ''}</Table.Td>
                <Table.Td>{formatMoney(fromDecimal(r.valor_abertura))}</Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    <Badge color={r.situacao === CASHIER_STATUS.open ? 'green' : 'gray'}>{r.situacao}</Badge>
                    {r.is_duplicado && <Badge color="red" title="Aberto em duplicidade por dispositivos offline">Duplicado</Badge>}
                    {r.is_offline && <Badge color="yellow" variant="light">Offline</Badge>}
                    {r.is_aguardando_autorizacao && (
                      <Badge color="orange" title="Fechado sem conexão com diferença acima do limite">Aguardando autorização</Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <Button size="compact-xs" variant="default" onClick={() => setVerifying(r.id_caixa)}>Apuração</Button>
                    {r.situacao === CASHIER_STATUS.closed && (
                      <Button size="compact-xs" variant="light" onClick={() => void openReport(r.id_caixa)}>Relatório Z</Button>
                    )}
                    {r.is_aguardando_autorizacao && canApprove && (
                      <Button size="compact-xs" variant="light" color="orange" onClick={() => void till.approve(r.uuid_caixa)}>Autorizar diferença</Button>
                    )}
                    {r.situacao === CASHIER_STATUS.closed && canReopen && (
                      <Button size="compact-xs" variant="subtle" onClick={() => void till.reopen(r.uuid_caixa)}>Reabrir</Button>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
            {list.query.isSuccess && rows.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={7}><Text c="dimmed" ta="center" py="md">Nenhum registro encontrado.</Text></Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <ListPagination pages={list.pages} page={list.page} onChange={list.setPage} />
      <Group gap="md">
        <KeyHint keys="F2" label="Abrir caixa" />
        <KeyHint keys="F3" label="Sangria / suprimento" />
        <KeyHint keys="F4" label="Apuração e fechamento" />
        <KeyHint keys="Enter" label="Apuração do caixa selecionado" />
      </Group>
      <OpenPanel opened={panel === 'open'} onClose={() => setPanel(null)} onOpen={till.open} />
      <OperationPanel
        opened={panel === 'operation'}
        onClose={() => setPanel(null)}
        onSave={(tipo, valor, motivo) => (mine ? till.movement(mine.uuid_caixa, tipo, valor, motivo) : Promise.resolve(false))}
      />
      <VerificationPanel
        key={verifying ?? 0}
        id_caixa={verifying}
        id_usuario={till.id_usuario}
        offline={offlineShift}
        onClose={() => setVerifying(null)}
        onCount={till.count}
        onCloseShift={till.close}
        onReport={(id) => void openReport(id)}
      />
      {supervisor.modal}
    </Stack>
  );
}
