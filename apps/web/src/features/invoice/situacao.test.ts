import { describe, expect, it } from 'vitest';
import { actionsFor, isEditable, situacaoColor, situacaoLabel } from './situacao.ts';

describe('invoice situations', () => {
  it('colours drafts grey, authorized green, rejected red, cancelled dark and contingency orange', () => {
    expect(['EmEdicao', 'Autorizada', 'Rejeitada', 'Cancelada', 'Contingencia'].map(situacaoColor)).toEqual([
      'gray',
      'green',
      'red',
      'dark',
      'orange',
    ]);
    expect(situacaoLabel('EmEdicao')).toBe('Em edição');
    expect(situacaoLabel('Desconhecida')).toBe('Desconhecida');
  });

  it('lets only drafts and rejected invoices be edited', () => {
    expect(['EmEdicao', 'Rejeitada'].every(isEditable)).toBe(true);
    expect(['Autorizada', 'Cancelada', 'Contingencia', 'EmProcessamento'].some(isEditable)).toBe(false);
  });

  it('offers cancel and correction letter only on an authorized NF-e', () => {
    expect(actionsFor({ situacao: 'Autorizada', modelo: '55', numero_nota_fiscal: 10 })).toEqual([
      'abrir',
      'imprimir',
      'consultar',
      'cancelar',
      'carta',
    ]);
    expect(actionsFor({ situacao: 'Autorizada', modelo: '65', numero_nota_fiscal: 10 })).not.toContain('carta');
  });

  it('offers transmit, delete and, once numbered, disablement for a rejected invoice', () => {
    expect(actionsFor({ situacao: 'Rejeitada', modelo: '55', numero_nota_fiscal: 7 })).toEqual([
      'abrir',
      'transmitir',
      'imprimir',
      'consultar',
      'inutilizar',
      'excluir',
    ]);
    expect(actionsFor({ situacao: 'EmEdicao', modelo: '55', numero_nota_fiscal: null })).toEqual([
      'abrir',
      'transmitir',
      'imprimir',
      'excluir',
    ]);
  });

  it('offers transmit again for an invoice in contingency, and nothing fiscal on a cancelled one', () => {
    expect(actionsFor({ situacao: 'Contingencia', modelo: '65', numero_nota_fiscal: 3 })).toContain('transmitir');
    expect(actionsFor({ situacao: 'Cancelada', modelo: '55', numero_nota_fiscal: 3 })).toEqual(['abrir', 'imprimir', 'consultar']);
  });
});
