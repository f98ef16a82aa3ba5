import { describe, expect, it } from 'vitest';
import { PERSON_MESSAGES as M, personIssues, withOneMain } from './person.ts';

const sp = [{ is_principal: true, uf: 'SP' }];

describe('person rules across fields', () => {
  it('keeps CPF to natural and CNPJ to legal persons', () => {
    expect(personIssues({ tipo: 'J', cpf: '52998224725' })).toEqual([{ field: 'cpf', message: M.cpfForLegalPerson }]);
    expect(personIssues({ tipo: 'F', cnpj: '11222333000181' })).toEqual([{ field: 'cnpj', message: M.cnpjForNaturalPerson }]);
    expect(personIssues({ tipo: 'F', cpf: '52998224725' })).toEqual([]);
  });

  it('checks a contributor IE for the main address state, and asks for the state', () => {
    expect(personIssues({ indicador_ie: 1, ie: '110042490114', enderecos: sp })).toEqual([]);
    expect(personIssues({ indicador_ie: 1, ie: '110042490115', enderecos: sp })).toEqual([{ field: 'ie', message: M.invalidIe('SP') }]);
    expect(personIssues({ indicador_ie: 1, ie: '', enderecos: sp })).toEqual([{ field: 'ie', message: M.ieRequired }]);
    expect(personIssues({ indicador_ie: 1, ie: '110042490114', enderecos: [] })).toEqual([{ field: 'ie', message: M.ieNeedsState }]);
    expect(personIssues({ indicador_ie: 2, ie: '110042490114' })).toEqual([{ field: 'ie', message: M.ieExempt }]);
    expect(personIssues({ indicador_ie: 2, ie: 'isento' })).toEqual([]);
    expect(personIssues({ indicador_ie: 3 })).toEqual([{ field: 'indicador_ie', message: M.indicadorIe }]);
  });

  it('refuses two main addresses, and stores exactly one main labelled by default', () => {
    expect(personIssues({ enderecos: [{ is_principal: true }, { is_principal: true }] })).toEqual([{ field: 'enderecos', message: M.oneMainAddress }]);
    const stored = withOneMain([{ descricao: '' }, { descricao: 'Trabalho', is_excluido: true, is_principal: true }, { descricao: 'Casa' }]);
    expect(stored.map((a) => [a.descricao, a.is_principal])).toEqual([['Endereço Padrão', true], ['Trabalho', false], ['Casa', false]]);
  });
});
