// SefazClient: the six NF-e 4.00 web services over HTTPS with mutual TLS.
//
// The client never signs and never rebuilds a document: it sends the signed XML it is given, byte for byte.
// A resend after a timeout or an unavailability MUST pass the SAME signed XML again: SEFAZ then answers 204
// (Duplicidade de NF-e) for a document it had already authorized, and the client recovers the original protocol with
// a consulta. A re-signed or rebuilt document would get 539 (same number, different key/digest) instead.
//
// Business answers (authorized, rejected, cancelled) are values; only "no usable answer" throws:
// SefazUnavailableError (timeout, connection refused/reset, HTTP 5xx, holding back after cStat 656) — the caller may
// retry later or enter contingency — and SefazProtocolError (HTTP 4xx, SOAP fault, an answer out of the layout).

import https from 'node:https';
import { loadCertificate, type Certificate } from '../certificate.ts';
import { backoffDelay } from './backoff.ts';
import type { UF } from '../access-key.ts';
import {
  cUFOf,
  resolveSefazUrl,
  type ModeloNFe,
  type SefazEndpointsOverride,
  type SefazService,
  type TpAmb,
} from './endpoints.ts';
import { SefazProtocolError, SefazSoapFaultError, SefazUnavailableError } from './errors.ts';
import { wrapEnvEvento } from '../events.ts';
import { buildConsReciNFe, buildConsSitNFe, buildConsStatServ, buildEnviNFe, buildNfeProc } from '../messages.ts';
import {
  buildProcEventoNFeXml,
  buildProcInutNFeXml,
  modeloFromChave,
  newIdLote,
  readSignedEnvEvento,
  readSignedInutNFe,
  readSignedNFe,
  type SignedNFeSummary,
} from './messages.ts';
import type {
  ProtNFe,
  RetConsReciNFe,
  RetConsSitNFe,
  RetConsStatServ,
  RetEnviNFe,
  RetEnvEvento,
  RetInutNFe,
  SefazResult,
  SefazResultOf,
} from './results.ts';
import { buildSoapRequest, parseSoapResponse, readSoapMessage, soapContentType, stripXmlDeclaration } from './soap.ts';
import { postOverTls } from './transport.ts';

/** cStat of an authorized NF-e: 100, or 150 when authorized after the deadline (contingency sent late). */
export const AUTHORIZED_CSTATS: ReadonlySet<number> = new Set([100, 150]);
const CSTAT_DUPLICATE = 204;
const CSTAT_CONSUMO_INDEVIDO = 656;
const CSTAT_BATCH_RECEIVED = 103;
const CSTAT_BATCH_IN_PROCESS = 105;
/** Events registered: 135 linked to the NF-e, 136 not linked, 155 cancel after the deadline. */
const EVENT_REGISTERED: ReadonlySet<number> = new Set([135, 136, 155]);

export type SefazCertificate =
  /** The A1 certificate file (PKCS#12) and its password: read with loadCertificate (certificate.ts). */
  | { readonly pfx: Buffer; readonly password: string }
  /** Key and certificate already read (what loadCertificate returns). */
  | Pick<Certificate, 'privateKeyPem' | 'certificatePem'>;

export interface SefazClientOptions {
  readonly certificate: SefazCertificate;
  /** UF of the emitter: picks the authorizer. */
  readonly uf: UF;
  readonly tpAmb: TpAmb;
  /** Replaces the official addresses (e.g. `{ baseUrl: simulator.url }`). */
  readonly endpoints?: SefazEndpointsOverride;
  /** Deadline of one call, answer included (default 10 s). */
  readonly timeoutMs?: number;
  /** Trusted roots for the server certificate (the ICP-Brasil chain for the real SEFAZ; the simulator's CA in tests). */
  readonly ca?: string | Buffer | ReadonlyArray<string | Buffer>;
  /** Model used by statusServico when none is given (default 65, NFC-e). */
  readonly mod?: ModeloNFe;
  /** Asynchronous authorization: pause between receipt queries (default max(1 s, tMed)). */
  readonly receiptPollMs?: number;
  /** Asynchronous authorization: receipt queries before giving back the nRec (default 3). */
  readonly receiptPolls?: number;
  /** After cStat 656, first hold-back (doubles at each new 656, capped at 1 h; default 60 s). */
  readonly consumoIndevidoHoldMs?: number;
  readonly now?: () => number;
}

export interface AuthorizationResult {
  /** cStat/xMotivo of the NF-e (infProt) when there is one, else of the batch. */
  readonly cStat: number;
  readonly xMotivo: string;
  /** cStat 100 or 150. */
  readonly authorized: boolean;
  readonly chave: string;
  readonly protNFe: ProtNFe | undefined;
  /** `<nfeProc>` (signed NFe + protNFe) when authorized: the document to keep and distribute. */
  readonly nfeProcXml: string | undefined;
  /** Asynchronous batch still in process: query it later with retAutorizacao(nRec). */
  readonly nRec: string | undefined;
  /** The protocol came from a consulta after a 204 (the document had already been authorized). */
  readonly recoveredFromDuplicate: boolean;
  /** The answer as received (retEnviNFe, or retConsReciNFe for an asynchronous batch). */
  readonly answer: RetEnviNFe | RetConsReciNFe;
}

export interface EventOutcome {
  readonly chNFe: string | undefined;
  readonly tpEvento: string | undefined;
  readonly nSeqEvento: number | undefined;
  readonly cStat: number;
  readonly xMotivo: string;
  readonly registered: boolean;
  readonly nProt: string | undefined;
  /** `<procEventoNFe>` when registered. */
  readonly procEventoNFeXml: string | undefined;
}

export interface EventResult {
  /** cStat/xMotivo of the only event, or of the batch when it was refused or had several events. */
  readonly cStat: number;
  readonly xMotivo: string;
  readonly events: readonly EventOutcome[];
  readonly answer: RetEnvEvento;
}

export interface InutilizacaoResult {
  readonly cStat: number;
  readonly xMotivo: string;
  /** cStat 102. */
  readonly homologated: boolean;
  readonly nProt: string | undefined;
  /** `<ProcInutNFe>` when homologated. */
  readonly procInutNFeXml: string | undefined;
  readonly answer: RetInutNFe;
}

export class SefazClient {
  private readonly agent: https.Agent;
  private readonly timeoutMs: number;
  private readonly now: () => number;
  private heldUntil = 0;
  private consecutive656 = 0;

  constructor(private readonly options: SefazClientOptions) {
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.now = options.now ?? Date.now;
    // The key and certificate are read with node-forge rather than handed to OpenSSL as a PKCS#12: many A1 files
    // still use RC2-40, which OpenSSL 3 (Node 17+) refuses. A wrong password or an expired certificate throws
    // loadCertificate's ValidationError (pt-BR message) here, before any call.
    const { privateKeyPem, certificatePem } =
      'pfx' in options.certificate
        ? loadCertificate(options.certificate.pfx, options.certificate.password)
        : options.certificate;
    this.agent = new https.Agent({
      key: privateKeyPem,
      cert: certificatePem,
      ca: options.ca as https.AgentOptions['ca'],
      keepAlive: true,
      maxSockets: 4,
      minVersion: 'TLSv1.2',
    });
  }

  /** Closes the kept-alive connections. */
  close(): void {
    this.agent.destroy();
  }

  /**
   * Sends a signed `<NFe>` (enviNFe). `sincrono` (indSinc=1) defaults to true for NFC-e, false for NF-e; an
   * asynchronous batch is followed with up to `receiptPolls` receipt queries. On 204 the original protocol is
   * recovered with consultarProtocolo. To resend, pass the same signed XML: the client never re-signs.
   */
  async autorizar(
    signedNfeXml: string,
    options: { sincrono?: boolean; idLote?: string } = {},
  ): Promise<AuthorizationResult> {
    const nfe = readSignedNFe(signedNfeXml);
    const sincrono = options.sincrono ?? nfe.mod === 65;
    const message = buildEnviNFe({
      idLote: options.idLote ?? newIdLote(this.now()),
      indSinc: sincrono ? 1 : 0,
      nfes: [signedNfeXml],
    });
    const answer = await this.call('NFeAutorizacao4', message, nfe.mod);

    if (answer.cStat === CSTAT_BATCH_RECEIVED && answer.infRec) {
      return this.followReceipt(signedNfeXml, nfe, answer.infRec.nRec, answer.infRec.tMed);
    }
    return this.settle(signedNfeXml, nfe, answer, answer.protNFe);
  }

  /** Queries an asynchronous batch (consReciNFe). */
  async retAutorizacao(nRec: string, options: { mod?: ModeloNFe } = {}): Promise<RetConsReciNFe> {
    const mod = options.mod ?? this.options.mod ?? 65;
    return this.call('NFeRetAutorizacao4', buildConsReciNFe({ tpAmb: this.options.tpAmb, nRec }), mod);
  }

  /** Situation of an NF-e by its access key (consSitNFe). */
  async consultarProtocolo(chave: string): Promise<RetConsSitNFe> {
    return this.call(
      'NFeConsultaProtocolo4',
      buildConsSitNFe({ tpAmb: this.options.tpAmb, chNFe: chave }),
      modeloFromChave(chave),
    );
  }

  /** Status of the authorizer's service (consStatServ): 107 means in operation. */
  async statusServico(options: { mod?: ModeloNFe } = {}): Promise<RetConsStatServ> {
    const mod = options.mod ?? this.options.mod ?? 65;
    return this.call(
      'NFeStatusServico4',
      buildConsStatServ({ tpAmb: this.options.tpAmb, cUF: cUFOf(this.options.uf) }),
      mod,
    );
  }

  /** Sends a signed `<inutNFe>`: 102 means the range was disabled. */
  async inutilizar(signedInutXml: string): Promise<InutilizacaoResult> {
    const { mod } = readSignedInutNFe(signedInutXml);
    const answer = await this.call('NFeInutilizacao4', signedInutXml, mod);
    const homologated = answer.cStat === 102;
    return {
      cStat: answer.cStat,
      xMotivo: answer.xMotivo,
      homologated,
      nProt: answer.nProt,
      procInutNFeXml: homologated ? buildProcInutNFeXml(signedInutXml, answer.xml) : undefined,
      answer,
    };
  }

  /** Sends a signed `<envEvento>` (or a single signed `<evento>`, wrapped here): cancelamento, CC-e... */
  async enviarEvento(signedEventoXml: string): Promise<EventResult> {
    const bare = stripXmlDeclaration(signedEventoXml).trim();
    const message = /^<evento[\s>]/.test(bare) ? wrapEnvEvento(bare, newIdLote(this.now())) : bare;
    const { mod, eventos } = readSignedEnvEvento(message);
    const answer = await this.call('NFeRecepcaoEvento4', message, mod);
    const events = answer.retEvento.map((ret): EventOutcome => {
      const info = ret.infEvento;
      const registered = EVENT_REGISTERED.has(info.cStat);
      const sent =
        eventos.find(
          (e) => e.chNFe === info.chNFe && e.tpEvento === info.tpEvento && e.nSeqEvento === info.nSeqEvento,
        ) ?? (eventos.length === 1 ? eventos[0] : undefined);
      return {
        chNFe: info.chNFe,
        tpEvento: info.tpEvento,
        nSeqEvento: info.nSeqEvento,
        cStat: info.cStat,
        xMotivo: info.xMotivo,
        registered,
        nProt: info.nProt,
        procEventoNFeXml: registered && sent ? buildProcEventoNFeXml(sent.xml, ret.xml) : undefined,
      };
    });
    const only = events.length === 1 ? events[0] : undefined;
    return { cStat: only?.cStat ?? answer.cStat, xMotivo: only?.xMotivo ?? answer.xMotivo, events, answer };
  }

  // -------------------------------------------------------------------------------------------------------------

  private async followReceipt(
    signedNfeXml: string,
    nfe: SignedNFeSummary,
    nRec: string,
    tMed: number,
  ): Promise<AuthorizationResult> {
    const polls = this.options.receiptPolls ?? 3;
    const pause = this.options.receiptPollMs ?? Math.max(1_000, tMed * 1_000);
    let last: RetConsReciNFe | undefined;
    for (let poll = 0; poll < polls; poll += 1) {
      await new Promise((resolve) => setTimeout(resolve, pause));
      last = await this.retAutorizacao(nRec, { mod: nfe.mod });
      if (last.cStat !== CSTAT_BATCH_IN_PROCESS) {
        return this.settle(
          signedNfeXml,
          nfe,
          last,
          last.protNFe.find((p) => p.infProt.chNFe === nfe.chave),
        );
      }
    }
    return {
      cStat: last?.cStat ?? CSTAT_BATCH_RECEIVED,
      xMotivo: last?.xMotivo ?? 'Lote recebido com sucesso',
      authorized: false,
      chave: nfe.chave,
      protNFe: undefined,
      nfeProcXml: undefined,
      nRec,
      recoveredFromDuplicate: false,
      answer: last ?? (await this.retAutorizacao(nRec, { mod: nfe.mod })),
    };
  }

  private async settle(
    signedNfeXml: string,
    nfe: SignedNFeSummary,
    answer: RetEnviNFe | RetConsReciNFe,
    protNFe: ProtNFe | undefined,
  ): Promise<AuthorizationResult> {
    const cStat = protNFe?.infProt.cStat ?? answer.cStat;
    if (cStat === CSTAT_DUPLICATE) {
      const recovered = await this.recoverDuplicate(signedNfeXml, nfe, answer);
      if (recovered) return recovered;
    }
    const authorized = protNFe !== undefined && AUTHORIZED_CSTATS.has(protNFe.infProt.cStat);
    return {
      cStat,
      xMotivo: protNFe?.infProt.xMotivo ?? answer.xMotivo,
      authorized,
      chave: nfe.chave,
      protNFe,
      nfeProcXml: authorized && protNFe ? buildNfeProc(signedNfeXml, protNFe.xml) : undefined,
      nRec: undefined,
      recoveredFromDuplicate: false,
      answer,
    };
  }

  /** After a 204: the consulta's protocol, if it is the authorization of this very document (same digest). */
  private async recoverDuplicate(
    signedNfeXml: string,
    nfe: SignedNFeSummary,
    answer: RetEnviNFe | RetConsReciNFe,
  ): Promise<AuthorizationResult | undefined> {
    const consulta = await this.consultarProtocolo(nfe.chave);
    const prot = consulta.protNFe;
    if (!prot || prot.infProt.chNFe !== nfe.chave) return undefined;
    if (prot.infProt.digVal && nfe.digestValue && prot.infProt.digVal !== nfe.digestValue) return undefined;
    const authorized = AUTHORIZED_CSTATS.has(prot.infProt.cStat);
    return {
      // A cancelled NF-e is reported as the consulta reports it (101), with its authorization protocol.
      cStat: authorized ? consulta.cStat : prot.infProt.cStat,
      xMotivo: authorized ? consulta.xMotivo : prot.infProt.xMotivo,
      authorized: authorized && AUTHORIZED_CSTATS.has(consulta.cStat),
      chave: nfe.chave,
      protNFe: prot,
      nfeProcXml: authorized ? buildNfeProc(signedNfeXml, prot.xml) : undefined,
      nRec: undefined,
      recoveredFromDuplicate: true,
      answer,
    };
  }

  private async call<S extends SefazService>(
    service: S,
    messageXml: string,
    mod: ModeloNFe,
  ): Promise<SefazResultOf<S>> {
    const now = this.now();
    if (now < this.heldUntil) {
      throw new SefazUnavailableError('SEFAZ: consumo indevido (656); aguardando antes de nova tentativa', {
        reason: 'consumo-indevido',
        retryAfterMs: this.heldUntil - now,
      });
    }
    const url = resolveSefazUrl({
      uf: this.options.uf,
      tpAmb: this.options.tpAmb,
      mod,
      service,
      override: this.options.endpoints,
    });
    const answer = await postOverTls({
      agent: this.agent,
      url,
      body: buildSoapRequest(service, messageXml),
      contentType: soapContentType(service),
      timeoutMs: this.timeoutMs,
    });
    if (answer.status >= 500) {
      throw new SefazUnavailableError(`SEFAZ indisponível: HTTP ${answer.status}`, {
        reason: 'http-status',
        url,
        httpStatus: answer.status,
      });
    }
    if (answer.status !== 200) {
      // A 4xx may still carry a SOAP Fault worth showing.
      readSoapMessageOrFault(answer.body, url, answer.status);
      throw new SefazProtocolError(`SEFAZ respondeu HTTP ${answer.status}`, {
        url,
        httpStatus: answer.status,
        body: answer.body.slice(0, 2000),
      });
    }
    const result = parseSoapResponse(service, answer.body);
    this.noteConsumoIndevido(result);
    return result;
  }

  /** cStat 656: hold every call back for a while that doubles at each new 656 (capped at 1 h). */
  private noteConsumoIndevido(result: SefazResult): void {
    const cStats = [
      result.cStat,
      ...(result.kind === 'retEnviNFe' && result.protNFe ? [result.protNFe.infProt.cStat] : []),
    ];
    if (!cStats.includes(CSTAT_CONSUMO_INDEVIDO)) {
      this.consecutive656 = 0;
      return;
    }
    const holdMs = backoffDelay(this.consecutive656, {
      baseMs: this.options.consumoIndevidoHoldMs ?? 60_000,
      maxMs: 3_600_000,
    });
    this.consecutive656 += 1;
    this.heldUntil = this.now() + holdMs;
  }
}

function readSoapMessageOrFault(body: string, url: string, httpStatus: number): void {
  try {
    readSoapMessage(body, 'nfeResultMsg');
  } catch (error) {
    if (error instanceof SefazSoapFaultError)
      throw new SefazSoapFaultError(error.code, error.reason, { url, httpStatus, body: body.slice(0, 2000) });
  }
}
