/**
 * The till's side of the cashier (issue 23): what this device knows of its user's shift, and the outbox of cashier
 * events (open, sangria, suprimento, count, close, reopen) sent to POST /api/cashier/event, each once, in order.
 *
 * - Every event gets its UUID when made and is kept in localStorage before anything is sent, so a crash or a closed
 *   tab loses nothing; the server applies a UUID once (a resend gets the first answer).
 * - Offline, the event waits; the local shift already follows it (opened, closed), so the point of sale applies the
 *   branch's forcar_controle_caixa rule (packages/domain/src/cashier.ts) against it with the network off.
 * - A refusal (400, 403, 404, 409) is final: the event is dropped from the queue and kept in `refused` with the
 *   server's message, and the local shift is read again from the server when online.
 * - The sale outbox sends the cashier events first (runtime.ts), so a shift opened offline reaches the server before
 *   the sales made in it; while the user's events in the sale's branch get no answer, the sale waits too (`tillHolds`).
 * - Each event goes with the token of the user who made it: a pass sends the signed-in user's events only, and another
 *   user's wait on the device for that user to sign in again (the server would take them as the caller's shift).
 */
import type { CashierEventBody as Body, CashierEventResult, CashierRow } from '@pdv/contract/cashier';
import { CASHIER_EVENT, CASHIER_STATUS, modeTakesTillMoney, saleShiftError, type ShiftFacts } from '@pdv/domain/cashier';
import { branchOffset } from '@pdv/domain/time-zone';
import { call } from '../../api/client.ts';
import { ApiError, errorDisplayOf, isApiError, NETWORK_ERROR_MESSAGE } from '../../api/errors.ts';
import { isRefusal, type Sender } from '../outbox/outbox.ts';

/** An event as the till makes it (the contract's input type, with the ids as numbers). */
export type CashierEventBody = Body & { id_filial: number; id_evento: string; data: string };

/** Dispatched on the window when the local shift or the queue changes (the cashier screen reads them again). */
export const CHANGED_EVENT = 'pdv-caixa';

const QUEUE_KEY = 'pdv.caixa.eventos';
const SHIFT_KEY = 'pdv.caixa.atual';
const REFUSED_KEY = 'pdv.caixa.recusados';

/** This device's knowledge of a user's shift in a branch. */
export interface LocalShift extends ShiftFacts {
  uuid_caixa: string;
  id_filial: number;
  id_caixa: number | null;
  /** Events of it still in the queue. */
  pendente: boolean;
}

export interface RefusedEvent {
  body: CashierEventBody;
  message: string;
}

type Store = Pick<Storage, 'getItem' | 'setItem'>;
const store = (): Store | null => globalThis.localStorage ?? null;

function read<T>(key: string, fallback: T): T {
  try {
    const raw = store()?.getItem(key);
    return raw ? (JSON.parse(raw) as T) : fallback;
  } catch {
    return fallback;
  }
}
const write = (key: string, value: unknown) => store()?.setItem(key, JSON.stringify(value));

const shiftKey = (id_usuario: number, id_filial: number) => `${id_usuario}:${id_filial}`;

export function localShift(id_usuario: number, id_filial: number): LocalShift | null {
  return read<Record<string, LocalShift>>(SHIFT_KEY, {})[shiftKey(id_usuario, id_filial)] ?? null;
}

export function setLocalShift(id_usuario: number, id_filial: number, shift: LocalShift | null): void {
  const all = read<Record<string, LocalShift>>(SHIFT_KEY, {});
  if (shift) all[shiftKey(id_usuario, id_filial)] = shift;
  else delete all[shiftKey(id_usuario, id_filial)];
  write(SHIFT_KEY, all);
  globalThis.dispatchEvent?.(new Event(CHANGED_EVENT));
}

interface QueuedEvent {
  id_usuario: number;
  body: CashierEventBody;
}

/** The queue (of every user of the device, or of one). */
export const pendingEvents = (id_usuario?: number): QueuedEvent[] =>
  read<QueuedEvent[]>(QUEUE_KEY, []).filter((e) => id_usuario === undefined || e.id_usuario === id_usuario);

/** Whether a sale of the user in the branch must wait: an event of the user's shift there has not reached the server. */
export const tillHolds = (id_usuario: number, id_filial: number): boolean =>
  pendingEvents(id_usuario).some((e) => e.body.id_filial === id_filial);
export const refusedEvents = (): RefusedEvent[] => read<RefusedEvent[]>(REFUSED_KEY, []);

/** Makes an event of the user's shift (its UUID now), queues it and moves the local shift along with it. */
export function queueEvent(id_usuario: number, fields: Omit<CashierEventBody, 'id_evento' | 'data' | 'is_offline'>): CashierEventBody {
  const body: CashierEventBody = {
    ...fields,
    id_evento: crypto.randomUUID(),
    data: new Date().toISOString(),
    is_offline: globalThis.navigator ? !globalThis.navigator.onLine : false,
  };
  write(QUEUE_KEY, [...pendingEvents(), { id_usuario, body }]);
  const current = localShift(id_usuario, body.id_filial);
  if (body.tipo === CASHIER_EVENT.open || body.tipo === CASHIER_EVENT.reopen) {
    if (body.tipo === CASHIER_EVENT.open || current?.uuid_caixa === body.uuid_caixa) {
      setLocalShift(id_usuario, body.id_filial, {
        uuid_caixa: body.uuid_caixa, id_filial: body.id_filial, id_caixa: current?.uuid_caixa === body.uuid_caixa ? current.id_caixa : null,
        situacao: CASHIER_STATUS.open, id_usuario, data_abertura: current?.uuid_caixa === body.uuid_caixa ? current.data_abertura : body.data,
        pendente: true,
      });
    }
  } else if (body.tipo === CASHIER_EVENT.close && current?.uuid_caixa === body.uuid_caixa) {
    setLocalShift(id_usuario, body.id_filial, null);
  }
  return body;
}

export type CashierSender = (body: CashierEventBody) => Promise<CashierEventResult>;

export const sendCashierEvent: CashierSender = (body) => call('cashierEvent', body, { loading: false });

export interface FlushResult {
  sent: CashierEventResult[];
  refused: RefusedEvent[];
  /** The user's events left in the queue (no answer: offline or the server unreachable). */
  pending: number;
}

let running: Promise<FlushResult> | null = null;

/**
 * Sends the signed-in user's queued events in order (one pass at a time in this tab); stops at the first that gets no
 * answer.
 */
export function flushCashierEvents(send: CashierSender, id_usuario: number): Promise<FlushResult> {
  running ??= pass(send, id_usuario).finally(() => {
    running = null;
  });
  return running;
}

/** The signed-in user's events sent (none when signed out); answers how many are left unsent. */
export async function flushTill(send: CashierSender, user: () => number | null): Promise<number> {
  const id_usuario = user();
  return id_usuario === null ? 0 : (await flushCashierEvents(send, id_usuario)).pending;
}

/**
 * The sale outbox's sender, after the till's events: a shift opened offline reaches the server before the sales made
 * in it. While an event of the user's shift in the sale's branch gets no answer, the sale is not sent and stays
 * pending, as with no network: sent first, it would be refused for good for want of an open shift.
 */
export function tillFirst(sendSale: Sender, sendEvent: CashierSender, user: () => number | null): Sender {
  return async (body) => {
    await flushTill(sendEvent, user);
    const id_usuario = user();
    if (id_usuario !== null && tillHolds(id_usuario, Number(body.id_filial))) {
      throw new ApiError('network', 0, null, NETWORK_ERROR_MESSAGE, 'operacao');
    }
    return sendSale(body);
  };
}

async function pass(send: CashierSender, id_usuario: number): Promise<FlushResult> {
  const result: FlushResult = { sent: [], refused: [], pending: 0 };
  for (;;) {
    const [next] = pendingEvents(id_usuario);
    if (!next) break;
    try {
      const answer = await send(next.body);
      result.sent.push(answer);
      const local = localShift(next.id_usuario, next.body.id_filial);
      if (local?.uuid_caixa === answer.caixa.uuid_caixa) {
        setLocalShift(next.id_usuario, next.body.id_filial, answer.caixa.is_aberto
          ? { ...local, id_caixa: answer.caixa.id_caixa, situacao: answer.caixa.situacao, pendente: pendingEvents(id_usuario).length > 1 }
          : null);
      }
    } catch (error) {
      if (!isRefusal(error)) {
        if (!isApiError(error)) console.error('Falha ao enviar a operação de caixa', error);
        result.pending = pendingEvents(id_usuario).length;
        return result;
      }
      const refused = { body: next.body, message: errorDisplayOf(error).text };
      result.refused.push(refused);
      write(REFUSED_KEY, [...refusedEvents(), refused].slice(-50));
      // A refused opening leaves no shift on this device.
      const local = localShift(next.id_usuario, next.body.id_filial);
      if (next.body.tipo === CASHIER_EVENT.open && local?.uuid_caixa === next.body.uuid_caixa) {
        setLocalShift(next.id_usuario, next.body.id_filial, null);
      }
    }
    write(QUEUE_KEY, pendingEvents().filter((e) => e.body.id_evento !== next.body.id_evento));
    globalThis.dispatchEvent?.(new Event(CHANGED_EVENT));
  }
  return result;
}

/**
 * The point of sale's check before finishing (the server runs the same rule on POST /api/operacao): a sale or a sold
 * voucher or a receipt under forcar_controle_caixa needs this device's known open shift of the user in the branch.
 */
export function tillSaleError(
  operation: { modo_operacao: string; id_usuario: number; id_filial: number },
  config: Record<string, unknown>,
  now: Date = new Date(),
): string | null {
  if (!modeTakesTillMoney(operation.modo_operacao)) return null;
  return saleShiftError(
    { forcar_controle_caixa: config['forcar_controle_caixa'] === true, forcar_controle_diario_caixa: config['forcar_controle_diario_caixa'] === true },
    localShift(operation.id_usuario, operation.id_filial),
    now,
    branchOffset(config['fuso_horario']),
  );
}

/** The server's word on the user's open shift in the branch replaces this device's (online only). */
export async function syncLocalShift(id_usuario: number, id_filial: number): Promise<void> {
  if (!(globalThis.navigator?.onLine ?? true) || pendingEvents(id_usuario).length > 0) return;
  const { caixa } = await call('cashierCurrent', undefined, { loading: false });
  setLocalShift(id_usuario, id_filial, caixa ? fromRow(caixa) : null);
}

const fromRow = (c: CashierRow): LocalShift => ({
  uuid_caixa: c.uuid_caixa, id_filial: c.id_filial, id_caixa: c.id_caixa, situacao: c.situacao, id_usuario: c.id_usuario,
  data_abertura: c.data_abertura, pendente: false,
});

