/**
 * Download links of fiscal files (DANFE PDF, authorized XML). A browser tab opened on url_pdf cannot send the bearer
 * token, so the link itself carries an expiry and an HMAC of (kind, organization, invoice, expiry). The invoice detail
 * and the fiscal answers sign them; fiscal/files.ts verifies them (the fiscal module imports the invoice module, never
 * the other way round).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** pdf/xml: an invoice's DANFE and XML; inut: a disablement's procInutNFe; cce/ccepdf: a correction letter's procEventoNFe and DACCe. */
export type LinkKind = 'pdf' | 'xml' | 'inut' | 'cce' | 'ccepdf';

/** Links live one day: long enough to reprint during the shift, short enough not to be a standing credential. */
export const LINK_TTL_SECONDS = 24 * 3600;

function mac(secret: string, kind: LinkKind, org: number, id: number, exp: number): string {
  return createHmac('sha256', secret).update(`${kind}:${org}:${id}:${exp}`).digest('base64url');
}

export function signedLink(secret: string, kind: LinkKind, org: number, id: number, now: Date): string {
  const exp = Math.floor(now.getTime() / 1000) + LINK_TTL_SECONDS;
  return `/api/nfe/arquivo/${kind}/${org}/${id}?exp=${exp}&sig=${mac(secret, kind, org, id, exp)}`;
}

export function verifyLink(secret: string, kind: LinkKind, org: number, id: number, exp: number, sig: string, now: Date): boolean {
  if (!Number.isInteger(exp) || exp < Math.floor(now.getTime() / 1000)) return false;
  const expected = Buffer.from(mac(secret, kind, org, id, exp));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
