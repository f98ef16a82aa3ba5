/**
 * POST /people/quick-create: the point of sale's quick save of a customer (F6, 002 §2 "people quick-save"), guarded
 * by the point of sale's permission (FncPontoVenda manage), not the people register's: a cashier may add a customer
 * but not write the register (credit limits, price table, seller, flags). The body names only what the quick form
 * shows (name, CPF or CNPJ, phone, e-mail, one main address) and is strict: any other member (valor_devedor_maximo,
 * bloquear_venda_sem_saldo, id_pessoa, ...) refuses the call. It only creates: a CPF or CNPJ already registered is
 * refused with the register's own message, never merged into the stored person.
 *
 * The answer is the person as the point of sale's local copy holds it (the 'people' sync group's row), so the till
 * puts it there at once and the customer can be picked before the next sync.
 */
import { z } from 'zod';
import { personIssues } from '@pdv/domain/person';
import { fieldSchema } from './registers/descriptor.ts';
import { person, personAddress } from './registers/person.ts';

const f = person.fields;

/** The main address the quick form types (the register's address schema, fewer members). */
export const quickCustomerAddress = personAddress
  .pick({ cep: true, endereco: true, numero: true, complemento: true, bairro: true, cidade: true, uf: true })
  .strict();

export const quickCustomerBody = z
  .object({
    nome: fieldSchema(f.nome),
    tipo: z.enum(['F', 'J'], { error: 'Tipo deve ser F (física) ou J (jurídica).' }).optional().default('F'),
    cpf: fieldSchema(f.cpf).optional(),
    cnpj: fieldSchema(f.cnpj).optional(),
    telefone: fieldSchema(f.telefone).optional(),
    email: fieldSchema(f.email).optional(),
    endereco: quickCustomerAddress.nullable().optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    for (const issue of personIssues(body)) ctx.addIssue({ code: 'custom', message: issue.message, path: [issue.field] });
  });
export type QuickCustomerBody = z.input<typeof quickCustomerBody>;

/** The people sync group's row (sync sources: identity, documents, contacts, main address, credit rules). */
export const quickCustomerResult = z.object({
  pessoa: z
    .object({
      id_pessoa: z.number().int(),
      nome: z.string(),
      tipo: z.string(),
      cpf: z.string().nullable(),
      cnpj: z.string().nullable(),
    })
    .catchall(z.unknown()),
});
export type QuickCustomerResult = z.output<typeof quickCustomerResult>;
