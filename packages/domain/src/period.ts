/**
 * The default period of a list (002 §9 "Default date ranges"; 000 §9 date filters): from the first day of the
 * current month to today, both taken in the branch's time zone (default -3, 001 §9). Dates are AAAA-MM-DD and
 * inclusive: the server reads them as 00:00:00 of the first day to 23:59:59 of the last, in the same zone.
 * The web's list screens fill their filters with it and the server applies it when a filter leaves a date out.
 */
import { DEFAULT_TIMEZONE_OFFSET } from './constants.ts';

export interface ListPeriod {
  data_inicio: string;
  data_fim: string;
}

const HOUR_MS = 3_600_000;

/** The calendar date (AAAA-MM-DD) at `now` in a zone `offsetHours` from UTC. */
export function localDate(now: Date, offsetHours = DEFAULT_TIMEZONE_OFFSET): string {
  return new Date(now.getTime() + offsetHours * HOUR_MS).toISOString().slice(0, 10);
}

/** The first day of the month of `now` to `now`, in a zone `offsetHours` from UTC. */
export function defaultListPeriod(now: Date, offsetHours = DEFAULT_TIMEZONE_OFFSET): ListPeriod {
  const today = localDate(now, offsetHours);
  return { data_inicio: `${today.slice(0, 8)}01`, data_fim: today };
}
