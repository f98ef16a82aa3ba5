import { afterEach, describe, expect, it, vi } from 'vitest';
import { CARD_TERMINAL_MESSAGES as M, VERO_POLL_COUNT } from '@pdv/domain/card-terminal';
import { PRINT_MESSAGES } from '@pdv/domain/print-connector';
import type { PeripheralChoice } from '../../peripherals/peripheralStore.ts';
import { cancelTef, runTef, runVero } from './cardTerminal.ts';

const choice: PeripheralChoice = {
  id_periferico: 1, descricao: 'POS', tipo: 'POS',
  dispositivo: { id_dispositivo: 1, descricao: 'Caixa', endereco: '127.0.0.1', porta_connect: 9201 },
};

type Handler = (url: string, body: Record<string, unknown> | null) => unknown;

function stubFetch(handler: Handler) {
  const calls: Array<{ url: string; body: Record<string, unknown> | null }> = [];
  vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : null;
    calls.push({ url, body });
    try {
      const answer = handler(url, body);
      return Promise.resolve(new Response(JSON.stringify(answer), { status: 200 }));
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  });
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('TEF through the connector', () => {
  it('sends /venda/credito in reais with the instalments and answers the card fields of 000 §3.4', async () => {
    const calls = stubFetch((url) => url.endsWith('/tef/status')
      ? { em_andamento: true, mensagens: [] }
      : { tef: { resultado: 0, codigo_autorizacao: '123456', bandeira: 'VISA', cnpj_credenciadora: '01027058000191', nsu: '9',
        data_hora: '2026-11-28T10:00:00Z', tipo_integracao: '1', descricao: 'CREDITO' } });
    const result = await runTef(choice, 'credito', 12345, 3, () => undefined);
    expect(calls[0]).toEqual({ url: 'http://127.0.0.1:9201/venda/credito', body: { valor: 123.45, parcelas: 3, financiamento: 'loja' } });
    expect(result).toEqual({ ok: true, message: M.tefApproved, fields: {
      cartao_codigo_autorizacao: '123456', cartao_bandeira: '01', cartao_tipo_integracao: '1', cartao_cnpj_instituicao: '01027058000191',
      cartao_nsu: '9', cartao_data_hora_transacao: '2026-11-28T10:00:00Z', cartao_descricao_transacao: 'CREDITO',
    } });
  });

  it('answers a failure code with the terminal message, and an unreachable connector with the spec message', async () => {
    stubFetch(() => ({ tef: { resultado: 2, erro: true, mensagem: 'Negada' } }));
    expect(await runTef(choice, 'debito', 100, 1, () => undefined)).toEqual({ ok: false, message: 'Negada' });
    stubFetch(() => {
      throw new Error('ECONNREFUSED');
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(await runTef(choice, 'pix', 100, 1, () => undefined)).toEqual({ ok: false, message: PRINT_MESSAGES.unreachable });
  });

  it('cancels through /adm/cancelamento {valor, nsu, data}', async () => {
    const calls = stubFetch(() => ({ tef: { resultado: 0 } }));
    expect(await cancelTef(choice, 3000, '100001', '2026-11-28T10:00:00Z')).toEqual({ ok: true, message: M.cancelled });
    expect(calls[0]).toEqual({ url: 'http://127.0.0.1:9201/adm/cancelamento', body: { valor: 30, nsu: '100001', data: '2026-11-28' } });
    stubFetch(() => ({ tef: { resultado: 7, erro: true, mensagem: 'Transação a cancelar não encontrada.' } }));
    expect(await cancelTef(choice, 3000, '1', '2026-11-28')).toEqual({ ok: false, message: 'Transação a cancelar não encontrada.' });
  });
});

describe('VERO through the connector', () => {
  it('creates the transaction in cents, polls, asks after 30 checks and is approved on a yes', async () => {
    let checks = 0;
    const calls = stubFetch((url) => {
      if (url.endsWith('/create_transaction')) return { Codigo: 0, Mensagem: '', transaction: { id: 'T1', status: 'Disponível', amount: 1999, method: 'credit' } };
      checks += 1;
      return checks <= VERO_POLL_COUNT
        ? { Codigo: 0, Mensagem: '', transaction: { id: 'T1', status: 'Em andamento', amount: 1999, method: 'credit' } }
        : { Codigo: 0, Mensagem: '', transaction: { id: 'T1', status: 'Aprovada', amount: 1999, method: 'credit', codigo_autorizacao: '1', bandeira: '02',
          nsu: '5', data_hora: '2026-11-28T10:00:00Z', tipo_integracao: '1' } };
    });
    const keepChecking = vi.fn(() => Promise.resolve(true));
    const result = await runVero(choice, 'credito', 1999, 1, 'op-1', { keepChecking, onStatus: () => undefined, sleep: () => Promise.resolve() });
    expect(calls[0]?.body).toEqual({ amount: 1999, method: 'credit', installments: 1, print: true, group: 'op-1' });
    expect(keepChecking).toHaveBeenCalledTimes(1);
    expect(result).toMatchObject({ ok: true, fields: { cartao_bandeira: '02', cartao_nsu: '5' } });
  });

  it('answers a declined transaction with the §8 message and a refused creation with the connector message', async () => {
    stubFetch((url) => url.endsWith('/create_transaction')
      ? { Codigo: 0, Mensagem: '', transaction: { id: 'T', status: 'Disponível', amount: 1, method: 'debit' } }
      : { Codigo: 0, Mensagem: '', transaction: { id: 'T', status: 'Declinada', amount: 1, method: 'debit' } });
    const deps = { keepChecking: () => Promise.resolve(false), onStatus: () => undefined, sleep: () => Promise.resolve() };
    expect(await runVero(choice, 'debito', 1, 1, 'g', deps)).toEqual({ ok: false, message: M.declined });
    stubFetch(() => ({ Codigo: 999, Mensagem: M.transactionFailed }));
    expect(await runVero(choice, 'debito', 1, 1, 'g', deps)).toEqual({ ok: false, message: M.transactionFailed });
  });
});
