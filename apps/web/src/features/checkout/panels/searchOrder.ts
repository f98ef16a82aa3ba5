/**
 * The point of sale's "search order" side panel (000 §2): the body of POST /order/find for what the cashier typed,
 * over the last year (the list's own default, the month so far, would miss an order taken last month), newest first.
 */
import type { z } from 'zod';
import type { orderFindBody } from '@pdv/contract/order';

/** Days back the panel looks. */
export const SEARCH_ORDER_DAYS = 366;
export const SEARCH_ORDER_TAKE = 10;

const isoDay = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

export function searchOrderBody(search: string, today: Date): z.input<typeof orderFindBody> {
  const from = new Date(today);
  from.setDate(from.getDate() - SEARCH_ORDER_DAYS);
  return {
    search: search.trim(),
    take: SEARCH_ORDER_TAKE,
    filter: { data_inicio: isoDay(from), data_fim: isoDay(today) },
    order: 'desc',
    column: 'data_cadastro',
  };
}
