/** /checkout: the point of sale. Every action has an F-key shown beside it; the cashier never needs the mouse. */
import { useRef, useState } from 'react';
import { Grid, Group, Loader, Paper, Stack, Title } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { percentFromDecimal } from '@pdv/domain/money';
import { useSignedIn } from '../auth/sessionContext.ts';
import * as draft from './draft.ts';
import { FinishModal } from './FinishModal.tsx';
import { CustomerPanel } from './panels/CustomerPanel.tsx';
import { DiscountPanel } from './panels/DiscountPanel.tsx';
import { PaymentPanel } from './panels/PaymentPanel.tsx';
import { QuantityPanel } from './panels/QuantityPanel.tsx';
import { ProductSearch } from './ProductSearch.tsx';
import { ItemsTable, ShortcutList, TotalsPanel } from './SaleSummary.tsx';
import { defaultModel, useCheckout } from './useCheckout.ts';

type Panel = 'quantity' | 'discount' | 'payment' | 'customer' | 'finish' | null;

export function CheckoutPage() {
  const { session } = useSignedIn();
  const usuario = session.usuario;
  const pos = useCheckout();
  const { bundle, context, selected, setSelected, update } = pos;
  const [panel, setPanel] = useState<Panel>(null);
  const search = useRef<HTMLInputElement>(null);

  const close = () => {
    setPanel(null);
    setTimeout(() => search.current?.focus(), 0);
  };
  const selectedItem = bundle?.itens.find((i) => i.id_item === selected) ?? null;
  const totals = bundle ? draft.totalsOf(bundle) : null;

  const moveSelection = (step: number) => {
    if (!bundle || bundle.itens.length === 0) return;
    const index = bundle.itens.findIndex((i) => i.id_item === selected);
    const next = bundle.itens[Math.min(Math.max(index + step, 0), bundle.itens.length - 1)];
    if (next) setSelected(next.id_item);
  };

  const action = (key: string) => {
    if (!bundle) return;
    if (key === 'F2') return close();
    if (key === 'F3' && selectedItem) return setPanel('quantity');
    if (key === 'F4' && bundle.itens.length > 0) return setPanel('discount');
    if (key === 'F6') return setPanel('customer');
    if (key === 'F8') return setPanel('payment');
    if (key === 'F9') {
      const last = bundle.pagamentos.at(-1);
      if (last) update((b) => draft.removePayment(b, last.id_pagamento));
      return;
    }
    if (key === 'F10' && pos.validate()) return setPanel('finish');
    if (key === 'Del' && selectedItem) update((b) => draft.removeItem(b, selectedItem.id_item));
    if (key === 'Esc') return close();
  };

  // F-keys work everywhere, inside inputs too; Delete only when the field has nothing to delete.
  useHotkeys(
    [
      ['F2', () => action('F2')],
      ['F3', () => action('F3')],
      ['F4', () => action('F4')],
      ['F6', () => action('F6')],
      ['F8', () => action('F8')],
      ['F9', () => action('F9')],
      ['F10', () => action('F10')],
      ['ctrl+ArrowUp', () => moveSelection(-1)],
      ['ctrl+ArrowDown', () => moveSelection(1)],
      [
        'Delete',
        (event) => {
          const target = event.target as HTMLInputElement | null;
          if (panel !== null || (target?.tagName === 'INPUT' && target.value !== '')) return;
          event.preventDefault();
          action('Del');
        },
      ],
    ],
    [],
  );

  if (!bundle || !context || !totals) {
    return (
      <Group justify="center" py="xl">
        <Loader aria-label="Abrindo a operação" />
      </Group>
    );
  }
  const maxDiscount = percentFromDecimal(usuario.percentual_desconto_maximo);

  return (
    <Stack gap="sm">
      <Title order={1} size="h3">
        Ponto de venda
      </Title>
      <Grid>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="sm">
            <ProductSearch ref={search} onPick={pos.addHit} />
            <Paper withBorder>
              <ItemsTable
                bundle={bundle}
                selected={selected}
                onSelect={setSelected}
                onRemove={(id) => update((b) => draft.removeItem(b, id))}
              />
            </Paper>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="sm">
            <TotalsPanel bundle={bundle} totals={totals} onRemovePayment={(id) => update((b) => draft.removePayment(b, id))} />
            <Paper withBorder p="sm">
              <ShortcutList onAction={action} />
            </Paper>
          </Stack>
        </Grid.Col>
      </Grid>

      <QuantityPanel
        item={panel === 'quantity' ? selectedItem : null}
        limits={usuario}
        onClose={close}
        onApply={async (quantidade, preco) => {
          if (!selectedItem) return false;
          const ok = await pos.changeQuantity(selectedItem.id_item, quantidade);
          if (ok && preco !== null) update((b) => draft.setUnitPrice(b, selectedItem.id_item, preco));
          if (ok) close();
          return ok;
        }}
      />
      <DiscountPanel
        opened={panel === 'discount'}
        bases={{ item: selectedItem ? selectedItem.valor_sub_total : null, total: totals.bruto - totals.desconto + bundle.operation.valor_desconto_subtotal }}
        maxBp={maxDiscount}
        onClose={close}
        onApply={(target, value) => {
          if (target === 'item' && selectedItem) update((b) => draft.setItemDiscount(b, selectedItem.id_item, value));
          else update((b) => draft.setSubtotalDiscount(b, value));
          close();
        }}
      />
      <PaymentPanel
        opened={panel === 'payment'}
        context={context}
        idOperacao={bundle.operation.id_operacao}
        idCliente={bundle.operation.id_cliente}
        saldo={totals.saldo}
        onClose={close}
        onAdd={(payment) => {
          update((b) => draft.addPayment(b, payment));
          close();
        }}
      />
      <CustomerPanel
        opened={panel === 'customer'}
        onClose={close}
        onPick={(choice) => {
          update((b) => draft.setCustomer(b, choice));
          close();
        }}
      />
      <FinishModal
        opened={panel === 'finish'}
        proposed={defaultModel(context, pos.idFilial)}
        series={context.series}
        idFilial={pos.idFilial}
        total={totals.liquido}
        troco={totals.troco}
        onClose={close}
        onConfirm={(modelo, tab) => {
          close();
          void pos.finish(modelo, tab);
        }}
      />
    </Stack>
  );
}
