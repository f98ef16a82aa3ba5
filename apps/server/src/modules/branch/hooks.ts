/**
 * The branch register's rules only the server knows (modules/registers/hooks.ts): the address (the descriptor's
 * `extra` members) is written after the row, with cidade and uf always the IBGE city's (whatever the client sent for
 * them); the IE is checked for the city's UF and stored without punctuation (ISENTO needs no city); a default price
 * table must be one of the organization's. All in the request's transaction: a refusal writes nothing.
 */
import { BRANCH_MESSAGES as M } from '@pdv/domain/branch-messages';
import { isValidIe, normalizeIe } from '@pdv/domain/inscricao-estadual';
import { badRequest } from '../../http/errors.ts';
import type { HookContext, RegisterHooks, Row } from '../registers/hooks.ts';
import * as q from './queries.ts';

const ADDRESS = ['cep', 'endereco', 'numero', 'complemento', 'bairro', 'id_cidade'] as const;

async function cityOf(h: HookContext, extra: Row): Promise<q.City | null | undefined> {
  if (extra['id_cidade'] === undefined) return undefined;
  const id = extra['id_cidade'] as number | null;
  if (id === null) return null;
  const city = await q.findCity(h.ctx.tx, id);
  if (!city) throw badRequest(M.cityNotFound, undefined, [`id_cidade: ${M.cityNotFound}`]);
  return city;
}

export const branchHooks: RegisterHooks = {
  async beforeWrite(h, values, extra, id) {
    const org = h.scope.id_organization;
    const city = await cityOf(h, extra);
    const current = id === null ? null : await q.findBranchFacts(h.ctx.tx, org, id);
    const uf = city !== undefined ? (city?.uf ?? null) : (current?.uf ?? null);
    const out = { ...values };
    if (values['ie'] !== undefined || city !== undefined) {
      const ie = (values['ie'] !== undefined ? values['ie'] : current?.ie) as string | null | undefined;
      if (ie && normalizeIe(ie) !== 'ISENTO') {
        if (!uf) throw badRequest(M.ieNeedsCity, undefined, [`ie: ${M.ieNeedsCity}`]);
        if (!isValidIe(ie, uf)) throw badRequest(M.invalidIe(uf), undefined, [`ie: ${M.invalidIe(uf)}`]);
      }
      if (ie && values['ie'] !== undefined) out['ie'] = normalizeIe(ie);
    }
    const table = values['id_tabela_preco_padrao'];
    if (typeof table === 'number' && !(await q.priceTableExists(h.ctx.tx, org, table))) throw badRequest(M.priceTableNotFound, undefined, [`id_tabela_preco_padrao: ${M.priceTableNotFound}`]);
    return out;
  },
  async afterWrite(h, row, extra) {
    const given = ADDRESS.filter((c) => extra[c] !== undefined);
    if (given.length === 0) return;
    const city = await cityOf(h, extra);
    const columns: Row = Object.fromEntries(given.map((c) => [c, extra[c]]));
    if (city !== undefined) {
      columns['cidade'] = city?.nome ?? null;
      columns['uf'] = city?.uf ?? null;
    }
    await q.updateAddress(h.ctx.tx, h.scope.id_organization, Number(row['id_filial']), columns);
  },
  /**
   * A branch deleted (a tombstone) takes its own parts with it: its configuration (made with it) and e-mail accounts
   * are tombstoned, its logo and A1 certificate (a signing key) removed. What others made with it (profiles, sales,
   * stock) still refuses the delete, naming them.
   */
  async beforeDelete(h, row) {
    await q.dropBranchParts(h.ctx.tx, h.scope.id_organization, Number(row['id_filial']));
  },
  async detail(h, row) {
    return { ...row, ...(await q.findAddress(h.ctx.tx, h.scope.id_organization, Number(row['id_filial']))) };
  },
};
