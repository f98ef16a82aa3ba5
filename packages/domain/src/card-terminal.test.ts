import { describe, expect, it } from 'vitest';
import {
  CARD_TERMINAL_MESSAGES as M, cardBrandCode, cardFieldsError, pollVeroTransaction, tefOutcome, terminalCancellations, terminalFlow, VERO_INITIAL_WAIT_MS,
  VERO_POLL_COUNT, VERO_POLL_INTERVAL_MS, VERO_STATUS, veroStatusOutcome, type VeroTransaction,
} from './card-terminal.ts';
import { isValidCnpj } from './documents.ts';

const approved = { resultado: 0, codigo_autorizacao: '123456', bandeira: '01', nsu: '100001', data_hora: '2026-11-28T10:00:00Z', cnpj_credenciadora: '01027058000191' };

describe('TEF result codes (001 §4)', () => {
  it('takes 0 and 1 without error flags as success, with the card data', () => {
    expect(tefOutcome({ tef: approved })).toMatchObject({ ok: true, message: M.tefApproved, card: { nsu: '100001', bandeira: '01', tipo_integracao: '1' } });
    expect(tefOutcome({ tef: { ...approved, resultado: 1, mensagem: 'Aprovada: retire o cartão' } })).toMatchObject({ ok: true, message: 'Aprovada: retire o cartão' });
  });

  it('takes 0 or 1 with an error flag as failure', () => {
    expect(tefOutcome({ tef: { ...approved, erro: true } })).toEqual({ ok: false, message: M.tefFailed });
    expect(tefOutcome({ tef: { ...approved, resultado: 1, erros: ['x'], mensagem: 'Falha' } })).toEqual({ ok: false, message: 'Falha' });
  });

  it('takes every code 2 to 9 as failure, with the terminal message or the spec one', () => {
    for (let code = 2; code <= 9; code++) {
      expect(tefOutcome({ tef: { resultado: code } })).toEqual({ ok: false, message: M.tefFailed });
    }
    expect(tefOutcome({ tef: { resultado: 2, mensagem: 'Transação negada' } })).toEqual({ ok: false, message: 'Transação negada' });
  });

  it('answers an answer without a tef object, another code, or approved without its card data as invalid', () => {
    expect(tefOutcome({})).toEqual({ ok: false, message: M.tefInvalid });
    expect(tefOutcome(null)).toEqual({ ok: false, message: M.tefInvalid });
    expect(tefOutcome({ tef: { resultado: 10 } })).toEqual({ ok: false, message: M.tefInvalid });
    expect(tefOutcome({ tef: { resultado: -1 } })).toEqual({ ok: false, message: M.tefInvalid });
    expect(tefOutcome({ tef: { ...approved, nsu: '' } })).toEqual({ ok: false, message: M.tefInvalid });
  });
});

describe('card brand codes (001 §9)', () => {
  it('maps brand names and codes to the two-digit code, unknown to 99', () => {
    expect(cardBrandCode('VISA CREDITO')).toBe('01');
    expect(cardBrandCode('Mastercard')).toBe('02');
    expect(cardBrandCode('AMEX')).toBe('03');
    expect(cardBrandCode('ELO DEBITO')).toBe('06');
    expect(cardBrandCode('HIPERCARD')).toBe('07');
    expect(cardBrandCode('06')).toBe('06');
    expect(cardBrandCode('BANRICOMPRAS')).toBe('99');
    expect(cardBrandCode(null)).toBe('99');
  });
});

describe('capture models (001 §5)', () => {
  const method = (meio_pagamento: string, modelo_captura: string | null, utilizar_captura = true) => ({ meio_pagamento, modelo_captura, utilizar_captura });
  it('starts TEF for credit, debit and Pix, VERO for cards only', () => {
    expect(terminalFlow(method('03', 'TEF'))).toEqual({ kind: 'flow', model: 'TEF', operation: 'credito' });
    expect(terminalFlow(method('17', 'tef'))).toEqual({ kind: 'flow', model: 'TEF', operation: 'pix' });
    expect(terminalFlow(method('04', 'VERO'))).toEqual({ kind: 'flow', model: 'VERO', operation: 'debito' });
    expect(terminalFlow(method('17', 'VERO'))).toEqual({ kind: 'refused', message: 'Modelo de Captura VERO não suporta PIX' });
  });
  it('answers another model as in development, and starts nothing without capture or for cash', () => {
    expect(terminalFlow(method('03', 'Stone'))).toEqual({ kind: 'refused', message: 'Stone está em Desenvolvimento/Homologação' });
    expect(terminalFlow(method('03', 'TEF', false))).toEqual({ kind: 'none' });
    expect(terminalFlow(method('01', 'TEF'))).toEqual({ kind: 'none' });
  });
});

describe('VERO statuses and polling (001 §4, §9)', () => {
  it('maps each status of the table', () => {
    expect(veroStatusOutcome(VERO_STATUS.available)).toEqual({ kind: 'pending' });
    expect(veroStatusOutcome(VERO_STATUS.inProgress)).toEqual({ kind: 'pending' });
    expect(veroStatusOutcome(VERO_STATUS.approved)).toEqual({ kind: 'approved' });
    expect(veroStatusOutcome(VERO_STATUS.cancelledByPdv)).toEqual({ kind: 'failed', message: 'Transação cancelada pelo PDV' });
    expect(veroStatusOutcome(VERO_STATUS.cancelledByOperator)).toEqual({ kind: 'failed', message: 'Transação cancelada pelo operador.' });
    expect(veroStatusOutcome(VERO_STATUS.failure)).toEqual({ kind: 'failed', message: 'Ocorreu uma falha duranta a transação' });
    expect(veroStatusOutcome(VERO_STATUS.declined)).toEqual({ kind: 'failed', message: 'Transação recusada!' });
  });

  function script(statuses: string[], answers: boolean[]) {
    const sleeps: number[] = [];
    let checks = 0;
    let asked = 0;
    const deps = {
      sleep: (ms: number) => {
        sleeps.push(ms);
        return Promise.resolve();
      },
      check: () => {
        const status = statuses[Math.min(checks++, statuses.length - 1)] ?? VERO_STATUS.inProgress;
        return Promise.resolve({ id: 't', status, amount: 100, method: 'credit' } as VeroTransaction);
      },
      keepChecking: () => Promise.resolve(answers[asked++] ?? false),
    };
    return { deps, sleeps, checks: () => checks, asked: () => asked };
  }

  it('waits 4 s, then checks every 1 s until a final status', async () => {
    const s = script([VERO_STATUS.available, VERO_STATUS.inProgress, VERO_STATUS.approved], []);
    const result = await pollVeroTransaction(s.deps);
    expect(result.kind).toBe('approved');
    expect(s.sleeps).toEqual([VERO_INITIAL_WAIT_MS, VERO_POLL_INTERVAL_MS, VERO_POLL_INTERVAL_MS]);
    expect(s.checks()).toBe(3);
  });

  it('asks after 30 checks; yes checks 30 more times, no gives up', async () => {
    const pending = Array.from({ length: VERO_POLL_COUNT + 5 }, () => VERO_STATUS.inProgress);
    const keep = script([...pending, VERO_STATUS.approved], [true]);
    expect((await pollVeroTransaction(keep.deps)).kind).toBe('approved');
    expect(keep.asked()).toBe(1);
    expect(keep.checks()).toBe(VERO_POLL_COUNT + 6);

    const stop = script([VERO_STATUS.inProgress], [false]);
    expect(await pollVeroTransaction(stop.deps)).toEqual({ kind: 'failed', message: M.checkFailed });
    expect(stop.checks()).toBe(VERO_POLL_COUNT);
  });

  it('ends with the status message of a failed transaction', async () => {
    const s = script([VERO_STATUS.inProgress, VERO_STATUS.declined], []);
    expect(await pollVeroTransaction(s.deps)).toEqual({ kind: 'failed', message: 'Transação recusada!' });
  });
});

describe('the server check of a card payment (000 §3.4)', () => {
  const full = { cartao_codigo_autorizacao: '123456', cartao_bandeira: '01', cartao_tipo_integracao: '1', cartao_nsu: '100001',
    cartao_data_hora_transacao: '2026-11-28T10:00:00Z', cartao_cnpj_instituicao: '01027058000191' };
  it('accepts a captured payment with the terminal data', () => {
    expect(cardFieldsError(full, true, isValidCnpj)).toBeNull();
  });
  it('refuses a captured payment without authorization code, NSU or date, naming what is missing', () => {
    expect(cardFieldsError({ ...full, cartao_codigo_autorizacao: null, cartao_nsu: ' ' }, true, isValidCnpj))
      .toBe('Pagamento com captura sem os dados do cartão: código de autorização, NSU');
  });
  it('refuses a brand that is not a §9 code, a bad integration type, a bad CNPJ or date', () => {
    expect(cardFieldsError({ ...full, cartao_bandeira: 'Visa' }, true, isValidCnpj)).toBe(M.brandInvalid);
    expect(cardFieldsError({ ...full, cartao_tipo_integracao: '2' }, true, isValidCnpj)).toBe(M.integrationInvalid);
    expect(cardFieldsError({ ...full, cartao_cnpj_instituicao: '11111111111111' }, true, isValidCnpj)).toBe(M.acquirerInvalid);
    expect(cardFieldsError({ ...full, cartao_data_hora_transacao: 'ontem' }, true, isValidCnpj)).toBe(M.dateInvalid);
  });
  it('lets a typed card payment (no capture) leave them empty', () => {
    expect(cardFieldsError({}, false, isValidCnpj)).toBeNull();
    expect(cardFieldsError({ cartao_bandeira: 'Visa' }, false, isValidCnpj)).toBeNull();
  });
});

describe('the card transactions of a cancelled invoice (issue 28)', () => {
  const tef = { meio_pagamento: '03', utilizar_captura: true, modelo_captura: 'TEF', cartao_nsu: '100001', cartao_data_hora_transacao: '2026-11-28T10:00:00Z' };
  it('sends the TEF ones with NSU and date to the terminal, lists the VERO ones apart and leaves the rest alone', () => {
    const plan = terminalCancellations([
      tef,
      { ...tef, meio_pagamento: '04', modelo_captura: 'SiTef', cartao_nsu: '100002' },
      { ...tef, modelo_captura: 'VERO', cartao_nsu: '7' },
      { ...tef, utilizar_captura: false },
      { ...tef, meio_pagamento: '01' },
      { ...tef, modelo_captura: 'OUTRO' },
      { meio_pagamento: '03', utilizar_captura: true, modelo_captura: 'TEF', cartao_nsu: null, cartao_data_hora_transacao: null } as never,
    ]);
    expect(plan.tef.map((p) => p.cartao_nsu)).toEqual(['100001', '100002']);
    expect(plan.vero.map((p) => p.cartao_nsu)).toEqual(['7']);
  });
  it('cannot send a TEF payment without its NSU or date (nothing to cancel it by)', () => {
    expect(terminalCancellations([{ ...tef, cartao_nsu: null }, { ...tef, cartao_data_hora_transacao: '' }]).tef).toEqual([]);
  });
});
