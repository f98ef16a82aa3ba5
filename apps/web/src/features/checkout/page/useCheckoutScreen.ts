/**
 * The point of sale screen's state and actions over useCheckout: which panel is open, the keyboard (every action has
 * an F-key; the cashier never needs the mouse) and the way F10 reaches the finish. The decisions are pageSteps.ts's.
 */
import { releasePayment } from '../terminal/releasePayment.ts';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useHotkeys } from '@mantine/hooks';
import { MANAGER_PERMISSIONS, SUPERVISOR_PERMISSIONS } from '@pdv/domain/permissions';
import { useSignedIn } from '../../auth/sessionContext.ts';
import { useSupervisorAuthorization } from '../../authorization/useSupervisorAuthorization.tsx';
import { confirm } from '../../../ui/confirm.tsx';
import { showWarning } from '../../../ui/warning.tsx';
import * as draft from '../draft.ts';
import { creditRefusalOf } from '../customerCredit.ts';
import { localDb, type LocalRow } from '../../../db/database.ts';
import { useLiveQuery } from '../../../db/useLiveQuery.ts';
import { clearModeData } from '../modes/modeDraft.ts';
import type { PosMode } from '../draft.ts';
import type { ProductHit } from '../catalog.ts';
import { scanGate } from '../search/scanGate.ts';
import type { OperationBundle } from '../../outbox/types.ts';
import { afterEscape } from '../../../ui/escapeKey.ts';
import { customerRule, defaultModel, editsOnInsert, finishMode, mayChangePriceType, sellerRule, useCheckout } from '../useCheckout.ts';
import {
  CONSIGNMENT_NEEDS_CUSTOMER,
  F_KEYS,
  RECEIPT_CLEARS_ITEMS,
  VOUCHER_NEEDS_MANAGER,
  afterFinishCheck,
  consignmentStagesStep,
  deleteRemovesLine,
  finishEntry,
  issueVoucherStep,
  keyCommand,
  lineAfterMove,
  modeAfter,
  modeOfDigit,
  modeSwitch,
  restrictedStep,
  type Panel,
} from './pageSteps.ts';

/**
 * How long after Alt+M a digit picks a mode directly: long enough to read the digits, short enough that a barcode
 * scanned after the mode was reached by Alt+M alone keeps its first digit.
 */
const MODE_DIGIT_MS = 1500;

export const CANCEL_SALE_QUESTION = 'Cancelar a venda em edição? Os itens e os pagamentos serão descartados.';
/** A sale on credit the customer's rules refuse (customerCredit.ts). */
export const CREDIT_TITLE = 'Venda a prazo bloqueada';
export const CREDIT_OFFLINE = 'Sem conexão, não é possível pedir a autorização do supervisor.';

/** Offline, where no supervisor can be asked (pageSteps.restrictedStep). */
export const REMOVE_ITEM_QUESTION = (what: string) => `${what}: sem conexão, não é possível pedir a autorização do supervisor. Remover o item mesmo assim?`;

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
  // The sale's customer as the local copy has it (its credit rules and open receivables), kept current by the sync.
  const idCliente = bundle?.operation.id_cliente ?? null;
  const readCustomer = useCallback(
    () => (idCliente === null ? Promise.resolve(undefined) : localDb().rows('people').get(idCliente)),
    [idCliente],
  );
  const customerRow = useLiveQuery<LocalRow | undefined>(readCustomer, undefined);
  const [panel, setPanelNow] = useState<Panel | null>(null);
  /** Opens `next` once the Esc being dispatched (if any) has reached every overlay: an Esc that closed one panel and
   * opened the next (the customer question skipped, then the finish) must not close the next one too. */
  const setPanel = (next: Panel | null) => (next === null ? setPanelNow(null) : afterEscape(() => setPanelNow(next)));
  /** The seller panel was opened by F10: choosing continues to the finish. */
  const [askingSeller, setAskingSeller] = useState(false);
  /** The operation whose seller was already asked (solicitar_vendedor_venda_pdv asks once per sale). */
  const [sellerAskedFor, setSellerAskedFor] = useState<string | null>(null);
  /** The customer panel was opened by F10 (solicitar_cliente_venda_pdv): choosing or skipping continues to the finish. */
  const [askingCustomer, setAskingCustomer] = useState(false);
  /** The operation whose customer was already asked (once per sale). */
  const [customerAskedFor, setCustomerAskedFor] = useState<string | null>(null);
  const search = useRef<HTMLInputElement>(null);
  /** Alt+M was just pressed: a digit now picks the mode shown with it. */
  const [pickingMode, setPickingMode] = useState(0);
  const pickUntil = useRef(0);
  /** The mode Alt+M reached that asks a confirmation, and the timer that asks it. */
  const pendingMode = useRef<{ target: PosMode; timer: ReturnType<typeof setTimeout> } | null>(null);
  const dropPendingMode = () => {
    if (pendingMode.current) clearTimeout(pendingMode.current.timer);
    const dropped = pendingMode.current?.target ?? null;
    pendingMode.current = null;
    return dropped;
  };

  const close = () => {
    setPanel(null);
    setAskingSeller(false);
    setAskingCustomer(false);
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
    setAskingCustomer(false);
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
    const goOn = (tab: Window | null) => {
      if (go.kind === 'finishNow') {
        close();
        void pos.finish(go.withDefaultModel ? defaultModel(context, pos.idFilial) : null, tab);
        return;
      }
      setAskingSeller(false);
      setPanel('finish');
    };
    const current = pos.sale.get().bundle ?? bundle;
    const refusedCredit = current ? creditRefusalOf(current, customerRow) : null;
    if (current && refusedCredit) {
      void creditGrant(refusedCredit, current.operation.id_operacao).then((id) => {
        if (id === null) return close();
        update((b) => draft.setCreditAuthorization(b, id));
        goOn(null);
      });
      return;
    }
    // Opened during the key press, so that no pop-up blocker stops the receipt.
    goOn(go.kind === 'finishNow' ? window.open('', '_blank') : null);
  };

  /**
   * A sale on credit the customer's rules refuse: the rule's message; online, the cashier may ask a supervisor's grant
   * (FncAutorizarLimiteCredito) that the server spends with the sale; offline no supervisor can be asked.
   */
  const creditGrant = async (message: string, id_origem: string): Promise<number | null> => {
    if (!navigator.onLine) {
      await showWarning(message, [CREDIT_OFFLINE]);
      return null;
    }
    if (!(await confirm(message, CREDIT_TITLE, { confirm: 'Pedir autorização', cancel: 'Voltar' }))) return null;
    return supervisor.ask(SUPERVISOR_PERMISSIONS.creditLimit, { origem: 'operacao', id_origem, observacao: message });
  };

  /** F10's questions (the seller, then the customer), each once per sale, then the finish. */
  const askOrFinish = (drawn: OperationBundle, askedSeller: string | null) => {
    if (!context) return;
    const entry = finishEntry({
      rule: sellerRule(context), bundle: drawn, sellerAskedFor: askedSeller, customerRule: customerRule(context), customerAskedFor,
    });
    if (entry === 'askSeller') {
      setAskingSeller(true);
      setPanel('seller');
      return;
    }
    if (entry === 'askCustomer') {
      setAskingSeller(false);
      setAskingCustomer(true);
      setCustomerAskedFor(drawn.operation.id_operacao);
      setPanel('customer');
      return;
    }
    proceedToFinish();
  };

  const startFinish = () => {
    if (!bundle || !context) return;
    // The sale as drawn: a line scanned in this frame counts (an empty sale skips the seller question).
    askOrFinish(pos.sale.get().bundle ?? bundle, sellerAskedFor);
  };

  /** The seller chosen in the seller panel; when F10 asked for it, on to the customer question or the finish. */
  const pickSeller = (id: number | null) => {
    update((b) => draft.setSeller(b, id));
    const asked = bundle ? bundle.operation.id_operacao : null;
    if (asked) setSellerAskedFor(asked);
    const after = pos.sale.get().bundle ?? bundle;
    if (askingSeller && after) askOrFinish(after, asked);
    else close();
  };

  /** The customer panel closed: when F10 asked for the customer (chosen or skipped), on to the finish. */
  const customerDone = () => {
    if (askingCustomer) proceedToFinish();
    else close();
  };

  /** A product from the search; the new line's quantity opens at once when the branch says so (abrir_edicao_inserir_item_pdv). */
  const onHit = async (hit: ProductHit, alongside?: () => void) => {
    if ((await pos.addHit(hit, alongside)) && editsOnInsert(context)) setPanel('quantity');
  };

  const openConsignmentStages = () => {
    const step = consignmentStagesStep(bundle);
    if (step === 'needsCustomer') void showWarning(CONSIGNMENT_NEEDS_CUSTOMER).then(() => setPanel('customer'));
    else if (step === 'open') setPanel('consignment');
  };

  /** Moves the sale to another mode; switching to Recebimento with lines asks first and removes them. */
  const switchMode = (target: PosMode) => {
    const current = pos.sale.get().bundle ?? bundle;
    if (!current) return;
    const step = modeSwitch(current, target);
    if (step === 'same') return;
    const apply = (clearItems: boolean) =>
      update((b) => {
        const emptied = clearItems ? draft.recompute({ ...b, itens: [], pagamentos: [] }) : b;
        return clearModeData(draft.setMode(emptied, target));
      });
    if (step === 'switch') return apply(false);
    void confirm(RECEIPT_CLEARS_ITEMS, 'Trocar para Recebimento').then((yes) => {
      if (yes) apply(true);
      setTimeout(() => search.current?.focus(), 0);
    });
  };

  /**
   * Alt+M (1) and Alt+Shift+M (-1). A mode that asks first (Recebimento with lines) is asked only once the moment for a
   * digit has passed without one: Alt+M then a digit passes over it without a question.
   */
  const stepMode = (step: 1 | -1) => {
    const current = pos.sale.get().bundle ?? bundle;
    if (!current) return;
    const from = pendingMode.current?.target ?? current.operation.modo_operacao;
    dropPendingMode();
    pickUntil.current = Date.now() + MODE_DIGIT_MS;
    setPickingMode((n) => n + 1);
    const target = modeAfter(from, step);
    if (modeSwitch(current, target) !== 'confirmClearItems') return switchMode(target);
    const timer = setTimeout(() => {
      pendingMode.current = null;
      latestSwitchMode.current(target);
    }, MODE_DIGIT_MS);
    pendingMode.current = { target, timer };
  };

  const openIssueVoucher = () => {
    const step = issueVoucherStep(bundle, canIssueVoucher);
    if (step === 'refused') void showWarning(VOUCHER_NEEDS_MANAGER);
    else if (step === 'open') setPanel('issueVoucher');
  };

  /** Whether a removal or cancel may go on: alone, after a confirmation, or with a supervisor's grant. */
  const mayProceed = async (kind: 'removeItem' | 'cancelSale', observacao: string): Promise<boolean> => {
    const step = restrictedStep(actsAlone, kind, navigator.onLine);
    if (step === 'go') return true;
    if (step === 'confirm') return confirm(kind === 'cancelSale' ? CANCEL_SALE_QUESTION : REMOVE_ITEM_QUESTION(observacao));
    const id_origem = (pos.sale.get().bundle ?? bundle)?.operation.id_operacao ?? null;
    const granted = await supervisor.ask(SUPERVISOR_PERMISSIONS.removeItemOrCancelSale, { origem: 'operacao', id_origem, observacao });
    return granted !== null;
  };

  const removePayment = async (id: string) => {
    const current = pos.sale.get().bundle ?? bundle;
    const payment = current?.pagamentos.find((p) => p.id_pagamento === id);
    if (!payment || !current) return;
    if (await releasePayment(payment, current.operation.id_filial)) update((b) => draft.removePayment(b, id));
  };
  const removeLine = async (id: string) => {
    const item = (pos.sale.get().bundle ?? bundle)?.itens.find((i) => i.id_item === id);
    if (!item) return;
    if (await mayProceed('removeItem', `Remoção do item ${item.descricao}`)) pos.removeItem(id);
  };

  const cancelSale = async () => {
    if (!(await mayProceed('cancelSale', 'Cancelamento da venda'))) return;
    // A card payment the terminal approved is cancelled on the terminal first (issue 28): the sale is dropped only
    // when every such payment has been released; one the terminal does not cancel keeps the sale, with its message.
    const current = pos.sale.get().bundle ?? bundle;
    for (const payment of current?.pagamentos ?? []) {
      if (!(await releasePayment(payment, current!.operation.id_filial))) return;
      update((b) => draft.removePayment(b, payment.id_pagamento));
    }
    await pos.cancelSale();
    close();
  };

  const action = (key: string) => {
    // A scan still being looked up comes first: the key acts on the sale with its line (keys act in the order pressed).
    if (scanGate.busy()) {
      void scanGate.idle().then(() => latestAction.current(key));
      return;
    }
    // The supervisor modal is answered first (its fields take the keys).
    if (supervisor.asking) return;
    const command = keyCommand(key, {
      bundle, drawn: pos.sale.get().bundle, drawnItem: drawnItem(), priceTypeLocked: context ? !mayChangePriceType(context) : false,
    });
    switch (command.kind) {
      case 'open':
        return setPanel(command.panel);
      case 'chooseSeller':
        setAskingSeller(false);
        return setPanel('seller');
      case 'close':
        return close();
      case 'removePayment':
        return void removePayment(command.id);
      case 'finish':
        return startFinish();
      case 'removeItem':
        return void removeLine(command.id);
      case 'notice':
        void showWarning(command.message).then(() => search.current?.focus());
        return;
      case 'cancelSale':
        return void cancelSale();
      case 'switchPriceType':
        return update((b) => draft.setPriceType(b, command.to));
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
  const latestRemovePayment = useRef(removePayment);
  useLayoutEffect(() => {
    latestRemovePayment.current = removePayment;
  });
  /** The totals panel's remove button: a card payment the terminal approved is cancelled there first (issue 28). */
  const onRemovePayment = useCallback((id: string) => void latestRemovePayment.current(id), []);
  const latestRemove = useRef(removeLine);
  useLayoutEffect(() => {
    latestRemove.current = removeLine;
  });
  /** The items table's remove button (stable, as the table asks). */
  const onRemoveLine = useCallback((id: string) => void latestRemove.current(id), []);
  const latestConsignment = useRef(openConsignmentStages);
  const latestIssueVoucher = useRef(openIssueVoucher);
  const latestStepMode = useRef(stepMode);
  const latestSwitchMode = useRef(switchMode);
  useLayoutEffect(() => {
    latestConsignment.current = openConsignmentStages;
    latestIssueVoucher.current = openIssueVoucher;
    latestStepMode.current = stepMode;
    latestSwitchMode.current = switchMode;
  });

  // Right after Alt+M a digit picks the mode shown with it (it does not reach the search box); any other key, or a
  // moment, ends the choice. The deadline lives in a ref, so a digit typed in the same frame as Alt+M is caught.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (pickUntil.current === 0 || ['Alt', 'Shift', 'Control', 'Meta'].includes(event.key)) return;
      if (event.altKey && event.code === 'KeyM') return;
      const live = Date.now() <= pickUntil.current;
      pickUntil.current = 0;
      setPickingMode(0);
      const pending = dropPendingMode();
      const target = live ? modeOfDigit(event.key) : null;
      if (!target) {
        // Another key: the mode Alt+M reached is asked for now.
        if (pending) latestSwitchMode.current(pending);
        return;
      }
      event.preventDefault();
      event.stopPropagation();
      latestSwitchMode.current(target);
    };
    window.addEventListener('keydown', onKey, true);
    return () => {
      window.removeEventListener('keydown', onKey, true);
      dropPendingMode();
    };
  }, []);
  useEffect(() => {
    if (pickingMode === 0) return;
    const timer = setTimeout(() => setPickingMode(0), MODE_DIGIT_MS);
    return () => clearTimeout(timer);
  }, [pickingMode]);

  // F-keys work everywhere, inside inputs too (the browser's own F1, F3, F7 are prevented); Delete only when the field
  // has nothing to delete.
  useHotkeys(
    [
      ...F_KEYS.map((key): [string, () => void] => [key, () => action(key)]),
      ['alt+M', () => latestStepMode.current(1)],
      ['alt+shift+M', () => latestStepMode.current(-1)],
      ['alt+C', () => latestConsignment.current()],
      ['alt+A', () => action('Alt+A')],
      ['alt+T', () => action('Alt+T')],
      ['alt+Q', () => action('Alt+Q')],
      ['alt+P', () => action('Alt+P')],
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
    askingCustomer,
    customerDone,
    onHit,
    search,
    selectedItem,
    totals,
    canIssueVoucher,
    supervisor,
    onRemoveLine,
    onRemovePayment,
    close,
    pickSeller,
    proceedToFinish,
    openConsignmentStages,
    openIssueVoucher,
    onShortcut,
    pickingMode: pickingMode > 0,
    switchMode,
  };
}
