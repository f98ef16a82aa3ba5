/** The order's totals as the server computed them (000 §3.2: net = total − discount + freight + insurance + other). */
import { Group, Paper, SimpleGrid, Text } from '@mantine/core';
import type { OrderFull } from '@pdv/contract/order';
import { formatMoney, fromDecimal } from '@pdv/domain/money';

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

/** What is still to be paid (centavos, never negative). */
export function saldoOf(order: OrderFull | null): number {
  return order ? Math.max(0, fromDecimal(order.valor_total_liquido) - fromDecimal(order.valor_pago)) : 0;
}

export function OrderTotals({ order }: { order: OrderFull | null }) {
  const c = (v: number | undefined) => formatMoney(fromDecimal(v ?? 0));
  const extras = order
    ? fromDecimal(order.valor_frete) + fromDecimal(order.valor_seguro) + fromDecimal(order.valor_outros)
    : 0;
  return (
    <Paper withBorder p="sm" role="region" aria-label="Totais do pedido">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <SimpleGrid cols={{ base: 3, sm: 6 }} spacing="md" style={{ flex: 1 }}>
          <Cell label="Produtos" value={c(order?.valor_total_bruto)} />
          <Cell label="Descontos" value={c(order?.valor_desconto)} />
          <Cell label="Frete, seguro e outras" value={formatMoney(extras)} />
          <Cell label="Pago" value={c(order?.valor_pago)} />
          <Cell label="Falta pagar" value={formatMoney(saldoOf(order))} />
          <Cell label="Troco" value={c(order?.valor_troco)} />
        </SimpleGrid>
        <Cell label="Total do pedido" value={c(order?.valor_total_liquido)} strong />
      </Group>
    </Paper>
  );
}
