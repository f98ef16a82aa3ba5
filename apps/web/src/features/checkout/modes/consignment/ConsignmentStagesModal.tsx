/**
 * The consignment stages modal (000 §2 "send items, return items, finish, invoice") at the point of sale: the
 * customer's open consignments, 1-9 picks one, and its steps are the order screen's (ConsignmentTab, on the order
 * module's consignment routes). When nothing of the consignment is left to sell or invoice, the spec's message says so.
 */
import { useEffect, useLayoutEffect, useState } from 'react';
import { Alert, Button, Group, Kbd, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import type { OrderFull, OrderSummary } from '@pdv/contract/order';
import { CONSIGNMENT_MODE_MESSAGES, hasSomethingToSell } from '@pdv/domain/consignment-mode';
import { formatMoney, fromDecimal, quantityFromDecimal } from '@pdv/domain/money';
import { showError } from '../../../../ui/showError.ts';
import { toast } from '../../../../ui/toast.ts';
import { ConsignmentTab } from '../../../order/register/ConsignmentTab.tsx';
import { loadOrder } from '../../../order/register/loadOrder.ts';
import { openConsignments } from './openConsignments.ts';

const STATUS: Readonly<Record<string, string>> = {
  Edicao: 'Pendente de envio',
  Liberado: 'Pendente de envio',
  EnviadoCliente: 'Com o cliente',
  RetornoCliente: 'Retorno registrado',
  AguardandoConclusao: 'Aguardando faturamento',
  Concluida: 'Concluída',
  Faturado: 'Faturada',
  NotaPendente: 'Nota pendente',
  Cancelado: 'Cancelada',
};

interface Props {
  opened: boolean;
  idCliente: number | null;
  clienteNome: string | null;
  onClose: () => void;
}

export function ConsignmentStagesModal(props: Props) {
  return (
    <Modal opened={props.opened} onClose={props.onClose} title="Etapas da consignação (Alt+C)" size="xl" centered>
      {props.opened && props.idCliente !== null && <Stages idCliente={props.idCliente} clienteNome={props.clienteNome} />}
    </Modal>
  );
}

/** The consignment listed with digit `key` (1 is the first; only the first nine have one), or null. */
export function consignmentOfDigit<T>(list: readonly T[], key: string): T | null {
  return /^[1-9]$/.test(key) ? (list[Number(key) - 1] ?? null) : null;
}

/** Whether the consignment, past sending, has nothing left to sell or invoice. */
export function nothingLeftToSell(order: OrderFull): boolean {
  if (order.situacao !== 'AguardandoConclusao' && order.situacao !== 'Concluida') return false;
  const lines = order.itens.filter((i) => !i.is_cancelado).map((i) => ({
    quantidade: quantityFromDecimal(i.quantidade),
    quantidade_retorno: quantityFromDecimal(i.quantidade_retorno),
    situacao_consignacao: i.situacao_consignacao,
  }));
  return !hasSomethingToSell(lines);
}

function Stages({ idCliente, clienteNome }: { idCliente: number; clienteNome: string | null }) {
  const [list, setList] = useState<OrderSummary[] | null>(null);
  const [order, setOrder] = useState<OrderFull | null>(null);
  const [invoiced, setInvoiced] = useState<number | null>(null);

  useEffect(() => {
    let live = true;
    openConsignments(idCliente)
      .then((rows) => live && setList(rows))
      .catch((error: unknown) => {
        if (live) setList([]);
        showError(error);
      });
    return () => {
      live = false;
    };
  }, [idCliente]);

  const pick = (summary: OrderSummary | undefined) => {
    if (!summary) return;
    loadOrder(summary.id_pedido)
      .then((full) => {
        setOrder(full);
        setInvoiced(null);
      })
      .catch(showError);
  };

  // 'tecle o número para abrir': the digits work as soon as the list is shown, wherever the focus is in the modal.
  // In a consignment, 0 goes back to the list (outside the quantity fields, where 0 is a quantity).
  // A layout effect: the listener is in place when the list is painted, so a digit typed at once is not lost (a
  // passive effect may run after the first key of a fast cashier, as a unit test on a busy machine showed).
  useLayoutEffect(() => {
    if (list === null) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      if (order !== null) {
        const field = event.target instanceof HTMLInputElement && !event.target.readOnly;
        if (event.key === '0' && !field) {
          event.preventDefault();
          setOrder(null);
        }
        return;
      }
      const summary = consignmentOfDigit(list, event.key);
      if (!summary) return;
      event.preventDefault();
      pick(summary);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });


  if (list === null) {
    return (
      <Group justify="center" py="md">
        <Loader size="sm" aria-label="Carregando consignações" />
      </Group>
    );
  }
  if (order) {
    return (
      <Stack gap="sm">
        <Group justify="space-between">
          <Text fw={700}>
            Consignação {order.nsu} · {clienteNome ?? ''} · {STATUS[order.situacao] ?? order.situacao}
          </Text>
          <Button variant="subtle" size="xs" onClick={() => setOrder(null)} rightSection={<Kbd size="xs">0</Kbd>}>
            Voltar à lista
          </Button>
        </Group>
        {nothingLeftToSell(order) && (
          <Alert color="yellow" title="Aviso">
            {CONSIGNMENT_MODE_MESSAGES.nothingToSell}
          </Alert>
        )}
        {invoiced !== null && (
          <Alert color="teal">Nota fiscal {invoiced} criada em edição: transmita-a pela tela de notas fiscais.</Alert>
        )}
        <Text size="sm" c="dimmed">
          Tecle o número da etapa (1 a 4); na devolução, digite as quantidades devolvidas e tecle Enter.
        </Text>
        <ConsignmentTab
          order={order}
          editable
          digitKeys
          onSaved={setOrder}
          onInvoiced={(id) => {
            setInvoiced(id);
            toast.success('Venda da consignação faturada.');
            void loadOrder(order.id_pedido).then(setOrder).catch(showError);
          }}
        />
      </Stack>
    );
  }
  if (list.length === 0) return <Text>Nenhuma consignação em aberto para {clienteNome ?? 'este cliente'}.</Text>;
  return (
    <Stack gap="xs">
      <Text size="sm">Consignações em aberto de {clienteNome ?? 'cliente'}: tecle o número para abrir.</Text>
      <Table highlightOnHover aria-label="Consignações em aberto">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>#</Table.Th>
            <Table.Th>Número</Table.Th>
            <Table.Th>Data</Table.Th>
            <Table.Th>Situação</Table.Th>
            <Table.Th ta="right">Valor</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.map((c, index) => (
            <Table.Tr key={c.id_pedido} onClick={() => pick(c)} style={{ cursor: 'pointer' }}>
              <Table.Td>{index < 9 ? <Kbd size="xs">{index + 1}</Kbd> : null}</Table.Td>
              <Table.Td>{c.nsu}</Table.Td>
              <Table.Td>{new Date(c.data_cadastro).toLocaleDateString('pt-BR')}</Table.Td>
              <Table.Td>{STATUS[c.situacao] ?? c.situacao}</Table.Td>
              <Table.Td ta="right">{formatMoney(fromDecimal(c.valor_total_liquido))}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
