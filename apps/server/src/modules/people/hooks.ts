/**
 * The person register's rules only the server knows (modules/registers/hooks.ts; descriptor
 * packages/contract/src/registers/person.ts): the rules across fields (domain person.ts) again on the row as it will be
 * stored, with the stored addresses when the body sends none; a CPF or CNPJ another live person of the organization
 * has is refused; the IE is stored without punctuation; a default price table and the branches must be the
 * organization's; the addresses (exactly one main, 'Endereço Padrão' by default) and branches are written with the
 * row. All in the request's transaction: a refusal writes nothing.
 */
import type { PersonAddress } from '@pdv/contract/registers/person';
import { formatCnpj, formatCpf } from '@pdv/domain/documents';
import { normalizeIe } from '@pdv/domain/inscricao-estadual';
import { PERSON_MESSAGES as M, personIssues, withOneMain } from '@pdv/domain/person';
import { badRequest } from '../../http/errors.ts';
import type { RegisterHooks } from '../registers/hooks.ts';
import * as q from './queries.ts';

const refuse = (field: string, message: string) => badRequest(message, undefined, [`${field}: ${message}`]);

export const personHooks: RegisterHooks = {
  async beforeWrite({ ctx, scope }, values, extra, id) {
    const org = scope.id_organization;
    const stored = id === null ? null : await q.findPerson(ctx.tx, org, id);
    const merged: Record<string, unknown> = { tipo: 'F', indicador_ie: 9, ...(stored ?? {}), ...values };
    const given = extra['enderecos'] as PersonAddress[] | undefined;
    const addresses = given ?? (id === null ? [] : await q.liveAddresses(ctx.tx, org, id));
    // A situacao change alone does not re-judge the rest of the row.
    const onlySituacao = Object.keys(values).every((k) => k === 'situacao') && given === undefined;
    if (!onlySituacao) {
      const [issue] = personIssues({ ...merged, enderecos: addresses });
      if (issue) throw refuse(issue.field, issue.message);
    }
    const cpf = merged['tipo'] === 'F' ? (merged['cpf'] as string | null | undefined) : null;
    if (cpf && (values['cpf'] !== undefined || id === null) && (await q.documentTaken(ctx.tx, org, 'cpf', cpf, id))) {
      throw refuse('cpf', M.duplicateCpf(formatCpf(cpf)));
    }
    const cnpj = merged['tipo'] === 'J' ? (merged['cnpj'] as string | null | undefined) : null;
    if (cnpj && (values['cnpj'] !== undefined || id === null) && (await q.documentTaken(ctx.tx, org, 'cnpj', cnpj, id))) {
      throw refuse('cnpj', M.duplicateCnpj(formatCnpj(cnpj)));
    }
    const table = values['id_tabela_preco_padrao'];
    if (typeof table === 'number' && !(await q.priceTableExists(ctx.tx, org, table))) throw refuse('id_tabela_preco_padrao', M.priceTableNotFound);
    const filiais = extra['filiais'] as number[] | undefined;
    if (filiais && (await q.countBranches(ctx.tx, org, filiais)) !== new Set(filiais).size) throw refuse('filiais', M.branchNotFound);
    const out = { ...values };
    if (typeof values['ie'] === 'string') out['ie'] = normalizeIe(values['ie']);
    return out;
  },
  async afterWrite({ ctx, scope }, row, extra) {
    const org = scope.id_organization;
    const id = Number(row['id_pessoa']);
    const given = extra['enderecos'] as PersonAddress[] | undefined;
    if (given && !(await q.replaceAddresses(ctx.tx, org, id, withOneMain(given)))) throw refuse('enderecos', M.addressNotFound);
    const filiais = extra['filiais'] as number[] | undefined;
    if (filiais) await q.replaceBranches(ctx.tx, org, id, filiais);
  },
  async detail({ ctx, scope }, row) {
    const id = Number(row['id_pessoa']);
    return {
      ...row,
      enderecos: await q.liveAddresses(ctx.tx, scope.id_organization, id),
      filiais: await q.branchesOf(ctx.tx, scope.id_organization, id),
    };
  },
  async beforeDelete({ ctx, scope }, row) {
    await q.dropPersonParts(ctx.tx, scope.id_organization, Number(row['id_pessoa']));
  },
};
