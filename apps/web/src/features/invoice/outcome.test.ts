import { describe, expect, it } from 'vitest';
import type { FiscalResult, InvoiceSummary } from '@pdv/contract/invoice';
import { FISCAL_MESSAGES } from '@pdv/domain/fiscal-messages';
import {
  SOME_NOT_TRANSMITTED,
  cancelManyOutcome,
  cancelOutcome,
  consultOutcome,
  transmitManyOutcome,
  transmitOutcome,
  type ManyResult,
} from './outcome.ts';

function makeSummary(over: Partial<InvoiceSummary> = {}): InvoiceSummary {
  return {
    id_nota_fiscal: 1,
    id_filial: 1,
    modelo: '55',
    serie: 1,
    numero_nota_fiscal: 42,
    chave_acesso: null,
    situacao: 'EmEdicao',
    tipo_emissao: 1,
    ambiente: 2,
    natureza_operacao: 'Venda de mercadoria',
    data_hora_emissao: '2025-03-18T12:00:00Z',
    cliente_nome: 'Juliana',
    cliente_cpf_cnpj: null,
    valor_nota_fiscal: 10,
    protocolo: null,
    codigo_status: null,
    motivo: null,
    id_pedido: null,
    id_operacao: null,
    ...over,
  };
}

function makeResult(over: Partial<FiscalResult> = {}): FiscalResult {
  return { success: false, status: null, motivo: null, erros: [], message: '', nota_fiscal: makeSummary(), ...over };
}

describe('transmission result', () => {
  it('says the invoice was transmitted on status 100 and 150', () => {
    for (const status of ['100', '150']) {
      expect(transmitOutcome(makeResult({ success: true, status }), 9)).toEqual({ kind: 'success', text: 'Nota Fiscal 42 transmitida com sucesso' });
    }
  });

  it('lists the errors on status 1', () => {
    const outcome = transmitOutcome(makeResult({ status: '1', message: 'Nota com erros', erros: ['NCM inválido', ''] }), 42);
    expect(outcome).toEqual({ kind: 'failure', text: 'Nota com erros', details: ['NCM inválido'] });
  });

  it('gives the reason on status 2', () => {
    const outcome = transmitOutcome(makeResult({ status: '2', motivo: 'Certificado vencido' }), 42);
    expect(outcome).toEqual({ kind: 'failure', text: FISCAL_MESSAGES.notAuthorized(42, 'Certificado vencido'), details: [] });
  });

  it('shows any other status as status - reason', () => {
    const outcome = transmitOutcome(makeResult({ status: '225', motivo: 'Rejeição: Falha no Schema XML' }), 42);
    expect(outcome).toMatchObject({ kind: 'failure', text: '225 - Rejeição: Falha no Schema XML' });
  });

  it('treats 004 as already handled, and an NFC-e in contingency as accepted', () => {
    expect(transmitOutcome(makeResult({ status: '004', motivo: 'Nota já autorizada' }), 42)).toEqual({ kind: 'info', text: 'Nota já autorizada' });
    const contingency = transmitOutcome(makeResult({ success: true, nota_fiscal: makeSummary({ situacao: 'Contingencia', modelo: '65' }) }), 42);
    expect(contingency).toEqual({ kind: 'info', text: FISCAL_MESSAGES.contingencyIssued(42) });
  });

  it('uses the number the screen knows when the answer has no invoice', () => {
    expect(transmitOutcome(makeResult({ success: true, status: '100', nota_fiscal: null }), 77)).toMatchObject({ text: 'Nota Fiscal 77 transmitida com sucesso' });
  });
});

describe('consult and cancel results', () => {
  it('says an authorized invoice was authorized', () => {
    expect(consultOutcome(makeResult({ success: true, status: '100' }), 1)).toEqual({ kind: 'success', text: 'Nota Fiscal 42 autorizada com sucesso.' });
  });

  it('cancels on status 135 and 101', () => {
    for (const status of ['135', '101']) {
      expect(cancelOutcome(makeResult({ success: true, status, motivo: 'Evento registrado' }))).toEqual({ kind: 'success', text: `${status} - Evento registrado` });
    }
  });

  it('says the invoice could not be cancelled, with the reason', () => {
    const outcome = cancelOutcome(makeResult({ status: '501', motivo: 'Prazo de cancelamento superior ao previsto' }));
    expect(outcome).toMatchObject({
      kind: 'failure',
      text: 'Não foi possível cancelar a nota fiscal 501 - Prazo de cancelamento superior ao previsto.',
    });
  });
});

describe('many invoices at once', () => {
  const many = (over: Partial<ManyResult>): ManyResult => ({ success: true, message: '', erros: [], resultados: [], ...over });

  it('toasts each authorized invoice and lists the others', () => {
    const outcome = transmitManyOutcome(
      many({
        success: false,
        resultados: [
          makeResult({ success: true, status: '100', nota_fiscal: makeSummary({ numero_nota_fiscal: 1 }) }),
          makeResult({ status: '2', motivo: 'Sem itens', nota_fiscal: makeSummary({ numero_nota_fiscal: 2 }) }),
        ],
      }),
    );
    expect(outcome).toEqual({
      successes: ['Nota Fiscal 1 transmitida com sucesso'],
      failures: ['Nota Fiscal 2 não autorizada: Sem itens'],
      title: SOME_NOT_TRANSMITTED,
    });
  });

  it("titles the list 'Não foi possível transmitir nenhuma nota.' when none went through", () => {
    const outcome = transmitManyOutcome(many({ success: false, erros: ['Nota 3: sem destinatário'] }));
    expect(outcome).toEqual({ successes: [], failures: ['Nota 3: sem destinatário'], title: FISCAL_MESSAGES.transmitNone });
  });

  it('lists the cancellation errors of the server, else the refusals of each invoice', () => {
    expect(cancelManyOutcome(many({ success: false, erros: ['Nota 5: prazo expirado'] })).failures).toEqual(['Nota 5: prazo expirado']);
    const perInvoice = cancelManyOutcome(
      many({ success: false, resultados: [makeResult({ success: true, status: '135' }), makeResult({ message: 'Nota não autorizada' })] }),
    );
    expect(perInvoice).toEqual({ cancelled: 1, failures: ['Não foi possível cancelar a nota fiscal Nota não autorizada.'] });
  });
});
