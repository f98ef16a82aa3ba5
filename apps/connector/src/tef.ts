/**
 * The connector's card routes (001 §4, §7 Card capture, §9): POST /venda/credito {valor, parcelas, financiamento},
 * /venda/debito {valor}, /pix {valor}, /adm/cancelamento {valor, nsu, data} → {tef: TefAnswer}; GET /tef/status (the
 * terminal's messages of the transaction in progress, which the payment panel shows); POST /tef/simulador {proxima}
 * (only with the FAKE terminal: the outcomes of the next transactions, for tests).
 *
 * One transaction at a time (a second one is code 8 'busy'). Time-out 180 s (§9, configurable for tests): code 4.
 * Codes 0 and 1 without an error flag are success; 2-9 are failure, and on failure the terminal app is relaunched
 * (§4). The log line holds the operation, amount, code and NSU: never a card number, nor the receipts.
 */
import { CARD_TERMINAL_MESSAGES, TEF_CODES, type TefAnswer } from '@pdv/domain/card-terminal';
import { tefCancelRequest, tefCreditRequest, tefDebitRequest, tefPixRequest } from '@pdv/contract/card-terminal';
import { maskCardData } from '@pdv/domain/card-number';
import { z } from 'zod';
import { FAKE_OUTCOMES, FakeTerminal, type TefDriver, type TefOperation, type TefRequest } from './tef-drivers.ts';

export interface TefResult {
  status: number;
  answer: { tef: TefAnswer } | Record<string, unknown>;
  log: Record<string, unknown>;
}

export const TEF_PATHS: Record<string, TefOperation> = {
  '/venda/credito': 'credito',
  '/venda/debito': 'debito',
  '/pix': 'pix',
  '/adm/cancelamento': 'cancelamento',
};

const cents = (reais: number) => Math.round(reais * 100);
const simulatorRequest = z.object({ proxima: z.union([z.enum(FAKE_OUTCOMES), z.array(z.enum(FAKE_OUTCOMES))]) });

export class TefService {
  private busy = false;
  private messages: string[] = [];

  constructor(private readonly driver: TefDriver | null, private readonly timeoutMs: number) {}

  status(): { em_andamento: boolean; mensagens: string[] } {
    return { em_andamento: this.busy, mensagens: [...this.messages] };
  }

  simulate(body: unknown): TefResult {
    if (!(this.driver instanceof FakeTerminal)) return { status: 404, answer: { mensagem: 'Simulador TEF não configurado.' }, log: {} };
    const parsed = simulatorRequest.safeParse(body);
    if (!parsed.success) return { status: 400, answer: { mensagem: `Use proxima: ${FAKE_OUTCOMES.join(', ')}.` }, log: {} };
    const list = Array.isArray(parsed.data.proxima) ? parsed.data.proxima : [parsed.data.proxima];
    this.driver.enqueue(...list);
    return { status: 200, answer: { ok: true, proxima: list }, log: { simulador: list } };
  }

  private request(operacao: TefOperation, body: unknown): TefRequest | string {
    const schema = operacao === 'credito' ? tefCreditRequest : operacao === 'debito' ? tefDebitRequest : operacao === 'pix' ? tefPixRequest : tefCancelRequest;
    const parsed = schema.safeParse(body);
    if (!parsed.success) return CARD_TERMINAL_MESSAGES.tefInvalid;
    const d = parsed.data as { valor: number; parcelas?: number; financiamento?: 'loja' | 'administradora'; nsu?: string; data?: string };
    return {
      operacao, valor: cents(d.valor), parcelas: d.parcelas ?? 1, financiamento: d.financiamento ?? 'loja',
      ...(d.nsu ? { nsu: d.nsu } : {}), ...(d.data ? { data: d.data.slice(0, 10) } : {}),
    };
  }

  async run(operacao: TefOperation, body: unknown): Promise<TefResult> {
    const fail = (resultado: number, mensagem: string, status = 200): TefResult =>
      ({ status, answer: { tef: { resultado, erro: true, mensagem } }, log: { operacao, resultado } });
    if (!this.driver) return fail(TEF_CODES.unreachable, CARD_TERMINAL_MESSAGES.tefFailed);
    const req = this.request(operacao, body);
    if (typeof req === 'string') return fail(TEF_CODES.invalidAnswer, req, 400);
    if (this.busy) return fail(TEF_CODES.busy, 'Já existe uma transação TEF em andamento neste terminal.');
    this.busy = true;
    this.messages = [CARD_TERMINAL_MESSAGES.waitingTerminal];
    const signal = AbortSignal.timeout(this.timeoutMs);
    let tef: TefAnswer;
    try {
      tef = await this.driver.transact(req, (text) => this.messages.push(maskCardData(text)), signal);
    } catch (error) {
      tef = signal.aborted
        ? { resultado: TEF_CODES.timedOut, mensagem: `Tempo esgotado: o terminal não respondeu em ${Math.round(this.timeoutMs / 1000)} s.` }
        : { resultado: TEF_CODES.unreachable, mensagem: `${CARD_TERMINAL_MESSAGES.tefFailed}: ${error instanceof Error ? error.message : String(error)}` };
    }
    const failed = !(tef.resultado === 0 || tef.resultado === 1) || tef.erro === true || (tef.erros?.length ?? 0) > 0;
    if (failed) {
      // 001 §4: on failure the terminal app is also relaunched.
      await this.driver.relaunch().catch(() => undefined);
      tef = { ...tef, erro: true, relancado: true, mensagem: tef.mensagem ?? CARD_TERMINAL_MESSAGES.tefFailed };
    } else {
      tef = { ...tef, mensagem: tef.mensagem ?? CARD_TERMINAL_MESSAGES.tefApproved };
    }
    // Whatever the TEF client wrote, no card number leaves the connector.
    const masked = (t: string | null | undefined) => (typeof t === 'string' ? maskCardData(t) : t);
    tef = { ...tef, mensagem: masked(tef.mensagem) ?? '', comprovante_cliente: masked(tef.comprovante_cliente) ?? null,
      comprovante_estabelecimento: masked(tef.comprovante_estabelecimento) ?? null };
    this.messages.push(tef.mensagem ?? '');
    this.busy = false;
    return { status: 200, answer: { tef }, log: { operacao, valor: req.valor, resultado: tef.resultado, nsu: tef.nsu ?? null } };
  }
}
