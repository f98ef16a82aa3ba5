/**
 * Hooks of the commission group register (docs/registers.md, "Extensions"; descriptor commission-group.ts): its
 * children (sellers, rates per category, variation and service, goal ranges, payment methods), each replaced whole
 * when its member is sent; the rows they name must be live rows of the caller's organization; a seller belongs to one
 * group (another group's seller is refused, not moved); the goal ranges may not overlap (domain rangeIssues).
 */
import { COMMISSION_MESSAGES as CM, rangeIssues } from '@pdv/domain/commission';
import { fromDecimal } from '@pdv/domain/money';
import { PRICE_RULE_MESSAGES as PM } from '@pdv/domain/price-rules';
import type { Tx } from '../../db/database.ts';
import { badRequest } from '../../http/errors.ts';
import type { RegisterHooks, Row } from '../registers/hooks.ts';

const refuse = (field: string, message: string) => badRequest(message, undefined, [`${field}: ${message}`]);

interface Rated { percentual: number }
type Range = { valor_inicio_faixa: number; valor_final_faixa: number | null; percentual: number };

/** Refuses when an id of `ids` is not a live row of `table` in the organization, or one repeats. */
async function checkLive(tx: Tx, org: number, table: string, column: string, ids: readonly number[], field: string, message: string) {
  const wanted = [...new Set(ids)];
  if (wanted.length !== ids.length) throw refuse(field, CM.duplicateEntry);
  if (wanted.length === 0) return;
  const { rows } = await tx.query(`SELECT 1 FROM ${table} WHERE id_organization = $1 AND ${column} = ANY($2::integer[]) AND data_exclusao IS NULL`, [org, wanted]);
  if (rows.length !== wanted.length) throw refuse(field, message);
}

/** The rated children: member, table, id column, the refusal when an id names no live row. */
const RATED = [
  ['vendedores', 'grupo_comissao_vendedor', 'usuario', 'id_usuario', CM.userNotFound],
  ['categorias', 'grupo_comissao_categoria', 'categoria', 'id_categoria', PM.categoryNotFound],
  ['produtos', 'grupo_comissao_produto', 'produto_grade_filial', 'id_produto_grade_filial', PM.variationNotFound],
  ['servicos', 'grupo_comissao_servico', 'servico', 'id_servico', CM.serviceNotFound],
] as const;

export const commissionGroupHooks: RegisterHooks = {
  async beforeWrite(h, _values, extra, id) {
    const tx = h.ctx.tx;
    const org = h.scope.id_organization;
    for (const [member, , table, column, message] of RATED) {
      const list = extra[member] as Array<Rated & Record<string, number>> | undefined;
      if (list) await checkLive(tx, org, table, column, list.map((r) => r[column]!), member, message);
    }
    const vendedores = extra['vendedores'] as Array<{ id_usuario: number }> | undefined;
    if (vendedores && vendedores.length > 0) {
      const { rows } = await tx.query(
        `SELECT 1 FROM grupo_comissao_vendedor v JOIN grupo_comissao g USING (id_organization, id_grupo_comissao)
          WHERE v.id_organization = $1 AND v.id_usuario = ANY($2::integer[]) AND g.id_grupo_comissao IS DISTINCT FROM $3 AND g.data_exclusao IS NULL`,
        [org, vendedores.map((v) => v.id_usuario), id]);
      if (rows.length > 0) throw refuse('vendedores', CM.sellerInOtherGroup);
    }
    const faixas = extra['faixas'] as Range[] | undefined;
    if (faixas) {
      const issue = rangeIssues(faixas.map((f) => ({
        valor_inicio_faixa: fromDecimal(f.valor_inicio_faixa),
        valor_final_faixa: f.valor_final_faixa === null ? null : fromDecimal(f.valor_final_faixa),
        percentual: 0,
      })));
      if (issue) throw refuse('faixas', issue);
    }
    const meios = extra['meios_pagamento'] as number[] | undefined;
    if (meios) await checkLive(tx, org, 'meio_pagamento', 'id_meio_pagamento', meios, 'meios_pagamento', CM.paymentMethodNotFound);
  },
  async afterWrite(h, row, extra) {
    const tx = h.ctx.tx;
    const org = h.scope.id_organization;
    const id = row['id_grupo_comissao'];
    for (const [member, child, , column] of RATED) {
      const list = extra[member];
      if (!Array.isArray(list)) continue;
      await tx.query(`DELETE FROM ${child} WHERE id_organization = $1 AND id_grupo_comissao = $2`, [org, id]);
      await tx.query(
        `INSERT INTO ${child} (id_organization, id_grupo_comissao, ${column}, percentual)
         SELECT $1, $2, r.${column}, r.percentual FROM jsonb_to_recordset($3::jsonb) AS r(${column} integer, percentual numeric)`,
        [org, id, JSON.stringify(list)]);
    }
    const faixas = extra['faixas'];
    if (Array.isArray(faixas)) {
      await tx.query('DELETE FROM grupo_comissao_faixa WHERE id_organization = $1 AND id_grupo_comissao = $2', [org, id]);
      await tx.query(
        `INSERT INTO grupo_comissao_faixa (id_organization, id_grupo_comissao, valor_inicio_faixa, valor_final_faixa, percentual)
         SELECT $1, $2, r.valor_inicio_faixa, r.valor_final_faixa, r.percentual
           FROM jsonb_to_recordset($3::jsonb) AS r(valor_inicio_faixa numeric, valor_final_faixa numeric, percentual numeric)`,
        [org, id, JSON.stringify(faixas)]);
    }
    const meios = extra['meios_pagamento'];
    if (Array.isArray(meios)) {
      await tx.query('DELETE FROM grupo_comissao_meio_pagamento WHERE id_organization = $1 AND id_grupo_comissao = $2', [org, id]);
      await tx.query(
        `INSERT INTO grupo_comissao_meio_pagamento (id_organization, id_grupo_comissao, id_meio_pagamento)
         SELECT $1, $2, m FROM unnest($3::integer[]) AS m`, [org, id, meios]);
    }
  },
  async detail(h, row) {
    const tx = h.ctx.tx;
    const params = [h.scope.id_organization, row['id_grupo_comissao']];
    const out: Row = { ...row };
    for (const [member, child, , column] of RATED) {
      const { rows } = await tx.query<Row>(
        `SELECT ${column}, percentual::float8 AS percentual FROM ${child} WHERE id_organization = $1 AND id_grupo_comissao = $2 ORDER BY ${column}`, params);
      out[member] = rows;
    }
    const faixas = await tx.query<Row>(
      `SELECT valor_inicio_faixa::float8 AS valor_inicio_faixa, valor_final_faixa::float8 AS valor_final_faixa, percentual::float8 AS percentual
         FROM grupo_comissao_faixa WHERE id_organization = $1 AND id_grupo_comissao = $2 ORDER BY valor_inicio_faixa`, params);
    out['faixas'] = faixas.rows;
    const meios = await tx.query<{ id_meio_pagamento: number }>(
      'SELECT id_meio_pagamento FROM grupo_comissao_meio_pagamento WHERE id_organization = $1 AND id_grupo_comissao = $2 ORDER BY id_meio_pagamento', params);
    out['meios_pagamento'] = meios.rows.map((r) => r.id_meio_pagamento);
    return out;
  },
  async beforeDelete(h, row) {
    const params = [h.scope.id_organization, row['id_grupo_comissao']];
    for (const table of ['grupo_comissao_vendedor', 'grupo_comissao_categoria', 'grupo_comissao_produto', 'grupo_comissao_servico',
      'grupo_comissao_faixa', 'grupo_comissao_meio_pagamento']) {
      await h.ctx.tx.query(`DELETE FROM ${table} WHERE id_organization = $1 AND id_grupo_comissao = $2`, params);
    }
  },
};
