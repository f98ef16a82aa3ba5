/** The lines of the sale and its totals, always visible; the selected line is the one F3, F4 and Del act on. */
import { memo } from 'react';
import { ActionIcon, Button, Group, Kbd, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { formatCpfCnpj } from '@pdv/domain/documents';
import { formatMoney, formatQuantity } from '@pdv/domain/money';
import { formatDay } from '@pdv/domain/return-rules';
import type { OperationTotals } from '@pdv/domain/operation';
import type { OperationBundle, StoredItem } from '../outbox/types.ts';
import type { Seller } from './catalog.ts';
import { totalsOf } from './draft.ts';
import { documentDue, receiptTotals } from './modes/modeDraft.ts';
import { useSaleView, type SaleView } from './saleView.ts';

/**
 * The items table of the sale as drawn now (saleView.ts): a scanned line redraws it without the page. `onSelect` and
 * `onRemove` are stable, so the page's own renders skip it.
 */
export const LiveItemsTable = memo(function LiveItemsTable({
  sale,
  onSelect,
  onRemove,
}: {
  sale: SaleView;
  onSelect: (id: string) => void;
  onRemove: (id: string) => void;
}) {
  const { bundle, selected } = useSaleView(sale);
  return bundle ? <ItemsTable bundle={bundle} selected={selected} onSelect={onSelect} onRemove={onRemove} /> : null;
});

/** The totals of the sale as drawn now (saleView.ts), with the seller's name when the sale has one. */
export function LiveTotalsPanel({
  sale,
  sellers,
  onRemovePayment,
}: {
  sale: SaleView;
  sellers: readonly Seller[];
  onRemovePayment: (id: string) => void;
}) {
  const { bundle } = useSaleView(sale);
  if (!bundle) return null;
  const seller = sellers.find((s) => s.id_usuario === bundle.operation.id_usuario_vendedor) ?? null;
  return <TotalsPanel bundle={bundle} totals={totalsOf(bundle)} seller={seller?.nome ?? null} onRemovePayment={onRemovePayment} />;
}

export function ItemsTable({
  bundle,
  selected,
  onSelect,
  onRemove,
}: {
  bundle: OperationBundle;
  selected: string | null;
  onSelect: (id: string) => void;
  onRemove: (id: string) => void;
}) {
  if (bundle.itens.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="xl">
        Nenhum item. Leia o código de barras ou pesquise o produto (F2).
      </Text>
    );
  }
  return (
    // A narrow screen scrolls the table sideways (SaleLayout) rather than squeeze the description or the amounts.
    <Table aria-label="Itens da venda" striped miw={ITEMS_MIN_WIDTH}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>#</Table.Th>
          <Table.Th miw={DESCRIPTION_MIN_WIDTH}>Produto</Table.Th>
          <Table.Th ta="right">Qtd.</Table.Th>
          <Table.Th ta="right">Unitário</Table.Th>
          <Table.Th ta="right">Desconto</Table.Th>
          <Table.Th ta="right">Total</Table.Th>
          <Table.Th />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {bundle.itens.map((item, index) => (
          <ItemRow
            key={item.id_item}
            item={item}
            position={index + 1}
            selected={item.id_item === selected}
            onSelect={onSelect}
            onRemove={onRemove}
          />
        ))}
      </Table.Tbody>
    </Table>
  );
}

const NOWRAP = { whiteSpace: 'nowrap' } as const;
/** The description keeps room for a readable name; the amounts never wrap (1024 × 768 with the menu open). */
const DESCRIPTION_MIN_WIDTH = 180;
const ITEMS_MIN_WIDTH = 560;

interface ItemRowProps {
  item: StoredItem;
  position: number;
  selected: boolean;
  onSelect: (id: string) => void;
  onRemove: (id: string) => void;
}

/** A line; drawn again only when what it shows changed (every change of the sale recomputes all lines). */
const ItemRow = memo(
  function ItemRow({ item, position, selected, onSelect, onRemove }: ItemRowProps) {
    return (
      <Table.Tr
        aria-selected={selected}
        bg={selected ? 'var(--mantine-primary-color-light)' : undefined}
        onClick={() => onSelect(item.id_item)}
      >
        <Table.Td>{position}</Table.Td>
        <Table.Td>
          {item.descricao}
          {item.is_atacarejo && (
            <Text span size="xs" c="teal" ml={6}>
              atacado
            </Text>
          )}
          {item.id_promocao != null && (
            <Text span size="xs" c="orange" ml={6}>
              promoção
            </Text>
          )}
        </Table.Td>
        <Table.Td ta="right" style={NOWRAP}>
          {formatQuantity(item.quantidade)}
        </Table.Td>
        <Table.Td ta="right" style={NOWRAP}>
          {formatMoney(item.valor_unitario)}
        </Table.Td>
        <Table.Td ta="right" style={NOWRAP}>
          {item.valor_desconto > 0 ? `-${formatMoney(item.valor_desconto)}` : ''}
        </Table.Td>
        <Table.Td ta="right" style={NOWRAP}>
          {formatMoney(item.valor_total)}
        </Table.Td>
        <Table.Td>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Remover ${item.descricao}`}
            title="Remover (Del)"
            onClick={() => onRemove(item.id_item)}
          >
            ×
          </ActionIcon>
        </Table.Td>
      </Table.Tr>
    );
  },
  (a, b) =>
    a.position === b.position &&
    a.selected === b.selected &&
    a.onSelect === b.onSelect &&
    a.onRemove === b.onRemove &&
    a.item.id_item === b.item.id_item &&
    a.item.descricao === b.item.descricao &&
    a.item.is_atacarejo === b.item.is_atacarejo &&
    a.item.id_promocao === b.item.id_promocao &&
    a.item.quantidade === b.item.quantidade &&
    a.item.valor_unitario === b.item.valor_unitario &&
    a.item.valor_desconto === b.item.valor_desconto &&
    a.item.valor_total === b.item.valor_total,
);

const Line = ({ label, value, strong }: { label: string; value: string; strong?: boolean }) => (
  <Group justify="space-between" wrap="nowrap">
    <Text size={strong ? 'lg' : 'sm'} fw={strong ? 700 : 400}>
      {label}
    </Text>
    <Text size={strong ? 'xl' : 'sm'} fw={strong ? 700 : 500} aria-label={label}>
      {value}
    </Text>
  </Group>
);

export function TotalsPanel({
  bundle,
  totals,
  seller,
  onRemovePayment,
}: {
  bundle: OperationBundle;
  totals: OperationTotals;
  /** The seller's name, when the sale has one. */
  seller: string | null;
  onRemovePayment: (id: string) => void;
}) {
  const { operation } = bundle;
  const receipt = operation.modo_operacao === 'Recebimento' ? receiptTotals(bundle) : null;
  // What the customer earns with this sale (draft.ts recompute: domain saleCashback).
  const cashback = bundle.itens.reduce((t, i) => t + (i.is_cancelado ? 0 : i.valor_cashback), 0);
  return (
    <Paper withBorder p="sm" role="region" aria-label="Totais">
      <Stack gap={4}>
        {receipt ? (
          // A receipt has no lines: it pays the chosen receivables, and its change is what cash paid above them.
          <>
            {(operation.documentos_financeiros ?? []).map((d) => (
              <Group key={d.id_documento_financeiro} justify="space-between" wrap="nowrap" aria-label="Título a receber">
                <Text size="xs">
                  Título {d.numero}/{d.sequencia} · venc. {formatDay(d.data_vencimento.slice(0, 10))}
                </Text>
                <Text size="xs">{formatMoney(documentDue(d))}</Text>
              </Group>
            ))}
            <Line label="Total" value={formatMoney(receipt.devido)} strong />
            <Line label="Pago" value={formatMoney(receipt.pago)} />
            <Line label="Saldo" value={formatMoney(receipt.saldo)} />
            <Line label="Troco" value={formatMoney(receipt.troco)} strong />
          </>
        ) : (
          <>
            <Line label="Bruto" value={formatMoney(totals.bruto)} />
            <Line label="Desconto" value={formatMoney(totals.desconto)} />
            <Line label="Total" value={formatMoney(totals.liquido)} strong />
          </>
        )}
        {receipt ? null : operation.modo_operacao === 'Devolucao' ? (
          // A return is not paid: its total becomes the customer's credit.
          <Line label="Crédito a gerar" value={formatMoney(totals.liquido)} strong />
        ) : (
          <>
            <Line label="Pago" value={formatMoney(totals.pago)} />
            <Line label="Saldo" value={formatMoney(totals.saldo)} />
            <Line label="Troco" value={formatMoney(totals.troco)} strong />
          </>
        )}
        {cashback > 0 && <Line label="Cashback da compra" value={formatMoney(cashback)} />}
        {bundle.pagamentos.map((p) => (
          <Group key={p.id_pagamento} justify="space-between" wrap="nowrap">
            <Text size="xs">
              {p.meio_pagamento?.descricao}
              {p.quantidade_parcelas > 1 ? ` (${p.quantidade_parcelas}x)` : ''}
              {p.operadora_nome ? ` · ${p.operadora_nome}` : ''}
            </Text>
            <Group gap={4} wrap="nowrap">
              <Text size="xs">{formatMoney(p.valor_total)}</Text>
              <ActionIcon
                size="xs"
                variant="subtle"
                color="red"
                aria-label="Remover pagamento"
                onClick={() => onRemovePayment(p.id_pagamento)}
              >
                ×
              </ActionIcon>
            </Group>
          </Group>
        ))}
        {!receipt && operation.modo_operacao !== 'Devolucao' && (
          <Text size="xs" c="dimmed" aria-label="Tipo de preço">
            Preço: {operation.tipo_preco === 'Atacado' ? 'Atacado' : 'Varejo'} (Alt+A)
          </Text>
        )}
        {seller && (
          <Text size="xs" c="dimmed">
            Vendedor: {seller}
          </Text>
        )}
        {(operation.cliente_nome || operation.cliente_cpf_cnpj) && (
          <Text size="xs" c="dimmed">
            Cliente: {operation.cliente_nome ?? ''} {formatCpfCnpj(operation.cliente_cpf_cnpj ?? '')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

export const SHORTCUTS: ReadonlyArray<[string, string]> = [
  ['F1', 'Informações do produto'],
  ['F2', 'Pesquisar produto'],
  ['F3', 'Quantidade e preço'],
  ['F4', 'Desconto'],
  ['F5', 'Venda de origem / títulos'],
  ['F6', 'Cliente'],
  ['F7', 'Vendedor'],
  ['F8', 'Pagamento'],
  ['F9', 'Remover último pagamento'],
  ['F10', 'Finalizar'],
  ['Alt+A', 'Varejo / Atacado'],
  ['Alt+T', 'Frete'],
  ['Alt+Q', 'Estoque por filial'],
  ['Alt+P', 'Buscar pedido'],
  ['Del', 'Remover item'],
  ['Ctrl+Del', 'Cancelar venda'],
  ['Esc', 'Fechar painel'],
];

/** The screen's actions as buttons, each with its key beside it (the keys work without them). `onAction` is stable. */
export const ShortcutList = memo(function ShortcutList({ onAction }: { onAction: (key: string) => void }) {
  return (
    <Stack gap={4} aria-label="Atalhos">
      <SimpleGrid cols={{ base: 1, xl: 2 }} spacing={4} verticalSpacing={4}>
        {SHORTCUTS.map(([key, label]) => (
          <Button
            key={key}
            variant="default"
            size="compact-sm"
            justify="flex-start"
            leftSection={<Kbd size="xs">{key}</Kbd>}
            onClick={() => onAction(key)}
            tabIndex={-1}
            styles={{ label: { fontWeight: 400 } }}
          >
            {label}
          </Button>
        ))}
      </SimpleGrid>
      <Group gap={6} wrap="nowrap">
        <Kbd size="xs">Ctrl+↑/↓</Kbd>
        <Text size="xs">Selecionar item</Text>
      </Group>
    </Stack>
  );
});
