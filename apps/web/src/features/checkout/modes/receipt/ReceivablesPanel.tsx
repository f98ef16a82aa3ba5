/**
 * F5 in the receipt mode: the customer's open receivables of the branch (from the server), by due date, each with its
 * late interest and fine of today (the branch's settings, the discharge rule of /documentFinancial); the cashier
 * ticks the ones to receive (the first is focused once listed; ↑/↓ move, Space ticks) and confirms with Enter. The
 * payments come next, with F8.
 */
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Checkbox, Drawer, Group, Kbd, Loader, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatMoney, fromDecimal, sum } from '@pdv/domain/money';
import { formatDay } from '@pdv/domain/return-rules';
import { call } from '../../../../api/client.ts';
import type { ReceiptDocument } from '../../../outbox/types.ts';
import { documentDue } from '../modeDraft.ts';

interface Props {
  opened: boolean;
  idCliente: number | null;
  chosen: readonly ReceiptDocument[];
  onClose: () => void;
  onApply: (documents: ReceiptDocument[]) => void;
}

export function ReceivablesPanel(props: Props) {
  return (
    <Drawer opened={props.opened} onClose={props.onClose} position="right" size="xl" title="Títulos a receber (F5)">
      {props.opened && <ReceivablesForm {...props} />}
    </Drawer>
  );
}

function ReceivablesForm({ idCliente, chosen, onApply }: Props) {
  const [picked, setPicked] = useState<Set<number>>(() => new Set(chosen.map((d) => d.id_documento_financeiro)));
  const list = useQuery({
    queryKey: ['open-receivables', idCliente],
    queryFn: () => call('openReceivables', { id_cliente: idCliente! }),
    enabled: idCliente !== null,
  });
  const table = useRef<HTMLTableElement>(null);
  const listed = (list.data?.rows.length ?? 0) > 0;
  // The drawer opens before the list arrives: the first receivable takes the focus once it is drawn.
  useEffect(() => {
    if (listed) table.current?.querySelector<HTMLInputElement>('input[type="checkbox"]')?.focus();
  }, [listed]);
  if (idCliente === null) return <Alert color="yellow">Informe o cliente (F6) para listar os títulos dele.</Alert>;
  const rows = list.data?.rows ?? [];
  /** ↑/↓ between the receivables' boxes; Enter confirms from any of them. */
  const onBoxKey = (event: React.KeyboardEvent<HTMLInputElement>, index: number) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      onApply(documents);
      return;
    }
    const to = event.key === 'ArrowDown' ? index + 1 : event.key === 'ArrowUp' ? index - 1 : null;
    if (to === null) return;
    event.preventDefault();
    table.current?.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')[Math.max(0, Math.min(to, rows.length - 1))]?.focus();
  };
  const documents: ReceiptDocument[] = rows
    .filter((r) => picked.has(r.id_documento_financeiro))
    .map((r) => ({
      id_documento_financeiro: r.id_documento_financeiro, numero: r.numero, sequencia: r.sequencia,
      data_vencimento: r.data_vencimento, saldo: fromDecimal(r.saldo), juros: fromDecimal(r.valor_juros), multa: fromDecimal(r.valor_multa),
    }));
  const toggle = (id: number) =>
    setPicked((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onApply(documents);
      }}
    >
      <Stack>
        {list.isLoading && <Loader size="sm" aria-label="Carregando títulos" />}
        {list.isError && <Alert color="red">{list.error.message}</Alert>}
        {list.data && rows.length === 0 && <Text c="dimmed">Este cliente não tem títulos em aberto nesta filial.</Text>}
        {rows.length > 0 && (
          <Table aria-label="Títulos em aberto" ref={table} style={{ whiteSpace: 'nowrap' }}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th />
                <Table.Th>Documento</Table.Th>
                <Table.Th>Vencimento</Table.Th>
                <Table.Th ta="right">Saldo</Table.Th>
                <Table.Th ta="right">Juros</Table.Th>
                <Table.Th ta="right">Multa</Table.Th>
                <Table.Th ta="right">A pagar</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r, index) => (
                <Table.Tr key={r.id_documento_financeiro}>
                  <Table.Td>
                    <Checkbox
                      aria-label={`Receber ${r.numero}/${r.sequencia}`}
                      checked={picked.has(r.id_documento_financeiro)}
                      onChange={() => toggle(r.id_documento_financeiro)}
                      onKeyDown={(event) => onBoxKey(event, index)}
                    />
                  </Table.Td>
                  <Table.Td>
                    {r.numero}/{r.sequencia}
                  </Table.Td>
                  <Table.Td>{formatDay(r.data_vencimento)}</Table.Td>
                  <Table.Td ta="right">{formatMoney(fromDecimal(r.saldo))}</Table.Td>
                  <Table.Td ta="right">{formatMoney(fromDecimal(r.valor_juros))}</Table.Td>
                  <Table.Td ta="right">{formatMoney(fromDecimal(r.valor_multa))}</Table.Td>
                  <Table.Td ta="right">{formatMoney(fromDecimal(r.saldo) + fromDecimal(r.valor_juros) + fromDecimal(r.valor_multa))}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {rows.length > 0 && (
          <Text size="sm" c="dimmed">
            <Kbd size="xs">↑</Kbd> <Kbd size="xs">↓</Kbd> movem, <Kbd size="xs">Espaço</Kbd> marca o título,{' '}
            <Kbd size="xs">Enter</Kbd> confirma
          </Text>
        )}
        <Group justify="space-between">
          <Text>
            A receber: <b>{formatMoney(sum(documents.map(documentDue)))}</b>
          </Text>
          <Button type="submit">
            Confirmar <Kbd size="xs" ml={6}>Enter</Kbd>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
