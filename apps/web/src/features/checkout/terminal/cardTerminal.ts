/**
 * The card terminal flows of the payment panel (issue 28; 001 §3, §4, §5, §7 Card capture, §8, §9), through the
 * connector of the branch's POS peripheral chosen on this machine (001 §3 key 'pos'):
 * - TEF: POST /venda/credito {valor, parcelas, financiamento}, /venda/debito {valor}, /pix {valor}, waiting up to
 *   180 s (§9) while GET /tef/status brings the terminal's messages; the answer's `tef` object judged by the domain
 *   (tefOutcome: 0 and 1 without error flags are success). Cancelled by /adm/cancelamento {valor, nsu, data}.
 * - VERO: create_transaction {amount in cents, method, print, group}, then check_transaction polled as §4 says (wait 4 s,
 *   every 1 s up to 30 times, then the 'keep checking' question), by the domain's pollVeroTransaction.
 * The answer is the card fields of 000 §3.4 for the payment (no card number ever reaches the browser).
 */
import {
  CARD_INTEGRATION, CARD_TERMINAL_MESSAGES as M, cardBrandCode, pollVeroTransaction, TEF_TIMEOUT_MS, tefOutcome, VERO_CLIENT_TIMEOUT_MS,
  veroAmount, type TerminalKind, type TefCardData, type VeroTransaction,
} from '@pdv/domain/card-terminal';
import { PRINT_MESSAGES } from '@pdv/domain/print-connector';
import type { Cents } from '@pdv/domain/money';
import { connectorUrl } from '../../peripherals/connector.ts';
import type { PeripheralChoice } from '../../peripherals/peripheralStore.ts';

export interface CardFields {
  cartao_codigo_autorizacao: string;
  cartao_bandeira: string;
  cartao_tipo_integracao: string;
  cartao_cnpj_instituicao: string | null;
  cartao_nsu: string;
  cartao_data_hora_transacao: string;
  cartao_descricao_transacao: string | null;
}

export type TerminalResult = { ok: true; fields: CardFields; message: string } | { ok: false; message: string };

export function cardFields(card: TefCardData): CardFields {
  return {
    cartao_codigo_autorizacao: card.codigo_autorizacao, cartao_bandeira: cardBrandCode(card.bandeira),
    cartao_tipo_integracao: card.tipo_integracao || CARD_INTEGRATION.integrated, cartao_cnpj_instituicao: card.cnpj_credenciadora,
    cartao_nsu: card.nsu, cartao_data_hora_transacao: card.data_hora, cartao_descricao_transacao: card.descricao,
  };
}

const reais = (cents: Cents) => Math.round(cents) / 100;

async function postJson(url: string, body: unknown, timeoutMs: number): Promise<unknown> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  });
  return res.json();
}

const TEF_PATH: Record<TerminalKind, string> = { credito: '/venda/credito', debito: '/venda/debito', pix: '/pix' };

/** Polls GET /tef/status while `work` runs, handing the terminal's messages to `onMessages`. */
async function watchingTerminal<T>(choice: PeripheralChoice, onMessages: (messages: string[]) => void, work: () => Promise<T>): Promise<T> {
  let running = true;
  const watch = (async () => {
    while (running) {
      await new Promise((r) => setTimeout(r, 400));
      if (!running) break;
      const status = await fetch(connectorUrl(choice, '/tef/status')).then((r) => r.json() as Promise<{ mensagens?: unknown }>, () => null);
      if (running && status && Array.isArray(status.mensagens)) onMessages(status.mensagens.filter((m): m is string => typeof m === 'string'));
    }
  })();
  try {
    return await work();
  } finally {
    running = false;
    await watch;
  }
}

/** A TEF sale; `onMessages` gets the terminal's messages while it runs. */
export async function runTef(
  choice: PeripheralChoice,
  kind: TerminalKind,
  valor: Cents,
  parcelas: number,
  onMessages: (messages: string[]) => void,
): Promise<TerminalResult> {
  return watchingTerminal(choice, onMessages, async (): Promise<TerminalResult> => {
    try {
      const body = kind === 'credito' ? { valor: reais(valor), parcelas, financiamento: 'loja' } : { valor: reais(valor) };
      const answer = await postJson(connectorUrl(choice, TEF_PATH[kind]), body, TEF_TIMEOUT_MS + 5_000);
      const outcome = tefOutcome(answer);
      return outcome.ok ? { ok: true, fields: cardFields(outcome.card), message: outcome.message } : outcome;
    } catch (error) {
      console.error('Conector local inacessível', error);
      return { ok: false, message: PRINT_MESSAGES.unreachable };
    }
  });
}

/** /adm/cancelamento {valor, nsu, data} of an approved TEF payment; `onMessages` gets the terminal's messages meanwhile. */
export async function cancelTef(
  choice: PeripheralChoice, valor: Cents, nsu: string, data: string, onMessages?: (messages: string[]) => void,
): Promise<{ ok: boolean; message: string }> {
  if (onMessages) return watchingTerminal(choice, onMessages, () => cancelTef(choice, valor, nsu, data));
  try {
    const answer = await postJson(connectorUrl(choice, '/adm/cancelamento'), { valor: reais(valor), nsu, data: data.slice(0, 10) }, TEF_TIMEOUT_MS + 5_000);
    const tef = (answer as { tef?: { resultado?: unknown; erro?: unknown; mensagem?: unknown } } | null)?.tef;
    if (!tef || typeof tef.resultado !== 'number') return { ok: false, message: M.tefInvalid };
    const ok = (tef.resultado === 0 || tef.resultado === 1) && tef.erro !== true;
    return { ok, message: ok ? M.cancelled : typeof tef.mensagem === 'string' && tef.mensagem ? tef.mensagem : M.cancelFailed };
  } catch (error) {
    console.error('Conector local inacessível', error);
    return { ok: false, message: PRINT_MESSAGES.unreachable };
  }
}

interface VeroReply { Codigo?: unknown; Mensagem?: unknown; transaction?: VeroTransaction }

/** A VERO card sale: create_transaction, then §4's polling; `keepChecking` asks the §8 question. */
export async function runVero(
  choice: PeripheralChoice,
  kind: Exclude<TerminalKind, 'pix'>,
  valor: Cents,
  parcelas: number,
  group: string,
  deps: { keepChecking: () => Promise<boolean>; onStatus: (status: string) => void; sleep?: (ms: number) => Promise<void> },
): Promise<TerminalResult> {
  const call = async (name: string, body: unknown): Promise<VeroReply | null> => {
    try {
      return (await postJson(connectorUrl(choice, `/vero/${name}`), body, VERO_CLIENT_TIMEOUT_MS)) as VeroReply;
    } catch (error) {
      console.error('Conector local inacessível', error);
      return null;
    }
  };
  const created = await call('create_transaction', {
    amount: veroAmount(valor), method: kind === 'credito' ? 'credit' : 'debit', installments: parcelas, print: true, group,
  });
  if (!created) return { ok: false, message: PRINT_MESSAGES.unreachable };
  if (created.Codigo !== 0 || !created.transaction) {
    return { ok: false, message: typeof created.Mensagem === 'string' && created.Mensagem ? created.Mensagem : M.transactionFailed };
  }
  const id = created.transaction.id;
  const result = await pollVeroTransaction({
    sleep: deps.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms))),
    check: async () => {
      const reply = await call('check_transaction', { id });
      return reply && reply.Codigo === 0 && reply.transaction ? reply.transaction : null;
    },
    keepChecking: deps.keepChecking,
    onStatus: deps.onStatus,
  });
  if (result.kind === 'failed') return { ok: false, message: result.message };
  const tx = result.transaction;
  if (!tx.codigo_autorizacao || !tx.nsu || !tx.data_hora) return { ok: false, message: M.queryError };
  return {
    ok: true,
    message: M.tefApproved,
    fields: cardFields({
      codigo_autorizacao: tx.codigo_autorizacao, bandeira: tx.bandeira ?? '99', cnpj_credenciadora: tx.cnpj_credenciadora ?? null,
      nsu: tx.nsu, data_hora: tx.data_hora, tipo_integracao: tx.tipo_integracao ?? CARD_INTEGRATION.integrated, descricao: tx.descricao ?? null,
    }),
  };
}
