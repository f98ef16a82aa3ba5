import { describe, expect, it } from 'vitest';
import { actionsFor, hintedActions, isEditable, situacaoColor, situacaoLabel, type ActionTarget } from './situacao.ts';

const target = (over: Partial<ActionTarget>): ActionTarget => ({
  situacao: 'EmEdicao', modelo: '55', numero_nota_fiscal: null, id_operacao: null, protocolo: null, ...over,
});
const editable = (situacao: string) => isEditable(target({ situacao }));

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
    expect(['EmEdicao', 'Rejeitada'].every(editable)).toBe(true);
    expect(['Autorizada', 'Cancelada', 'Contingencia', 'EmProcessamento'].some(editable)).toBe(false);
  });

  it("keeps a sale's rejected invoice read-only, as the server does, but offers transmit and delete", () => {
    const sale = target({ situacao: 'Rejeitada', id_operacao: '0b6f3f2e-5b1a-4a47-9f0e-2f5a2c1d7e11', numero_nota_fiscal: 4 });
    expect(isEditable(sale)).toBe(false);
    expect(actionsFor(sale)).toEqual(['abrir', 'transmitir', 'imprimir', 'consultar', 'inutilizar', 'excluir']);
  });

  it('offers cancel and correction letter only on an authorized NF-e', () => {
    expect(actionsFor(target({ situacao: 'Autorizada', modelo: '55', numero_nota_fiscal: 10 }))).toEqual([
      'abrir',
      'imprimir',
      'consultar',
      'cancelar',
      'carta',
    ]);
    expect(actionsFor(target({ situacao: 'Autorizada', modelo: '65', numero_nota_fiscal: 10 }))).not.toContain('carta');
  });

  it('offers no consultation, disablement nor correction letter on a CF-e SAT (model 59): the SAT sends and cancels it', () => {
    expect(actionsFor(target({ situacao: 'Autorizada', modelo: '59', numero_nota_fiscal: 12 }))).toEqual(['abrir', 'imprimir', 'cancelar']);
    expect(actionsFor(target({ situacao: 'Rejeitada', modelo: '59', numero_nota_fiscal: 12 }))).toEqual(['abrir', 'transmitir', 'imprimir', 'excluir']);
    expect(actionsFor(target({ situacao: 'Cancelada', modelo: '59', numero_nota_fiscal: 12 }))).toEqual(['abrir', 'imprimir']);
    // The same situations of an NFC-e keep them.
    expect(actionsFor(target({ situacao: 'Rejeitada', modelo: '65', numero_nota_fiscal: 12 }))).toContain('inutilizar');
    expect(actionsFor(target({ situacao: 'Cancelada', modelo: '65', numero_nota_fiscal: 12 }))).toContain('consultar');
  });

  it('offers transmit, delete and, once numbered, disablement for a rejected invoice', () => {
    expect(actionsFor(target({ situacao: 'Rejeitada', modelo: '55', numero_nota_fiscal: 7 }))).toEqual([
      'abrir',
      'transmitir',
      'imprimir',
      'consultar',
      'inutilizar',
      'excluir',
    ]);
    expect(actionsFor(target({ situacao: 'EmEdicao', modelo: '55', numero_nota_fiscal: null }))).toEqual([
      'abrir',
      'transmitir',
      'imprimir',
      'excluir',
    ]);
  });

  it('offers transmit again for an invoice in contingency, and nothing fiscal on a cancelled one', () => {
    expect(actionsFor(target({ situacao: 'Contingencia', modelo: '65', numero_nota_fiscal: 3 }))).toContain('transmitir');
    expect(actionsFor(target({ situacao: 'Cancelada', modelo: '55', numero_nota_fiscal: 3 }))).toEqual(['abrir', 'imprimir', 'consultar']);
  });

  it("hints only the keys the highlighted invoice acts on: an authorized CF-e SAT shows no Alt+O nor Alt+U", () => {
    const everything = () => true;
    const cfe = target({ situacao: 'Autorizada', modelo: '59', numero_nota_fiscal: 12, protocolo: '123' });
    expect(hintedActions(cfe, false, everything)).toEqual(['imprimir', 'cancelar']);
    const nfe = target({ situacao: 'Autorizada', modelo: '55', numero_nota_fiscal: 12, protocolo: '123' });
    expect(hintedActions(nfe, false, everything)).toEqual(['imprimir', 'consultar', 'cancelar', 'carta']);
    // No invoice listed: every key the user has; the contingency tab: its own three; a reader: reading only.
    expect(hintedActions(null, false, everything)).toEqual(['transmitir', 'imprimir', 'consultar', 'cancelar', 'carta', 'inutilizar', 'excluir']);
    expect(hintedActions(null, true, everything)).toEqual(['transmitir', 'imprimir', 'consultar']);
    expect(hintedActions(nfe, false, (a) => a === 'imprimir' || a === 'consultar')).toEqual(['imprimir', 'consultar']);
  });
});
