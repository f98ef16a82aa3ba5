/** Business constants of the spec (000 §9, 002 §9). */

/** Local database version (000 §3.1, §9); the last segment of GET /sys-main/version. */
export const LOCAL_DATABASE_VERSION = 40;
/** Application version; the server answers `${APP_VERSION}.${LOCAL_DATABASE_VERSION}`. */
export const APP_VERSION = '0.1.0';
export const TOAST_DURATION_MS = 1000;
export const VERSION_COOKIE_MAX_AGE_S = 2_678_400;
export const DEFAULT_TIMEZONE_OFFSET = -3;
export const DEFAULT_COUNTRY = 55;
export const DEFAULT_THEME_COLOR = '#7048e8';
export const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

/** 000 §9: money decimals and quantity decimals (the domain holds centavos and thousandths; see money.ts). */
export const MONEY_DECIMALS = 2;
export const QUANTITY_DECIMALS = 3;
/** 000 §9: default quantity of a new line, 1 unit, in thousandths. */
export const DEFAULT_QUANTITY = 1000;
/** 000 §9: largest value a number input accepts, 999999,99, in centavos. */
export const NUMBER_INPUT_MAX = 99_999_999;
/** 000 §9: default freight type 9 (none); 0 = emitter, 1 = recipient. */
export const DEFAULT_FREIGHT_TYPE = 9;
/** Days between installments when the installment plan gives no day list (ours: monthly, the Brazilian custom). */
export const INSTALLMENT_INTERVAL_DAYS = 30;

export function serverVersion(): string {
  return `${APP_VERSION}.${LOCAL_DATABASE_VERSION}`;
}

/** The local database version carried by a server version string (its last dot-separated segment). */
export function localVersionOf(version: string): number | null {
  const last = version.split('.').pop();
  if (last === undefined || !/^\d+$/.test(last)) return null;
  return Number(last);
}
