/**
 * Hooks of the installment plan register (002 §3, §4): its installments (`parcelas`) and branches (`filiais`).
 * An installment removed from the list is kept with is_excluido (a sale made with it still names it); one whose days
 * or surcharge change is edited in place; a new number is added. A branch flagged default for this plan stops being
 * the default of any other plan (a branch has one default plan).
 */
import { FINANCE_SETTINGS_MESSAGES as M } from '@pdv/domain/finance-settings';
import { badRequest } from '../../http/errors.ts';
import type { RegisterHooks } from '../registers/hooks.ts';
import { checkBranches } from './refs.ts';

interface Installment {
  parcela: number;
  dias_parcela: number;
  percentual_acrescimo: number;
}

interface PlanBranch {
  id_filial: number;
  is_padrao: boolean;
}

const refuse = (member: string, message: string) => badRequest(message, undefined, [`${member}: ${message}`]);

export const installmentHooks: RegisterHooks = {
  async beforeWrite({ ctx, scope }, _values, extra) {
    const parcelas = extra['parcelas'] as Installment[] | undefined;
    if (parcelas) {
      if (parcelas.length === 0) throw refuse('parcelas', M.installmentsRequired);
      const sorted = [...parcelas].sort((a, b) => a.parcela - b.parcela);
      for (let i = 1; i < sorted.length; i += 1) {
        if (sorted[i]!.parcela === sorted[i - 1]!.parcela) throw refuse('parcelas', M.installmentNumberRepeated(sorted[i]!.parcela));
        if (sorted[i]!.dias_parcela <= sorted[i - 1]!.dias_parcela) throw refuse('parcelas', M.installmentDaysOrder);
      }
    }
    const filiais = extra['filiais'] as PlanBranch[] | undefined;
    if (filiais) {
      await checkBranches(ctx.tx, scope.id_organization, filiais.map((f) => f.id_filial), M.branchNotFound, 'filiais');
      if (filiais.filter((f) => f.is_padrao).length > 1) throw refuse('filiais', M.oneDefaultBranch);
    }
  },
  async afterWrite({ ctx, scope }, row, extra) {
    const org = scope.id_organization;
    const id = row['id_parcelamento'];
    const parcelas = extra['parcelas'] as Installment[] | undefined;
    if (parcelas) {
      const json = JSON.stringify(parcelas);
      // Removed: kept, marked excluded.
      await ctx.tx.query(
        `UPDATE parcelamento_parcela SET is_excluido = true
          WHERE id_organization = $1 AND id_parcelamento = $2 AND NOT is_excluido
            AND parcela NOT IN (SELECT (x ->> 'parcela')::smallint FROM jsonb_array_elements($3::jsonb) x)`,
        [org, id, json],
      );
      // Changed: edited in place.
      await ctx.tx.query(
        `UPDATE parcelamento_parcela p SET dias_parcela = r.dias_parcela, percentual_acrescimo = r.percentual_acrescimo
           FROM jsonb_to_recordset($3::jsonb) AS r(parcela smallint, dias_parcela integer, percentual_acrescimo numeric)
          WHERE p.id_organization = $1 AND p.id_parcelamento = $2 AND NOT p.is_excluido AND p.parcela = r.parcela
            AND (p.dias_parcela, p.percentual_acrescimo) IS DISTINCT FROM (r.dias_parcela, r.percentual_acrescimo)`,
        [org, id, json],
      );
      // New numbers: added.
      await ctx.tx.query(
        `INSERT INTO parcelamento_parcela (id_organization, id_parcelamento, parcela, dias_parcela, percentual_acrescimo)
         SELECT $1, $2, r.parcela, r.dias_parcela, r.percentual_acrescimo
           FROM jsonb_to_recordset($3::jsonb) AS r(parcela smallint, dias_parcela integer, percentual_acrescimo numeric)
          WHERE NOT EXISTS (SELECT 1 FROM parcelamento_parcela p WHERE p.id_organization = $1 AND p.id_parcelamento = $2
                              AND NOT p.is_excluido AND p.parcela = r.parcela)
          ORDER BY r.parcela`,
        [org, id, json],
      );
    }
    const filiais = extra['filiais'] as PlanBranch[] | undefined;
    if (filiais) {
      const ids = filiais.map((f) => f.id_filial);
      await ctx.tx.query(
        'DELETE FROM parcelamento_filial WHERE id_organization = $1 AND id_parcelamento = $2 AND NOT (id_filial = ANY($3::integer[]))',
        [org, id, ids],
      );
      await ctx.tx.query(
        `INSERT INTO parcelamento_filial (id_organization, id_parcelamento, id_filial, is_padrao)
         SELECT $1, $2, r.id_filial, r.is_padrao FROM jsonb_to_recordset($3::jsonb) AS r(id_filial integer, is_padrao boolean)
         ON CONFLICT (id_organization, id_parcelamento, id_filial)
         DO UPDATE SET is_padrao = excluded.is_padrao WHERE parcelamento_filial.is_padrao <> excluded.is_padrao`,
        [org, id, JSON.stringify(filiais)],
      );
      const defaults = filiais.filter((f) => f.is_padrao).map((f) => f.id_filial);
      if (defaults.length > 0) {
        await ctx.tx.query(
          `UPDATE parcelamento_filial SET is_padrao = false
            WHERE id_organization = $1 AND id_parcelamento <> $2 AND is_padrao AND id_filial = ANY($3::integer[])`,
          [org, id, defaults],
        );
      }
    }
  },
  async detail({ ctx, scope }, row) {
    const org = scope.id_organization;
    const id = row['id_parcelamento'];
    const parcelas = await ctx.tx.query<{ id_parcelamento_parcela: number; parcela: number; dias_parcela: number; percentual_acrescimo: number }>(
      `SELECT id_parcelamento_parcela, parcela, dias_parcela, percentual_acrescimo::float8 AS percentual_acrescimo
         FROM parcelamento_parcela WHERE id_organization = $1 AND id_parcelamento = $2 AND NOT is_excluido ORDER BY parcela`,
      [org, id],
    );
    const filiais = await ctx.tx.query<{ id_filial: number; is_padrao: boolean }>(
      'SELECT id_filial, is_padrao FROM parcelamento_filial WHERE id_organization = $1 AND id_parcelamento = $2 ORDER BY id_filial',
      [org, id],
    );
    return {
      ...row,
      parcelas: parcelas.rows.map(({ parcela, dias_parcela, percentual_acrescimo }) => ({ parcela, dias_parcela, percentual_acrescimo })),
      filiais: filiais.rows,
    };
  },
  async beforeDelete({ ctx, scope }, row) {
    // The plan's own children go with it (its installments kept as excluded, its branch links removed).
    const args = [scope.id_organization, row['id_parcelamento']];
    await ctx.tx.query('UPDATE parcelamento_parcela SET is_excluido = true WHERE id_organization = $1 AND id_parcelamento = $2 AND NOT is_excluido', args);
    await ctx.tx.query('DELETE FROM parcelamento_filial WHERE id_organization = $1 AND id_parcelamento = $2', args);
  },
};
