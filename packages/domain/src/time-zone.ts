/**
 * Printed times (000 §9 "Default timezone offset -3"): every date and time a document prints (receipt, exchange
 * voucher, slips, credit voucher, pre-sale sheet) is the branch's wall clock (filial_configuracao.fuso_horario, hours
 * from UTC, -3 by default), never the zone of the browser or of the server host that renders it. One rule for both
 * sides: the PWA passes the branch's offset from its local copy, the server reads it from the branch.
 */
import { DEFAULT_TIMEZONE_OFFSET } from './constants.ts';

const HOUR_MS = 3_600_000;
const pad = (n: number) => String(n).padStart(2, '0');

/** The offset to use: the branch's when it is a number, else the default (-3). */
export function branchOffset(fuso_horario: unknown): number {
  const n = typeof fuso_horario === 'string' && fuso_horario.trim() !== '' ? Number(fuso_horario) : fuso_horario;
  return typeof n === 'number' && Number.isFinite(n) && Math.abs(n) <= 14 ? n : DEFAULT_TIMEZONE_OFFSET;
}

/**
 * 'dd/mm/aaaa hh:mm' (or 'dd/mm/aaaa' without time) of an ISO instant in the zone `offsetHours` from UTC. A bare date
 * (AAAA-MM-DD) is a calendar day already and is printed as it is; an unreadable value is returned unchanged.
 */
export function formatInZone(value: string | Date, offsetHours = DEFAULT_TIMEZONE_OFFSET, withTime = true): string {
  if (typeof value === 'string') {
    const bare = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    if (bare) return `${bare[3]}/${bare[2]}/${bare[1]}`;
  }
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  const local = new Date(date.getTime() + offsetHours * HOUR_MS);
  const day = `${pad(local.getUTCDate())}/${pad(local.getUTCMonth() + 1)}/${local.getUTCFullYear()}`;
  return withTime ? `${day} ${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}` : day;
}
