/** Above the items: what the return or receipt mode has chosen so far, and the key that chooses it (F5). */
import { Alert, Group, Kbd, Table, Text } from '@mantine/core';
import { formatMoney } from '@pdv/domain/money';
import { formatDay } from '@pdv/domain/return-rules';
import type { OperationBundle } from '../../outbox/types.ts';
import { receiptDue } from './modeDraft.ts';

export function ModeBanner({ bundle }: { bundle: OperationBundle }) {
  const { operation } = bundle;
  if (operation.modo_operacao === 'Devolucao') {
    return (
      <Alert color="orange" title="Devolução" data-testid="mode-banner">
        <Group gap={6}>
          {operation.id_cliente === null ? (
            <Text size="sm">Informe o cliente (F6) e escolha a venda de origem</Text>
          ) : operation.numero_origem ? (
            <Text size="sm">Venda de origem: {operation.numero_origem}. O valor dos itens vira crédito do cliente. Outra venda:</Text>
          ) : (
            <Text size="sm">Escolha a venda de origem e as quantidades a devolver:</Text>
          )}
          <Kbd size="xs">F5</Kbd>
        </Group>
      </Alert>
    );
  }
  if (operation.modo_operacao === 'Recebimento') {
    const documents = operation.documentos_financeiros ?? [];
    return (
      <Alert color="teal" title="Recebimento" data-testid="mode-banner">
        {documents.length === 0 ? (
          <Group gap={6}>
            <Text size="sm">
              {operation.id_cliente === null ? 'Informe o cliente (F6) e escolha os títulos a receber:' : 'Escolha os títulos a receber:'}
            </Text>
            <Kbd size="xs">F5</Kbd>
          </Group>
        ) : (
          <>
            <Table>
              <Table.Tbody>
                {documents.map((d) => (
                  <Table.Tr key={d.id_documento_financeiro}>
                    <Table.Td>
                      {d.numero}/{d.sequencia}
                    </Table.Td>
                    <Table.Td>vence {formatDay(d.data_vencimento)}</Table.Td>
                    <Table.Td ta="right">{formatMoney(d.saldo)}</Table.Td>
                    <Table.Td ta="right" c="dimmed">
                      {(d.juros ?? 0) + (d.multa ?? 0) > 0 ? `+ juros ${formatMoney(d.juros ?? 0)}, multa ${formatMoney(d.multa ?? 0)}` : ''}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <Text size="sm" mt={6}>
              A receber: <b data-testid="receber-total">{formatMoney(receiptDue(bundle))}</b> · pagamentos com F8, títulos com F5
            </Text>
          </>
        )}
      </Alert>
    );
  }
  return null;
}
