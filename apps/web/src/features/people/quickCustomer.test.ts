import { describe, expect, it } from 'vitest';
import { REGISTER_MESSAGES } from '@pdv/contract/registers/descriptor';
import { PERSON_MESSAGES } from '@pdv/domain/person';
import { checkQuickCustomer, EMPTY_QUICK_CUSTOMER, errorsOfQuickRefusal, quickCustomerBody } from './quickCustomer.ts';

describe('quick save of a customer', () => {
  it('makes a natural person with a CPF, or a legal one with a CNPJ, with the typed address as the main one', () => {
    expect(quickCustomerBody({ ...EMPTY_QUICK_CUSTOMER, nome: 'Ana', documento: '529.982.247-25' })).toMatchObject({ tipo: 'F', cpf: '529.982.247-25', endereco: null });
    const body = quickCustomerBody({ ...EMPTY_QUICK_CUSTOMER, nome: 'Loja', documento: '11.222.333/0001-81', cidade: 'Campinas', uf: 'sp' });
    expect(body).toMatchObject({ tipo: 'J', cnpj: '11.222.333/0001-81' });
    expect(body.endereco).toMatchObject({ cidade: 'Campinas', uf: 'sp' });
    expect(body).not.toHaveProperty('is_cliente');
  });

  it("refuses a bad CPF, a missing name and a bad CEP with the register's own messages, beside their inputs", () => {
    const refused = checkQuickCustomer({ ...EMPTY_QUICK_CUSTOMER, documento: '111.222.333-00', cep: '123' });
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.fields.documento).toBe(REGISTER_MESSAGES.invalidCpf);
    expect(refused.fields.nome).toBe(REGISTER_MESSAGES.required('nome'));
    expect(refused.fields.cep).toBe(REGISTER_MESSAGES.invalid('CEP'));
    const ok = checkQuickCustomer({ ...EMPTY_QUICK_CUSTOMER, nome: 'Ana', documento: '529.982.247-25', uf: 'SP', cidade: 'São Paulo' });
    expect(ok.ok).toBe(true);
  });

  it("puts the server's duplicate refusal beside the document", () => {
    const text = PERSON_MESSAGES.duplicateCpf('529.982.247-25');
    expect(errorsOfQuickRefusal({ message: text, erros: [`cpf: ${text}`] }, text)).toEqual({ fields: { documento: text }, other: [] });
    expect(errorsOfQuickRefusal({ message: 'Sem permissão.' }, 'Sem permissão.')).toEqual({ fields: {}, other: ['Sem permissão.'] });
  });
});
