/**
 * The VERO group of the connector (001 §7 "Second integration group": /vero/link_device; create_transaction {amount
 * in cents, method, print, group}; cancel_transaction; list_transaction {order, limit, offset, group};
 * check_transaction; print_request; §8 messages). The calls go through a VeroAdapter:
 * - VeroHttpAdapter forwards each call, as JSON, to the integration host configured (`url`/<call>, bearer token);
 * - VeroSimulator is a FAKE that speaks the same calls: a linked device, transactions kept in memory that stay
 *   'Em andamento' for a number of checks and then end as scripted (POST /vero/simulador {checks, final}), for tests.
 * Answers {Codigo: 0, Mensagem, transaction | transactions}; a failure is Codigo 999 with the call's §8 message.
 */
import { randomUUID } from 'node:crypto';
import { CARD_INTEGRATION, CARD_TERMINAL_MESSAGES as M, VERO_STATUS } from '@pdv/domain/card-terminal';
import {
  veroAnswer, veroCreateRequest, veroIdRequest, veroLinkRequest, veroListRequest, type VeroAnswer, type VeroTransactionBody,
} from '@pdv/contract/card-terminal';
import { PRINT_CODES } from '@pdv/domain/print-connector';
import { z } from 'zod';
import { FAKE_ACQUIRER_CNPJ } from './tef-drivers.ts';

export const VERO_CALLS = ['link_device', 'create_transaction', 'cancel_transaction', 'list_transaction', 'check_transaction', 'print_request'] as const;
export type VeroCall = (typeof VERO_CALLS)[number];

export interface VeroAdapter {
  call(name: VeroCall, body: Record<string, unknown>): Promise<VeroAnswer>;
}

const FAILED: Record<VeroCall, string> = {
  link_device: M.linkFailed,
  create_transaction: M.transactionFailed,
  cancel_transaction: M.cancelFailed,
  list_transaction: M.listFailed,
  check_transaction: M.checkFailed,
  print_request: M.transactionFailed,
};

const SCHEMAS: Record<VeroCall, z.ZodType> = {
  link_device: veroLinkRequest,
  create_transaction: veroCreateRequest,
  cancel_transaction: veroIdRequest,
  list_transaction: veroListRequest,
  check_transaction: veroIdRequest,
  print_request: veroIdRequest,
};

export class VeroHttpAdapter implements VeroAdapter {
  constructor(private readonly url: string, private readonly token: string | undefined, private readonly timeoutMs: number, private readonly http: typeof fetch = fetch) {}

  async call(name: VeroCall, body: Record<string, unknown>): Promise<VeroAnswer> {
    const res = await this.http(`${this.url.replace(/\/+$/, '')}/${name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(this.token ? { authorization: `Bearer ${this.token}` } : {}) },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    const parsed = veroAnswer.safeParse(await res.json());
    if (!res.ok || !parsed.success) throw new Error(`HTTP ${res.status}`);
    return parsed.data;
  }
}

export const simulatorScript = z.object({
  /** How many check_transaction calls answer 'Em andamento' before the final status. */
  checks: z.number().int().min(0).max(1000).default(0),
  final: z.enum([VERO_STATUS.approved, VERO_STATUS.declined, VERO_STATUS.failure, VERO_STATUS.cancelledByOperator]).default(VERO_STATUS.approved),
});
type Script = z.infer<typeof simulatorScript>;

interface FakeTx { tx: VeroTransactionBody; pending: number; final: string }

export class VeroSimulator implements VeroAdapter {
  private linked = false;
  private nsu = 500000;
  private readonly scripts: Script[] = [];
  readonly transactions = new Map<string, FakeTx>();
  readonly printed: string[] = [];

  /** The scripts of the next transactions, in order (none: approved at the first check). */
  enqueue(script: Script): void {
    this.scripts.push(script);
  }

  call(name: VeroCall, body: Record<string, unknown>): Promise<VeroAnswer> {
    return Promise.resolve(this.answer(name, body));
  }

  private answer(name: VeroCall, body: Record<string, unknown>): VeroAnswer {
    const ok = (Mensagem: string, extra: Partial<VeroAnswer> = {}): VeroAnswer => ({ Codigo: 0, Mensagem, ...extra });
    const refuse = (Mensagem: string): VeroAnswer => ({ Codigo: PRINT_CODES.own, Mensagem });
    if (name === 'link_device') {
      this.linked = true;
      return ok(M.linked);
    }
    if (!this.linked) return refuse(FAILED[name]);
    if (name === 'create_transaction') {
      const b = body as z.infer<typeof veroCreateRequest>;
      const script = this.scripts.shift() ?? { checks: 0, final: VERO_STATUS.approved };
      const tx: VeroTransactionBody = { id: randomUUID(), status: VERO_STATUS.available, amount: b.amount, method: b.method, group: b.group };
      this.transactions.set(tx.id, { tx, pending: script.checks, final: script.final });
      return ok(M.tefApproved, { transaction: tx });
    }
    if (name === 'list_transaction') {
      const b = body as z.infer<typeof veroListRequest>;
      const all = [...this.transactions.values()].map((t) => t.tx).filter((t) => !b.group || t.group === b.group);
      if (b.order === 'desc') all.reverse();
      return ok('', { transactions: all.slice(b.offset, b.offset + b.limit) });
    }
    const found = this.transactions.get(String(body['id']));
    if (!found) return refuse(name === 'check_transaction' ? M.queryError : FAILED[name]);
    if (name === 'check_transaction') {
      if (found.tx.status === VERO_STATUS.available || found.tx.status === VERO_STATUS.inProgress) {
        if (found.pending > 0) {
          found.pending -= 1;
          found.tx = { ...found.tx, status: VERO_STATUS.inProgress };
        } else {
          found.tx = found.final === VERO_STATUS.approved
            ? {
              ...found.tx, status: VERO_STATUS.approved, codigo_autorizacao: String(Math.floor(100000 + Math.random() * 899999)),
              bandeira: found.tx.method === 'debit' ? '02' : '01', cnpj_credenciadora: FAKE_ACQUIRER_CNPJ, nsu: String(++this.nsu),
              data_hora: new Date().toISOString(), tipo_integracao: CARD_INTEGRATION.integrated,
              descricao: found.tx.method === 'debit' ? 'DEBITO VERO' : 'CREDITO VERO',
            }
            : { ...found.tx, status: found.final };
        }
      }
      return ok(found.tx.status, { transaction: found.tx });
    }
    if (name === 'cancel_transaction') {
      if (found.tx.status !== VERO_STATUS.available && found.tx.status !== VERO_STATUS.inProgress) return refuse(M.cancelFailed);
      found.tx = { ...found.tx, status: VERO_STATUS.cancelledByPdv };
      return ok(M.cancelled, { transaction: found.tx });
    }
    this.printed.push(found.tx.id);
    return ok(M.printRequested, { transaction: found.tx });
  }
}

export interface VeroResult {
  status: number;
  answer: VeroAnswer | Record<string, unknown>;
  log: Record<string, unknown>;
}

export async function veroCall(adapter: VeroAdapter | null, name: VeroCall, body: unknown): Promise<VeroResult> {
  const fail = (status = 200): VeroResult => ({ status, answer: { Codigo: PRINT_CODES.own, Mensagem: FAILED[name] }, log: { vero: name, Codigo: PRINT_CODES.own } });
  if (!adapter) return fail();
  const parsed = SCHEMAS[name].safeParse(body ?? {});
  if (!parsed.success) return fail(400);
  try {
    const answer = await adapter.call(name, parsed.data as Record<string, unknown>);
    return { status: 200, answer, log: { vero: name, Codigo: answer.Codigo, status: answer.transaction?.status ?? null } };
  } catch {
    return fail();
  }
}
