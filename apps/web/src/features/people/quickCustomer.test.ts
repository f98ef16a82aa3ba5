import { describe, expect, it } from 'vitest';
import { REGISTER_MESSAGES } from '@pdv/contract/registers/descriptor';
import { checkQuickCustomer, EMPTY_QUICK_CUSTOMER, quickCustomerBody } from './quickCustomer.ts';

describe('quick save of a customer', () => {
  it('makes a natural person with a CPF, or a legal one with a CNPJ, with the typed address as the main one', () => {
    expect(quickCustomerBody({ ...EMPTY_QUICK_CUSTOMER, nome: 'Ana', documento: '529.982.247-25' })).toMatchObject({ tipo: 'F', cpf: '529.982.247-25', is_cliente: true, enderecos: [] });
    const body = quickCustomerBody({ ...EMPTY_QUICK_CUSTOMER, nome: 'Loja', documento: '11.222.333/0001-81', cidade: 'Campinas', uf: 'sp' });
    expect(body).toMatchObject({ tipo: 'J', cnpj: '11.222.333/0001-81' });
    expect(body['enderecos']).toEqual([expect.objectContaining({ descricao: 'Endereço Padrão', is_principal: true, cidade: 'Campinas' })]);
  });

  it("refuses a bad CPF and a missing name with the register's own messages", () => {
    const refused = checkQuickCustomer({ ...EMPTY_QUICK_CUSTOMER, documento: '111.222.333-00' });
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.fields.documento).toBe(REGISTER_MESSAGES.invalidCpf);
    expect(refused.fields.nome).toBe(REGISTER_MESSAGES.required('nome'));
    const ok = checkQuickCustomer({ ...EMPTY_QUICK_CUSTOMER, nome: 'Ana', documento: '529.982.247-25', uf: 'SP', cidade: 'São Paulo' });
    expect(ok.ok && ok.body['cpf']).toBe('52998224725');
  });
});
