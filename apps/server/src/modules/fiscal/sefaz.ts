/**
 * The server's door to SEFAZ: a SefazClient per call with the branch's certificate, pointed at the official web
 * services (homologacao/producao) or at the homologation simulator (SEFAZ_MODE=simulator, the default).
 */
import { SefazClient, type AuthorizationResult } from '@pdv/fiscal/sefaz/client';
import { DistDFeClient } from '@pdv/fiscal/sefaz/dist-client';
import { SefazUnavailableError } from '@pdv/fiscal/sefaz/errors';
import { FISCAL_MESSAGES } from '@pdv/domain/fiscal-messages';
import { HttpError } from '../../http/errors.ts';
import type { FiscalDeps } from './deps.ts';

export interface SefazTarget {
  uf: string;
  tpAmb: 1 | 2;
  modelo: '55' | '65';
  certificate: { pfx: Buffer; senha: string };
}

export interface AuthorizationAnswer {
  cStat: number;
  xMotivo: string;
  nProt: string | undefined;
  dhRecbto: string | undefined;
  chave: string | undefined;
  nfeProc: string | undefined;
  /** The signed XML SEFAZ authorized, when it is not the one sent (a contingency copy of a number authorized before). */
  signedXml: string | undefined;
}

export function isSefazUnavailable(error: unknown): boolean {
  return error instanceof SefazUnavailableError;
}

function client(fiscal: FiscalDeps, target: SefazTarget): SefazClient {
  if (!/^[A-Z]{2}$/.test(target.uf)) throw new Error(`UF inválida: ${target.uf}`);
  return new SefazClient({
    certificate: { pfx: target.certificate.pfx, password: target.certificate.senha },
    uf: target.uf as ConstructorParameters<typeof SefazClient>[0]['uf'],
    tpAmb: fiscal.mode === 'producao' ? target.tpAmb : 2,
    timeoutMs: fiscal.timeoutMs,
    mod: target.modelo === '55' ? 55 : 65,
    ...(fiscal.sefazBaseUrl ? { endpoints: { baseUrl: fiscal.sefazBaseUrl } } : {}),
    ...(fiscal.sefazCa ? { ca: fiscal.sefazCa } : {}),
  });
}

function answerOf(r: AuthorizationResult, signedXml?: string): AuthorizationAnswer {
  return {
    cStat: r.cStat,
    xMotivo: r.xMotivo,
    nProt: r.protNFe?.infProt.nProt,
    dhRecbto: r.protNFe?.infProt.dhRecbto,
    chave: r.chave,
    nfeProc: r.nfeProcXml,
    signedXml,
  };
}

/** Runs one conversation with SEFAZ and closes its connections. */
async function withClient<T>(fiscal: FiscalDeps, target: SefazTarget, fn: (c: SefazClient) => Promise<T>): Promise<T> {
  const c = client(fiscal, target);
  try {
    return await fn(c);
  } finally {
    c.close();
  }
}

/** For calls with no contingency (events, consultation, disablement): SEFAZ down is a 503 the user can retry. */
async function orUnavailable<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (isSefazUnavailable(error)) throw new HttpError(503, FISCAL_MESSAGES.sefazUnavailable);
    throw error;
  }
}

export function sefazFor(fiscal: FiscalDeps, target: SefazTarget) {
  return {
    /**
     * Sends the signed XML. With `normalXml` (a contingency copy of an NFC-e whose first send timed out), a 539 means
     * SEFAZ had authorized the first one: resending that exact XML recovers its protocol (204 + consulta).
     */
    authorize: (xml: string, normalXml?: string | null) =>
      withClient(fiscal, target, async (c) => {
        const first = await c.autorizar(xml, { sincrono: true });
        if (first.cStat === 539 && normalXml) {
          const original = await c.autorizar(normalXml, { sincrono: true });
          if (original.authorized) return answerOf(original, normalXml);
        }
        return answerOf(first);
      }),
    consult: (chave: string) => orUnavailable(withClient(fiscal, target, (c) => c.consultarProtocolo(chave))),
    event: (signedXml: string) => orUnavailable(withClient(fiscal, target, (c) => c.enviarEvento(signedXml))),
    disable: (signedXml: string) => orUnavailable(withClient(fiscal, target, (c) => c.inutilizar(signedXml))),
  };
}

/**
 * The recipient's door to the national environment (destined invoices): NFeDistribuicaoDFe and the manifestation at
 * the Ambiente Nacional, with the branch's certificate; the simulator's distribution in SEFAZ_MODE=simulator. SEFAZ
 * unreachable is a 503 the user can retry.
 */
export function distributionFor(fiscal: FiscalDeps, target: SefazTarget, cnpj: string) {
  if (!/^[A-Z]{2}$/.test(target.uf)) throw new Error(`UF inválida: ${target.uf}`);
  const run = <T>(fn: (c: DistDFeClient) => Promise<T>) => orUnavailable((async () => {
    const c = new DistDFeClient({
      certificate: { pfx: target.certificate.pfx, password: target.certificate.senha },
      uf: target.uf as ConstructorParameters<typeof DistDFeClient>[0]['uf'],
      cnpj,
      tpAmb: distributionTpAmb(fiscal, target),
      timeoutMs: fiscal.timeoutMs,
      ...(fiscal.sefazBaseUrl ? { endpoints: { baseUrl: fiscal.sefazBaseUrl } } : {}),
      ...(fiscal.sefazCa ? { ca: fiscal.sefazCa } : {}),
    });
    try {
      return await fn(c);
    } finally {
      c.close();
    }
  })());
  return {
    distNSU: (ultNSU: string) => run((c) => c.distNSU(ultNSU)),
    consChNFe: (chave: string) => run((c) => c.consChNFe(chave)),
    manifest: (signedEvento: string) => run((c) => c.manifest(signedEvento)),
  };
}

/** Production only in SEFAZ_MODE=producao with the branch in production, as for emission. */
export function distributionTpAmb(fiscal: FiscalDeps, target: SefazTarget): 1 | 2 {
  return fiscal.mode === 'producao' ? target.tpAmb : 2;
}
