/**
 * /operations-pending: the operations not yet processed by the server, with their message. Each can be sent again
 * (the page says what came of it); one the server refused can also be seen, reopened at /checkout to be fixed and
 * finished again under a new id, or cancelled with a reason (a supervisor authorizes it when the goods already left).
 * Replaced and cancelled operations stay listed as such (refused.ts).
 */
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { formatMoney } from '@pdv/domain/money';
import { SUPERVISOR_PERMISSIONS } from '@pdv/domain/permissions';
import { localDb } from '../../db/database.ts';
import { useLiveQuery } from '../../db/useLiveQuery.ts';
import { useSignedIn } from '../auth/sessionContext.ts';
import { useSupervisorAuthorization } from '../authorization/useSupervisorAuthorization.tsx';
import { listOutbox, loadBundle, operationTable, requeue } from './operations.ts';
import { CancelRefusedModal, OperationContentModal } from './RefusedDialogs.tsx';
import { cancelRefused, goodsLeft, isOpenRefusal, REFUSED_MESSAGES, reopenRefused, retryOutcome, type RetryOutcome } from './refused.ts';
import { outbox } from './runtime.ts';
import type { OperationBundle, StoredOperation } from './types.ts';

const LABELS: Record<string, { label: string; color: string }> = {
  Pendente: { label: 'Pendente', color: 'yellow' },
  EmProcessamento: { label: 'Em processamento', color: 'blue' },
  Erro: { label: 'Erro', color: 'red' },
  Substituida: { label: 'Substituída', color: 'gray' },
  Cancelada: { label: 'Cancelada', color: 'dark' },
};

const online = () => globalThis.navigator?.onLine ?? true;
const short = (id: string) => id.slice(0, 8).toUpperCase();

function formatDate(iso: string | null): string {
  return iso ? new Date(iso).toLocaleString('pt-BR') : '';
}

function statusOf(op: StoredOperation): string {
  return op.encerramento?.tipo ?? op.situacao;
}

function messageOf(op: StoredOperation): string {
  const closing = op.encerramento;
  if (closing?.tipo === 'Substituida') return `Substituída pela operação ${short(closing.id_operacao_nova)}.\n${op.erro ?? ''}`;
  if (closing?.tipo === 'Cancelada') return `Cancelada: ${closing.motivo}\n${op.erro ?? ''}`;
  return op.erro ?? '';
}

/** What the page says after an action (kept until the next one: a toast would be gone in a second). */
type Feedback = { color: 'green' | 'red' | 'yellow'; message: string };

const FEEDBACK_COLOR: Record<RetryOutcome['kind'], Feedback['color']> = { sent: 'green', refused: 'red', pending: 'yellow' };

export function PendingOperationsPage() {
  const { session } = useSignedIn();
  const owner = { id_filial: session.usuario.id_filial_ativa, id_usuario: session.usuario.id_usuario };
  const navigate = useNavigate();
  const supervisor = useSupervisorAuthorization();
  const [version, setVersion] = useState(0);
  const operations = useLiveQuery(
    // `version` reads the list again after an action (the live query does it too where it fires).
    useCallback(() => listOutbox(localDb()), [version]), // eslint-disable-line react-hooks/exhaustive-deps
    [] as StoredOperation[],
  );
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [shown, setShown] = useState<OperationBundle | null>(null);
  const [cancelling, setCancelling] = useState<{ id: string; needsSupervisor: boolean } | null>(null);
  const refresh = () => setVersion((v) => v + 1);

  const retry = async (op: StoredOperation) => {
    setBusy(op.id_operacao);
    setFeedback(null);
    try {
      await requeue(localDb(), op.id_operacao);
      await outbox.flush();
      const outcome = retryOutcome(await operationTable(localDb()).get(op.id_operacao), online());
      setFeedback({ color: FEEDBACK_COLOR[outcome.kind], message: outcome.message });
    } finally {
      setBusy(null);
      refresh();
    }
  };

  const show = async (op: StoredOperation) => setShown(await loadBundle(localDb(), op.id_operacao));

  const reopen = async (op: StoredOperation) => {
    setFeedback(null);
    try {
      await reopenRefused(localDb(), op.id_operacao, owner);
      void navigate('/checkout');
    } catch (error) {
      setFeedback({ color: 'red', message: error instanceof Error ? error.message : String(error) });
      refresh();
    }
  };

  const startCancel = async (op: StoredOperation) => {
    setFeedback(null);
    const bundle = await loadBundle(localDb(), op.id_operacao);
    if (bundle) setCancelling({ id: op.id_operacao, needsSupervisor: goodsLeft(bundle) });
  };

  /** The reason typed: the supervisor when the goods left (needs the connection), then the cancellation. */
  const confirmCancel = async (motivo: string): Promise<string | null> => {
    if (!cancelling) return null;
    let idAutorizacao: number | null = null;
    if (cancelling.needsSupervisor) {
      if (!online()) return REFUSED_MESSAGES.authorizationOffline;
      idAutorizacao = await supervisor.ask(SUPERVISOR_PERMISSIONS.removeItemOrCancelSale, {
        origem: 'Operação recusada',
        id_origem: cancelling.id,
        observacao: motivo.trim().slice(0, 500),
      });
      if (idAutorizacao === null) return REFUSED_MESSAGES.authorizationRequired;
    }
    try {
      await cancelRefused(localDb(), cancelling.id, { motivo, id_usuario: owner.id_usuario, id_autorizacao: idAutorizacao });
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
    setCancelling(null);
    setFeedback({ color: 'green', message: REFUSED_MESSAGES.cancelled });
    refresh();
    return null;
  };

  return (
    <Stack>
      <Title order={1} size="h3">
        Operações pendentes
      </Title>
      {feedback && (
        <Alert color={feedback.color} role="status" aria-label="Resultado" style={{ whiteSpace: 'pre-line' }}>
          {feedback.message}
        </Alert>
      )}
      <Paper withBorder>
        {operations.length === 0 ? (
          <Text p="md" c="dimmed">
            Nenhuma operação pendente.
          </Text>
        ) : (
          <Table aria-label="Operações pendentes">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Data</Table.Th>
                <Table.Th>Operação</Table.Th>
                <Table.Th ta="right">Total</Table.Th>
                <Table.Th>Situação</Table.Th>
                <Table.Th>Mensagem</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {operations.map((op) => {
                const status = statusOf(op);
                const refused = isOpenRefusal(op);
                return (
                  <Table.Tr key={op.id_operacao}>
                    <Table.Td>{formatDate(op.data_fim)}</Table.Td>
                    <Table.Td>
                      {short(op.id_operacao)}
                      <Text size="xs" c="dimmed">
                        {op.modo_operacao}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">{formatMoney(op.valor_total - op.valor_desconto + op.valor_acrescimo)}</Table.Td>
                    <Table.Td>
                      <Badge color={LABELS[status]?.color}>{LABELS[status]?.label ?? status}</Badge>
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'pre-line' }}>{messageOf(op)}</Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        {!op.encerramento && (
                          <Button
                            size="xs"
                            loading={busy === op.id_operacao}
                            disabled={op.situacao === 'EmProcessamento' || busy !== null}
                            onClick={() => void retry(op)}
                          >
                            Tentar novamente
                          </Button>
                        )}
                        <Button size="xs" variant="default" onClick={() => void show(op)}>
                          Ver
                        </Button>
                        {refused && (
                          <>
                            <Button size="xs" variant="light" onClick={() => void reopen(op)}>
                              Corrigir
                            </Button>
                            <Button size="xs" variant="light" color="red" onClick={() => void startCancel(op)}>
                              Cancelar
                            </Button>
                          </>
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        )}
      </Paper>
      <OperationContentModal bundle={shown} onClose={() => setShown(null)} />
      <CancelRefusedModal
        opened={cancelling !== null}
        needsSupervisor={cancelling?.needsSupervisor ?? false}
        onClose={() => setCancelling(null)}
        onConfirm={confirmCancel}
      />
      {supervisor.modal}
    </Stack>
  );
}
