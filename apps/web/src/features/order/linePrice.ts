/**
 * The unit price a new back-office order line is offered at (issue 30): the variation's branch price, then the order
 * customer's default price table (else the branch's), then the best promotion in effect today, by the one precedence
 * (price-check.ts linePricing) on the local copy, as the point of sale prices a line. The server prices the line again
 * (order/items.ts orderPrices) and holds a different typed price to the price-change limits.
 */
import { linePricing } from '@pdv/domain/price-check';
import type { Cents } from '@pdv/domain/money';
import type { LocalCopy } from '../../db/localCopy.ts';
import type { ProductHit } from '../checkout/catalog.ts';
import { loadPricingOf } from '../checkout/catalog.ts';
import { contextOf, tableFor } from '../checkout/pricing.ts';

export async function orderLinePrice(
  db: LocalCopy,
  order: { id_filial: number; id_cliente: number | null },
  hit: Pick<ProductHit, 'id_produto_grade_filial' | 'id_categoria' | 'preco_venda' | 'preco_atacado'>,
  now = new Date(),
): Promise<Cents> {
  const pricing = await loadPricingOf(db, order.id_filial);
  const customer = order.id_cliente === null ? undefined : await db.rows('people').get(order.id_cliente);
  const raw = customer?.['id_tabela_preco_padrao'];
  const customerTable = typeof raw === 'number' ? raw : typeof raw === 'string' && raw !== '' ? Number(raw) : null;
  const context = contextOf(pricing, { id_tabela_preco: tableFor(pricing, customerTable), data_inicio: now.toISOString() });
  const base = { preco_venda: hit.preco_venda, preco_atacado: hit.preco_atacado };
  return linePricing(base, { id_produto_grade_filial: hit.id_produto_grade_filial, id_categoria: hit.id_categoria ?? null }, context).preco_venda;
}
