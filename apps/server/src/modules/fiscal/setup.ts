/**
 * Fiscal wiring of a server process. SEFAZ_MODE=simulator (the default) starts the SEFAZ homologation simulator on
 * loopback and points the client at it; homologacao and producao use the official web services with the branch's
 * certificate.
 */
import { randomBytes } from 'node:crypto';
import { startSefazSimulator, type SefazSimulator } from '@pdv/fiscal/sefaz/simulator';
import type { FiscalDeps, SefazMode } from './deps.ts';

export interface FiscalSetup {
  deps: FiscalDeps;
  simulator: SefazSimulator | null;
  close(): Promise<void>;
}

export function sefazMode(value: string | undefined): SefazMode {
  const mode = value || 'simulator';
  if (mode !== 'simulator' && mode !== 'homologacao' && mode !== 'producao') {
    throw new Error(`SEFAZ_MODE deve ser simulator, homologacao ou producao (recebido: ${value}).`);
  }
  return mode;
}

export async function setupFiscal(options: {
  mode: SefazMode;
  timeoutMs?: number;
  linkSecret?: string;
  simulatorPort?: number;
  log?: (line: string) => void;
}): Promise<FiscalSetup> {
  const simulator = options.mode === 'simulator'
    ? await startSefazSimulator({ port: options.simulatorPort ?? 0, ...(options.log ? { log: options.log } : {}) })
    : null;
  const deps: FiscalDeps = {
    mode: options.mode,
    timeoutMs: options.timeoutMs ?? 10_000,
    sefazBaseUrl: simulator?.url,
    sefazCa: simulator?.caCertPem,
    linkSecret: options.linkSecret ?? randomBytes(32).toString('hex'),
    now: () => new Date(),
  };
  return { deps, simulator, close: async () => simulator?.close() };
}

/** For processes that must never reach SEFAZ (tests that do not emit): every call fails as unavailable. */
export function offlineFiscal(): FiscalDeps {
  return {
    mode: 'simulator', timeoutMs: 500, sefazBaseUrl: 'https://127.0.0.1:9', linkSecret: randomBytes(32).toString('hex'),
    now: () => new Date(),
  };
}
