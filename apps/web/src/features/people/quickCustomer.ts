/**
 * The point of sale's quick save of a customer (F6, 002 §2 "people quick-save"): a few fields turned into the body of
 * POST /api/people/quick-create (contract quick-customer.ts), checked by the contract's schema (the person register's
 * field rules and the domain's rules across fields) before it is sent; the server checks it again and refuses a CPF or
 * CNPJ already registered. The route asks for the point of sale's permission, not the people register's: a cashier
 * adds a customer without being able to write credit rules.
 */
import { quickCustomerBody as quickSchema, type QuickCustomerBody } from '@pdv/contract/quick-customer';
import { normalizeCnpj, onlyDigits } from '@pdv/domain/documents';
import type { z } from 'zod';
import type { ErrorBody } from '@pdv/contract/common';

/** The quick save with the network off: kept on this device and sent with the sale (offlineCustomer.ts). */
export const QUICK_SAVED_OFFLINE = 'Sem conexão: cliente salvo neste aparelho; ele será cadastrado no servidor junto com a venda.';

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

export type QuickErrors = { fields: Partial<Record<keyof QuickCustomer, string>>; other: string[] };

export const EMPTY_QUICK_CUSTOMER: QuickCustomer = { nome: '', documento: '', telefone: '', email: '', cep: '', endereco: '', numero: '', bairro: '', cidade: '', uf: '' };

/** A CNPJ has 14 characters (letters too, IN RFB 2.229/2024); anything shorter is taken as a CPF. */
const isCnpj = (documento: string) => normalizeCnpj(documento).length > 11;

/** The quick-create body: a customer, F with a CPF or J with a CNPJ, its main address when one is typed. */
export function quickCustomerBody(q: QuickCustomer): QuickCustomerBody {
  const cnpj = isCnpj(q.documento);
  const address = [q.cep, q.endereco, q.numero, q.bairro, q.cidade, q.uf].some((v) => v.trim() !== '');
  return {
    nome: q.nome,
    tipo: cnpj ? 'J' : 'F',
    ...(q.documento.trim() === '' ? {} : cnpj ? { cnpj: q.documento } : { cpf: q.documento }),
    telefone: onlyDigits(q.telefone),
    email: q.email,
    endereco: address ? { cep: q.cep, endereco: q.endereco, numero: q.numero, bairro: q.bairro, cidade: q.cidade, uf: q.uf } : null,
  };
}

const QUICK_FIELDS: ReadonlySet<string> = new Set(Object.keys(EMPTY_QUICK_CUSTOMER));

/** The quick form's field a body path names: cpf/cnpj are the document, an address member its own input. */
function fieldOf(path: readonly PropertyKey[]): keyof QuickCustomer | null {
  const [head, inner] = path;
  if (head === 'cpf' || head === 'cnpj' || head === 'tipo') return 'documento';
  if (head === 'endereco') return typeof inner === 'string' && QUICK_FIELDS.has(inner) ? (inner as keyof QuickCustomer) : 'endereco';
  return typeof head === 'string' && QUICK_FIELDS.has(head) ? (head as keyof QuickCustomer) : null;
}

function collect(found: ReadonlyArray<{ path: readonly PropertyKey[]; message: string }>, extra: string[] = []): QuickErrors {
  const fields: QuickErrors['fields'] = {};
  const other = [...extra];
  for (const { path, message } of found) {
    const field = fieldOf(path);
    if (field) fields[field] ??= message;
    else other.push(message);
  }
  return { fields, other };
}

/** The schema's issues by quick field. */
export const errorsOfQuickIssues = (issues: readonly z.core.$ZodIssue[]): QuickErrors => collect(issues);

/** A server refusal by quick field: its `erros` lines 'campo: mensagem' (endereco.cep too), else the message alone. */
export function errorsOfQuickRefusal(body: ErrorBody | null, text: string): QuickErrors {
  const lines = (body?.erros ?? []).flatMap((line) => {
    const m = /^([\w.]+): (.*)$/.exec(line);
    return m?.[1] && m[2] ? [{ path: m[1].split('.'), message: m[2] }] : [];
  });
  const found = collect(lines);
  if (Object.keys(found.fields).length === 0 && !found.other.includes(text)) found.other.unshift(text);
  return found;
}

/** The body checked by the contract's schema: the body to send, or the errors by quick field. */
export function checkQuickCustomer(q: QuickCustomer): { ok: true; body: QuickCustomerBody } | ({ ok: false } & QuickErrors) {
  const body = quickCustomerBody(q);
  const parsed = quickSchema.safeParse(body);
  if (parsed.success) return { ok: true, body };
  return { ok: false, ...errorsOfQuickIssues(parsed.error.issues) };
}
