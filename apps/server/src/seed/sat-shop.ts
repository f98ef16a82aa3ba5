/**
 * A demo shop still selling on its SAT (issue 27; 001 §7 Local fiscal device). São Paulo has accepted no new CF-e-SAT
 * since 01/01/2026, so the branch configuration refuses model 59 to a branch that does not hold it already
 * (branch-config-hooks.ts, domain satOffered): a shop selling on SAT today is one whose configuration said so before
 * that date. The demo reproduces that shop only when asked: DEMO_SAT_FILIAL=<codigo_filial of a demo branch> makes
 * that branch's default sale model the SAT (codigo_modelo_padrao_venda '59'), as its configuration would have been
 * stored before 2026. Unset (the default): no demo branch sells on SAT. The e2e of a SAT sale (e2e/sat-sale.spec.ts)
 * starts its own server with it; the SAT itself is the connector's (its emulator), chosen at the till as a peripheral.
 */
import type { Tx } from '../db/database.ts';
import { SAT_MODEL } from '@pdv/domain/sat';
import type { DemoContext } from './demo.ts';

export async function seedSatShop(tx: Tx, ctx: DemoContext, codigo = process.env['DEMO_SAT_FILIAL']): Promise<void> {
  if (!codigo) return;
  const id_filial = ctx.demo.branches[codigo];
  if (id_filial === undefined) throw new Error(`DEMO_SAT_FILIAL=${codigo}: the demo has no such branch`);
  await tx.query(
    `UPDATE filial_configuracao SET codigo_modelo_padrao_venda = $3, data_alteracao = now()
      WHERE id_organization = $1 AND id_filial = $2 AND data_exclusao IS NULL`,
    [ctx.demo.id_organization, id_filial, SAT_MODEL],
  );
}
