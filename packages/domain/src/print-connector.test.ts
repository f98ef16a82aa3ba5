import { describe, expect, it } from 'vitest';
import { PRINT_CODES, PRINT_MESSAGES, printCommands, printOutcome, receiptCopies } from './print-connector.ts';

describe('print connector rules', () => {
  it("reads the connector's answer: 0 succeeds, an error shows its Mensagem, no answer is the spec's message", () => {
    expect(printOutcome({ Codigo: PRINT_CODES.ok, Mensagem: PRINT_MESSAGES.requested })).toEqual({ ok: true });
    expect(printOutcome({ Codigo: PRINT_CODES.own, Mensagem: 'A impressora 10.0.0.5:9100 não respondeu em 30 s.' }))
      .toEqual({ ok: false, message: 'A impressora 10.0.0.5:9100 não respondeu em 30 s.' });
    expect(printOutcome({ Codigo: PRINT_CODES.printerNotSet, Mensagem: PRINT_MESSAGES.printerNotSet })).toEqual({ ok: false, message: 'Impressora padrão não informada.' });
    expect(printOutcome(null)).toEqual({ ok: false, message: 'Não foi possível comunicar com o ModerConnect.' });
    expect(printOutcome({ Codigo: 999 })).toEqual({ ok: false, message: PRINT_MESSAGES.unreachable });
  });

  it('prints two receipts for a TEF sale only when the branch asks for two copies', () => {
    expect(receiptCopies({ imprimir_duas_vias_tef: true }, true)).toBe(2);
    expect(receiptCopies({ imprimir_duas_vias_tef: true }, false)).toBe(1);
    expect(receiptCopies({ imprimir_duas_vias_tef: false }, true)).toBe(1);
    expect(receiptCopies(null, true)).toBe(1);
  });

  it('reads the commmand words, whatever the case and separators', () => {
    expect([...printCommands('GAVETA, sem_corte')].sort()).toEqual(['gaveta', 'sem_corte']);
    expect(printCommands(null).size).toBe(0);
    expect(printCommands('gavetas').size).toBe(0);
  });
});
