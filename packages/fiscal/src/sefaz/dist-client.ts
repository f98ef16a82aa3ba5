/**
 * The real client of the national environment's services a recipient uses (issue 32, destined invoices):
 * NFeDistribuicaoDFe (distNSU, consChNFe) and the manifestation through the Ambiente Nacional's NFeRecepcaoEvento4,
 * over HTTPS with mutual TLS (the branch's A1 certificate), like SefazClient. Pointed at the official addresses
 * (DIST_DFE_URLS, AN_RECEPCAO_EVENTO_URLS) or, with `endpoints.baseUrl`, at the SEFAZ homologation simulator, which
 * serves /ws/NFeDistribuicaoDFe (its DistributionFake) and /ws/NFeRecepcaoEvento4.
 *
 * Like SefazClient: business answers (138, 137, 656, 640...) are values; "no usable answer" throws
 * SefazUnavailableError (timeout, connection, HTTP 5xx) or SefazProtocolError (HTTP 4xx, SOAP fault, no
 * retDistDFeInt).
 */
import https from 'node:https';
import { loadCertificate } from '../certificate.ts';
import { codeFromUf, type UF } from '../access-key.ts';
import { AN_RECEPCAO_EVENTO_URLS } from '../manifestation.ts';
import { SefazClient, type EventResult, type SefazCertificate } from './client.ts';
import { buildConsChNFe, buildDistNSU, DIST_DFE_URLS, DIST_DFE_WSDL, distSoapRequest, parseDistAnswer, type DistAnswer } from './dist-dfe.ts';
import { SefazProtocolError, SefazUnavailableError } from './errors.ts';
import { readSoapMessage } from './soap.ts';
import { postOverTls } from './transport.ts';

export interface DistClientOptions {
  readonly certificate: SefazCertificate;
  /** The interested party's UF (cUFAutor) and CNPJ (the branch). */
  readonly uf: UF;
  readonly cnpj: string;
  readonly tpAmb: 1 | 2;
  /** `{ baseUrl }`: the simulator (serves /ws/NFeDistribuicaoDFe and /ws/NFeRecepcaoEvento4). */
  readonly endpoints?: { readonly baseUrl?: string };
  readonly ca?: string | Buffer | ReadonlyArray<string | Buffer>;
  readonly timeoutMs?: number;
}

export const DIST_DFE_CONTENT_TYPE = `application/soap+xml; charset=utf-8; action="${DIST_DFE_WSDL}/nfeDistDFeInteresse"`;

export class DistDFeClient {
  private readonly agent: https.Agent;
  private readonly url: string;

  constructor(private readonly options: DistClientOptions) {
    const { privateKeyPem, certificatePem } = 'pfx' in options.certificate
      ? loadCertificate(options.certificate.pfx, options.certificate.password)
      : options.certificate;
    this.agent = new https.Agent({
      key: privateKeyPem, cert: certificatePem, ca: options.ca as https.AgentOptions['ca'], keepAlive: true, maxSockets: 2,
      minVersion: 'TLSv1.2',
    });
    const base = options.endpoints?.baseUrl?.replace(/\/+$/, '');
    this.url = base ? `${base}/ws/NFeDistribuicaoDFe` : DIST_DFE_URLS[options.tpAmb];
  }

  close(): void {
    this.agent.destroy();
  }

  private get query() {
    return { tpAmb: this.options.tpAmb, cUFAutor: codeFromUf(this.options.uf), cnpj: this.options.cnpj };
  }

  /** The documents after `ultNSU` (138 with docZips, 137 nothing new, 656 asked too often). */
  distNSU(ultNSU: string | number): Promise<DistAnswer> {
    return this.call(buildDistNSU({ ...this.query, ultNSU }));
  }

  /** One document by its key: the full procNFe after a manifestation (640 when the recipient may not have it). */
  consChNFe(chNFe: string): Promise<DistAnswer> {
    return this.call(buildConsChNFe({ ...this.query, chNFe }));
  }

  /** A signed manifestation `<evento>` sent to the Ambiente Nacional's NFeRecepcaoEvento4. */
  async manifest(signedEvento: string): Promise<EventResult> {
    const base = this.options.endpoints?.baseUrl;
    const client = new SefazClient({
      certificate: this.options.certificate, uf: this.options.uf, tpAmb: this.options.tpAmb, mod: 55,
      ...(this.options.timeoutMs ? { timeoutMs: this.options.timeoutMs } : {}),
      ...(this.options.ca ? { ca: this.options.ca } : {}),
      endpoints: base ? { baseUrl: base } : { urls: { NFeRecepcaoEvento4: AN_RECEPCAO_EVENTO_URLS[this.options.tpAmb] } },
    });
    try {
      return await client.enviarEvento(signedEvento);
    } finally {
      client.close();
    }
  }

  private async call(message: string): Promise<DistAnswer> {
    const answer = await postOverTls({
      agent: this.agent, url: this.url, body: distSoapRequest(message), contentType: DIST_DFE_CONTENT_TYPE,
      timeoutMs: this.options.timeoutMs ?? 10_000,
    });
    if (answer.status >= 500) {
      throw new SefazUnavailableError(`SEFAZ indisponível: HTTP ${answer.status}`, { reason: 'http-status', url: this.url, httpStatus: answer.status });
    }
    if (answer.status !== 200) {
      readSoapMessage(answer.body, 'nfeResultMsg'); // a SOAP Fault throws its own error
      throw new SefazProtocolError(`SEFAZ respondeu HTTP ${answer.status}`, { url: this.url, httpStatus: answer.status, body: answer.body.slice(0, 2000) });
    }
    try {
      return parseDistAnswer(answer.body);
    } catch (error) {
      readSoapMessage(answer.body, 'nfeResultMsg');
      throw new SefazProtocolError(`Resposta de NFeDistribuicaoDFe fora do leiaute: ${error instanceof Error ? error.message : String(error)}`, {
        url: this.url, body: answer.body.slice(0, 2000),
      });
    }
  }
}
