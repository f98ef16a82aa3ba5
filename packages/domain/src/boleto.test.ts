import { describe, expect, it } from 'vitest';
import { BOLETO_MESSAGES as M, boletoAmount, boletoConfigIssues, boletoDocumentIssue } from './boleto.ts';

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
