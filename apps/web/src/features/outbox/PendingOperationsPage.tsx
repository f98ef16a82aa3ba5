/** /operations-pending: the operations not yet processed by the server, with their message and a retry. */
import { useCallback } from 'react';
import { Badge, Button, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { formatMoney } from '@pdv/domain/money';
import { localDb } from '../../db/database.ts';
import { useLiveQuery } from '../../db/useLiveQuery.ts';
import { listOutbox, requeue } from './operations.ts';
import { outbox } from './runtime.ts';
import type { StoredOperation } from './types.ts';

const LABELS: Record<string, { label: string; color: string }> = {
  Pendente: { label: 'Pendente', color: 'yellow' },
  EmProcessamento: { label: 'Em processamento', color: 'blue' },
  Erro: { label: 'Erro', color: 'red' },
};

function formatDate(iso: string | null): string {
  return iso ? new Date(iso).toLocaleString('pt-BR') : '';
}

export function PendingOperationsPage() {
  const operations = useLiveQuery(useCallback(() => listOutbox(localDb()), []), [] as StoredOperation[]);
  const retry = async (op: StoredOperation) => {
    await requeue(localDb(), op.id_operacao);
    await outbox.flush();
  };
  return (
    <Stack>
      <Title order={1} size="h3">
        Operações pendentes
      </Title>
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
              {operations.map((op) => (
                <Table.Tr key={op.id_operacao}>
                  <Table.Td>{formatDate(op.data_fim)}</Table.Td>
                  <Table.Td>{op.id_operacao.slice(0, 8).toUpperCase()}</Table.Td>
                  <Table.Td ta="right">{formatMoney(op.valor_total - op.valor_desconto + op.valor_acrescimo)}</Table.Td>
                  <Table.Td>
                    <Badge color={LABELS[op.situacao]?.color}>{LABELS[op.situacao]?.label ?? op.situacao}</Badge>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'pre-line' }}>{op.erro ?? ''}</Table.Td>
                  <Table.Td>
                    <Button size="xs" disabled={op.situacao === 'EmProcessamento'} onClick={() => void retry(op)}>
                      Tentar novamente
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Paper>
    </Stack>
  );
}
