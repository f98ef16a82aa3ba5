/**
 * The label models register's rules on the row as it will be stored (an update may send only some fields): a thermal
 * model has its source code, a sheet model its Pimaco sheet, whose columns and description size it keeps, and the
 * parameters (`parametros`, etiqueta_parametro; issue 22) have identifier-like keys, each once, the sheet offsets are
 * millimetres from -10 to 10, and every `{param:chave}` of the source names one of them
 * (packages/domain/src/label-settings.ts, the same rules the form runs). The list given is the model's whole list: it
 * replaces the stored one (the old rows become tombstones); an update that leaves it out keeps it, and the source is
 * then checked against the stored parameters.
 */
import { label, type LabelParameterInput } from '@pdv/contract/registers/label';
import { labelIssues } from '@pdv/domain/label-settings';
import type { HookContext, RegisterHooks } from '../registers/hooks.ts';
import { merged, refuse } from './register-rules.ts';

async function parametersOf(h: HookContext, id: number): Promise<Array<{ chave: string; valor: string }>> {
  const { rows } = await h.ctx.tx.query<{ chave: string; valor: string }>(
    `SELECT chave, valor FROM etiqueta_parametro
      WHERE id_organization = $1 AND id_etiqueta = $2 AND data_exclusao IS NULL ORDER BY chave`,
    [h.scope.id_organization, id],
  );
  return rows;
}

const given = (extra: Readonly<Record<string, unknown>>) => extra['parametros'] as LabelParameterInput[] | undefined;

export const labelHooks: RegisterHooks = {
  beforeWrite: async (h, values, extra, id) => {
    const parametros = given(extra) ?? (id === null ? [] : await parametersOf(h, id));
    refuse(labelIssues({ ...(await merged(h, label, values, id)), parametros }));
  },
  afterWrite: async (h, row, extra) => {
    const list = given(extra);
    if (list === undefined) return;
    const { tx } = h.ctx;
    const org = h.scope.id_organization;
    const id = Number(row['id_etiqueta']);
    await tx.query(
      `UPDATE etiqueta_parametro SET data_exclusao = now(), data_alteracao = now()
        WHERE id_organization = $1 AND id_etiqueta = $2 AND data_exclusao IS NULL`,
      [org, id],
    );
    if (list.length === 0) return;
    await tx.query(
      `INSERT INTO etiqueta_parametro (id_organization, id_etiqueta, chave, valor)
       SELECT $1, $2, p.chave, p.valor FROM unnest($3::text[], $4::text[]) AS p(chave, valor)`,
      [org, id, list.map((p) => p.chave.trim()), list.map((p) => p.valor)],
    );
  },
  detail: async (h, row) => ({ ...row, parametros: await parametersOf(h, Number(row['id_etiqueta'])) }),
  beforeDelete: async (h, row) => {
    await h.ctx.tx.query(
      `UPDATE etiqueta_parametro SET data_exclusao = now(), data_alteracao = now()
        WHERE id_organization = $1 AND id_etiqueta = $2 AND data_exclusao IS NULL`,
      [h.scope.id_organization, row['id_etiqueta']],
    );
  },
};
