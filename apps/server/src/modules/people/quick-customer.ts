/**
 * The point of sale's quick save of a customer (POST /people/quick-create, contract quick-customer.ts): creates a
 * customer (is_cliente) of the caller's organization, registered in the caller's active branch, from the few members
 * the body allows (name, CPF or CNPJ, phone, e-mail, one main address). The register's rules run again here: the
 * domain's rules across fields and the organization-wide duplicate CPF/CNPJ check with the register's own message.
 * It never updates a stored person and never writes credit rules, price table or seller (the columns keep their
 * defaults). Answers the person as the 'people' sync group sends it, for the till's local copy.
 */
import type { z } from 'zod';
import type { quickCustomerBody, QuickCustomerResult } from '@pdv/contract/quick-customer';
import { SYNC_GROUPS } from '@pdv/contract/sync';
import { formatCnpj, formatCpf } from '@pdv/domain/documents';
import { PERSON_MESSAGES as M, personIssues, withOneMain } from '@pdv/domain/person';
import type { Tx } from '../../db/database.ts';
import { badRequest } from '../../http/errors.ts';
import type { Caller } from '../auth/caller.ts';
import { syncedRow } from '../sync/queries.ts';
import { SYNC_SOURCES } from '../sync/sources.ts';
import * as q from './queries.ts';

const refuse = (field: string, message: string) => badRequest(message, undefined, [`${field}: ${message}`]);

/** The parsed body (the register's field schemas: documents as digits, empty texts as null). */
type Body = z.output<typeof quickCustomerBody>;
const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

export async function quickCreateCustomer(tx: Tx, caller: Caller, body: Body): Promise<QuickCustomerResult> {
  const org = caller.id_organization;
  const [issue] = personIssues(body);
  if (issue) throw refuse(issue.field, issue.message);
  const { cpf, cnpj } = documentsOf(body);
  if (cpf && (await q.documentTaken(tx, org, 'cpf', cpf, null))) throw refuse('cpf', M.duplicateCpf(formatCpf(cpf)));
  if (cnpj && (await q.documentTaken(tx, org, 'cnpj', cnpj, null))) throw refuse('cnpj', M.duplicateCnpj(formatCnpj(cnpj)));
  const id = await insertCustomer(tx, org, caller.id_filial, body, null);
  const row = await syncedRow(tx, caller, SYNC_SOURCES.people, SYNC_GROUPS.people.scope, id);
  if (!row) throw new Error(`quick customer ${id} not found after insert`);
  // The row's shape is the people source's (checked again by the route's response schema).
  return { pessoa: row as QuickCustomerResult['pessoa'] };
}

/**
 * The customer of a sale made offline, saved there by the quick save (POST /api/operacao's cliente_rapido, with the
 * till's UUID for it). The sale has happened: it is never refused for a customer registered meanwhile. The person
 * saved with that UUID before (another offline sale of the same customer) is used, else the organization's person
 * with that CPF or CNPJ (registered since, on another till or in the register), else one is created by the quick
 * save's rules, in the sale's branch. Answers the id_pessoa.
 */
export async function customerOfOfflineQuickSave(tx: Tx, org: number, id_filial: number, saved: { uuid: string; cadastro: Body }): Promise<number> {
  const body = saved.cadastro;
  const [issue] = personIssues(body);
  if (issue) throw refuse(`cliente_rapido.cadastro.${issue.field}`, issue.message);
  const { cpf, cnpj } = documentsOf(body);
  const found = await q.personByDocumentOrUuid(tx, org, saved.uuid, cpf, cnpj);
  return found ?? insertCustomer(tx, org, id_filial, body, saved.uuid);
}

const documentsOf = (body: Body) => ({ cpf: body.tipo === 'F' ? text(body.cpf) : null, cnpj: body.tipo === 'J' ? text(body.cnpj) : null });

async function insertCustomer(tx: Tx, org: number, id_filial: number, body: Body, uuid: string | null): Promise<number> {
  const { cpf, cnpj } = documentsOf(body);
  const id = await q.insertQuickCustomer(tx, org, {
    tipo: body.tipo, nome: String(body.nome), cpf, cnpj, telefone: text(body.telefone), email: text(body.email),
  }, uuid);
  const address = body.endereco;
  if (address && Object.values(address).some((v) => typeof v === 'string' && v !== '')) {
    await q.replaceAddresses(tx, org, id, withOneMain([{ ...address, is_principal: true }]));
  }
  await q.replaceBranches(tx, org, id, [id_filial]);
  return id;
}
