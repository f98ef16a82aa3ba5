import { describe, expect, it } from 'vitest';
import { FISCAL_MESSAGES } from './fiscal-messages.ts';
import { invoiceDeleteError, invoiceEditError, isDraftSituacao, isTransmittableSituacao, type InvoiceLockFacts } from './invoice-rules.ts';

const SITUACOES = ['EmEdicao', 'EmProcessamento', 'Autorizada', 'Rejeitada', 'Cancelada', 'Denegada', 'Inutilizada', 'Contingencia'];
const invoice = (over: Partial<InvoiceLockFacts> = {}): InvoiceLockFacts => ({ situacao: 'EmEdicao', id_operacao: null, protocolo: null, ...over });

describe('invoice editability', () => {
  it('counts only EmEdicao and Rejeitada as drafts', () => {
    expect(SITUACOES.filter(isDraftSituacao)).toEqual(['EmEdicao', 'Rejeitada']);
  });

  it('lets a draft of the back office change, in no other situation', () => {
    for (const situacao of SITUACOES) {
      expect(invoiceEditError(invoice({ situacao })), situacao).toBe(isDraftSituacao(situacao) ? null : FISCAL_MESSAGES.notEditable);
    }
  });

  it("keeps a sale's invoice and an invoice with a protocol read-only, even rejected", () => {
    expect(invoiceEditError(invoice({ situacao: 'Rejeitada', id_operacao: '0b6f3f2e-5b1a-4a47-9f0e-2f5a2c1d7e11' }))).toBe(FISCAL_MESSAGES.notEditable);
    expect(invoiceEditError(invoice({ protocolo: '135250000000001' }))).toBe(FISCAL_MESSAGES.notEditable);
  });

  it("deletes a draft never authorized, a sale's invoice included", () => {
    expect(invoiceDeleteError(invoice({ situacao: 'Rejeitada' }))).toBeNull();
    expect(invoiceDeleteError({ situacao: 'EmEdicao', protocolo: null })).toBeNull();
    expect(invoiceDeleteError(invoice({ protocolo: '135250000000001' }))).toBe(FISCAL_MESSAGES.notDeletable);
    for (const situacao of SITUACOES.filter((s) => !isDraftSituacao(s))) {
      expect(invoiceDeleteError(invoice({ situacao })), situacao).toBe(FISCAL_MESSAGES.notDeletable);
    }
  });

  it('transmits drafts and invoices in contingency only', () => {
    expect(SITUACOES.filter(isTransmittableSituacao)).toEqual(['EmEdicao', 'Rejeitada', 'Contingencia']);
  });
});
