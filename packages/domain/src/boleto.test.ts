import { describe, expect, it } from 'vitest';
import { BOLETO_MESSAGES as M, boletoAmount, boletoConfigIssues, boletoDocumentIssue, boletoSyncAction } from './boleto.ts';

describe('boleto configuration rules (001 §5)', () => {
  it('allows 3 decimals for a percentage and 2 for a value', () => {
    expect(boletoConfigIssues({ tipo_multa: 'Percentual', valor_multa: 2.125, tipo_juro: 'Valor', valor_juro: 1.5 })).toEqual([]);
    expect(boletoConfigIssues({ tipo_multa: 'Valor', valor_multa: 2.125 })).toEqual([{ field: 'valor_multa', message: M.valuePlaces('Valor da multa') }]);
    expect(boletoConfigIssues({ tipo_juro: 'Percentual', valor_juro: 1.1255 })).toEqual([{ field: 'valor_juro', message: M.percentPlaces('Valor do juro') }]);
    expect(boletoConfigIssues({ tipo_juro: 'Percentual', valor_juro: 100.5 })).toEqual([{ field: 'valor_juro', message: M.percentMax('Valor do juro') }]);
  });

  it('a percentage is of the document value, a value is itself', () => {
    expect(boletoAmount('Percentual', 2, 15000)).toBe(300);
    expect(boletoAmount('Valor', 3.5, 15000)).toBe(350);
  });
});

describe('boleto per document (001 §5)', () => {
  const address = { cep: '01304001', endereco: 'Rua Augusta', numero: '1508', bairro: 'Consolação', cidade: 'São Paulo', uf: 'SP' };
  it('checks the value, then the payer, its document and each part of its address, in order', () => {
    expect(boletoDocumentIssue(0, { nome: 'A', cpf: '1', endereco: address })).toBe(M.invalidValue);
    expect(boletoDocumentIssue(100, null)).toBe(M.payerMissing);
    expect(boletoDocumentIssue(100, { nome: ' ' })).toBe(M.payerMissing);
    expect(boletoDocumentIssue(100, { nome: 'A' })).toBe(M.docMissing);
    expect(boletoDocumentIssue(100, { nome: 'A', cnpj: '1' })).toBe(M.addressMissing);
    expect(boletoDocumentIssue(100, { nome: 'A', cpf: '1', endereco: { ...address, cep: '' } })).toBe(M.cepMissing);
    expect(boletoDocumentIssue(100, { nome: 'A', cpf: '1', endereco: { ...address, bairro: null } })).toBe(M.districtMissing);
    expect(boletoDocumentIssue(100, { nome: 'A', cpf: '1', endereco: { ...address, uf: '' } })).toBe(M.stateMissing);
    expect(boletoDocumentIssue(100, { nome: 'A', cpf: '1', endereco: address })).toBeNull();
  });

  it('writes a failure as 001 §8 says', () => {
    expect(M.perDocument('12/1', 'CEP não informado.')).toBe('Erro ao gerar o Boleto do documento 12/1. Motivo: CEP não informado.');
  });
});

describe('boleto sync with its document (/demand/sync-demands-documents)', () => {
  const live = { situacao: 'RemessaGerada' as const, valor: 10_000, pago: false, motivo_rejeicao: null };
  it('cancels a live boleto whose document is no longer open, or whose balance changed', () => {
    expect(boletoSyncAction({ situacao: 'Quitado', saldo: 0 }, live)).toEqual({ cancelar: true, acao: 'Boleto cancelado: o documento foi quitado.' });
    expect(boletoSyncAction({ situacao: 'Parcial', saldo: 4_000 }, live).cancelar).toBe(true);
    expect(boletoSyncAction({ situacao: 'Estornado', saldo: 0 }, { ...live, situacao: 'Pendente' }).acao).toBe('Boleto cancelado: o documento foi cancelado.');
    expect(boletoSyncAction({ situacao: 'Aberto', saldo: 12_000 }, live).cancelar).toBe(true);
  });
  it('keeps a boleto in step, and reports what a retorno recorded without undoing it', () => {
    expect(boletoSyncAction({ situacao: 'Aberto', saldo: 10_000 }, live)).toEqual({ cancelar: false, acao: 'Boleto em dia com o documento.' });
    expect(boletoSyncAction({ situacao: 'Aberto', saldo: 10_000 }, { ...live, motivo_rejeicao: '03 - CEP inválido' })).toEqual({ cancelar: false, acao: 'Boleto rejeitado pelo banco: 03 - CEP inválido' });
    expect(boletoSyncAction({ situacao: 'Aberto', saldo: 10_000 }, { ...live, pago: true }).cancelar).toBe(false);
    expect(boletoSyncAction({ situacao: 'Quitado', saldo: 0 }, { ...live, pago: true })).toEqual({ cancelar: false, acao: 'Boleto pago pelo retorno; documento quitado.' });
    expect(boletoSyncAction({ situacao: 'Quitado', saldo: 0 }, { ...live, situacao: 'Cancelado' })).toEqual({ cancelar: false, acao: 'Boleto cancelado.' });
  });
});
