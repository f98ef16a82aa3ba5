/**
 * The branch configuration's rule on the SAT (issue 27; 001 §7): São Paulo has accepted no new CF-e-SAT since
 * 01/01/2026, so model 59 is a default model (of the invoice or of the sale) only for a branch that holds it already;
 * NFC-e stays the default (packages/domain sat.ts satOffered).
 */
import { branchConfig } from '@pdv/contract/registers/branch-config';
import { SAT_MESSAGES, satOffered } from '@pdv/domain/sat';
import { badRequest } from '../../http/errors.ts';
import type { RegisterHooks } from '../registers/hooks.ts';
import { findRow } from '../registers/queries.ts';

const SAT_FIELDS = ['codigo_modelo_padrao_nota_fiscal', 'codigo_modelo_padrao_venda'] as const;

export const branchConfigHooks: RegisterHooks = {
  beforeWrite: async (h, values, _extra, id) => {
    const asked = SAT_FIELDS.filter((f) => values[f] === '59');
    if (asked.length === 0) return;
    const stored = id === null ? null : await findRow(h.ctx.tx, branchConfig, h.scope, id);
    const id_filial = Number(stored?.['id_filial'] ?? h.scope.id_filial);
    const { rows } = await h.ctx.tx.query<{ uf: string | null }>('SELECT uf FROM filial WHERE id_organization = $1 AND id_filial = $2',
      [h.scope.id_organization, id_filial]);
    const today = new Date().toISOString().slice(0, 10);
    const refused = asked.filter((f) => !satOffered({ uf: rows[0]?.uf, current: stored?.[f] as string | null | undefined, today }));
    if (refused.length > 0) throw badRequest(SAT_MESSAGES.satClosed, undefined, refused.map((f) => `${f}: ${SAT_MESSAGES.satClosed}`));
  },
};
