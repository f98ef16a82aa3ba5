/** /checkout: the point of sale. Every action has an F-key shown beside it; the cashier never needs the mouse. */
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { Button, Grid, Group, Kbd, Loader, Paper, SegmentedControl, Stack, Title } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { percentFromDecimal } from '@pdv/domain/money';
import { useSignedIn } from '../auth/sessionContext.ts';
import * as draft from './draft.ts';
import { FinishModal } from './FinishModal.tsx';
import { CustomerPanel } from './panels/CustomerPanel.tsx';
import { DiscountPanel } from './panels/DiscountPanel.tsx';
import { PaymentPanel } from './panels/PaymentPanel.tsx';
import { ProductInfoPanel } from './panels/ProductInfoPanel.tsx';
import { QuantityPanel } from './panels/QuantityPanel.tsx';
import { SellerPanel } from './panels/SellerPanel.tsx';
import { ProductSearch } from './ProductSearch.tsx';
import { LiveItemsTable, LiveTotalsPanel, ShortcutList } from './SaleSummary.tsx';
import { defaultModel, finishMode, sellerRule, useCheckout } from './useCheckout.ts';
import { ModeBanner } from './modes/ModeBanner.tsx';
import { clearModeData, receiptBalance, receiptDue, setReceiptDocuments, setReturnLines } from './modes/modeDraft.ts';
import { ReceivablesPanel } from './modes/receipt/ReceivablesPanel.tsx';
import { CreditModal } from './modes/return/CreditModal.tsx';
import { ReturnSalePanel } from './modes/return/ReturnSalePanel.tsx';
import { showWarning } from '../../ui/warning.tsx';
import { ConsignmentStagesModal } from './modes/consignment/ConsignmentStagesModal.tsx';
import { setVoucherValue } from './modes/voucher/voucherDraft.ts';
import { VoucherValueBox } from './modes/voucher/VoucherValueBox.tsx';
import { IssueVoucherModal } from './modes/voucher/IssueVoucherModal.tsx';

/** The operation's mode as the point of sale offers it (a mode not offered here reads as a sale). */
const modeOf = (value: string): draft.PosMode => (draft.POS_MODES.includes(value as draft.PosMode) ? (value as draft.PosMode) : 'Venda');

type Panel = 'quantity' | 'discount' | 'payment' | 'customer' | 'seller' | 'info' | 'finish' | 'consignment' | 'origin' | 'issueVoucher' | null;

/** F-keys of the screen (SaleSummary's SHORTCUTS shows them). */
const F_KEYS = ['F1', 'F2', 'F3', 'F4', 'F5', 'F6', 'F7', 'F8', 'F9', 'F10'] as const;

/** Modes with a choice made on F5: the original sale of a return, the receivables of a receipt. */
const ORIGIN_MODES: ReadonlySet<string> = new Set(['Devolucao', 'Recebimento']);

export function CheckoutPage() {
  const { session, ability } = useSignedIn();
  const canIssueVoucher = ability.can('manage', 'FncPontoVenda');
  const usuario = session.usuario;
  const pos = useCheckout();
  const { bundle, context, selected, setSelected, update } = pos;
  const [panel, setPanel] = useState<Panel>(null);
  /** The seller panel was opened by F10: choosing continues to the finish. */
  const [askingSeller, setAskingSeller] = useState(false);
  /** The operation whose seller was already asked (solicitar_vendedor_venda_pdv asks once per sale). */
  const [sellerAskedFor, setSellerAskedFor] = useState<string | null>(null);
  const search = useRef<HTMLInputElement>(null);

  const close = () => {
    setPanel(null);
    setAskingSeller(false);
    setTimeout(() => search.current?.focus(), 0);
  };
  // What is drawn: a scanned line reaches the page's state one frame after the items table (useCheckout.addHit), and
  // a panel opened or a key pressed in that frame must act on the sale as the cashier sees it.
  const drawnItem = () => {
    const drawn = pos.sale.get();
    return drawn.bundle?.itens.find((i) => i.id_item === drawn.selected) ?? null;
  };
  const liveBundle = pos.sale.get().bundle ?? bundle;
  const selectedItem = drawnItem() ?? bundle?.itens.find((i) => i.id_item === selected) ?? null;
  const totals = liveBundle ? draft.totalsOf(liveBundle) : null;

  const moveSelection = (step: number) => {
    if (!bundle || bundle.itens.length === 0) return;
    const index = bundle.itens.findIndex((i) => i.id_item === selected);
    const next = bundle.itens[Math.min(Math.max(index + step, 0), bundle.itens.length - 1)];
    if (next) setSelected(next.id_item);
  };

  /**
   * After the seller question: the finishing validations, then per the branch's modo_finalizacao either the finish
   * modal ('Modal': document and printing asked) or the sale finished at once with its receipt ('Imprimir').
   */
  const proceedToFinish = () => {
    if (!context) return;
    const refusal = pos.validate();
    if (refusal) {
      // The warning says what is missing; once it is closed, a missing customer opens the customer search (000 §5),
      // anything else goes back to the sale. (The panel under the warning stays until then: it keeps the focus.)
      void refusal.closed.then(() => {
        setAskingSeller(false);
        if (refusal.field === 'id_cliente') setPanel('customer');
        else close();
      });
      return;
    }
    if (finishMode(context) === 'Imprimir') {
      // Opened during the key press, so that no pop-up blocker stops the receipt.
      const tab = window.open('', '_blank');
      close();
      void pos.finish(bundle?.operation.modo_operacao === 'Venda' ? defaultModel(context, pos.idFilial) : null, tab);
      return;
    }
    setAskingSeller(false);
    setPanel('finish');
  };

  const startFinish = () => {
    if (!bundle || !context) return;
    const rule = sellerRule(context);
    const missing = bundle.operation.id_usuario_vendedor === null;
    if (missing && (rule === 'obrigar' || (rule === 'solicitar' && sellerAskedFor !== bundle.operation.id_operacao))) {
      setAskingSeller(true);
      setPanel('seller');
      return;
    }
    proceedToFinish();
  };

  /** Alt+C (consignment mode): the customer's consignments and their stages; the customer search first when none. */
  const openConsignmentStages = () => {
    if (!bundle || bundle.operation.modo_operacao !== 'Consignacao') return;
    if (bundle.operation.id_cliente === null) {
      void showWarning('Informe um cliente para ver as consignações.').then(() => setPanel('customer'));
      return;
    }
    setPanel('consignment');
  };

  /** Alt+V (credit-voucher mode, managers): a voucher issued without a sale. */
  const openIssueVoucher = () => {
    if (!bundle || bundle.operation.modo_operacao !== 'ValeCredito') return;
    if (!canIssueVoucher) {
      void showWarning('Somente quem gerencia o ponto de venda pode emitir vale crédito sem venda.');
      return;
    }
    setPanel('issueVoucher');
  };

  const action = (key: string) => {
    if (!bundle) return;
    if (key === 'F1') return setPanel('info');
    if (key === 'F2') return close();
    if (key === 'F3' && drawnItem()) return setPanel('quantity');
    if (key === 'F4' && (pos.sale.get().bundle ?? bundle).itens.length > 0) return setPanel('discount');
    if (key === 'F5' && ORIGIN_MODES.has(bundle.operation.modo_operacao)) return setPanel('origin');
    if (key === 'F6') return setPanel('customer');
    if (key === 'F7') {
      setAskingSeller(false);
      return setPanel('seller');
    }
    if (key === 'F8') return setPanel('payment');
    if (key === 'F9') {
      const last = bundle.pagamentos.at(-1);
      if (last) update((b) => draft.removePayment(b, last.id_pagamento));
      return;
    }
    if (key === 'F10') return startFinish();
    const item = drawnItem();
    if (key === 'Del' && item) pos.removeItem(item.id_item);
    if (key === 'Esc') return close();
  };

  // The shortcut buttons get one stable callback that runs the latest `action` (they are not drawn again per line).
  const latestAction = useRef(action);
  useLayoutEffect(() => {
    latestAction.current = action;
  });
  const onShortcut = useCallback((key: string) => latestAction.current(key), []);
  const latestConsignment = useRef(openConsignmentStages);
  const latestIssueVoucher = useRef(openIssueVoucher);
  useLayoutEffect(() => {
    latestConsignment.current = openConsignmentStages;
    latestIssueVoucher.current = openIssueVoucher;
  });

  // F-keys work everywhere, inside inputs too (the browser's own F1, F3, F7 are prevented); Delete only when the field
  // has nothing to delete.
  useHotkeys(
    [
      ...F_KEYS.map((key): [string, () => void] => [key, () => action(key)]),
      ['alt+M', () => update((b) => clearModeData(draft.setMode(b, draft.nextMode(b.operation.modo_operacao))))],
      ['alt+C', () => latestConsignment.current()],
      ['alt+V', () => latestIssueVoucher.current()],
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
  const receipt = bundle.operation.modo_operacao === 'Recebimento';

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={1} size="h3">
          Ponto de venda
        </Title>
        <Group gap={6}>
          <Kbd size="xs">Alt+M</Kbd>
          <SegmentedControl
            aria-label="Modo da operação"
            size="xs"
            value={modeOf(bundle.operation.modo_operacao)}
            data={draft.POS_MODES.map((m) => ({ value: m, label: draft.POS_MODE_LABEL[m] }))}
            onChange={(value) => update((b) => clearModeData(draft.setMode(b, modeOf(value))))}
          />
        </Group>
      </Group>
      <Grid>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="sm">
            {bundle.operation.modo_operacao === 'ValeCredito' ? (
              <VoucherValueBox
                ref={search}
                current={totals.liquido}
                onApply={(valor) => {
                  try {
                    update((b) => setVoucherValue(b, context, valor));
                  } catch (error) {
                    void showWarning(error instanceof Error ? error.message : String(error));
                  }
                }}
              />
            ) : (
              <ProductSearch ref={search} onPick={pos.addHit} />
            )}
            <ModeBanner bundle={bundle} />
            {bundle.operation.modo_operacao === 'ValeCredito' && canIssueVoucher && (
              <Group gap={6}>
                <Button variant="light" size="xs" onClick={openIssueVoucher}>
                  Emitir vale sem venda
                </Button>
                <Kbd size="xs">Alt+V</Kbd>
              </Group>
            )}
            {bundle.operation.modo_operacao === 'Consignacao' && (
              <Group gap={6}>
                <Button variant="light" size="xs" onClick={openConsignmentStages}>
                  Etapas da consignação
                </Button>
                <Kbd size="xs">Alt+C</Kbd>
              </Group>
            )}
            <Paper withBorder>
              <LiveItemsTable sale={pos.sale} onSelect={setSelected} onRemove={pos.removeItem} />
            </Paper>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="sm">
            <LiveTotalsPanel
              sale={pos.sale}
              sellers={context.sellers}
              onRemovePayment={(id) => update((b) => draft.removePayment(b, id))}
            />
            <Paper withBorder p="sm">
              <ShortcutList onAction={onShortcut} />
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
        bases={{
          item: selectedItem ? selectedItem.valor_sub_total : null,
          total: totals.bruto - totals.desconto + bundle.operation.valor_desconto_subtotal,
        }}
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
        idFilial={pos.idFilial}
        saldo={receipt ? receiptBalance(bundle) : totals.saldo}
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
          // Another customer: the return's sale or the receipt's receivables chosen for the previous one no longer apply.
          update((b) => (b.operation.id_cliente === choice.id_cliente ? draft.setCustomer(b, choice) : clearModeData(draft.setCustomer(b, choice))));
          close();
        }}
      />
      <SellerPanel
        opened={panel === 'seller'}
        sellers={context.sellers}
        current={bundle.operation.id_usuario_vendedor ?? usuario.id_usuario}
        required={sellerRule(context) === 'obrigar'}
        asking={askingSeller}
        onClose={close}
        onPick={(id) => {
          update((b) => draft.setSeller(b, id));
          setSellerAskedFor(bundle.operation.id_operacao);
          if (askingSeller) proceedToFinish();
          else close();
        }}
      />
      <ProductInfoPanel
        opened={panel === 'info'}
        idGradeFilial={selectedItem?.id_produto_grade_filial ?? null}
        idFilial={pos.idFilial}
        onClose={close}
      />
      <IssueVoucherModal opened={panel === 'issueVoucher'} idCliente={bundle.operation.id_cliente} onClose={close} />
      <ConsignmentStagesModal
        opened={panel === 'consignment'}
        idCliente={bundle.operation.id_cliente}
        clienteNome={bundle.operation.cliente_nome}
        onClose={close}
      />
      <ReturnSalePanel
        opened={panel === 'origin' && bundle.operation.modo_operacao === 'Devolucao'}
        idCliente={bundle.operation.id_cliente}
        onClose={close}
        onApply={(sale, quantities) => {
          update((b) => setReturnLines(b, sale, quantities));
          close();
        }}
      />
      <ReceivablesPanel
        opened={panel === 'origin' && receipt}
        idCliente={bundle.operation.id_cliente}
        chosen={bundle.operation.documentos_financeiros ?? []}
        onClose={close}
        onApply={(documents) => {
          update((b) => setReceiptDocuments(b, documents));
          close();
        }}
      />
      <CreditModal info={pos.credit} onClose={() => {
        pos.closeCredit();
        close();
      }} />
      <FinishModal
        opened={panel === 'finish'}
        proposed={defaultModel(context, pos.idFilial)}
        series={context.series}
        idFilial={pos.idFilial}
        total={receipt ? receiptDue(bundle) : totals.liquido}
        troco={receipt ? Math.max(0, totals.pago - receiptDue(bundle)) : totals.troco}
        onClose={close}
        modo={modeOf(bundle.operation.modo_operacao)}
        onConfirm={(modelo, tab) => {
          close();
          void pos.finish(modelo, tab);
        }}
      />
    </Stack>
  );
}
