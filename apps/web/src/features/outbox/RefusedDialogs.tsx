/**
 * The dialogs of Operações pendentes for a refused operation: its content (lines and payments, as finished: nothing
 * of a refused operation is lost) and the cancellation with its reason.
 */
import { useState } from 'react';
import { Button, Group, Modal, Stack, Table, Text, Textarea } from '@mantine/core';
import { formatMoney, formatQuantity } from '@pdv/domain/money';
import type { OperationBundle } from './types.ts';
import { REFUSED_MESSAGES } from './refused.ts';

export function OperationContentModal({ bundle, onClose }: { bundle: OperationBundle | null; onClose: () => void }) {
  return (
    <Modal opened={bundle !== null} onClose={onClose} title="Conteúdo da operação" size="lg">
      {bundle && (
        <Stack>
          <Text size="sm">
            {bundle.operation.modo_operacao} · {bundle.operation.id_operacao}
            {bundle.operation.cliente_nome ? ` · Cliente: ${bundle.operation.cliente_nome}` : ''}
          </Text>
          {bundle.operation.erro && (
            <Text size="sm" c="red" style={{ whiteSpace: 'pre-line' }}>
              {bundle.operation.erro}
            </Text>
          )}
          <Table aria-label="Itens da operação">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Produto</Table.Th>
                <Table.Th ta="right">Qtd.</Table.Th>
                <Table.Th ta="right">Total</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {bundle.itens.map((i) => (
                <Table.Tr key={i.id_item}>
                  <Table.Td>{i.descricao}</Table.Td>
                  <Table.Td ta="right">{formatQuantity(i.quantidade)}</Table.Td>
                  <Table.Td ta="right">{formatMoney(i.valor_total)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Table aria-label="Pagamentos da operação">
            <Table.Tbody>
              {bundle.pagamentos.map((p) => (
                <Table.Tr key={p.id_pagamento}>
                  <Table.Td>
                    {p.meio_pagamento?.descricao ?? ''}
                    {p.id_vale_credito !== null ? ` (vale ${p.id_vale_credito})` : ''}
                  </Table.Td>
                  <Table.Td ta="right">{formatMoney(p.valor_total)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Fechar (Esc)
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

interface CancelProps {
  opened: boolean;
  /** The goods already left: the supervisor is asked after the reason. */
  needsSupervisor: boolean;
  onClose: () => void;
  /** Resolves with an error message to show, or null when cancelled. */
  onConfirm: (motivo: string) => Promise<string | null>;
}

export function CancelRefusedModal(props: CancelProps) {
  return (
    <Modal opened={props.opened} onClose={props.onClose} title="Cancelar operação recusada" centered>
      {props.opened && <CancelForm {...props} />}
    </Modal>
  );
}

function CancelForm({ needsSupervisor, onClose, onConfirm }: CancelProps) {
  const [motivo, setMotivo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  const submit = async () => {
    if (running) return;
    if (motivo.trim() === '') return setError(REFUSED_MESSAGES.reasonRequired);
    setRunning(true);
    const refused = await onConfirm(motivo);
    setRunning(false);
    setError(refused);
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack>
        <Text size="sm">
          A operação fica na lista como cancelada, com o motivo, e não será enviada.
          {needsSupervisor ? ' As mercadorias já saíram da loja: um supervisor precisa autorizar.' : ''}
        </Text>
        <Textarea
          label="Motivo do cancelamento"
          value={motivo}
          onChange={(e) => setMotivo(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey) {
              e.preventDefault();
              void submit();
            }
          }}
          data-autofocus
          maxLength={500}
        />
        {error && (
          <Text c="red" role="alert">
            {error}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Voltar (Esc)
          </Button>
          <Button type="submit" color="red" loading={running}>
            Cancelar operação (Enter)
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
