/**
 * The point of sale's screen decisions as values: what a key does, which panel opens, how F10 reaches the finish.
 * useCheckoutScreen.ts performs them; this module reads nothing and shows nothing.
 */
import { ORDER_MESSAGES } from '@pdv/domain/order-messages';
import { PRICE_MESSAGES } from '@pdv/domain/price-check';
import type { TipoPreco } from '@pdv/domain/item';
import type { OperationBundle, StoredItem } from '../../outbox/types.ts';
import { POS_MODES, type PosMode } from '../draft.ts';

/** The side panels and modals of the screen (one open at a time). */
export type Panel =
  | 'quantity'
  | 'discount'
  | 'payment'
  | 'customer'
  | 'seller'
  | 'info'
  | 'finish'
  | 'consignment'
  | 'origin'
  | 'issueVoucher'
  /** The side panels of 000 §2 opened by Alt keys: shipment, stock quantity by branch, search order. */
  | 'shipment'
  | 'stockByBranch'
  | 'searchOrder';

/** The side panels opened by an Alt key (000 §2 names the panels, not their keys), as keyCommand reads them. */
export const PANEL_KEYS: Readonly<Record<string, Panel>> = { 'Alt+T': 'shipment', 'Alt+Q': 'stockByBranch', 'Alt+P': 'searchOrder' };

/** F-keys of the screen (SaleSummary's SHORTCUTS shows them). */
export const F_KEYS = ['F1', 'F2', 'F3', 'F4', 'F5', 'F6', 'F7', 'F8', 'F9', 'F10'] as const;

/** Modes with a choice made on F5: the original sale of a return, the receivables of a receipt. */
const ORIGIN_MODES: ReadonlySet<string> = new Set(['Devolucao', 'Recebimento']);

/** F5 in a mode without an origin to choose: why nothing opens, and where it would. */
export const F5_NOT_IN_MODE =
  'F5 escolhe a venda de origem na Devolução e os títulos a receber no Recebimento. Troque o modo com Alt+M.';
/** Switching to Recebimento with lines on the sale: a receipt takes no items. */
export const RECEIPT_CLEARS_ITEMS = 'O recebimento não tem itens: remover os itens desta venda e passar para Recebimento?';

/** Modes whose lines are priced from the price table: the only ones where Alt+A switches the price type. */
const PRICED_MODES: ReadonlySet<string> = new Set(['Venda', 'Pedido', 'Orcamento', 'Consignacao']);
/** Alt+A in a mode whose lines are not priced from the table (a return, a receipt, a credit voucher). */
export const PRICE_TYPE_NOT_IN_MODE = 'O tipo de preço (Varejo/Atacado) só muda em venda, pedido, orçamento ou consignação.';

export const CONSIGNMENT_NEEDS_CUSTOMER = 'Informe um cliente para ver as consignações.';
/** Why Alt+V refuses: a voucher without a sale is a manager's credit; the voucher sale with its payment is the way to sell one. */
export const VOUCHER_NEEDS_MANAGER = ORDER_MESSAGES.giftCardCreditNeedsManager;

/** The operation's mode as the point of sale offers it (a mode not offered here reads as a sale). */
export function modeOf(value: string): PosMode {
  return POS_MODES.includes(value as PosMode) ? (value as PosMode) : 'Venda';
}

export type KeyCommand =
  | { kind: 'open'; panel: Panel }
  /** F7: the seller panel on its own (choosing closes it; it does not continue to the finish). */
  | { kind: 'chooseSeller' }
  | { kind: 'close' }
  | { kind: 'removePayment'; id: string }
  | { kind: 'finish' }
  | { kind: 'removeItem'; id: string }
  /** Alt+A: the sale's price type switched to `to` (draft.setPriceType). */
  | { kind: 'switchPriceType'; to: TipoPreco }
  /** A key that does nothing here, with the reason shown to the cashier. */
  | { kind: 'notice'; message: string }
  /** Ctrl+Del: cancel the sale in edit (its lines and payments are discarded). */
  | { kind: 'cancelSale' }
  | { kind: 'none' };

export interface KeyFacts {
  /** The sale as the page has it (null: still opening). */
  bundle: OperationBundle | null;
  /** The sale as drawn: a scanned line is drawn one frame before it reaches the page's state. */
  drawn: OperationBundle | null;
  /** The selected line as drawn. */
  drawnItem: StoredItem | null;
  /** 002 §3 tipo_preco_alterar false: the branch does not let the cashier switch the price type (Alt+A). */
  priceTypeLocked?: boolean;
}

/** What a key of the screen does (F1-F10, Alt+A, Del, Ctrl+Del, Esc), on the sale as the cashier sees it. */
export function keyCommand(key: string, { bundle, drawn, drawnItem, priceTypeLocked = false }: KeyFacts): KeyCommand {
  if (!bundle) return { kind: 'none' };
  switch (key) {
    case 'F1':
      return { kind: 'open', panel: 'info' };
    case 'F2':
    case 'Esc':
      return { kind: 'close' };
    case 'F3':
      return drawnItem ? { kind: 'open', panel: 'quantity' } : { kind: 'none' };
    case 'F4':
      return (drawn ?? bundle).itens.length > 0 ? { kind: 'open', panel: 'discount' } : { kind: 'none' };
    case 'F5':
      return ORIGIN_MODES.has(bundle.operation.modo_operacao)
        ? { kind: 'open', panel: 'origin' }
        : { kind: 'notice', message: F5_NOT_IN_MODE };
    case 'F6':
      return { kind: 'open', panel: 'customer' };
    case 'F7':
      return { kind: 'chooseSeller' };
    case 'F8':
      return { kind: 'open', panel: 'payment' };
    case 'F9': {
      const last = bundle.pagamentos.at(-1);
      return last ? { kind: 'removePayment', id: last.id_pagamento } : { kind: 'none' };
    }
    case 'F10':
      return { kind: 'finish' };
    case 'Del':
      return drawnItem ? { kind: 'removeItem', id: drawnItem.id_item } : { kind: 'none' };
    case 'Alt+A': {
      const sale = drawn ?? bundle;
      if (!PRICED_MODES.has(sale.operation.modo_operacao)) return { kind: 'notice', message: PRICE_TYPE_NOT_IN_MODE };
      if (priceTypeLocked) return { kind: 'notice', message: PRICE_MESSAGES.priceTypeLocked };
      return { kind: 'switchPriceType', to: sale.operation.tipo_preco === 'Atacado' ? 'Varejo' : 'Atacado' };
    }
    case 'Ctrl+Del': {
      const sale = drawn ?? bundle;
      return sale.itens.length > 0 || sale.pagamentos.length > 0 ? { kind: 'cancelSale' } : { kind: 'none' };
    }
    default: {
      const panel = PANEL_KEYS[key];
      return panel ? { kind: 'open', panel } : { kind: 'none' };
    }
  }
}

/** Delete acts on the selected line only when no panel is open and the focused field has nothing to delete. */
export function deleteRemovesLine(panelOpen: boolean, target: { tagName: string; value?: string } | null): boolean {
  return !panelOpen && !(target?.tagName === 'INPUT' && target.value !== '');
}

export type SellerRule = 'obrigar' | 'solicitar' | 'nenhum';

/** Modes that sell goods and so have a seller; the sale (Venda) is the one where the branch may require it. */
const SELLER_MODES: ReadonlySet<string> = new Set(['Venda', 'Pedido', 'Orcamento', 'Consignacao']);

/**
 * The branch's seller rule as it applies in a mode: a return, a receipt and a credit voucher ask for no seller; an
 * order, a quote and a consignment ask once when the branch asks or requires one (the requirement is the sale's, 000 §5).
 */
export function sellerRuleIn(rule: SellerRule, modo: string): SellerRule {
  if (!SELLER_MODES.has(modo)) return 'nenhum';
  return modo === 'Venda' || rule === 'nenhum' ? rule : 'solicitar';
}

/**
 * F10, first question: the seller, when the branch requires it (obrigar_vendedor_venda_pdv) or asks for it once per
 * sale (solicitar_vendedor_venda_pdv) in a mode that has one, and the sale has none yet. A sale without items hears
 * that first (the finishing validations), before any question.
 */
export function finishEntry(facts: {
  rule: SellerRule;
  bundle: OperationBundle;
  /** The operation whose seller was already asked. */
  sellerAskedFor: string | null;
  /** The branch's customer rule (obrigar is the finishing validation's: it refuses, then opens the search). */
  customerRule?: SellerRule;
  /** The operation whose customer was already asked. */
  customerAskedFor?: string | null;
}): 'askSeller' | 'askCustomer' | 'check' {
  const { bundle, sellerAskedFor } = facts;
  const rule = sellerRuleIn(facts.rule, bundle.operation.modo_operacao);
  if (bundle.itens.length === 0) return 'check';
  const missing = bundle.operation.id_usuario_vendedor === null;
  if (missing && (rule === 'obrigar' || (rule === 'solicitar' && sellerAskedFor !== bundle.operation.id_operacao))) {
    return 'askSeller';
  }
  // 002 §3 solicitar_cliente_venda_pdv: a sale without a customer (nor a CPF for the receipt) asks once for one.
  const noCustomer = bundle.operation.id_cliente === null && !bundle.operation.cliente_cpf_cnpj;
  if (bundle.operation.modo_operacao === 'Venda' && noCustomer && facts.customerRule === 'solicitar'
    && facts.customerAskedFor !== bundle.operation.id_operacao) {
    return 'askCustomer';
  }
  return 'check';
}

export type FinishGo =
  /** A finishing rule failed; once its warning is closed, the customer search (missing customer) or back to the sale. */
  | { kind: 'refused'; then: 'customer' | 'sale' }
  /** modo_finalizacao 'Imprimir': finished at once with its receipt, a sale with the branch's default model. */
  | { kind: 'finishNow'; withDefaultModel: boolean }
  /** modo_finalizacao 'Modal': the finish modal asks the document and the printing. */
  | { kind: 'openFinish' };

/** F10 after the seller question: the finishing validations' answer, then the branch's finish mode (000 §2, §5, §9). */
export function afterFinishCheck(facts: {
  /** The refusal's field (null: a refusal of no particular field); undefined when the validations passed. */
  refusedField: string | null | undefined;
  finishMode: 'Modal' | 'Imprimir';
  modo: string;
}): FinishGo {
  const { refusedField, finishMode, modo } = facts;
  if (refusedField !== undefined) return { kind: 'refused', then: refusedField === 'id_cliente' ? 'customer' : 'sale' };
  if (finishMode === 'Imprimir') return { kind: 'finishNow', withDefaultModel: modo === 'Venda' };
  return { kind: 'openFinish' };
}

/** Alt+C (consignment mode): the customer's consignments and their stages; the customer search first when none. */
export function consignmentStagesStep(bundle: OperationBundle | null): 'none' | 'needsCustomer' | 'open' {
  if (!bundle || bundle.operation.modo_operacao !== 'Consignacao') return 'none';
  return bundle.operation.id_cliente === null ? 'needsCustomer' : 'open';
}

/** Alt+V (credit-voucher mode): a voucher issued without a sale, for those who hold the manager's gift-card credit. */
export function issueVoucherStep(bundle: OperationBundle | null, canIssue: boolean): 'none' | 'refused' | 'open' {
  if (!bundle || bundle.operation.modo_operacao !== 'ValeCredito') return 'none';
  return canIssue ? 'open' : 'refused';
}

/** Ctrl+Up/Down: the line `step` away from the selected one, kept within the list (null: no lines). */
export function lineAfterMove(bundle: OperationBundle | null, selected: string | null, step: number): string | null {
  if (!bundle || bundle.itens.length === 0) return null;
  const index = bundle.itens.findIndex((i) => i.id_item === selected);
  return bundle.itens[Math.min(Math.max(index + step, 0), bundle.itens.length - 1)]?.id_item ?? null;
}

/** Alt+M (step 1) and Alt+Shift+M (step -1): the mode `step` away from `current`, round the list. */
export function modeAfter(current: string, step: 1 | -1): PosMode {
  const index = POS_MODES.indexOf(modeOf(current));
  return POS_MODES[(index + step + POS_MODES.length) % POS_MODES.length] ?? 'Venda';
}

/** A digit typed right after Alt+M: the mode shown with that digit (1 is the first), or null for any other key. */
export function modeOfDigit(key: string): PosMode | null {
  if (!/^[1-9]$/.test(key)) return null;
  return POS_MODES[Number(key) - 1] ?? null;
}

/**
 * Moving to mode `target`: nothing to do, a plain switch, or a confirmation first (Recebimento takes no items, so the
 * lines left from a sale are removed once the cashier says yes).
 */
export function modeSwitch(bundle: OperationBundle, target: PosMode): 'same' | 'switch' | 'confirmClearItems' {
  if (bundle.operation.modo_operacao === target) return 'same';
  return target === 'Recebimento' && bundle.itens.length > 0 ? 'confirmClearItems' : 'switch';
}

/** Modes whose next operation, once one is finished, opens in the same mode for the same customer. */
const STAYING_MODES: ReadonlySet<string> = new Set(['Consignacao', 'Recebimento']);

/** What the next operation keeps of a finished one: the consignment's or receipt's mode and customer (null: a fresh sale). */
export function carriedAfterFinish(bundle: OperationBundle): {
  modo_operacao: PosMode;
  id_cliente: number | null;
  cliente_nome: string | null;
  cliente_cpf_cnpj: string | null;
} | null {
  const { operation } = bundle;
  if (!STAYING_MODES.has(operation.modo_operacao)) return null;
  return {
    modo_operacao: modeOf(operation.modo_operacao),
    id_cliente: operation.id_cliente,
    cliente_nome: operation.cliente_nome,
    cliente_cpf_cnpj: operation.cliente_cpf_cnpj,
  };
}

/**
 * Removing a line or cancelling the sale (001 §6 supervisor override, SUPERVISOR_PERMISSIONS.removeItemOrCancelSale):
 * a user whose permissions hold the label does it alone (a cancel is confirmed first); anyone else needs a supervisor's
 * grant, recorded by the server against the operation (docs/decisions.md, "Removing a line and cancelling a sale").
 */
export function restrictedStep(
  actsAlone: boolean,
  kind: 'removeItem' | 'cancelSale',
  online = true,
): 'go' | 'confirm' | 'askSupervisor' {
  // Offline no supervisor can be checked (offline approval is out of scope): a till must still be able to take back a
  // wrong scan or drop a sale, so the cashier confirms instead and nothing is recorded (docs/decisions.md).
  if (!actsAlone && !online) return 'confirm';
  if (!actsAlone) return 'askSupervisor';
  return kind === 'cancelSale' ? 'confirm' : 'go';
}
