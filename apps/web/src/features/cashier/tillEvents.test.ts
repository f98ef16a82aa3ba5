import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CashierEventResult } from '@pdv/contract/cashier';
import { CASHIER_MESSAGES } from '@pdv/domain/cashier';
import { ApiError } from '../../api/errors.ts';
import type { OperacaoBody, OperacaoResult } from '@pdv/contract/operation';
import { isRefusal } from '../outbox/outbox.ts';
import {
  flushCashierEvents, flushTill, localShift, pendingEvents, queueEvent, refusedEvents, tillFirst, tillSaleError, type CashierEventBody, type CashierSender,
} from './tillEvents.ts';

const USER = 7;
const BRANCH = 1;
const FORCED = { forcar_controle_caixa: true, fuso_horario: -3 };

function memoryStorage(): Storage {
  const data = new Map<string, string>();
  return {
    get length() { return data.size; },
    clear: () => data.clear(),
    getItem: (k) => data.get(k) ?? null,
    key: (i) => [...data.keys()][i] ?? null,
    removeItem: (k) => void data.delete(k),
    setItem: (k, v) => void data.set(k, v),
  };
}

const answer = (body: CashierEventBody, is_aberto = true): CashierEventResult => ({
  id_evento: body.id_evento, tipo: String(body.tipo), duplicado: false,
  caixa: { id_caixa: 5, uuid_caixa: body.uuid_caixa, id_filial: BRANCH, id_usuario: USER, usuario: 'Carlos', data_abertura: body.data,
    data_fechamento: null, situacao: is_aberto ? 'Aberto' : 'Fechado', is_aberto, valor_abertura: 0, is_offline: false, is_duplicado: false,
    is_aguardando_autorizacao: false },
});
const sale = { modo_operacao: 'Venda', id_usuario: USER, id_filial: BRANCH };

beforeEach(() => {
  vi.stubGlobal('localStorage', memoryStorage());
  vi.stubGlobal('navigator', { onLine: false });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the till cashier events', () => {
  it('opens the shift on this device at once, offline, so the point of sale sells', () => {
    expect(tillSaleError(sale, FORCED)).toBe(CASHIER_MESSAGES.noOpenShift);
    // A receipt of receivables takes money too; a return (customer credit) does not.
    expect(tillSaleError({ ...sale, modo_operacao: 'Recebimento' }, FORCED)).toBe(CASHIER_MESSAGES.noOpenShift);
    expect(tillSaleError({ ...sale, modo_operacao: 'Devolucao' }, FORCED)).toBeNull();
    const body = queueEvent(USER, { tipo: 'Abertura', uuid_caixa: crypto.randomUUID(), id_filial: BRANCH, valor: 100 });
    expect(body.is_offline).toBe(true);
    expect(localShift(USER, BRANCH)).toMatchObject({ situacao: 'Aberto', pendente: true, uuid_caixa: body.uuid_caixa });
    expect(tillSaleError(sale, FORCED)).toBeNull();
    expect(tillSaleError({ ...sale, modo_operacao: 'Orcamento' }, FORCED)).toBeNull();
    expect(pendingEvents()).toHaveLength(1);
  });

  it('sends the queue in order once, and keeps it when the server cannot be reached', async () => {
    const uuid = crypto.randomUUID();
    queueEvent(USER, { tipo: 'Abertura', uuid_caixa: uuid, id_filial: BRANCH, valor: 100 });
    queueEvent(USER, { tipo: 'Sangria', uuid_caixa: uuid, id_filial: BRANCH, valor: 10, observacao: 'Depósito' });
    const down = vi.fn<CashierSender>(() => Promise.reject(new ApiError('network', 0, null, 'sem rede', 'cashierEvent')));
    expect((await flushCashierEvents(down, USER)).pending).toBe(2);
    expect(down).toHaveBeenCalledTimes(1);
    const seen: string[] = [];
    const up = vi.fn<CashierSender>((b) => {
      seen.push(String(b.tipo));
      return Promise.resolve(answer(b));
    });
    const result = await flushCashierEvents(up, USER);
    expect(seen).toEqual(['Abertura', 'Sangria']);
    expect(result.sent).toHaveLength(2);
    expect(pendingEvents()).toEqual([]);
    expect(localShift(USER, BRANCH)).toMatchObject({ id_caixa: 5, pendente: false });
    await flushCashierEvents(up, USER);
    expect(up).toHaveBeenCalledTimes(2);
  });

  it('drops a refused opening with its message and leaves no shift on the device', async () => {
    queueEvent(USER, { tipo: 'Abertura', uuid_caixa: crypto.randomUUID(), id_filial: BRANCH, valor: 0 });
    const refuse = vi.fn<CashierSender>(() => Promise.reject(
      new ApiError('http', 400, { message: CASHIER_MESSAGES.alreadyOpen }, CASHIER_MESSAGES.alreadyOpen, 'cashierEvent')));
    const result = await flushCashierEvents(refuse, USER);
    expect(result.refused.map((r) => r.message)).toEqual([CASHIER_MESSAGES.alreadyOpen]);
    expect(refusedEvents()).toHaveLength(1);
    expect(pendingEvents()).toEqual([]);
    expect(localShift(USER, BRANCH)).toBeNull();
  });

  it('holds a sale while its shift\'s opening gets no answer, and sends it after the opening (never before it)', async () => {
    const uuid = crypto.randomUUID();
    queueEvent(USER, { tipo: 'Abertura', uuid_caixa: uuid, id_filial: BRANCH, valor: 100 });
    const order: string[] = [];
    const sendSale = vi.fn((body: OperacaoBody) => {
      order.push(`venda ${body.id_operacao}`);
      return Promise.resolve({ id_operacao: body.id_operacao } as unknown as OperacaoResult);
    });
    let reachable = false;
    const sendEvent = vi.fn<CashierSender>((b) => {
      if (!reachable) return Promise.reject(new ApiError('network', 0, null, 'sem rede', 'cashierEvent'));
      order.push(String(b.tipo));
      return Promise.resolve(answer(b));
    });
    const send = tillFirst(sendSale, sendEvent, () => USER);
    const body = { id_operacao: crypto.randomUUID(), id_filial: BRANCH } as unknown as OperacaoBody;
    // The connection is back but the opening's send failed: the sale waits as if offline (pending, not refused).
    const held = await send(body).catch((error: unknown) => error);
    expect(held).toBeInstanceOf(ApiError);
    expect(isRefusal(held)).toBe(false);
    expect(sendSale).not.toHaveBeenCalled();
    // A sale in another branch of the user does not wait for this shift.
    await send({ ...body, id_filial: BRANCH + 1 });
    expect(order).toEqual([`venda ${body.id_operacao}`]);
    reachable = true;
    await send(body);
    expect(order).toEqual([`venda ${body.id_operacao}`, 'Abertura', `venda ${body.id_operacao}`]);
    expect(pendingEvents()).toEqual([]);
  });

  it('sends the signed-in user\'s events only: another user\'s wait for that user, and do not hold this one\'s sales', async () => {
    const OTHER = USER + 1;
    queueEvent(OTHER, { tipo: 'Abertura', uuid_caixa: crypto.randomUUID(), id_filial: BRANCH, valor: 0 });
    queueEvent(USER, { tipo: 'Abertura', uuid_caixa: crypto.randomUUID(), id_filial: BRANCH, valor: 0 });
    const up = vi.fn<CashierSender>((b) => Promise.resolve(answer(b)));
    // Signed out: nothing is sent.
    expect(await flushTill(up, () => null)).toBe(0);
    expect(up).not.toHaveBeenCalled();
    const result = await flushCashierEvents(up, USER);
    expect(result).toMatchObject({ pending: 0 });
    expect(up).toHaveBeenCalledTimes(1);
    expect(pendingEvents().map((e) => e.id_usuario)).toEqual([OTHER]);
    const sendSale = vi.fn(() => Promise.resolve({} as OperacaoResult));
    await tillFirst(sendSale, up, () => USER)({ id_filial: BRANCH } as unknown as OperacaoBody);
    expect(sendSale).toHaveBeenCalledTimes(1);
    expect(up).toHaveBeenCalledTimes(1);
    // The other user signs in again: their opening goes, with their token.
    await flushCashierEvents(up, OTHER);
    expect(pendingEvents()).toEqual([]);
  });

  it('refuses, under the daily control, a shift opened on a previous day of the branch', () => {
    queueEvent(USER, { tipo: 'Abertura', uuid_caixa: crypto.randomUUID(), id_filial: BRANCH, valor: 0 });
    const tomorrow = new Date(Date.now() + 86_400_000);
    expect(tillSaleError(sale, { ...FORCED, forcar_controle_diario_caixa: true }, tomorrow)).toBe(CASHIER_MESSAGES.previousDay);
  });
});
