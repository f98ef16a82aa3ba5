/**
 * Platform apps (000 §6): which apps an organization has active (organization_aplicativo, migration 021), the
 * activation check (POST activations/check) and the list the branch register shows (002 §7 platform get-apps-active).
 */
import { BRANCH_MESSAGES as M } from '@pdv/domain/branch-messages';
import type { Tx } from '../../db/database.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import type { Handlers } from '../../http/handlers.ts';

async function appOf(tx: Tx, org: number, id_app: number) {
  const { rows } = await tx.query<{ id_app: number; nome: string; ativo: boolean | null }>(
    `SELECT a.id_app, a.nome, oa.ativo FROM aplicativo a
       LEFT JOIN organization_aplicativo oa ON oa.id_organization = $1 AND oa.id_app = a.id_app
      WHERE a.id_app = $2`,
    [org, id_app],
  );
  return rows[0] ?? null;
}

export const platformHandlers = {
  activationCheck: async ({ tx, caller, body }) => {
    // Another organization's apps are not the caller's business: the same answer as an organization that does not exist.
    if (body.id_organization !== caller.id_organization) throw notFound();
    const app = await appOf(tx, caller.id_organization, body.id_app);
    if (!app) throw badRequest(M.appNotFound);
    if (app.ativo !== true) throw badRequest(M.appInactive(app.nome));
    return { id_app: app.id_app, nome: app.nome, ativo: true as const };
  },
  platformAppsActive: async ({ tx, caller }) => {
    const { rows } = await tx.query<{ id_app: number; nome: string }>(
      `SELECT a.id_app, a.nome FROM organization_aplicativo oa JOIN aplicativo a USING (id_app)
        WHERE oa.id_organization = $1 AND oa.ativo ORDER BY a.id_app`,
      [caller.id_organization],
    );
    return { rows };
  },
} satisfies Partial<Handlers>;
