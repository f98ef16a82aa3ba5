/** The invoice's totals as the lines stand: the domain's computeInvoiceTotals, which the server stores when it saves. */
import { Group, Paper, SimpleGrid, Text } from '@mantine/core';
import { formatMoney } from '@pdv/domain/money';
import type { InvoiceTotals } from '@pdv/domain/invoice-totals';

const Cell = ({ label, value, strong }: { label: string; value: string; strong?: boolean }) => (
  <div>
    <Text size="xs" c="dimmed">
      {label}
    </Text>
    <Text fw={strong ? 700 : 500} size={strong ? 'lg' : 'sm'} aria-label={label}>
      {value}
    </Text>
  </div>
);

export function TotalsPanel({ totals }: { totals: InvoiceTotals }) {
  return (
    <Paper withBorder p="sm" role="region" aria-label="Totais da nota">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <SimpleGrid cols={{ base: 3, sm: 7 }} spacing="md" style={{ flex: 1 }}>
          <Cell label="Produtos" value={formatMoney(totals.produtos)} />
          <Cell label="Descontos" value={formatMoney(totals.desconto)} />
          <Cell label="Frete" value={formatMoney(totals.frete)} />
          <Cell label="Seguro" value={formatMoney(totals.seguro)} />
          <Cell label="Outras" value={formatMoney(totals.outros)} />
          <Cell label="Pago" value={formatMoney(totals.pago)} />
          <Cell label="Saldo" value={formatMoney(totals.saldo)} />
        </SimpleGrid>
        <Cell label="Total da nota" value={formatMoney(totals.total)} strong />
      </Group>
    </Paper>
  );
}
