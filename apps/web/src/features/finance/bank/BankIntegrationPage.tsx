/**
 * /bankIntegration, "Integração bancária" (001 §7 Bank integration): the user's internet banking login (Alt+L, the
 * BankLoginModal; valid 1 hour), then, for an account that uses the integration: its statement (list-statements), the
 * boletos registered online (invoice_list; register a receivable's boleto with invoice, write one off with
 * invoice_cancel), and the PIX charges of the point of sale with their state, the manual confirmations by a supervisor
 * marked as such (pix-list). Keyboard: Alt+L login, Alt+R register, Alt+E refresh the statement.
 */
import { useState } from 'react';
import { Alert, Badge, Button, Group, NumberInput, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { FieldDef } from '@pdv/contract/registers/descriptor';
import { PIX_SITUACAO_LABEL } from '@pdv/domain/bank-integration';
import { formatMoney, fromDecimal } from '@pdv/domain/money';
import { call } from '../../../api/client.ts';
import { errorDisplayOf } from '../../../api/errors.ts';
import { toast } from '../../../ui/toast.ts';
import { useSignedIn } from '../../auth/sessionContext.ts';
import { ShortcutButton, useShortcuts, type Shortcut } from '../../invoice/shortcuts.tsx';
import { RefSelect } from '../../registers/RefSelect.tsx';
import { BankLoginModal } from './BankLoginModal.tsx';

const CONTA: FieldDef = { kind: 'ref', ref: 'bankAccount', label: 'Conta bancária', required: true };
const brDate = (iso: string) => iso.slice(0, 10).split('-').reverse().join('/');
const brTime = (iso: string) => new Date(iso).toLocaleString('pt-BR');

export function BankIntegrationPage() {
  const queryClient = useQueryClient();
  const { ability } = useSignedIn();
  const canManage = ability.can('manage', 'ViewContasBancarias');
  const [conta, setConta] = useState<number | null>(null);
  const [loginOpen, setLoginOpen] = useState(false);
  const [documento, setDocumento] = useState<number | string>('');
  const [busy, setBusy] = useState(false);

  const session = useQuery({ queryKey: ['bank-session'], queryFn: ({ signal }) => call('bankSession', {}, { signal }) });
  const logged = session.data?.logged === true;
  const statement = useQuery({
    queryKey: ['bank-statement', conta], enabled: logged && conta !== null, retry: false,
    queryFn: ({ signal }) => call('bankListStatements', { id_conta: conta! }, { signal }),
  });
  const boletos = useQuery({
    queryKey: ['bank-boletos', conta], enabled: logged, retry: false,
    queryFn: ({ signal }) => call('bankInvoiceList', { take: 50, ...(conta !== null ? { id_conta: conta } : {}) }, { signal }),
  });
  const pix = useQuery({ queryKey: ['bank-pix'], queryFn: ({ signal }) => call('bankPixList', { take: 20 }, { signal }) });
  const refresh = () => queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith('bank-') });

  const register = async () => {
    if (!canManage || busy || conta === null || typeof documento !== 'number') return;
    setBusy(true);
    try {
      const r = await call('bankInvoice', { id_documento_financeiro: documento, id_conta: conta });
      toast.success(`Boleto registrado no banco: ${r.linha_digitavel}`);
      setDocumento('');
      await refresh();
    } catch (e) {
      toast.error(errorDisplayOf(e).text);
    } finally {
      setBusy(false);
    }
  };
  const writeOff = async (id: number) => {
    try {
      await call('bankInvoiceCancel', { idDemand: id });
      toast.success('Boleto baixado no banco.');
      await refresh();
    } catch (e) {
      toast.error(errorDisplayOf(e).text);
    }
  };

  const shortcuts: Shortcut[] = [
    ['Alt+L', () => setLoginOpen(true), { inInputs: true }],
    ['Alt+R', () => void register(), { inInputs: true }],
    ['Alt+E', () => void refresh(), { inInputs: true }],
  ];
  useShortcuts(shortcuts);

  return (
    <Stack gap="sm">
      <Title order={1} size="h2">Integração bancária</Title>
      <Paper withBorder p="sm">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
          <RefSelect name="id_conta" field={CONTA} label="Conta bancária" value={conta} onChange={setConta} error={undefined} withAsterisk={false} readOnly={false} />
          <Group align="flex-end" justify="space-between">
            <Text aria-label="Sessão do banco">
              {logged ? <>Conectado ao banco até <b>{brTime(session.data!.tokenBankExpire!)}</b></> : 'Não conectado ao banco.'}
            </Text>
            <ShortcutButton shortcut="Alt+L" variant={logged ? 'default' : 'filled'} onClick={() => setLoginOpen(true)}>Login no banco</ShortcutButton>
          </Group>
        </SimpleGrid>
      </Paper>

      {!logged && <Alert color="yellow" title="Aviso">Faça o login no banco (Alt+L) para ver o extrato e os boletos registrados.</Alert>}

      {logged && (
        <Paper withBorder p="sm">
          <Group justify="space-between"><Title order={2} size="h4">Extrato</Title><ShortcutButton shortcut="Alt+E" variant="default" onClick={() => void refresh()}>Atualizar</ShortcutButton></Group>
          {conta === null && <Text c="dimmed">Escolha a conta bancária.</Text>}
          {statement.error && <Alert color="red">{errorDisplayOf(statement.error).text}</Alert>}
          {statement.data && (
            <Table aria-label="Extrato" striped>
              <Table.Thead><Table.Tr><Table.Th>Data</Table.Th><Table.Th>Histórico</Table.Th><Table.Th>Documento</Table.Th><Table.Th ta="right">Valor</Table.Th></Table.Tr></Table.Thead>
              <Table.Tbody>
                {statement.data.rows.length === 0 && <Table.Tr><Table.Td colSpan={4}>Nenhum lançamento.</Table.Td></Table.Tr>}
                {statement.data.rows.map((l, i) => (
                  <Table.Tr key={`${l.documento}-${i}`}>
                    <Table.Td>{brDate(l.data)}</Table.Td><Table.Td>{l.historico}</Table.Td><Table.Td>{l.documento}</Table.Td>
                    <Table.Td ta="right" c={l.sinal === 'D' ? 'red' : undefined}>{l.sinal === 'D' ? '-' : ''}{formatMoney(l.valor)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Paper>
      )}

      {logged && (
        <Paper withBorder p="sm">
          <Title order={2} size="h4">Boletos registrados no banco</Title>
          {canManage && (
            <Group align="flex-end" mb="sm">
              <NumberInput label="Documento financeiro (id)" value={documento} onChange={setDocumento} min={1} allowDecimal={false} hideControls w={220} />
              <ShortcutButton shortcut="Alt+R" onClick={() => void register()} loading={busy} disabled={conta === null}>Registrar boleto</ShortcutButton>
            </Group>
          )}
          {boletos.error && <Alert color="red">{errorDisplayOf(boletos.error).text}</Alert>}
          <Table aria-label="Boletos registrados" striped>
            <Table.Thead><Table.Tr><Table.Th>Número</Table.Th><Table.Th>Vencimento</Table.Th><Table.Th ta="right">Valor</Table.Th><Table.Th>Situação</Table.Th><Table.Th>Linha digitável</Table.Th><Table.Th /></Table.Tr></Table.Thead>
            <Table.Tbody>
              {(boletos.data?.rows ?? []).length === 0 && <Table.Tr><Table.Td colSpan={6}>Nenhum boleto registrado.</Table.Td></Table.Tr>}
              {(boletos.data?.rows ?? []).map((b) => (
                <Table.Tr key={b.id_boleto_registrado} data-testid={`boleto-registrado-${b.id_documento_financeiro}`}>
                  <Table.Td>{b.numero}</Table.Td><Table.Td>{brDate(b.data_vencimento)}</Table.Td><Table.Td ta="right">{formatMoney(fromDecimal(b.valor))}</Table.Td>
                  <Table.Td><Badge color={b.situacao === 'Registrado' ? 'blue' : b.situacao === 'Liquidado' ? 'green' : 'gray'}>{b.situacao}</Badge></Table.Td>
                  <Table.Td style={{ fontFamily: 'monospace', fontSize: 12 }}>{b.linha_digitavel}</Table.Td>
                  <Table.Td>{canManage && b.situacao === 'Registrado' && <Button size="xs" variant="light" color="red" onClick={() => void writeOff(b.id_boleto_registrado)}>Baixar</Button>}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}

      <Paper withBorder p="sm">
        <Title order={2} size="h4">Cobranças PIX do ponto de venda</Title>
        <Table aria-label="Cobranças PIX" striped>
          <Table.Thead><Table.Tr><Table.Th>Data</Table.Th><Table.Th>txid</Table.Th><Table.Th ta="right">Valor</Table.Th><Table.Th>Situação</Table.Th></Table.Tr></Table.Thead>
          <Table.Tbody>
            {(pix.data?.rows ?? []).length === 0 && <Table.Tr><Table.Td colSpan={4}>Nenhuma cobrança PIX.</Table.Td></Table.Tr>}
            {(pix.data?.rows ?? []).map((p) => (
              <Table.Tr key={p.id_pix_cobranca}>
                <Table.Td>{brTime(p.data_cadastro)}</Table.Td><Table.Td style={{ fontFamily: 'monospace', fontSize: 12 }}>{p.txid}</Table.Td>
                <Table.Td ta="right">{formatMoney(fromDecimal(p.valor))}</Table.Td>
                <Table.Td><Badge color={p.situacao === 'Paga' ? 'green' : p.situacao === 'ConfirmadaManual' ? 'orange' : 'gray'}>{PIX_SITUACAO_LABEL[p.situacao]}</Badge></Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>

      <BankLoginModal opened={loginOpen} onClose={() => setLoginOpen(false)} onLogged={() => { setLoginOpen(false); toast.success('Login no banco realizado.'); void refresh(); }} />
    </Stack>
  );
}
