/** How the branch form shows an A1 certificate's expiry: dd/mm/aaaa (Brasília time) and a warning within 30 days. */

export const EXPIRY_WARNING_DAYS = 30;
const DAY = 86_400_000;
const BRASILIA = -3 * 3_600_000;

export interface ExpiryInfo {
  /** dd/mm/aaaa */
  date: string;
  /** Whole days left (negative once expired). */
  daysLeft: number;
  state: 'ok' | 'soon' | 'expired';
}

export function certificateExpiry(validadeIso: string, now: Date = new Date()): ExpiryInfo {
  const end = new Date(validadeIso);
  const local = new Date(end.getTime() + BRASILIA);
  const date = `${String(local.getUTCDate()).padStart(2, '0')}/${String(local.getUTCMonth() + 1).padStart(2, '0')}/${local.getUTCFullYear()}`;
  const left = end.getTime() - now.getTime();
  const daysLeft = Math.floor(left / DAY);
  const state = left < 0 ? 'expired' : daysLeft < EXPIRY_WARNING_DAYS ? 'soon' : 'ok';
  return { date, daysLeft, state };
}

/** The sentence under the expiry date, or null when there is nothing to warn about. */
export function expiryWarning(info: ExpiryInfo): string | null {
  if (info.state === 'expired') return `Certificado vencido em ${info.date}: a emissão de notas fiscais está bloqueada.`;
  if (info.state === 'soon') {
    return info.daysLeft === 0
      ? 'O certificado vence hoje: renove-o para continuar emitindo notas fiscais.'
      : `O certificado vence em ${info.daysLeft} dia(s): renove-o para continuar emitindo notas fiscais.`;
  }
  return null;
}
