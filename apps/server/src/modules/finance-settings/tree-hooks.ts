/**
 * Hooks of the tree registers (cost centres, chart of accounts): the parent must be a live row of the organization and
 * never the node itself nor one below it; the server writes referencia (the position among the siblings, the last
 * plus one when the node arrives under a parent) and referencia_exibicao (the parent's path and the position, '1.2.3'),
 * and rewrites the paths below a node that moves. A client's referencia_exibicao is never taken.
 */
import { displayReference, FINANCE_SETTINGS_MESSAGES as M, wouldCycle } from '@pdv/domain/finance-settings';
import type { Tx } from '../../db/database.ts';
import { badRequest } from '../../http/errors.ts';
import type { RegisterHooks, Row } from '../registers/hooks.ts';

interface Tree {
  table: string;
  id: string;
  parent: string;
}

const refuse = (field: string, message: string) => badRequest(message, undefined, [`${field}: ${message}`]);

/** A position in `caminho`, the list's order: six digits, so that 2 comes before 10. */
const POSITION_SQL = (expr: string) => `lpad((${expr})::text, 6, '0')`;

interface Place {
  referencia: number;
  referencia_exibicao: string;
  caminho: string;
}

/** Where a node goes: its position among the live children of `parent` (after the last one) and its paths. */
async function placeUnder(tx: Tx, t: Tree, org: number, parent: number | null, self: number | null): Promise<Place> {
  const { rows } = await tx.query<{ n: number; path: string | null; caminho: string | null }>(
    `SELECT coalesce(max(referencia), 0)::int + 1 AS n,
            (SELECT referencia_exibicao FROM ${t.table} WHERE id_organization = $1 AND ${t.id} = $2) AS path,
            (SELECT caminho FROM ${t.table} WHERE id_organization = $1 AND ${t.id} = $2) AS caminho
       FROM ${t.table}
      WHERE id_organization = $1 AND ${t.parent} IS NOT DISTINCT FROM $2 AND data_exclusao IS NULL AND ${t.id} <> $3`,
    [org, parent, self ?? 0],
  );
  const n = rows[0]?.n ?? 1;
  const own = String(n).padStart(6, '0');
  const parentCaminho = parent === null ? null : (rows[0]?.caminho ?? null);
  return {
    referencia: n,
    referencia_exibicao: displayReference(parent === null ? null : (rows[0]?.path ?? null), n),
    caminho: parentCaminho ? `${parentCaminho}.${own}` : own,
  };
}

export function treeHooks(t: Tree): RegisterHooks {
  /** The place computed by beforeWrite, written by afterWrite (referencia and caminho are not fields of the descriptor). */
  const placed = new WeakMap<object, Place>();
  return {
    async beforeWrite({ ctx, scope }, values, extra, id) {
      const org = scope.id_organization;
      const out: Row = { ...values };
      delete out['referencia_exibicao'];
      const moving = id === null || values[t.parent] !== undefined;
      if (!moving) return out;
      const parent = (values[t.parent] ?? null) as number | null;
      if (id !== null) {
        const { rows } = await ctx.tx.query<{ p: number | null }>(`SELECT ${t.parent} AS p FROM ${t.table} WHERE id_organization = $1 AND ${t.id} = $2`, [org, id]);
        // Same parent: the node keeps its place.
        if (rows[0] && (rows[0].p ?? null) === parent) return out;
      }
      if (parent !== null) {
        if (parent === id) throw refuse(t.parent, M.parentIsItself);
        const { rows } = await ctx.tx.query(`SELECT 1 FROM ${t.table} WHERE id_organization = $1 AND ${t.id} = $2 AND data_exclusao IS NULL`, [org, parent]);
        if (rows.length === 0) throw refuse(t.parent, M.parentNotFound);
        if (id !== null) {
          const all = await ctx.tx.query<{ id: number; p: number | null }>(`SELECT ${t.id} AS id, ${t.parent} AS p FROM ${t.table} WHERE id_organization = $1`, [org]);
          const parents = new Map(all.rows.map((r) => [r.id, r.p]));
          if (wouldCycle(id, parent, (n) => parents.get(n) ?? null)) throw refuse(t.parent, M.parentIsDescendant);
        }
      }
      const place = await placeUnder(ctx.tx, t, org, parent, id);
      placed.set(extra, place);
      return { ...out, referencia_exibicao: place.referencia_exibicao };
    },
    async afterWrite({ ctx, scope }, row, extra) {
      const place = placed.get(extra);
      if (place === undefined) return;
      const org = scope.id_organization;
      await ctx.tx.query(`UPDATE ${t.table} SET referencia = $3, caminho = $4 WHERE id_organization = $1 AND ${t.id} = $2`, [
        org,
        row[t.id],
        place.referencia,
        place.caminho,
      ]);
      // The paths below the node follow its new one.
      await ctx.tx.query(
        `WITH RECURSIVE sub AS (
           SELECT ${t.id} AS id, referencia_exibicao AS path, caminho FROM ${t.table} WHERE id_organization = $1 AND ${t.id} = $2
           UNION ALL
           SELECT c.${t.id}, sub.path || '.' || c.referencia, sub.caminho || '.' || ${POSITION_SQL('c.referencia')}
             FROM ${t.table} c JOIN sub ON c.${t.parent} = sub.id
            WHERE c.id_organization = $1
         )
         UPDATE ${t.table} x SET referencia_exibicao = sub.path, caminho = sub.caminho FROM sub
          WHERE x.id_organization = $1 AND x.${t.id} = sub.id AND x.${t.id} <> $2
            AND (x.referencia_exibicao, x.caminho) IS DISTINCT FROM (sub.path, sub.caminho)`,
        [org, row[t.id]],
      );
    },
  };
}
