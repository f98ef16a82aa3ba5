/**
 * The point of sale's quick save of a customer (F6, 002 §2 "people quick-save"): a few fields turned into the person
 * register's create body, checked by the register's own schema (the server's, with the domain's rules across fields)
 * before it is sent to POST /api/people/create, where the server's hooks check it again (duplicate CPF/CNPJ, IE).
 */
import { registerSchemas } from '@pdv/contract/registers/descriptor';
import { person } from '@pdv/contract/registers/person';
import { normalizeCnpj, onlyDigits } from '@pdv/domain/documents';
import { DEFAULT_ADDRESS_LABEL } from '@pdv/domain/person';
import { errorsOfIssues, type FieldErrors, type Row } from '../registers/fields.ts';

export interface QuickCustomer {
  nome: string;
  documento: string;
  telefone: string;
  email: string;
  cep: string;
  endereco: string;
  numero: string;
  bairro: string;
  cidade: string;
  uf: string;
}

export const EMPTY_QUICK_CUSTOMER: QuickCustomer = { nome: '', documento: '', telefone: '', email: '', cep: '', endereco: '', numero: '', bairro: '', cidade: '', uf: '' };

/** A CNPJ has 14 characters (letters too, IN RFB 2.229/2024); anything shorter is taken as a CPF. */
const isCnpj = (documento: string) => normalizeCnpj(documento).length > 11;

/** The create body of the person register: a customer, F with a CPF or J with a CNPJ, its address when one is typed. */
export function quickCustomerBody(q: QuickCustomer): Row {
  const cnpj = isCnpj(q.documento);
  const address = [q.cep, q.endereco, q.numero, q.bairro, q.cidade, q.uf].some((v) => v.trim() !== '');
  return {
    nome: q.nome,
    tipo: cnpj ? 'J' : 'F',
    ...(q.documento.trim() === '' ? {} : cnpj ? { cnpj: q.documento } : { cpf: q.documento }),
    telefone: onlyDigits(q.telefone),
    email: q.email,
    is_cliente: true,
    enderecos: address
      ? [{ descricao: DEFAULT_ADDRESS_LABEL, is_principal: true, cep: q.cep, endereco: q.endereco, numero: q.numero, bairro: q.bairro, cidade: q.cidade, uf: q.uf }]
      : [],
  };
}

/** The quick form's field a body member's error belongs to. */
const FIELD_OF: Record<string, keyof QuickCustomer> = { cpf: 'documento', cnpj: 'documento', nome: 'nome', telefone: 'telefone', email: 'email', enderecos: 'endereco' };

export function quickErrors(fields: FieldErrors, other: string[]): { fields: Partial<Record<keyof QuickCustomer, string>>; other: string[] } {
  const out: Partial<Record<keyof QuickCustomer, string>> = {};
  const rest = [...other];
  for (const [name, message] of Object.entries(fields)) {
    const field = FIELD_OF[name];
    if (field) out[field] ??= message;
    else rest.push(message);
  }
  return { fields: out, other: rest };
}

/** The body checked by the register's create schema: the parsed body, or the errors by quick field. */
export function checkQuickCustomer(q: QuickCustomer): { ok: true; body: Row } | { ok: false; fields: Partial<Record<keyof QuickCustomer, string>>; other: string[] } {
  const parsed = registerSchemas(person).create.safeParse(quickCustomerBody(q));
  if (parsed.success) return { ok: true, body: parsed.data };
  const found = errorsOfIssues(parsed.error.issues);
  return { ok: false, ...quickErrors(found.fields, found.other) };
}
