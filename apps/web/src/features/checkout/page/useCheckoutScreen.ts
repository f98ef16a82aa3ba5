/**
 * The point of sale screen's state and actions over useCheckout: which panel is open, the keyboard (every action has
 * an F-key; the cashier never needs the mouse) and the way F10 reaches the finish. The decisions are pageSteps.ts's.
 */
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { useHotkeys } from '@mantine/hooks';
import { MANAGER_PERMISSIONS, SUPERVISOR_PERMISSIONS } from '@pdv/domain/permissions';
import { useSignedIn } from '../../auth/sessionContext.ts';
import { useSupervisorAuthorization } from '../../authorization/useSupervisorAuthorization.tsx';
import { confirm } from '../../../ui/confirm.tsx';
import { showWarning } from '../../../ui/warning.tsx';
import * as draft from '../draft.ts';
import { clearModeData } from '../modes/modeDraft.ts';
import { defaultModel, finishMode, sellerRule, useCheckout } from '../useCheckout.ts';
import {
  CONSIGNMENT_NEEDS_CUSTOMER,
  F_KEYS,
  VOUCHER_NEEDS_MANAGER,
  afterFinishCheck,
  consignmentStagesStep,
  deleteRemovesLine,
  finishEntry,
  issueVoucherStep,
  keyCommand,
  lineAfterMove,
  restrictedStep,
  type Panel,
} from './pageSteps.ts';

export const CANCEL_SALE_QUESTION = 'Cancelar a venda em edição? Os itens e os pagamentos serão descartados.';

export type CheckoutScreen = ReturnType<typeof useCheckoutScreen>;

export function useCheckoutScreen() {
  const { ability } = useSignedIn();
  const canIssueVoucher = ability.can('manage', MANAGER_PERMISSIONS.giftCardCredit);
  /** Removes lines and cancels sales without a supervisor (pageSteps.restrictedStep). */
  const actsAlone = ability.can('manage', SUPERVISOR_PERMISSIONS.removeItemOrCancelSale);
  /** The supervisor modal of the screen (CheckoutPanels draws it): discounts and prices above the limit, removals. */
  const supervisor = useSupervisorAuthorization();
  const pos = useCheckout();
  const { bundle, context, selected, setSelected, update } = pos;
  const [panel, setPanel] = useState<Panel | null>(null);
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
    const next = lineAfterMove(bundle, selected, step);
    if (next !== null) setSelected(next);
  };

  /**
   * After the seller question: the finishing validations, then per the branch's modo_finalizacao either the finish
   * modal ('Modal': document and printing asked) or the sale finished at once with its receipt ('Imprimir').
   */
  const proceedToFinish = () => {
    if (!context) return;
    const refusal = pos.validate();
    const go = afterFinishCheck({
      refusedField: refusal ? refusal.field : undefined,
      finishMode: finishMode(context),
      modo: bundle?.operation.modo_operacao ?? '',
    });
    if (go.kind === 'refused') {
      // The warning says what is missing; once it is closed, a missing customer opens the customer search (000 §5),
      // anything else goes back to the sale. (The panel under the warning stays until then: it keeps the focus.)
      void refusal?.closed.then(() => {
        setAskingSeller(false);
        if (go.then === 'customer') setPanel('customer');
        else close();
      });
      return;
    }
    if (go.kind === 'finishNow') {
      // Opened during the key press, so that no pop-up blocker stops the receipt.
      const tab = window.open('', '_blank');
      close();
      void pos.finish(go.withDefaultModel ? defaultModel(context, pos.idFilial) : null, tab);
      return;
    }
    setAskingSeller(false);
    setPanel('finish');
  };

  const startFinish = () => {
    if (!bundle || !context) return;
    if (finishEntry({ rule: sellerRule(context), bundle, sellerAskedFor }) === 'askSeller') {
      setAskingSeller(true);
      setPanel('seller');
      return;
    }
    proceedToFinish();
  };

  /** The seller chosen in the seller panel; when F10 asked for it, on to the finish. */
  const pickSeller = (id: number | null) => {
    update((b) => draft.setSeller(b, id));
    if (bundle) setSellerAskedFor(bundle.operation.id_operacao);
    if (askingSeller) proceedToFinish();
    else close();
  };

  const openConsignmentStages = () => {
    const step = consignmentStagesStep(bundle);
    if (step === 'needsCustomer') void showWarning(CONSIGNMENT_NEEDS_CUSTOMER).then(() => setPanel('customer'));
    else if (step === 'open') setPanel('consignment');
  };

  const openIssueVoucher = () => {
    const step = issueVoucherStep(bundle, canIssueVoucher);
    if (step === 'refused') void showWarning(VOUCHER_NEEDS_MANAGER);
    else if (step === 'open') setPanel('issueVoucher');
  };

  /** Whether a removal or cancel may go on: alone, after a confirmation, or with a supervisor's grant. */
  const mayProceed = async (kind: 'removeItem' | 'cancelSale', observacao: string): Promise<boolean> => {
    const step = restrictedStep(actsAlone, kind);
    if (step === 'go') return true;
    if (step === 'confirm') return confirm(CANCEL_SALE_QUESTION);
    const id_origem = (pos.sale.get().bundle ?? bundle)?.operation.id_operacao ?? null;
    const granted = await supervisor.ask(SUPERVISOR_PERMISSIONS.removeItemOrCancelSale, { origem: 'operacao', id_origem, observacao });
    return granted !== null;
  };

  const removeLine = async (id: string) => {
    const item = (pos.sale.get().bundle ?? bundle)?.itens.find((i) => i.id_item === id);
    if (!item) return;
    if (await mayProceed('removeItem', `Remoção do item ${item.descricao}`)) pos.removeItem(id);
  };

  const cancelSale = async () => {
    if (!(await mayProceed('cancelSale', 'Cancelamento da venda'))) return;
    await pos.cancelSale();
    close();
  };

  const action = (key: string) => {
    // The supervisor modal is answered first (its fields take the keys).
    if (supervisor.asking) return;
    const command = keyCommand(key, { bundle, drawn: pos.sale.get().bundle, drawnItem: drawnItem() });
    switch (command.kind) {
      case 'open':
        return setPanel(command.panel);
      case 'chooseSeller':
        setAskingSeller(false);
        return setPanel('seller');
      case 'close':
        return close();
      case 'removePayment':
        return update((b) => draft.removePayment(b, command.id));
      case 'finish':
        return startFinish();
      case 'removeItem':
        return void removeLine(command.id);
      case 'cancelSale':
        return void cancelSale();
      case 'none':
        return;
    }
  };

  // The shortcut buttons get one stable callback that runs the latest `action` (they are not drawn again per line).
  const latestAction = useRef(action);
  useLayoutEffect(() => {
    latestAction.current = action;
  });
  const onShortcut = useCallback((key: string) => latestAction.current(key), []);
  const latestRemove = useRef(removeLine);
  useLayoutEffect(() => {
    latestRemove.current = removeLine;
  });
  /** The items table's remove button (stable, as the table asks). */
  const onRemoveLine = useCallback((id: string) => void latestRemove.current(id), []);
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
      ['ctrl+Delete', () => action('Ctrl+Del')],
      ['ctrl+ArrowUp', () => moveSelection(-1)],
      ['ctrl+ArrowDown', () => moveSelection(1)],
      [
        'Delete',
        (event) => {
          if (!deleteRemovesLine(panel !== null, event.target as HTMLInputElement | null)) return;
          event.preventDefault();
          action('Del');
        },
      ],
    ],
    [],
  );

  return {
    pos,
    panel,
    askingSeller,
    search,
    selectedItem,
    totals,
    canIssueVoucher,
    supervisor,
    onRemoveLine,
    close,
    pickSeller,
    proceedToFinish,
    openConsignmentStages,
    openIssueVoucher,
    onShortcut,
  };
}
