/**
 * A quote's validity (pedido.data_validade). The spec names the field (000 §3.6) and prints it on the quote sheet but
 * gives no default and the branch configuration has none, so a quote made at the point of sale is valid for
 * QUOTE_VALIDITY_DAYS calendar days after the shop day it was made, to the end of that day in the branch's time zone
 * (docs/decisions.md). The order register still lets the user type another date.
 */
import { DEFAULT_TIMEZONE_OFFSET } from './constants.ts';

export const QUOTE_VALIDITY_DAYS = 15;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The instant (ISO, UTC) a quote made at `now` stops being valid: 23:59:59 of its shop day plus `days`. */
export function quoteValidUntil(now: Date, offsetHours = DEFAULT_TIMEZONE_OFFSET, days = QUOTE_VALIDITY_DAYS): string {
  const localMidnight = Math.floor((now.getTime() + offsetHours * HOUR_MS) / DAY_MS) * DAY_MS;
  return new Date(localMidnight + (days + 1) * DAY_MS - 1000 - offsetHours * HOUR_MS).toISOString();
}
