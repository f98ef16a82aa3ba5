/** Totals per situation of the filtered period (/invoice/list_values); a click filters the list by that situation. */
import { Group, Paper, SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import type { z } from 'zod';
import type { invoiceListValuesResult } from '@pdv/contract/invoice';
import { formatMoney, fromDecimal, sum } from '@pdv/domain/money';
import { InvoiceSituacaoBadge } from '../display.tsx';
import type { InvoiceSituacao } from '../situacao.ts';
import { isSituacao } from '../situacao.ts';

type Values = z.infer<typeof invoiceListValuesResult>;

const ORDER = ['EmEdicao', 'Autorizada', 'Rejeitada', 'Cancelada', 'Contingencia', 'EmProcessamento', 'Denegada', 'Inutilizada'];

export function SituacaoTotals({
  values,
  current,
  onPick,
}: {
  values: Values | undefined;
  current: InvoiceSituacao | null;
  onPick: (situacao: InvoiceSituacao | null) => void;
}) {
  const rows = [...(values?.situacoes ?? [])].sort((a, b) => ORDER.indexOf(a.situacao) - ORDER.indexOf(b.situacao));
  const count = rows.reduce((acc, r) => acc + r.quantidade, 0);
  const counted = sum(rows.filter((r) => r.situacao !== 'Cancelada' && r.situacao !== 'Inutilizada').map((r) => fromDecimal(r.valor)));
  // Return invoices are not sales: the period's total leaves them out and they are shown apart.
  const returns = values?.devolucoes;
  const total = counted - fromDecimal(returns?.valor ?? 0);
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="xs" role="region" aria-label="Totais por situação">
      <Paper withBorder p="xs" radius="md">
        <Text size="xs" c="dimmed">
          Todas ({count})
        </Text>
        <Text fw={700} aria-label="Total do período">
          {formatMoney(total)}
        </Text>
        <Text size="xs" c="dimmed">
          sem canceladas nem devoluções
        </Text>
      </Paper>
      {returns && returns.quantidade > 0 && (
        <Paper withBorder p="xs" radius="md">
          <Text size="xs" c="dimmed">
            Devoluções ({returns.quantidade})
          </Text>
          <Text fw={700} aria-label="Total de devoluções">
            {formatMoney(fromDecimal(returns.valor))}
          </Text>
          <Text size="xs" c="dimmed">
            sem canceladas
          </Text>
        </Paper>
      )}
      {rows.map((row) => {
        const chosen = current === row.situacao;
        return (
          <UnstyledButton
            key={row.situacao}
            onClick={() => onPick(chosen || !isSituacao(row.situacao) ? null : row.situacao)}
            aria-pressed={chosen}
            aria-label={`Filtrar por ${row.situacao}`}
          >
            <Paper withBorder p="xs" radius="md" bg={chosen ? 'var(--mantine-primary-color-light)' : undefined}>
              <Group justify="space-between" gap={4} wrap="nowrap">
                <InvoiceSituacaoBadge situacao={row.situacao} />
                <Text size="xs" c="dimmed">
                  {row.quantidade}
                </Text>
              </Group>
              <Text fw={600} mt={4}>
                {formatMoney(fromDecimal(row.valor))}
              </Text>
            </Paper>
          </UnstyledButton>
        );
      })}
    </SimpleGrid>
  );
}
