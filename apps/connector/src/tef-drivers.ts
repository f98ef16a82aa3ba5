/**
 * The card driver's TEF clients (001 §4, §7 Card capture). A driver runs one transaction against the shop's TEF client
 * and answers our TEF result code (packages/domain card-terminal.ts TEF_CODES) with the card data; it never sees a
 * card number, and what it reports holds none (the TEF client masks the receipts).
 *
 * - SitefAgentDriver: the SiTef agent's HTTP interface (AgenteCliSiTef, Software Express), written from its public
 *   documentation: POST /agente/clisitef/startTransaction (form-encoded: sitefIp, storeId, terminalId, functionId,
 *   trnAmount, taxInvoiceNumber, taxInvoiceDate, taxInvoiceTime, cashierOperator, trnAdditionalParameters), then
 *   /agente/clisitef/continueTransaction {sessionId, command, data, continue} while clisitefStatus is 10000, answering
 *   its commands (messages 1-3 shown, menus and fields answered from the request, 23 "abort?" answered with the time-out),
 *   and /agente/clisitef/finishTransaction {sessionId, confirm} at the end. Field ids kept: 105 date-time, 121/122
 *   receipts, 133/134 NSU (SiTef, host), 135 authorization code, 156 institution name, 950 acquirer CNPJ, 951 NFC-e
 *   brand code, 952 NFC-e authorization. Function ids: 3 credit, 2 debit, 122 digital wallet (Pix), 110 administrative
 *   (cancellation, fields 146 amount, 515 date DDMMAAAA, 516 NSU). The relaunch discards the agent's session.
 * - FakeTerminal: a local FAKE terminal (no card, no network) for development and tests: it answers approve, decline,
 *   cancel by the operator or never (time-out), taken from a queue a test fills (POST /tef/simulador on the connector).
 */
import { CARD_INTEGRATION, TEF_CODES, type TefAnswer } from '@pdv/domain/card-terminal';

export type TefOperation = 'credito' | 'debito' | 'pix' | 'cancelamento';

export interface TefRequest {
  operacao: TefOperation;
  /** Cents. */
  valor: number;
  parcelas: number;
  financiamento: 'loja' | 'administradora';
  /** Cancellation: the transaction's NSU and date (yyyy-mm-dd). */
  nsu?: string;
  data?: string;
}

export interface TefDriver {
  readonly name: string;
  transact(req: TefRequest, onMessage: (text: string) => void, signal: AbortSignal): Promise<TefAnswer>;
  /** The terminal app relaunched after a failure (001 §4). */
  relaunch(): Promise<void>;
}

const reais = (cents: number) => `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')}`;
const pad = (n: number) => String(n).padStart(2, '0');

// ---------------------------------------------------------------------------------------------------------------
// The SiTef agent (AgenteCliSiTef)

export interface SitefConfig {
  /** The agent's base URL, e.g. https://127.0.0.1/agente (its default install listens on https://localhost). */
  url: string;
  sitef_ip: string;
  empresa: string;
  terminal: string;
  operador?: string | undefined;
  parametros_adicionais?: string | undefined;
}

interface AgentAnswer {
  serviceStatus?: number;
  serviceMessage?: string;
  clisitefStatus?: number;
  sessionId?: string;
  commandId?: number;
  fieldId?: number;
  fieldMinLength?: number;
  fieldMaxLength?: number;
  data?: string;
}

const FUNCTION_ID: Record<TefOperation, string> = { credito: '3', debito: '2', pix: '122', cancelamento: '110' };
const CONTINUE = 10000;

/** A CliSiTef result (clisitefStatus at the end) as our TEF code. */
export function sitefCode(status: number): number {
  if (status === 0) return TEF_CODES.approved;
  if (status === -2 || status === -6) return TEF_CODES.cancelledByOperator;
  if (status === -5) return TEF_CODES.unreachable;
  if (status > 0 || status === -40) return TEF_CODES.declined;
  return TEF_CODES.other;
}

export class SitefAgentDriver implements TefDriver {
  readonly name = 'sitef';
  constructor(private readonly config: SitefConfig, private readonly http: typeof fetch = fetch) {}

  private async post(path: string, form: Record<string, string>, signal: AbortSignal): Promise<AgentAnswer> {
    const res = await this.http(`${this.config.url.replace(/\/+$/, '')}/agente/clisitef/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
      signal,
    });
    const body = (await res.json()) as AgentAnswer;
    if (body.serviceStatus !== undefined && body.serviceStatus !== 0) throw new Error(body.serviceMessage ?? `serviceStatus ${body.serviceStatus}`);
    return body;
  }

  /** The answer to a command asking for data (menus, fields), from the request; '' leaves the default. */
  private answerFor(req: TefRequest, a: AgentAnswer): string {
    switch (a.fieldId) {
      case 146: return reais(req.valor);
      case 515: return req.data ? `${req.data.slice(8, 10)}${req.data.slice(5, 7)}${req.data.slice(0, 4)}` : '';
      case 516: return req.nsu ?? '';
      case 505: return String(req.parcelas);
      default: break;
    }
    if (a.commandId === 21) {
      // Menus: the instalment kind for credit (1 à vista, 2 parcelado loja, 3 parcelado administradora), else the first.
      const text = (a.data ?? '').toLowerCase();
      if (req.operacao === 'credito' && /parcel/.test(text)) {
        if (req.parcelas <= 1) return '1';
        return req.financiamento === 'loja' ? '2' : '3';
      }
      return '1';
    }
    if (a.commandId === 20) return '0'; // yes/no question: yes
    return '';
  }

  async transact(req: TefRequest, onMessage: (text: string) => void, signal: AbortSignal): Promise<TefAnswer> {
    const now = new Date();
    const fiscal = String(Date.now()).slice(-6);
    let a = await this.post('startTransaction', {
      sitefIp: this.config.sitef_ip, storeId: this.config.empresa, terminalId: this.config.terminal,
      functionId: FUNCTION_ID[req.operacao], trnAmount: req.operacao === 'cancelamento' ? '' : reais(req.valor),
      taxInvoiceNumber: fiscal, taxInvoiceDate: `${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}`,
      taxInvoiceTime: `${pad(now.getHours())}${pad(now.getMinutes())}${pad(now.getSeconds())}`,
      cashierOperator: this.config.operador ?? 'CAIXA', trnAdditionalParameters: this.config.parametros_adicionais ?? '',
    }, signal);
    const sessionId = a.sessionId ?? '';
    const fields = new Map<number, string>();
    while (a.clisitefStatus === CONTINUE) {
      const command = a.commandId ?? 0;
      let data = '';
      let cont = 0;
      if (command === 0 && a.fieldId !== undefined) fields.set(a.fieldId, a.data ?? '');
      else if (command >= 1 && command <= 3 && a.data) onMessage(a.data.trim());
      else if (command === 23) cont = signal.aborted ? -1 : 0;
      else if (command >= 20) data = this.answerFor(req, a);
      a = await this.post('continueTransaction', { sessionId, command: String(command), data, continue: String(cont) }, signal);
    }
    const status = a.clisitefStatus ?? -100;
    const code = sitefCode(status);
    if (code !== TEF_CODES.approved) {
      return { resultado: code, mensagem: a.serviceMessage ?? fields.get(121) ?? undefined };
    }
    await this.post('finishTransaction', { sessionId, taxInvoiceNumber: fiscal, confirm: '1' }, signal);
    const when = fields.get(105) ?? '';
    const data_hora = /^\d{14}$/.test(when)
      ? `${when.slice(0, 4)}-${when.slice(4, 6)}-${when.slice(6, 8)}T${when.slice(8, 10)}:${when.slice(10, 12)}:${when.slice(12, 14)}`
      : now.toISOString();
    return {
      resultado: TEF_CODES.approved,
      codigo_autorizacao: fields.get(952) ?? fields.get(135) ?? '',
      bandeira: fields.get(951) ?? fields.get(156) ?? '99',
      cnpj_credenciadora: fields.get(950) ?? null,
      nsu: fields.get(134) ?? fields.get(133) ?? '',
      data_hora,
      tipo_integracao: CARD_INTEGRATION.integrated,
      descricao: fields.get(156) ?? null,
      comprovante_cliente: fields.get(121) ?? null,
      comprovante_estabelecimento: fields.get(122) ?? null,
    };
  }

  async relaunch(): Promise<void> {
    // The agent's session dropped: the next transaction starts the CliSiTef module afresh.
    await this.http(`${this.config.url.replace(/\/+$/, '')}/agente/clisitef/session`, { method: 'DELETE' }).catch(() => undefined);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The FAKE terminal

export const FAKE_OUTCOMES = ['aprovar', 'recusar', 'cancelar', 'tempo_esgotado'] as const;
export type FakeOutcome = (typeof FAKE_OUTCOMES)[number];

/** Cielo's CNPJ: what the fake terminal says the acquirer is. */
export const FAKE_ACQUIRER_CNPJ = '01027058000191';

export class FakeTerminal implements TefDriver {
  readonly name = 'simulador';
  private readonly queue: FakeOutcome[] = [];
  private nsu = 100000;
  /** The approved transactions (nsu → amount in cents), so a cancellation of an unknown one is refused. */
  readonly approved = new Map<string, number>();
  relaunches = 0;

  constructor(private readonly stepMs = 150) {}

  /** The outcomes of the next transactions, in order (none queued: approve). */
  enqueue(...outcomes: FakeOutcome[]): void {
    this.queue.push(...outcomes);
  }

  private step(signal: AbortSignal): Promise<void> {
    return new Promise((done, fail) => {
      const timer = setTimeout(done, this.stepMs);
      signal.addEventListener('abort', () => {
        clearTimeout(timer);
        fail(signal.reason instanceof Error ? signal.reason : new Error('abortado'));
      }, { once: true });
    });
  }

  async transact(req: TefRequest, onMessage: (text: string) => void, signal: AbortSignal): Promise<TefAnswer> {
    const outcome = this.queue.shift() ?? 'aprovar';
    onMessage(req.operacao === 'cancelamento' ? 'CANCELAMENTO - CONFIRME NO PINPAD' : req.operacao === 'pix' ? 'LEIA O QR CODE NO PINPAD' : 'INSIRA OU PASSE O CARTAO');
    await this.step(signal);
    if (outcome === 'tempo_esgotado') {
      // Never answers: the connector's time-out ends it.
      await new Promise<void>((_, fail) => signal.addEventListener('abort', () => fail(new Error('tempo esgotado')), { once: true }));
    }
    if (outcome === 'cancelar') {
      onMessage('OPERACAO CANCELADA');
      return { resultado: TEF_CODES.cancelledByOperator, mensagem: 'Operação cancelada pelo operador.' };
    }
    if (req.operacao !== 'pix' && req.operacao !== 'cancelamento') {
      onMessage('DIGITE A SENHA');
      await this.step(signal);
    }
    onMessage('AGUARDE, TRANSACAO EM ANDAMENTO');
    await this.step(signal);
    if (outcome === 'recusar') {
      onMessage('TRANSACAO NEGADA');
      return { resultado: TEF_CODES.declined, mensagem: 'Transação negada pelo emissor (51 - saldo insuficiente).' };
    }
    if (req.operacao === 'cancelamento') {
      const known = req.nsu !== undefined && this.approved.get(req.nsu) === req.valor;
      if (!known) return { resultado: TEF_CODES.cancelRefused, mensagem: 'Transação a cancelar não encontrada.' };
      this.approved.delete(req.nsu ?? '');
    }
    const nsu = req.operacao === 'cancelamento' ? (req.nsu ?? '') : String(++this.nsu);
    if (req.operacao !== 'cancelamento') this.approved.set(nsu, req.valor);
    onMessage('TRANSACAO APROVADA');
    const autorizacao = String(Math.floor(100000 + Math.random() * 899999));
    const descricao = req.operacao === 'credito' ? (req.parcelas > 1 ? `CREDITO PARCELADO ${req.parcelas}X` : 'CREDITO A VISTA')
      : req.operacao === 'debito' ? 'DEBITO A VISTA' : req.operacao === 'pix' ? 'PIX' : 'CANCELAMENTO';
    const receipt = (via: string) => [
      'SIMULADOR TEF - SEM VALOR FISCAL', via, descricao, `VALOR: R$ ${reais(req.valor)}`, 'CARTAO: ************0006',
      `NSU: ${nsu}  AUT: ${autorizacao}`,
    ].join('\n');
    return {
      resultado: TEF_CODES.approved, codigo_autorizacao: autorizacao, bandeira: req.operacao === 'debito' ? '02' : '01',
      cnpj_credenciadora: FAKE_ACQUIRER_CNPJ, nsu, data_hora: new Date().toISOString(), tipo_integracao: CARD_INTEGRATION.integrated,
      descricao, comprovante_cliente: receipt('VIA CLIENTE'), comprovante_estabelecimento: receipt('VIA ESTABELECIMENTO'),
    };
  }

  relaunch(): Promise<void> {
    this.relaunches += 1;
    return Promise.resolve();
  }
}
