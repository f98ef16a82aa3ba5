/**
 * The point of sale's side panels and modals; `screen.panel` says which one is open. SalePanels: the sale's lines,
 * payments and people (F1, F3, F4, F6, F7, F8); ModePanels: the modes' choices (F5, Alt+C, Alt+V), the return's
 * credit and the finish.
 */
import type { OperationTotals } from '@pdv/domain/operation';
import { percentFromDecimal } from '@pdv/domain/money';
import { SUPERVISOR_PERMISSIONS } from '@pdv/domain/permissions';
import { effectiveLimits } from '@pdv/domain/price-limits';
import { localDb } from '../../../db/database.ts';
import { useSignedIn } from '../../auth/sessionContext.ts';
import { voucherHeldLocally } from '../../outbox/operations.ts';
import { tillCashback } from '../cashback.ts';
import type { OperationBundle } from '../../outbox/types.ts';
import type { SaleContext } from '../catalog.ts';
import * as draft from '../draft.ts';
import { FinishModal } from '../FinishModal.tsx';
import { useProductLimits } from '../lineLimits.ts';
import { ConsignmentStagesModal } from '../modes/consignment/ConsignmentStagesModal.tsx';
import { clearModeData, receiptBalance, receiptTotals, setReceiptDocuments, setReturnLines } from '../modes/modeDraft.ts';
import { ReceivablesPanel } from '../modes/receipt/ReceivablesPanel.tsx';
import { CreditModal } from '../modes/return/CreditModal.tsx';
import { ReturnSalePanel } from '../modes/return/ReturnSalePanel.tsx';
import { IssueVoucherModal } from '../modes/voucher/IssueVoucherModal.tsx';
import { routes } from '@pdv/contract/routes';
import { CustomerPanel } from '../panels/CustomerPanel.tsx';
import { DiscountPanel } from '../panels/DiscountPanel.tsx';
import { PaymentPanel } from '../panels/PaymentPanel.tsx';
import { ProductInfoPanel } from '../panels/ProductInfoPanel.tsx';
import { QuantityPanel } from '../panels/QuantityPanel.tsx';
import { SellerPanel } from '../panels/SellerPanel.tsx';
import { AltPanels } from './AltPanels.tsx';
import { customerHint, defaultModel, sellerRule } from '../useCheckout.ts';
import { modeOf, sellerRuleIn } from './pageSteps.ts';
import type { CheckoutScreen } from './useCheckoutScreen.ts';

interface Props {
  screen: CheckoutScreen;
  bundle: OperationBundle;
  context: SaleContext;
  totals: OperationTotals;
}

export function CheckoutPanels(props: Props) {
  return (
    <>
      <SalePanels {...props} />
      <ModePanels {...props} />
      <AltPanels screen={props.screen} bundle={props.bundle} />
    </>
  );
}

function SalePanels({ screen, bundle, context, totals }: Props) {
  const signedIn = useSignedIn();
  const usuario = signedIn.session.usuario;
  // The F6 quick save of a customer asks for its route's permission (the point of sale's, not the people register's).
  const quickSave = routes.personQuickCreate.permission;
  const canQuickSave = quickSave !== null && signedIn.ability.can(quickSave.action, quickSave.subject);
  const { pos, panel, selectedItem, close } = screen;
  const { update } = pos;
  const maxDiscount = percentFromDecimal(usuario.percentual_desconto_maximo);
  const receipt = bundle.operation.modo_operacao === 'Recebimento';
  const saldo = receipt ? receiptBalance(bundle) : totals.saldo;
  const productLimits = useProductLimits(localDb(), selectedItem?.id_produto_grade_filial ?? null);
  const userLimits = {
    percentual_desconto_maximo: maxDiscount,
    perc_max_aumento_preco_produto: percentFromDecimal(usuario.perc_max_aumento_preco_produto),
    perc_max_reducao_preco_produto: percentFromDecimal(usuario.perc_max_reducao_preco_produto),
  };
  // F3 holds a typed price to the limits the server applies: the product's own where set, else the user's (in %).
  const priceLimits = effectiveLimits(userLimits, productLimits ?? {});
  const priceLimitsPercent = {
    perc_max_aumento_preco_produto: priceLimits.perc_max_aumento_preco_produto / 100,
    perc_max_reducao_preco_produto: priceLimits.perc_max_reducao_preco_produto / 100,
  };
  // A supervisor's grant of a discount or price above the limit, recorded against this operation (origem 'operacao').
  const { supervisor } = screen;
  const authorizeLimit = (observacao: string) =>
    supervisor.ask(SUPERVISOR_PERMISSIONS.discountAboveLimit, { origem: 'operacao', id_origem: bundle.operation.id_operacao, observacao });
  return (
    <>
      {supervisor.modal}
      <QuantityPanel
        item={panel === 'quantity' ? selectedItem : null}
        limits={priceLimitsPercent}
        onClose={close}
        authorize={authorizeLimit}
        idFilial={pos.idFilial}
        onApply={async (quantidade, preco, authorization) => {
          if (!selectedItem) return false;
          const ok = await pos.changeQuantity(selectedItem.id_item, quantidade);
          if (ok && preco !== null) {
            update((b) => draft.setLimitAuthorization(draft.setUnitPrice(b, selectedItem.id_item, preco), authorization));
          }
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
        maxBp={{
          item: productLimits && effectiveLimits(userLimits, productLimits).percentual_desconto_maximo,
          total: maxDiscount,
        }}
        onClose={close}
        authorize={authorizeLimit}
        onApply={(target, value, authorization) => {
          if (target === 'item' && selectedItem) update((b) => draft.setLimitAuthorization(draft.setItemDiscount(b, selectedItem.id_item, value), authorization));
          else update((b) => draft.setLimitAuthorization(draft.setSubtotalDiscount(b, value), authorization));
          close();
        }}
      />
      <PaymentPanel
        opened={panel === 'payment'}
        context={context}
        idOperacao={bundle.operation.id_operacao}
        idCliente={bundle.operation.id_cliente}
        idFilial={pos.idFilial}
        saldo={saldo}
        pagamentos={bundle.pagamentos}
        voucherHeld={(id) => voucherHeldLocally(localDb(), id, bundle.operation.id_operacao)}
        cashback={async () => (bundle.operation.id_cliente == null ? null
          : tillCashback(localDb(), bundle.operation.id_cliente, pos.idFilial, bundle.operation.id_operacao))}
        onClose={close}
        onAdd={(payment) => {
          update((b) => draft.addPayment(b, payment));
          // F8 stays open for the next payment until the sale is covered.
          if (payment.valor_total >= saldo) close();
        }}
      />
      <CustomerPanel
        opened={panel === 'customer'}
        hint={customerHint(context)}
        canQuickSave={canQuickSave}
        onClose={screen.customerDone}
        onPick={(choice) => {
          // Another customer: the return's sale or the receipt's receivables chosen for the previous one no longer apply.
          update((b) =>
            b.operation.id_cliente === choice.id_cliente
              ? draft.setCustomer(b, choice, context.pricing ?? null)
              : clearModeData(draft.setCustomer(b, choice, context.pricing ?? null)),
          );
          screen.customerDone();
        }}
      />
      <SellerPanel
        opened={panel === 'seller'}
        sellers={context.sellers}
        current={bundle.operation.id_usuario_vendedor ?? usuario.id_usuario}
        required={sellerRuleIn(sellerRule(context), bundle.operation.modo_operacao) === 'obrigar'}
        asking={screen.askingSeller}
        onClose={close}
        onPick={screen.pickSeller}
      />
      <ProductInfoPanel
        opened={panel === 'info'}
        idGradeFilial={selectedItem?.id_produto_grade_filial ?? null}
        idFilial={pos.idFilial}
        onClose={close}
      />
    </>
  );
}

function ModePanels({ screen, bundle, context, totals }: Props) {
  const { pos, panel, close } = screen;
  const { update } = pos;
  const receipt = bundle.operation.modo_operacao === 'Recebimento';
  return (
    <>
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
      <CreditModal
        info={pos.credit}
        onClose={() => {
          pos.closeCredit();
          close();
        }}
      />
      <FinishModal
        opened={panel === 'finish'}
        proposed={defaultModel(context, pos.idFilial)}
        series={context.series}
        idFilial={pos.idFilial}
        total={receipt ? receiptTotals(bundle).devido : totals.liquido}
        troco={receipt ? receiptTotals(bundle).troco : totals.troco}
        onClose={close}
        modo={modeOf(bundle.operation.modo_operacao)}
        onConfirm={(modelo, tab) => {
          close();
          void pos.finish(modelo, tab);
        }}
      />
    </>
  );
}
