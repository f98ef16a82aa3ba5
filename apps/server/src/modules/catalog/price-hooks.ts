/**
 * Hooks of the price table and promotion registers (docs/registers.md, "Extensions"): their children (a table's
 * branches and rules, a promotion's discounts per category and per variation), the rows those point at (live rows of
 * the caller's organization) and the rules across fields on the stored row merged with the body. A table's resolved
 * prices (`preco`, what the server's product calls answer) are resolved again after it is written.
 */
import { PRICE_RULE_MESSAGES as M, priceRuleIssues, priceTableIssues, promotionIssues } from '@pdv/domain/price-rules';
import type { Tx } from '../../db/database.ts';
import { badRequest } from '../../http/errors.ts';
import type { HookContext, RegisterHooks, Row } from '../registers/hooks.ts';
import { resolvePrices } from './prices.ts';

const refuse = (field: string, message: string) => badRequest(message, undefined, [`${field}: ${message}`]);
const num = (v: unknown) => (v === null || v === undefined ? v : Number(v));

/** Refuses when an id of `ids` is not a live row of `table` in the organization. */
async function checkLive(tx: Tx, org: number, table: string, column: string, ids: readonly number[], field: string, message: string) {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return;
  const deleted = table === 'filial' ? 'true' : 'data_exclusao IS NULL';
  const { rows } = await tx.query(`SELECT 1 FROM ${table} WHERE id_organization = $1 AND ${column} = ANY($2::integer[]) AND ${deleted}`, [org, wanted]);
  if (rows.length !== wanted.length) throw refuse(field, message);
}

/**
 * Keeps the table's or promotion's rule as it stands before it changes, is disabled or deleted (migration 070,
 * regra_preco_versao): POST /api/operacao accepts a till's line priced by it for PRICE_VERSION_WINDOW_MS after now.
 */
async function keepVersion(tx: Tx, org: number, tipo: 'TabelaPreco' | 'Promocao', id: unknown): Promise<void> {
  await tx.query('SELECT regra_preco_guardar($1, $2, $3)', [org, tipo, id]);
}

function checkUnique(keys: readonly string[], field: string): void {
  if (new Set(keys).size !== keys.length) throw refuse(field, M.entryDuplicate);
}

/** The stored row's columns under the body's (an update may send only some). */
async function mergedRow(h: HookContext, sql: string, id: number | null, values: Row): Promise<Row> {
  const stored = id === null ? {} : ((await h.ctx.tx.query<Row>(sql, [h.scope.id_organization, id])).rows[0] ?? {});
  const out: Row = { ...stored };
  for (const [k, v] of Object.entries(values)) if (v !== undefined) out[k] = v;
  return out;
}

interface TableEntry {
  id_categoria?: number | null;
  id_produto_grade_filial?: number | null;
  tipo_aplicado: string;
  tipo_valor: string;
  valor_varejo: number;
  valor_atacado: number;
}

export const priceTableHooks: RegisterHooks = {
  async beforeWrite(h, values, extra, id) {
    const tx = h.ctx.tx;
    const org = h.scope.id_organization;
    if (id !== null) await keepVersion(tx, org, 'TabelaPreco', id);
    const all = await mergedRow(h, `SELECT tipo_aplicado, tipo_valor, valor_varejo::float8, valor_atacado::float8 FROM tabela_preco
      WHERE id_organization = $1 AND id_tabela_preco = $2`, id, values);
    const [issue] = priceTableIssues(all);
    if (issue) throw refuse(issue.field, issue.message);
    const filiais = extra['filiais'] as number[] | undefined;
    if (filiais) await checkLive(tx, org, 'filial', 'id_filial', filiais, 'filiais', M.branchNotFound);
    const itens = extra['itens'] as TableEntry[] | undefined;
    if (!itens) return;
    for (const item of itens) {
      if ((item.id_categoria == null) === (item.id_produto_grade_filial == null)) throw refuse('itens', M.entryTarget);
      const [bad] = priceRuleIssues({ ...item });
      if (bad) throw refuse('itens', bad.message);
    }
    checkUnique(itens.map((i) => (i.id_categoria != null ? `c${i.id_categoria}` : `g${String(i.id_produto_grade_filial)}`)), 'itens');
    await checkLive(tx, org, 'categoria', 'id_categoria', itens.flatMap((i) => (i.id_categoria == null ? [] : [i.id_categoria])), 'itens', M.categoryNotFound);
    await checkLive(tx, org, 'produto_grade_filial', 'id_produto_grade_filial',
      itens.flatMap((i) => (i.id_produto_grade_filial == null ? [] : [i.id_produto_grade_filial])), 'itens', M.variationNotFound);
  },
  async afterWrite(h, row, extra) {
    const tx = h.ctx.tx;
    const org = h.scope.id_organization;
    const id = row['id_tabela_preco'] as number;
    const filiais = extra['filiais'] as number[] | undefined;
    if (filiais) {
      await tx.query('DELETE FROM tabela_preco_filial WHERE id_organization = $1 AND id_tabela_preco = $2 AND NOT (id_filial = ANY($3::integer[]))',
        [org, id, filiais]);
      await tx.query(
        `INSERT INTO tabela_preco_filial (id_organization, id_tabela_preco, id_filial)
         SELECT $1, $2, f FROM unnest($3::integer[]) AS f ON CONFLICT (id_organization, id_tabela_preco, id_filial) DO NOTHING`,
        [org, id, [...new Set(filiais)]],
      );
    }
    const itens = extra['itens'] as TableEntry[] | undefined;
    if (itens) {
      // The rules are replaced: the old ones become tombstones (the point of sale's copy of the table drops them).
      await tx.query('UPDATE tabela_preco_item SET data_exclusao = now() WHERE id_organization = $1 AND id_tabela_preco = $2 AND data_exclusao IS NULL',
        [org, id]);
      await tx.query(
        `INSERT INTO tabela_preco_item (id_organization, id_tabela_preco, id_categoria, id_produto_grade_filial, tipo_aplicado, tipo_valor,
           valor_varejo, valor_atacado)
         SELECT $1, $2, r.id_categoria, r.id_produto_grade_filial, r.tipo_aplicado, r.tipo_valor, r.valor_varejo, r.valor_atacado
           FROM jsonb_to_recordset($3::jsonb) AS r(id_categoria integer, id_produto_grade_filial integer, tipo_aplicado text, tipo_valor text,
                valor_varejo numeric, valor_atacado numeric)`,
        [org, id, JSON.stringify(itens)],
      );
    }
    await resolvePrices(tx, org, { id_tabela_preco: id });
  },
  async detail(h, row) {
    const params = [h.scope.id_organization, row['id_tabela_preco']];
    const filiais = await h.ctx.tx.query<{ id_filial: number }>(
      'SELECT id_filial FROM tabela_preco_filial WHERE id_organization = $1 AND id_tabela_preco = $2 ORDER BY id_filial', params);
    const itens = await h.ctx.tx.query<Row>(
      `SELECT id_categoria, id_produto_grade_filial, tipo_aplicado, tipo_valor, valor_varejo::float8 AS valor_varejo,
              valor_atacado::float8 AS valor_atacado
         FROM tabela_preco_item WHERE id_organization = $1 AND id_tabela_preco = $2 AND data_exclusao IS NULL ORDER BY id_tabela_preco_item`,
      params);
    return { ...row, filiais: filiais.rows.map((r) => r.id_filial), itens: itens.rows };
  },
  async beforeDelete(h, row) {
    const params = [h.scope.id_organization, row['id_tabela_preco']];
    await keepVersion(h.ctx.tx, h.scope.id_organization, 'TabelaPreco', row['id_tabela_preco']);
    await h.ctx.tx.query('DELETE FROM tabela_preco_filial WHERE id_organization = $1 AND id_tabela_preco = $2', params);
    await h.ctx.tx.query('UPDATE tabela_preco_item SET data_exclusao = now() WHERE id_organization = $1 AND id_tabela_preco = $2 AND data_exclusao IS NULL', params);
    await h.ctx.tx.query('UPDATE preco SET data_exclusao = now() WHERE id_organization = $1 AND id_tabela_preco = $2 AND data_exclusao IS NULL', params);
  },
};

interface PromotionEntry {
  id_categoria?: number;
  id_produto_grade_filial?: number;
  id_servico?: number;
  tipo: string;
  venda: number;
  atacado: number;
  cashback_tipo?: string;
  cashback_venda?: number;
  cashback_atacado?: number;
}

// A percentage cashback above 100% is refused as a discount above 100% is (the cashback would exceed the line).
const ruleIssue = (e: PromotionEntry) =>
  priceRuleIssues({ tipo_aplicado: 'Desconto', tipo_valor: e.tipo, valor_varejo: e.venda, valor_atacado: e.atacado })[0] ??
  priceRuleIssues({ tipo_aplicado: 'Desconto', tipo_valor: e.cashback_tipo ?? 'Percentual', valor_varejo: e.cashback_venda ?? 0,
    valor_atacado: e.cashback_atacado ?? 0 })[0];

export const promotionHooks: RegisterHooks = {
  async beforeWrite(h, values, extra, id) {
    const tx = h.ctx.tx;
    const org = h.scope.id_organization;
    if (id !== null) await keepVersion(tx, org, 'Promocao', id);
    const all = await mergedRow(h, `SELECT to_char(data_inicio, 'YYYY-MM-DD') AS data_inicio, to_char(data_fim, 'YYYY-MM-DD') AS data_fim
      FROM promocao WHERE id_organization = $1 AND id_promocao = $2`, id, values);
    const [issue] = promotionIssues(all);
    if (issue) throw refuse(issue.field, issue.message);
    const categorias = extra['categorias'] as PromotionEntry[] | undefined;
    const produtos = extra['produtos'] as PromotionEntry[] | undefined;
    const servicos = extra['servicos'] as PromotionEntry[] | undefined;
    for (const [field, list] of [['categorias', categorias], ['produtos', produtos], ['servicos', servicos]] as const) {
      const bad = list?.map(ruleIssue).find((x) => x);
      if (bad) throw refuse(field, bad.message);
    }
    if (categorias) {
      checkUnique(categorias.map((c) => String(c.id_categoria)), 'categorias');
      await checkLive(tx, org, 'categoria', 'id_categoria', categorias.map((c) => c.id_categoria ?? 0), 'categorias', M.categoryNotFound);
    }
    if (produtos) {
      checkUnique(produtos.map((c) => String(c.id_produto_grade_filial)), 'produtos');
      await checkLive(tx, org, 'produto_grade_filial', 'id_produto_grade_filial', produtos.map((c) => c.id_produto_grade_filial ?? 0),
        'produtos', M.variationNotFound);
    }
    if (servicos) {
      checkUnique(servicos.map((c) => String(c.id_servico)), 'servicos');
      await checkLive(tx, org, 'servico', 'id_servico', servicos.map((c) => c.id_servico ?? 0), 'servicos', M.serviceNotFound);
    }
  },
  async afterWrite(h, row, extra) {
    const tx = h.ctx.tx;
    const org = h.scope.id_organization;
    const id = row['id_promocao'];
    for (const [member, table, column] of [['categorias', 'promocao_categoria', 'id_categoria'], ['produtos', 'promocao_produto', 'id_produto_grade_filial'],
      ['servicos', 'promocao_servico', 'id_servico']] as const) {
      const list = extra[member] as PromotionEntry[] | undefined;
      if (!list) continue;
      await tx.query(`DELETE FROM ${table} WHERE id_organization = $1 AND id_promocao = $2`, [org, id]);
      await tx.query(
        `INSERT INTO ${table} (id_organization, id_promocao, ${column}, tipo, venda, atacado, cashback_tipo, cashback_venda, cashback_atacado)
         SELECT $1, $2, r.${column}, r.tipo, r.venda, r.atacado, coalesce(r.cashback_tipo, 'Percentual'), coalesce(r.cashback_venda, 0),
                coalesce(r.cashback_atacado, 0)
           FROM jsonb_to_recordset($3::jsonb) AS r(${column} integer, tipo text, venda numeric, atacado numeric, cashback_tipo text,
                cashback_venda numeric, cashback_atacado numeric)`,
        [org, id, JSON.stringify(list)],
      );
    }
  },
  async detail(h, row) {
    const params = [h.scope.id_organization, row['id_promocao']];
    const of = (table: string, column: string) => h.ctx.tx.query<Row>(
      `SELECT ${column}, tipo, venda::float8 AS venda, atacado::float8 AS atacado, cashback_tipo, cashback_venda::float8 AS cashback_venda,
              cashback_atacado::float8 AS cashback_atacado FROM ${table}
        WHERE id_organization = $1 AND id_promocao = $2 ORDER BY ${column}`, params);
    const categorias = await of('promocao_categoria', 'id_categoria');
    const produtos = await of('promocao_produto', 'id_produto_grade_filial');
    const servicos = await of('promocao_servico', 'id_servico');
    return { ...row, categorias: categorias.rows.map((r) => ({ ...r, id_categoria: num(r['id_categoria']) })), produtos: produtos.rows,
      servicos: servicos.rows };
  },
  async beforeDelete(h, row) {
    const params = [h.scope.id_organization, row['id_promocao']];
    await keepVersion(h.ctx.tx, h.scope.id_organization, 'Promocao', row['id_promocao']);
    await h.ctx.tx.query('DELETE FROM promocao_categoria WHERE id_organization = $1 AND id_promocao = $2', params);
    await h.ctx.tx.query('DELETE FROM promocao_produto WHERE id_organization = $1 AND id_promocao = $2', params);
    await h.ctx.tx.query('DELETE FROM promocao_servico WHERE id_organization = $1 AND id_promocao = $2', params);
  },
};
