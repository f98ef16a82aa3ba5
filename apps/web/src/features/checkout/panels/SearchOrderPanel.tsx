/**
 * Alt+P: find an order (its number or the customer's name) and open it on /operation-order, the order screen, where
 * it is edited, released or invoiced (000 §2 "search order"). ↑/↓ choose, Enter opens; Esc closes.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDebouncedValue } from '@mantine/hooks';
import { Drawer, Loader, Stack, Table, Text, TextInput } from '@mantine/core';
import { formatMoney, fromDecimal } from '@pdv/domain/money';
import { call } from '../../../api/client.ts';
import { errorDisplayOf } from '../../../api/errors.ts';
import { operacaoLabel, situacaoLabel } from '../../order/situacao.ts';
import { searchOrderBody } from './searchOrder.ts';

interface Props {
  opened: boolean;
  onClose: () => void;
}

export function SearchOrderPanel({ opened, onClose }: Props) {
  return (
    <Drawer opened={opened} onClose={onClose} position="right" size="lg" title="Buscar pedido (Alt+P)">
      {opened && <SearchOrderBody />}
    </Drawer>
  );
}

function SearchOrderBody() {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const [search] = useDebouncedValue(text.trim(), 250);
  const body = searchOrderBody(search, new Date());
  const list = useQuery({
    queryKey: ['order', 'find', 'checkout', body],
    queryFn: ({ signal }) => call('orderFind', body, { signal }),
    placeholderData: keepPreviousData,
    meta: { silent: true },
    retry: false,
  });
  const rows = list.data?.rows ?? [];
  const open = (id: number | undefined) => {
    if (id !== undefined) void navigate(`/operation-order/${id}`);
  };
  return (
    <Stack>
      <TextInput
        label="Número do pedido ou cliente"
        aria-label="Número do pedido ou cliente"
        data-autofocus
        value={text}
        autoComplete="off"
        onChange={(event) => {
          setText(event.currentTarget.value);
          setActive(0);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            open(rows[active]?.id_pedido);
          } else if (event.key === 'ArrowDown') {
            event.preventDefault();
            setActive((a) => Math.min(a + 1, Math.max(rows.length - 1, 0)));
          } else if (event.key === 'ArrowUp') {
            event.preventDefault();
            setActive((a) => Math.max(a - 1, 0));
          }
        }}
      />
      {list.isError && (
        <Text role="alert" c="red">
          Não foi possível buscar os pedidos: {errorDisplayOf(list.error).text}
        </Text>
      )}
      {list.isPending && <Loader size="sm" aria-label="Buscando pedidos" />}
      {list.isSuccess && rows.length === 0 && <Text c="dimmed">Nenhum pedido encontrado.</Text>}
      {rows.length > 0 && (
        <Table aria-label="Pedidos encontrados" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Número</Table.Th>
              <Table.Th>Operação</Table.Th>
              <Table.Th>Situação</Table.Th>
              <Table.Th>Cliente</Table.Th>
              <Table.Th ta="right">Total</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row, index) => (
              <Table.Tr
                key={row.id_pedido}
                aria-selected={index === active}
                bg={index === active ? 'var(--mantine-primary-color-light)' : undefined}
                style={{ cursor: 'pointer' }}
                onClick={() => open(row.id_pedido)}
              >
                <Table.Td>{row.nsu}</Table.Td>
                <Table.Td>{operacaoLabel(row.operacao)}</Table.Td>
                <Table.Td>{situacaoLabel(row.situacao)}</Table.Td>
                <Table.Td>{row.cliente_nome ?? ''}</Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(fromDecimal(row.valor_total_liquido))}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Text size="xs" c="dimmed">
        ↑/↓ escolhem, Enter abre o pedido na tela de pedidos.
      </Text>
    </Stack>
  );
}
