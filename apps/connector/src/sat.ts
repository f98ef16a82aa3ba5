/**
 * The connector's SAT routes (001 §4, §7 Local fiscal device): POST /sat/envio (the sale: emitter, recipient, items,
 * taxes, payments) and POST /sat/cancelamento {chave} (the last sale). The connector writes the CF-e 0.08 with
 * packages/fiscal (cfe-xml.ts: ide/CNPJ the software house's fixed CNPJ, PIX and bank deposit as 99), hands it to the
 * SAT library (sat-library.ts: the FAKE emulator, or the vendor's library through its bridge) with a new session
 * number, and answers 001 §7's {Codigo, Mensagem, NumeroDocFiscal, ChaveConsulta, TimeStamp, AssinaturaQRCODE,
 * NumeroSessao} plus the signed CF-e (ArquivoCFeSAT, base64) and ValorTotalCFe. Codigo is the SAT's: 06000 and 07000
 * succeed; its failures pass through; 99999 is ours (a bad request, no answer within the time-out, an answer that
 * cannot be read). One call at a time: the SAT serves one session after the other. POST /sat/simulador {proxima}
 * scripts the emulator's next outcomes (refused with the real library).
 */
import { randomInt } from 'node:crypto';
import { z } from 'zod';
import { satCancelamentoRequest, satEnvioRequest, type SatAnswer } from '@pdv/contract/connector';
import { ValidationError } from '@pdv/domain/errors';
import { PRINT_MESSAGES } from '@pdv/domain/print-connector';
import { SAT_CODES, SAT_MESSAGES, SAT_SOFTWARE_HOUSE_CNPJ } from '@pdv/domain/sat';
import { buildCFeCancXml, buildCFeXml, parseSatAnswer } from '@pdv/fiscal/cfe-xml';
import type { ConnectorConfig } from './config.ts';
import { EMULATOR_OUTCOMES, SatBridgeLibrary, SatEmulator, type SatLibrary } from './sat-library.ts';

export interface SatResult {
  status: number;
  answer: SatAnswer | Record<string, unknown>;
  log: Record<string, unknown>;
}

const simulatorRequest = z.object({ proxima: z.union([z.enum(EMULATOR_OUTCOMES), z.array(z.enum(EMULATOR_OUTCOMES))]) });

const empty = { NumeroDocFiscal: null, ChaveConsulta: null, TimeStamp: null, AssinaturaQRCODE: null, ValorTotalCFe: null, ArquivoCFeSAT: null };

export class SatService {
  private readonly library: SatLibrary | null;
  private chain: Promise<unknown> = Promise.resolve();
  private lastSession = 0;

  constructor(private readonly config: ConnectorConfig) {
    const sat = config.sat;
    this.library = !sat ? null
      : sat.driver === 'emulador' ? new SatEmulator(sat)
        : new SatBridgeLibrary(sat.comando, sat.argumentos, config.tempo_limite_sat_ms);
  }

  simulate(body: unknown): SatResult {
    if (!(this.library instanceof SatEmulator)) return { status: 404, answer: { mensagem: 'Emulador SAT não configurado.' }, log: {} };
    const parsed = simulatorRequest.safeParse(body);
    if (!parsed.success) return { status: 400, answer: { mensagem: `Use proxima: ${EMULATOR_OUTCOMES.join(', ')}.` }, log: {} };
    const list = Array.isArray(parsed.data.proxima) ? parsed.data.proxima : [parsed.data.proxima];
    this.library.enqueue(...list);
    return { status: 200, answer: { ok: true, proxima: list }, log: { simulador: list } };
  }

  private session(): number {
    let n = randomInt(100000, 1000000);
    while (n === this.lastSession) n = randomInt(100000, 1000000);
    this.lastSession = n;
    return n;
  }

  private own(status: number, message: string, log: Record<string, unknown>, session: number | null = null): SatResult {
    return { status, answer: { Codigo: SAT_CODES.failure, Mensagem: message, NumeroSessao: session === null ? null : String(session), ...empty }, log: { ...log, Codigo: SAT_CODES.failure } };
  }

  /** Checks the device and the peripheral; null when this connector serves them. */
  private target(dispositivo: number, id_periferico: number, log: Record<string, unknown>): SatResult | null {
    const mine = this.config.dispositivo;
    if (mine !== undefined && dispositivo !== mine) return this.own(400, PRINT_MESSAGES.otherDevice(mine, dispositivo), log);
    if (!this.library || !this.config.sat || this.config.sat.id_periferico !== id_periferico) {
      return this.own(404, SAT_MESSAGES.invalidRequest('nenhum SAT configurado com este id_periferico'), log);
    }
    return null;
  }

  private serial<T>(job: () => Promise<T>): Promise<T> {
    const run = this.chain.then(job, job);
    this.chain = run.catch(() => undefined);
    return run;
  }

  private async call(kind: 'envio' | 'cancelamento', fn: (session: number) => Promise<string>, log: Record<string, unknown>): Promise<SatResult> {
    return this.serial(async () => {
      const session = this.session();
      const timeout = this.config.tempo_limite_sat_ms;
      let line: string;
      let timer: NodeJS.Timeout | undefined;
      try {
        line = await Promise.race([
          fn(session),
          new Promise<never>((_, fail) => {
            timer = setTimeout(() => fail(new Error(`o SAT não respondeu em ${Math.round(timeout / 1000)} s`)), timeout);
          }),
        ]);
      } catch (error) {
        return this.own(502, `${kind === 'envio' ? SAT_MESSAGES.authorizeFailed : SAT_MESSAGES.cancelFailedPrefix} ${error instanceof Error ? error.message : String(error)}`, log, session);
      } finally {
        clearTimeout(timer);
      }
      const parsed = parseSatAnswer(line, kind === 'envio' ? SAT_CODES.saleAuthorized : SAT_CODES.cancelled);
      const ok = parsed.codigo === (kind === 'envio' ? SAT_CODES.saleAuthorized : SAT_CODES.cancelled);
      const nCFe = parsed.xml ? /<ide>.*?<nCFe>(\d+)<\/nCFe>/s.exec(parsed.xml)?.[1] ?? null : null;
      const answer: SatAnswer = {
        Codigo: parsed.codigo, Mensagem: parsed.mensagem, NumeroDocFiscal: nCFe, ChaveConsulta: parsed.chaveConsulta, TimeStamp: parsed.timeStamp,
        AssinaturaQRCODE: parsed.assinaturaQRCODE, NumeroSessao: String(session), ValorTotalCFe: parsed.valorTotal,
        ArquivoCFeSAT: parsed.xml ? Buffer.from(parsed.xml, 'utf8').toString('base64') : null,
      };
      // The log holds the outcome and the key, never the sale's content.
      return { status: 200, answer, log: { ...log, Codigo: parsed.codigo, ok, sessao: session, chave: parsed.chaveConsulta, numero: nCFe } };
    });
  }

  private signAC(asked: string | undefined): string | null {
    return asked ?? this.config.sat?.assinatura_ac ?? null;
  }

  async envio(body: unknown): Promise<SatResult> {
    const parsed = satEnvioRequest.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return this.own(400, SAT_MESSAGES.invalidRequest(`${issue?.path.join('.') ?? ''}: ${issue?.message ?? ''}`), {});
    }
    const req = parsed.data;
    const log = { dispositivo: req.dispositivo, id_periferico: req.id_periferico, itens: req.det.length };
    const refused = this.target(req.dispositivo, req.id_periferico, log);
    if (refused) return refused;
    const signAC = this.signAC(req.signAC);
    if (!signAC) return this.own(400, SAT_MESSAGES.invalidRequest('assinatura do AC (sat_assinatura_ac) não informada'), log);
    let xml: string;
    try {
      xml = buildCFeXml({ ...req, signAC, softwareHouseCnpj: SAT_SOFTWARE_HOUSE_CNPJ });
    } catch (error) {
      if (error instanceof ValidationError || error instanceof RangeError) return this.own(400, SAT_MESSAGES.invalidRequest(error.message), log);
      throw error;
    }
    const library = this.library!;
    const code = this.config.sat!.codigo_ativacao;
    return this.call('envio', (session) => library.enviarDadosVenda(session, code, xml), log);
  }

  async cancelamento(body: unknown): Promise<SatResult> {
    const parsed = satCancelamentoRequest.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return this.own(400, SAT_MESSAGES.invalidRequest(`${issue?.path.join('.') ?? ''}: ${issue?.message ?? ''}`), {});
    }
    const req = parsed.data;
    const chave = `CFe${req.chave.replace(/^CFe/, '')}`;
    const log = { dispositivo: req.dispositivo, id_periferico: req.id_periferico, chave };
    const refused = this.target(req.dispositivo, req.id_periferico, log);
    if (refused) return refused;
    const signAC = this.signAC(req.signAC);
    if (!signAC) return this.own(400, SAT_MESSAGES.invalidRequest('assinatura do AC (sat_assinatura_ac) não informada'), log);
    let xml: string;
    try {
      xml = buildCFeCancXml({ chave, softwareHouseCnpj: SAT_SOFTWARE_HOUSE_CNPJ, signAC, numeroCaixa: req.numeroCaixa, dest: req.dest ?? null });
    } catch (error) {
      if (error instanceof ValidationError) return this.own(400, SAT_MESSAGES.invalidRequest(error.message), log);
      throw error;
    }
    const library = this.library!;
    const code = this.config.sat!.codigo_ativacao;
    return this.call('cancelamento', (session) => library.cancelarUltimaVenda(session, code, chave, xml), log);
  }
}
