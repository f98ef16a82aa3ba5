/**
 * The additional information register's links (products, branches, fiscal scenarios), given as `extra` members: each
 * list given replaces the stored one; an id that is not a live row of the caller's organization is refused.
 */
import { FISCAL_SETTINGS_MESSAGES as M } from '@pdv/domain/fiscal-settings';
import type { HookContext, RegisterHooks, Row } from '../registers/hooks.ts';
import { missingIds, refuse } from './register-rules.ts';

const LINKS = [
  { member: 'produtos', column: 'id_produto', table: 'produto', tombstone: true, noun: 'Produto' },
  { member: 'filiais', column: 'id_filial', table: 'filial', tombstone: false, noun: 'Filial' },
  { member: 'cenarios', column: 'id_cenario_fiscal', table: 'cenario_fiscal', tombstone: true, noun: 'Cenário fiscal' },
] as const;

const given = (extra: Row, member: string) => (Array.isArray(extra[member]) ? [...new Set(extra[member] as number[])] : undefined);

async function linksOf(h: HookContext, id: number): Promise<Row> {
  const { rows } = await h.ctx.tx.query<{ id_produto: number | null; id_filial: number | null; id_cenario_fiscal: number | null }>(
    `SELECT id_produto, id_filial, id_cenario_fiscal FROM informacao_adicional_vinculo
      WHERE id_organization = $1 AND id_informacao_adicional = $2 ORDER BY id_informacao_adicional_vinculo`,
    [h.scope.id_organization, id],
  );
  const out: Row = {};
  for (const link of LINKS) out[link.member] = rows.map((r) => r[link.column]).filter((v): v is number => v !== null);
  return out;
}

export const additionalInformationHooks: RegisterHooks = {
  beforeWrite: async (h, _values, extra) => {
    for (const link of LINKS) {
      const ids = given(extra, link.member);
      if (!ids) continue;
      const missing = await missingIds(h, link.table, link.column, ids, link.tombstone);
      if (missing.length > 0) refuse([{ field: link.member, message: M.linkNotFound(`${link.noun} ${missing.join(', ')}`) }]);
    }
  },
  afterWrite: async (h, row, extra) => {
    const id = Number(row['id_informacao_adicional']);
    for (const link of LINKS) {
      const ids = given(extra, link.member);
      if (!ids) continue;
      await h.ctx.tx.query(
        `DELETE FROM informacao_adicional_vinculo WHERE id_organization = $1 AND id_informacao_adicional = $2 AND ${link.column} IS NOT NULL`,
        [h.scope.id_organization, id],
      );
      await h.ctx.tx.query(
        `INSERT INTO informacao_adicional_vinculo (id_organization, id_informacao_adicional, ${link.column})
         SELECT $1, $2, unnest($3::int[])`,
        [h.scope.id_organization, id, ids],
      );
    }
  },
  detail: async (h, row) => ({ ...row, ...(await linksOf(h, Number(row['id_informacao_adicional']))) }),
  beforeDelete: async (h, row) => {
    await h.ctx.tx.query('DELETE FROM informacao_adicional_vinculo WHERE id_organization = $1 AND id_informacao_adicional = $2', [
      h.scope.id_organization, row['id_informacao_adicional'],
    ]);
  },
};
