/**
 * POST /invoice_item/get_product_taxes (000 §7.4, issue 31): what an item of this product would carry, by the same rules
 * the emission uses (document.ts): the scenario named or the organization's active default exit scenario of the type,
 * its exceptions by destination state and NCM (domain scenario-exception.ts), the CFOP by internal or interstate
 * destination, and the IBS/CBS of a CRT 3 issuer (domain ibscbs.ts). A scenario of another organization, or a product
 * of another branch, answers like a missing one.
 */
import type { z } from 'zod';
import type { productTaxesBody } from '@pdv/contract/invoice';
import { ValidationError } from '@pdv/domain/errors';
import { FISCAL_MESSAGES as M } from '@pdv/domain/fiscal-messages';
import { itemIbsCbs } from '@pdv/domain/ibscbs';
import { applyScenarioException } from '@pdv/domain/scenario-exception';
import type { Tx } from '../../db/database.ts';
import { badRequest, HttpError } from '../../http/errors.ts';
import type { Caller } from '../auth/caller.ts';
import { gridInfo } from '../invoice/parts.ts';
import * as q from './queries.ts';

const pct = (v: unknown) => Number(v ?? 0);

export async function productTaxes(tx: Tx, caller: Caller, body: z.output<typeof productTaxesBody>) {
  const org = caller.id_organization;
  const grid = await gridInfo(tx, org, caller.id_filial, body.id_produto_grade_filial);
  if (!grid) throw new HttpError(404, M.itemProductMissing);
  const { rows } = await tx.query<Record<string, unknown>>(
    `SELECT * FROM cenario_fiscal c WHERE c.id_organization = $1 AND c.data_exclusao IS NULL AND c.situacao = 'Ativo'
        AND (c.id_cenario_fiscal = $2 OR ($2::integer IS NULL AND c.operacao = 1 AND c.tipo = $3))
      ORDER BY c.is_padrao DESC, c.id_cenario_fiscal LIMIT 1`,
    [org, body.id_cenario_fiscal ?? null, body.tipo_nota],
  );
  const s = rows[0];
  if (!s) throw badRequest(M.fiscalScenarioMissing(grid.descricao));
  const emitter = await q.findEmitter(tx, org, caller.id_filial);
  const recipient = body.id_cliente ? await q.findRecipient(tx, org, body.id_cliente) : null;
  if (body.id_cliente && !recipient) throw new HttpError(404, M.recipientMissing);
  const uf = recipient?.uf ?? emitter?.uf ?? null;
  const interstate = recipient?.uf != null && emitter?.uf != null && recipient.uf !== emitter.uf;
  const id_cenario_fiscal = Number(s['id_cenario_fiscal']);
  const exceptions = await q.findScenarioExceptions(tx, org, [id_cenario_fiscal]);
  const taxes = applyScenarioException(
    { cfop: (interstate ? s['cfop_externo'] : s['cfop_interno']) as string | null, icms_cst: s['icms_cst'] as string | null,
      icms_csosn: s['icms_csosn'] as string | null, icms_aliquota: s['icms_aliquota'] as string, icmsst_aliquota: s['icmsst_aliquota'] as string,
      icmsst_mva: s['icmsst_mva'] as string, fcp_percentual: s['fcp_percentual'] as string },
    exceptions, { uf, codigo_ncm: grid.codigo_ncm },
  );
  let ibscbs: ReturnType<typeof itemIbsCbs>;
  try {
    ibscbs = itemIbsCbs({
      ibscbs_cst: (s['ibscbs_cst'] as string | null) ?? null, ibscbs_classificacao: (s['ibscbs_classificacao'] as string | null) ?? null,
      cbs_aliquota: pct(s['cbs_aliquota']), ibsuf_aliquota: pct(s['ibsuf_aliquota']), ibsmun_aliquota: pct(s['ibsmun_aliquota']),
      ibs_percentual_reducao: pct(s['ibs_percentual_reducao']), cbs_percentual_reducao: pct(s['cbs_percentual_reducao']),
    }, emitter?.codigo_regime_tributario ?? 1, grid.descricao);
  } catch (error) {
    if (error instanceof ValidationError) throw badRequest(error.message);
    throw error;
  }
  return {
    id_cenario_fiscal, cenario: String(s['descricao']), codigo_ncm: grid.codigo_ncm, uf_destino: uf, cfop: taxes.cfop,
    icms_cst: taxes.icms_cst, icms_csosn: taxes.icms_csosn, icms_aliquota: pct(taxes.icms_aliquota), icmsst_aliquota: pct(taxes.icmsst_aliquota),
    icmsst_mva: pct(taxes.icmsst_mva), fcp_percentual: pct(taxes.fcp_percentual),
    pis_cst: (s['pis_cst'] as string | null) ?? null, pis_aliquota: pct(s['pis_aliquota']),
    cofins_cst: (s['cofins_cst'] as string | null) ?? null, cofins_aliquota: pct(s['cofins_aliquota']),
    ibscbs: ibscbs && {
      cst: ibscbs.CST, classificacao: ibscbs.cClassTrib, cbs_aliquota: pct(s['cbs_aliquota']), ibsuf_aliquota: pct(s['ibsuf_aliquota']),
      ibsmun_aliquota: pct(s['ibsmun_aliquota']), ibs_percentual_reducao: pct(s['ibs_percentual_reducao']),
      cbs_percentual_reducao: pct(s['cbs_percentual_reducao']),
    },
  };
}
