/** Eventos: what the SEFAZ registered for the invoice (authorisation, cancellation, correction letters). */
import { Table, Text } from '@mantine/core';
import type { InvoiceDetail } from '@pdv/contract/invoice';
import { dateTime } from '../display.tsx';

/** The SEFAZ event types (tpEvento) by their pt-BR names. */
const EVENT_NAME: Readonly<Record<string, string>> = {
  '110110': 'Carta de correção',
  '110111': 'Cancelamento',
  '110112': 'Cancelamento por substituição',
  '110140': 'EPEC',
};

export function eventName(tipo: string): string {
  const name = EVENT_NAME[tipo];
  return name ? `${name} (${tipo})` : tipo;
}

export function EventsTab({ events }: { events: InvoiceDetail['eventos'] }) {
  return (
    <Table striped withTableBorder aria-label="Eventos da nota">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Data</Table.Th>
          <Table.Th>Evento</Table.Th>
          <Table.Th>Seq.</Table.Th>
          <Table.Th>Status</Table.Th>
          <Table.Th>Protocolo</Table.Th>
          <Table.Th>Texto</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {events.map((e) => (
          <Table.Tr key={`${e.tipo_evento}-${e.sequencia}-${e.data_evento}`}>
            <Table.Td>{dateTime(e.data_evento)}</Table.Td>
            <Table.Td>{eventName(e.tipo_evento)}</Table.Td>
            <Table.Td>{e.sequencia}</Table.Td>
            <Table.Td>{[e.codigo_status, e.motivo].filter((v) => v !== null && v !== '').join(' - ') || '—'}</Table.Td>
            <Table.Td>{e.protocolo ?? '—'}</Table.Td>
            <Table.Td>
              <Text size="xs" lineClamp={3}>
                {e.texto ?? ''}
              </Text>
            </Table.Td>
          </Table.Tr>
        ))}
        {events.length === 0 && (
          <Table.Tr>
            <Table.Td colSpan={6}>
              <Text c="dimmed" ta="center" py="md">
                Nenhum evento.
              </Text>
            </Table.Td>
          </Table.Tr>
        )}
      </Table.Tbody>
    </Table>
  );
}
