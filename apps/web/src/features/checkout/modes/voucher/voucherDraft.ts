/**
 * The credit-voucher mode's draft (000 §1 vale crédito): one line of the branch's voucher product (002 §3
 * id_produto_grade_filial_vale_credito) priced at the value the cashier typed. The server issues the voucher with
 * that value as its balance when the operation reaches it.
 */
import { makeItem } from '@pdv/domain/factories';
import { activeItems } from '@pdv/domain/item';
import type { Cents } from '@pdv/domain/money';
import { VOUCHER_MESSAGES, voucherRedemptions, voucherUseError, type VoucherFacts } from '@pdv/domain/voucher-rules';
import type { OperationBundle, StoredItem, StoredPayment } from '../../../outbox/types.ts';
import type { SaleContext } from '../../catalog.ts';
import { recompute } from '../../draft.ts';

export const VOUCHER_LINE_DESCRIPTION = 'Vale Crédito';

/** The branch's voucher product (its per-branch grid row), or null when the branch has none configured. */
export function voucherProductOf(context: Pick<SaleContext, 'config'>): number | null {
  const id = context.config?.['id_produto_grade_filial_vale_credito'];
  return typeof id === 'number' && id > 0 ? id : null;
}

/** The voucher's value as its only line (replacing whatever lines the draft had). */
export function setVoucherValue(
  bundle: OperationBundle,
  context: Pick<SaleContext, 'config' | 'id_endereco_estoque'>,
  valor: Cents,
  id = crypto.randomUUID(),
): OperationBundle {
  const product = voucherProductOf(context);
  if (product === null) throw new Error(VOUCHER_MESSAGES.productMissing);
  const line: StoredItem = {
    ...makeItem({
      id_item: id,
      id_operacao: bundle.operation.id_operacao,
      id_produto_grade_filial: product,
      descricao: VOUCHER_LINE_DESCRIPTION,
      unidade_comercial: 'UN',
      quantidade: 1000,
      valor_unitario: valor,
      id_endereco_estoque: context.id_endereco_estoque,
      id_usuario_vendedor: bundle.operation.id_usuario_vendedor,
    }),
    ordem: 1,
    precos: null,
  };
  return recompute({ ...bundle, itens: [line], operation: { ...bundle.operation, valor_desconto_subtotal: 0 } });
}

/** Why the draft cannot be finished as a voucher sale (beyond validateFinish), or null. */
export function voucherSaleError(bundle: OperationBundle, context: Pick<SaleContext, 'config'>): string | null {
  const product = voucherProductOf(context);
  if (product === null) return VOUCHER_MESSAGES.productMissing;
  const lines = activeItems(bundle.itens);
  if (lines.length === 0) return VOUCHER_MESSAGES.valueRequired;
  if (lines.some((l) => l.id_produto_grade_filial !== product)) return VOUCHER_MESSAGES.onlyVoucherProduct;
  if (bundle.pagamentos.some((p) => p.id_vale_credito !== null)) return VOUCHER_MESSAGES.paidWithVoucher;
  return null;
}

/** A payment as the voucher balance check reads it. */
type VoucherPayment = Pick<StoredPayment, 'id_vale_credito' | 'valor_total' | 'vale_credito'>;

/**
 * Why the sale's payments cannot take what they take from a voucher, or null: every line naming one voucher adds up
 * (voucherRedemptions, the server's rule) and the sum is judged with voucherUseError against the voucher as the
 * point of sale knows it (the lowest balance its lines were added with; `looked` adds a voucher just looked up).
 */
export function voucherBalanceError(
  pagamentos: readonly VoucherPayment[],
  use: { id_filial: number; today: string },
  looked: { id_vale_credito: number; facts: VoucherFacts } | null = null,
): string | null {
  const known = new Map<number, VoucherFacts>();
  const remember = (id: number, facts: VoucherFacts) => {
    const before = known.get(id);
    if (!before || facts.saldo < before.saldo) known.set(id, facts);
  };
  if (looked) remember(looked.id_vale_credito, looked.facts);
  for (const p of pagamentos) if (p.id_vale_credito !== null && p.vale_credito) remember(p.id_vale_credito, p.vale_credito);
  for (const [id, valor] of voucherRedemptions(pagamentos)) {
    const facts = known.get(id);
    if (!facts) continue;
    const refused = voucherUseError(facts, { ...use, valor });
    if (refused) return refused;
  }
  return null;
}
