/**
 * The operation: the local draft of a sale, order or invoice (000 §3.2), and its derived values. Amounts are
 * centavos, quantities thousandths (money.ts).
 *
 * - valor_total: gross, the sum of the active lines' valor_sub_total;
 * - valor_desconto: the lines' discounts, including their shares of a subtotal discount;
 * - valor_acrescimo: surcharge, frete + seguro + outros;
 * - net (liquido): valor_total - valor_desconto + valor_acrescimo, which is also the sum of the lines' nets plus the
 *   surcharge;
 * - saldo: net - paid when positive (still due); valor_troco: paid - net when positive (change).
 */
import { distribute, distributeDiscount } from './distribute.ts';
import { ValidationError } from './errors.ts';
import { computeItemTotals, withItemTotals, type Item, type ItemAmounts, type TipoPreco } from './item.ts';
import { MESSAGES } from './messages.ts';
import { sum, type Cents, type Milli } from './money.ts';
import type { OperationOrigin, OperationState } from './operation-state.ts';
import type { Payment } from './payment.ts';

export const MODO_OPERACAO = {
  Venda: 'Venda',
  Consignacao: 'Consignacao',
  Devolucao: 'Devolucao',
  Pedido: 'Pedido',
  Orcamento: 'Orcamento',
  Recebimento: 'Recebimento',
  ValeCredito: 'ValeCredito',
} as const;
export type ModoOperacao = (typeof MODO_OPERACAO)[keyof typeof MODO_OPERACAO];

/** The modes' pt-BR names, as they read in 'Informe um cliente para concluir a operação de {mode}.' */
export const MODO_OPERACAO_NOME: Readonly<Record<ModoOperacao, string>> = {
  Venda: 'venda',
  Consignacao: 'consignação',
  Devolucao: 'devolução',
  Pedido: 'pedido',
  Orcamento: 'orçamento',
  Recebimento: 'recebimento',
  ValeCredito: 'vale crédito',
};

/** Fiscal document models (codigo_modelo). */
export const MODELO_DOCUMENTO = { NFe: '55', NFCe: '65', SAT: '59' } as const;

export interface OperationCosts {
  frete: Cents;
  seguro: Cents;
  outros: Cents;
}

export interface Operation extends OperationCosts {
  /** Client-generated UUID: the idempotency key of POST /api/operacao. */
  id_operacao: string;
  origem: OperationOrigin;
  modo_operacao: ModoOperacao;
  /** The fiscal document model to issue ('55', '65', '59'), or null for none (pre-sale, order, quote). */
  modelo: string | null;
  situacao: OperationState;
  erro: string | null;
  data_inicio: string;
  data_fim: string | null;
  id_filial: number;
  id_usuario: number;
  id_cliente: number | null;
  id_usuario_vendedor: number | null;
  id_transportadora: number | null;
  valor_total: Cents;
  valor_desconto: Cents;
  valor_acrescimo: Cents;
  valor_pago: Cents;
  valor_troco: Cents;
  saldo: Cents;
  valor_cashback: Cents;
  valor_cashback_resgatado: Cents;
  /** Customer store credit used in this operation. */
  saldo_pessoa_usado: Cents;
  id_cenario_fiscal_padrao: number | null;
  id_tabela_preco: number | null;
  tipo_preco: TipoPreco;
  indicador_presenca: number;
  tipo_frete: number;
  id_serie_fiscal: number | null;
  nsu: number | null;
  id_endereco_estoque: number | null;
  modoFinalizacao: 'Modal' | 'Imprimir';
  id_pedido: number | null;
  id_nota_fiscal: number | null;
  id_autorizacao_limite: number | null;
  id_vale_credito: number | null;
  observacao: string | null;
  itens: Item[];
  pagamentos: Payment[];
}

export interface OperationTotals {
  bruto: Cents;
  desconto: Cents;
  /** frete + seguro + outros. */
  acrescimo: Cents;
  /** bruto - desconto + acrescimo. */
  liquido: Cents;
  pago: Cents;
  /** Still due: liquido - pago when positive, else 0. */
  saldo: Cents;
  /** Change: pago - liquido when positive, else 0. */
  troco: Cents;
}

type CountedItem = ItemAmounts & Pick<Item, 'is_cancelado'>;

export function surcharge(costs: OperationCosts): Cents {
  return sum([costs.frete, costs.seguro, costs.outros]);
}

/** The operation's totals from its lines' amounts, its payments and its costs (cancelled lines do not count). */
export function computeOperationTotals(
  items: readonly CountedItem[],
  payments: readonly Pick<Payment, 'valor_total'>[],
  costs: OperationCosts,
): OperationTotals {
  let bruto = 0;
  let desconto = 0;
  for (const item of items) {
    if (item.is_cancelado) continue;
    const totals = computeItemTotals(item);
    bruto += totals.bruto;
    desconto += totals.desconto;
  }
  const acrescimo = surcharge(costs);
  const liquido = bruto - desconto + acrescimo;
  const pago = sum(payments.map((payment) => payment.valor_total));
  return {
    bruto,
    desconto,
    acrescimo,
    liquido,
    pago,
    saldo: Math.max(0, liquido - pago),
    troco: Math.max(0, pago - liquido),
  };
}

/** What a line is worth before the subtotal discount: its gross less its own discount (0 when cancelled). */
function worthBeforeSubtotalDiscount(item: CountedItem): Cents {
  if (item.is_cancelado) return 0;
  return computeItemTotals({ ...item, valor_desconto_subtotal: 0 }).liquido;
}

/**
 * 000 §5: a discount on the operation's subtotal spread over the active lines in proportion to what each is worth
 * (gross less its own discount), the rounding remainder to the first line; no line's share exceeds its worth.
 * Cancelled lines get 0. A discount of 0 clears the shares. Refuses a negative discount and one above the lines'
 * worth, with the user-facing message.
 */
export function applySubtotalDiscount<T extends CountedItem>(items: readonly T[], discount: Cents): T[] {
  if (discount < 0) throw new ValidationError(MESSAGES.discountNegative, 'valor_desconto');
  const worth = items.map(worthBeforeSubtotalDiscount).map((value) => Math.max(0, value));
  if (discount > sum(worth)) throw new ValidationError(MESSAGES.discountAboveItems, 'valor_desconto');
  const shares = distributeDiscount(discount, worth);
  return items.map((item, index) => withItemTotals({ ...item, valor_desconto_subtotal: shares[index] ?? 0 }));
}

/**
 * The operation's freight, insurance and other costs spread over the active lines in proportion to their gross
 * (an NF-e carries them per line and the lines must add up to the totals), the remainder to the first line.
 */
export function applyOperationCosts<T extends CountedItem & OperationCosts>(
  items: readonly T[],
  costs: OperationCosts,
): T[] {
  const weights = items.map((item) => (item.is_cancelado ? 0 : Math.max(0, computeItemTotals(item).bruto)));
  const spread = (total: Cents) =>
    sum(weights) === 0 ? weights.map(() => 0) : distribute(total, weights, { remainder: 'first' });
  const frete = spread(costs.frete);
  const seguro = spread(costs.seguro);
  const outros = spread(costs.outros);
  return items.map((item, index) => ({
    ...item,
    frete: frete[index] ?? 0,
    seguro: seguro[index] ?? 0,
    outros: outros[index] ?? 0,
  }));
}

/** The operation with its lines' derived values and its own money fields recomputed. */
export function withOperationTotals(operation: Operation): Operation {
  const itens = operation.itens.map((item) => withItemTotals(item));
  const totals = computeOperationTotals(itens, operation.pagamentos, operation);
  return {
    ...operation,
    itens,
    valor_total: totals.bruto,
    valor_desconto: totals.desconto,
    valor_acrescimo: totals.acrescimo,
    valor_pago: totals.pago,
    valor_troco: totals.troco,
    saldo: totals.saldo,
  };
}

/** The quantity of one product variation at one stock address (thousandths). */
export interface GridAddressQuantity {
  id_produto_grade_filial: number;
  id_endereco_estoque: number | null;
  quantidade: Milli;
}

/**
 * The active lines' quantities summed per product variation and stock address, in the order each pair first appears
 * (lines without a product variation, services, are left out). What a sale takes from stock, one line per pair.
 */
export function quantitiesByGridAndAddress(
  items: readonly Pick<Item, 'id_produto_grade_filial' | 'id_endereco_estoque' | 'quantidade' | 'is_cancelado'>[],
): GridAddressQuantity[] {
  const lines = new Map<string, GridAddressQuantity>();
  for (const item of items) {
    if (item.is_cancelado || item.id_produto_grade_filial === null) continue;
    const key = gridAddressKey(item);
    lines.set(key, {
      id_produto_grade_filial: item.id_produto_grade_filial,
      id_endereco_estoque: item.id_endereco_estoque,
      quantidade: (lines.get(key)?.quantidade ?? 0) + item.quantidade,
    });
  }
  return [...lines.values()];
}

function gridAddressKey(line: Pick<Item, 'id_produto_grade_filial' | 'id_endereco_estoque'>): string {
  return `${line.id_produto_grade_filial ?? ''}:${line.id_endereco_estoque ?? ''}`;
}

/**
 * quantificador_items: the quantity of each product variation at each stock address in the active lines, keyed
 * `${id_produto_grade_filial}:${id_endereco_estoque}` (what the stock check compares with the stock).
 */
export function quantityByGridAndAddress(
  items: readonly Pick<Item, 'id_produto_grade_filial' | 'id_endereco_estoque' | 'quantidade' | 'is_cancelado'>[],
): Map<string, Milli> {
  return new Map(quantitiesByGridAndAddress(items).map((line) => [gridAddressKey(line), line.quantidade]));
}
