/**
 * What the fiscal module needs from the process: how to reach SEFAZ (the homologation simulator by default, or the
 * real web services), the time-out before an NFC-e goes into offline contingency, and the key that signs download
 * links of DANFE PDFs and XML files.
 */
export type SefazMode = 'simulator' | 'homologacao' | 'producao';

export interface FiscalDeps {
  mode: SefazMode;
  /** Time-out of a SEFAZ call; past it an NFC-e is issued in offline contingency (default 10 s). */
  timeoutMs: number;
  /** Base URL of the web services instead of the official ones (the simulator's). */
  sefazBaseUrl?: string | undefined;
  /** CA certificate (PEM) that signed the SEFAZ server's certificate when it is not a public one (the simulator's). */
  sefazCa?: string | undefined;
  /** Key of the download links (HMAC-SHA256). */
  linkSecret: string;
  now: () => Date;
}
