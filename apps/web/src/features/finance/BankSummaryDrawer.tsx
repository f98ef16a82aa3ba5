/**
 * The accounts' summary and transfer side panel (002 §2): every active account's movement in the current month
 * (/bank_account/moviment: balance before, in, out, balance after), a transfer between two accounts
 * (/bank_account/transfer) and the month's transfers (/bank_account/transfer/find), a live one reversed with its reason
 * (/bank_account/transfer/cancel), a reversed one kept on the list marked "Estornada".
 */
import { useState, type FormEvent } from 'react';
import { Button, Drawer, Group, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { BankTransferRow } from '@pdv/contract/finance';
import type { FieldDef } from '@pdv/contract/registers/descriptor';
import { toDecimal } from '@pdv/domain/money';
import { call } from '../../api/client.ts';
import { MoneyInput } from '../../ui/MaskedInputs.tsx';
import { showError } from '../../ui/showError.ts';
import { toast } from '../../ui/toast.ts';
import { money } from '../invoice/display.tsx';
import { RefSelect } from '../registers/RefSelect.tsx';
import { ReversalReason } from './ReversalReason.tsx';

const FROM: FieldDef = { kind: 'ref', ref: 'bankAccount', label: 'Conta de origem', required: true };
const TO: FieldDef = { kind: 'ref', ref: 'bankAccount', label: 'Conta de destino', required: true };

export function BankSummaryDrawer({ opened, canTransfer, onClose }: { opened: boolean; canTransfer: boolean; onClose: () => void }) {
  return (
    <Drawer opened={opened} onClose={onClose} position="right" size="xl" closeButtonProps={{ 'aria-label': 'Fechar' }}
      title={<Text fw={700} size="lg">Contas: resumo e transferência</Text>}>
      {opened && <Body canTransfer={canTransfer} />}
    </Drawer>
  );
}

function Body({ canTransfer }: { canTransfer: boolean }) {
  const movement = useQuery({ queryKey: ['bank-account', 'movement'], queryFn: ({ signal }) => call('bankAccountMovement', {}, { signal }) });
  const transfers = useQuery({ queryKey: ['bank-account', 'transfers'], queryFn: ({ signal }) => call('bankAccountTransferFind', {}, { signal }) });
  const refresh = () => {
    void movement.refetch();
    void transfers.refetch();
  };
  const [from, setFrom] = useState<number | null>(null);
  const [to, setTo] = useState<number | null>(null);
  const [valor, setValor] = useState<number | null>(null);
  const [descricao, setDescricao] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (from === null || to === null || !valor || busy) return;
    setBusy(true);
    void call('bankAccountTransfer', { id_conta_origem: from, id_conta_destino: to, valor: toDecimal(valor), ...(descricao.trim() ? { descricao: descricao.trim() } : {}) }).then(
      () => {
        toast.success('Transferência registrada.');
        setValor(null);
        setDescricao('');
        refresh();
      },
      (error: unknown) => showError(error),
    ).finally(() => setBusy(false));
  };

  return (
    <Stack gap="md">
      <Table withTableBorder verticalSpacing={4} aria-label="Resumo das contas" style={{ whiteSpace: 'nowrap' }}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Conta</Table.Th>
            <Table.Th ta="right">Saldo anterior</Table.Th>
            <Table.Th ta="right">Entradas</Table.Th>
            <Table.Th ta="right">Saídas</Table.Th>
            <Table.Th ta="right">Saldo</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(movement.data?.rows ?? []).map((r) => (
            <Table.Tr key={r.id_conta}>
              <Table.Td>{r.descricao}</Table.Td>
              <Table.Td ta="right">{money(r.saldo_anterior)}</Table.Td>
              <Table.Td ta="right">{money(r.entradas)}</Table.Td>
              <Table.Td ta="right">{money(r.saidas)}</Table.Td>
              <Table.Td ta="right" fw={600}>{money(r.saldo_final)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {canTransfer && (
        <form onSubmit={submit} aria-label="Transferência">
          <Stack gap="sm">
            <Title order={3} size="h5">Transferência entre contas</Title>
            <SimpleGrid cols={2} spacing="sm">
              <RefSelect name="id_conta_origem" field={FROM} label={FROM.label} value={from} onChange={setFrom} error={undefined} withAsterisk readOnly={false} />
              <RefSelect name="id_conta_destino" field={TO} label={TO.label} value={to} onChange={setTo} error={undefined} withAsterisk readOnly={false} />
              <MoneyInput label="Valor" withAsterisk value={valor} onChange={setValor} />
              <TextInput label="Descrição" value={descricao} onChange={(e) => setDescricao(e.currentTarget.value)} maxLength={200} />
            </SimpleGrid>
            <Group justify="flex-end">
              <Button type="submit" loading={busy} disabled={from === null || to === null || !valor}>Transferir</Button>
            </Group>
          </Stack>
        </form>
      )}
      <Transfers rows={transfers.data?.rows ?? []} loading={transfers.isPending} canReverse={canTransfer} onReversed={refresh} />
    </Stack>
  );
}

const brDate = (iso: string) => iso.slice(0, 10).split('-').reverse().join('/');

function Transfers({ rows, loading, canReverse, onReversed }: { rows: BankTransferRow[]; loading: boolean; canReverse: boolean; onReversed: () => void }) {
  const [reversing, setReversing] = useState<BankTransferRow | null>(null);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);

  const reverse = () => {
    if (reversing === null || note.trim() === '' || busy) return;
    setBusy(true);
    void call('bankAccountTransferCancel', { id_transferencia: reversing.id_transferencia, observacao: note.trim() }).then(
      () => {
        toast.success('Transferência estornada.');
        setReversing(null);
        setNote('');
        onReversed();
      },
      (error: unknown) => showError(error),
    ).finally(() => setBusy(false));
  };

  return (
    <Stack gap="xs">
      <Title order={3} size="h5">Transferências do mês</Title>
      <Table withTableBorder verticalSpacing={4} aria-label="Transferências do mês">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Data</Table.Th>
            <Table.Th>De</Table.Th>
            <Table.Th>Para</Table.Th>
            <Table.Th ta="right">Valor</Table.Th>
            <Table.Th>Descrição</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 && (
            <Table.Tr><Table.Td colSpan={6}><Text size="sm" c="dimmed">{loading ? 'Carregando…' : 'Nenhuma transferência no mês.'}</Text></Table.Td></Table.Tr>
          )}
          {rows.map((r) => (
            <Table.Tr key={r.id_transferencia} c={r.is_estornado ? 'dimmed' : undefined} aria-selected={reversing?.id_transferencia === r.id_transferencia}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{brDate(r.data_efetivacao)}</Table.Td>
              <Table.Td>{r.conta_origem}</Table.Td>
              <Table.Td>{r.conta_destino}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap', textDecoration: r.is_estornado ? 'line-through' : undefined }}>{money(r.valor)}</Table.Td>
              <Table.Td><Text size="sm" lineClamp={2}>{r.descricao}</Text></Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {r.is_estornado
                  ? <Text size="sm" fw={600} c="dimmed">Estornada</Text>
                  : canReverse && (
                    <Button size="compact-xs" variant="light" color="red" aria-label={`Estornar transferência de ${money(r.valor)} de ${r.conta_origem} para ${r.conta_destino}`}
                      onClick={() => { setReversing(r); setNote(''); }}>
                      Estornar
                    </Button>
                  )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {reversing !== null && (
        <ReversalReason
          title="Estorno da transferência"
          intro={<>Estornar a transferência de <b>{money(reversing.valor)}</b> de {reversing.conta_origem} para {reversing.conta_destino}: as duas contas voltam ao saldo anterior.</>}
          value={note}
          onChange={setNote}
          maxLength={200}
          busy={busy}
          onConfirm={reverse}
          onBack={() => setReversing(null)}
        />
      )}
    </Stack>
  );
}
