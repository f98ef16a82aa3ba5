/**
 * Price readjust (issue 30; 002 §2 "price simulation/readjust (by percent or markup); price history"; contract
 * price-readjust.ts): the simulation lists every variation in the chosen branches whose price the rule changes; the
 * apply computes it again from the database (the client's numbers are never read), refuses when the result is not the
 * simulation the user saw (its assinatura), and writes every new price in the request's one transaction.
 *
 * - The rule is the domain's (price-readjust.ts readjustPrices): by percent, or by a live, active price configuration
 *   of the organization with its markup rules in order.
 * - Branches: the active one by default; each one named must be one of the user's, where the user's profile may
 *   manage prices (the route's permission, held in that branch). Filters name live rows of the organization.
 * - Written: produto_grade_filial.preco_venda / preco_atacado (the catalog module owns them, owners.test). Migration
 *   018's trigger records each new price in preco_historico with the user (app.id_usuario) and, since 047, the
 *   readjust (app.id_reajuste_preco, set around the UPDATE); reajuste_preco keeps the readjust itself. The product's
 *   own prices (the product list's, a branch opened later starts from them) follow by the same rule, as the indexer's
 *   do. The price tables' resolved prices of the rows are resolved again. The point of sale receives the new prices
 *   by the product-grid stream's change trigger, like any price change.
 */
import type { ReadjustApplyBody, ReadjustBody, ReadjustLine } from '@pdv/contract/price-readjust';
import { fromDecimal, percentFromDecimal, toDecimal } from '@pdv/domain/money';
import {
  PRICE_READJUST_MESSAGES as M, READJUST_MAX_PRICES, pricesChanged, readjustPrices, simulationFingerprint, type MarkupRule,
  type NewPrices, type PriceSet, type ReadjustRule,
} from '@pdv/domain/price-readjust';
import type { Tx } from '../../db/database.ts';
import { badRequest } from '../../http/errors.ts';
import type { Handlers } from '../../http/handlers.ts';
import { loadCaller, type Caller } from '../auth/caller.ts';
import { resolvePrices } from './prices.ts';

/** The routes' permission (manage prices, routes.ts), checked again in each other branch named. */
const PRICES = 'FncListarTabelaPreco';

const refuse = (field: string, message: string) => badRequest(message, undefined, [`${field}: ${message}`]);

interface Matched {
  id_produto_grade_filial: number;
  id_produto: number;
  id_filial: number;
  filial: string | null;
  produto: string;
  variacao: string;
  is_padrao: boolean;
  sku: string | null;
  preco_venda: string;
  preco_atacado: string;
  preco_custo: string;
  preco_custo_medio: string;
  preco_compra: string;
}

interface Computed {
  lines: ReadjustLine[];
  unchanged: number;
  assinatura: string;
  rule: ReadjustRule;
  branches: number[];
}

/** The branches of the readjust: each one the user's, where the user may manage products. */
async function branchesOf(tx: Tx, caller: Caller, asked: readonly number[] | undefined): Promise<number[]> {
  const wanted = [...new Set(asked ?? [caller.id_filial])];
  for (const id_filial of wanted) {
    if (!caller.branches.some((b) => b.id_filial === id_filial)) throw refuse('filiais', M.branchNotAllowed);
    if (id_filial === caller.id_filial) continue;
    const there = await loadCaller(tx, caller.id_organization, caller.id_usuario, id_filial);
    if (!there.ability.can('manage', PRICES)) throw refuse('filiais', M.branchNotAllowed);
  }
  return wanted.sort((a, b) => a - b);
}

/** Refuses when an id of a filter is not a live row of the organization. */
async function checkFilter(tx: Tx, org: number, table: string, column: string, ids: readonly number[], field: string, message: string) {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return;
  const { rows } = await tx.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${table} WHERE id_organization = $1 AND ${column} = ANY($2::integer[]) AND data_exclusao IS NULL`,
    [org, wanted],
  );
  if (rows[0]?.n !== wanted.length) throw refuse(field, message);
}

/** The rule of the body: a percentage, or the rules of a live, active configuration of the organization. */
async function ruleOf(tx: Tx, org: number, body: ReadjustBody): Promise<ReadjustRule> {
  if (body.modo === 'Percentual') {
    return { modo: 'Percentual', percentual: percentFromDecimal(body.percentual ?? 0), alvo: body.alvo };
  }
  const { rows: config } = await tx.query<{ situacao: string }>(
    `SELECT situacao FROM configuracao_preco WHERE id_organization = $1 AND id_configuracao_preco = $2 AND data_exclusao IS NULL`,
    [org, body.id_configuracao_preco],
  );
  if (!config[0]) throw refuse('id_configuracao_preco', M.configurationNotFound);
  if (config[0].situacao !== 'Ativo') throw refuse('id_configuracao_preco', M.configurationInactive);
  const { rows } = await tx.query<{ descricao: string; tipo: MarkupRule['tipo']; valor: string; preco_base: MarkupRule['preco_base']; preco_alvo: MarkupRule['preco_alvo'] }>(
    `SELECT descricao, tipo, valor::text, preco_base, preco_alvo FROM configuracao_preco_regra
      WHERE id_organization = $1 AND id_configuracao_preco = $2 ORDER BY ordem`,
    [org, body.id_configuracao_preco],
  );
  if (rows.length === 0) throw refuse('id_configuracao_preco', M.rulesRequired);
  // numeric(15,2) as centavos or basis points: the same hundredths.
  return { modo: 'Markup', regras: rows.map((r) => ({ ...r, valor: fromDecimal(r.valor) })) };
}

/** The variations in the branches the filters match (a category with its subcategories), locked for the apply. */
async function matchedRows(tx: Tx, org: number, branches: number[], body: ReadjustBody, lock: boolean): Promise<Matched[]> {
  const f = body.filtros;
  const { rows } = await tx.query<Matched>(
    `WITH RECURSIVE cats AS (
       SELECT id_categoria FROM categoria WHERE id_organization = $1 AND id_categoria = ANY($3::integer[]) AND data_exclusao IS NULL
       UNION
       SELECT c.id_categoria FROM categoria c JOIN cats ON c.id_categoria_pai = cats.id_categoria
        WHERE c.id_organization = $1 AND c.data_exclusao IS NULL
     )
     SELECT pgf.id_produto_grade_filial, p.id_produto, pgf.id_filial, coalesce(fi.nome_fantasia, fi.razao_social) AS filial,
            p.descricao AS produto, g.descricao AS variacao, g.is_padrao, coalesce(g.sku, p.sku) AS sku,
            pgf.preco_venda::text, pgf.preco_atacado::text, pgf.preco_custo::text, pgf.preco_custo_medio::text, p.preco_compra::text
       FROM produto_grade_filial pgf
       JOIN produto_grade g ON g.id_organization = pgf.id_organization AND g.id_produto_grade = pgf.id_produto_grade AND g.data_exclusao IS NULL
       JOIN produto p ON p.id_organization = g.id_organization AND p.id_produto = g.id_produto AND p.data_exclusao IS NULL
       JOIN filial fi ON fi.id_organization = pgf.id_organization AND fi.id_filial = pgf.id_filial
      WHERE pgf.id_organization = $1 AND pgf.id_filial = ANY($2::integer[]) AND pgf.data_exclusao IS NULL
        AND (cardinality($3::integer[]) = 0 OR p.id_categoria IN (SELECT id_categoria FROM cats))
        AND (cardinality($4::integer[]) = 0 OR p.id_marca = ANY($4::integer[]))
        AND (cardinality($5::integer[]) = 0 OR p.id_produto = ANY($5::integer[]))
      ORDER BY pgf.id_produto_grade_filial
      LIMIT ${READJUST_MAX_PRICES + 1}
      ${lock ? 'FOR UPDATE OF pgf' : ''}`,
    [org, branches, f.id_categoria, f.id_marca, f.id_produto],
  );
  return rows;
}

const priceSet = (r: Matched): PriceSet => ({
  preco_custo: fromDecimal(r.preco_custo),
  preco_custo_medio: fromDecimal(r.preco_custo_medio),
  preco_compra: fromDecimal(r.preco_compra),
  preco_venda: fromDecimal(r.preco_venda),
  preco_atacado: fromDecimal(r.preco_atacado),
});

/** The readjust of the body, computed from the database: what the simulation answers and the apply writes. */
async function compute(tx: Tx, caller: Caller, body: ReadjustBody, lock: boolean): Promise<Computed> {
  const org = caller.id_organization;
  const branches = await branchesOf(tx, caller, body.filiais);
  await checkFilter(tx, org, 'categoria', 'id_categoria', body.filtros.id_categoria, 'filtros', M.categoryNotFound);
  await checkFilter(tx, org, 'marca', 'id_marca', body.filtros.id_marca, 'filtros', M.brandNotFound);
  await checkFilter(tx, org, 'produto', 'id_produto', body.filtros.id_produto, 'filtros', M.productNotFound);
  const rule = await ruleOf(tx, org, body);
  const matched = await matchedRows(tx, org, branches, body, lock);
  if (matched.length > READJUST_MAX_PRICES) throw badRequest(M.tooMany);
  const changed: { row: Matched; atual: NewPrices; novo: NewPrices }[] = [];
  for (const row of matched) {
    const prices = priceSet(row);
    const novo = readjustPrices(prices, rule);
    if (pricesChanged(prices, novo)) changed.push({ row, atual: { preco_venda: prices.preco_venda, preco_atacado: prices.preco_atacado }, novo });
  }
  const assinatura = simulationFingerprint(changed.map((c) => ({ id_produto_grade_filial: c.row.id_produto_grade_filial, atual: c.atual, novo: c.novo })));
  const lines = changed
    .map(({ row, atual, novo }) => ({
      id_produto_grade_filial: row.id_produto_grade_filial, id_produto: row.id_produto, id_filial: row.id_filial,
      filial: row.filial ?? '', produto: row.produto, variacao: row.is_padrao ? '' : row.variacao, sku: row.sku,
      preco_venda_atual: toDecimal(atual.preco_venda), preco_atacado_atual: toDecimal(atual.preco_atacado),
      preco_venda_novo: toDecimal(novo.preco_venda), preco_atacado_novo: toDecimal(novo.preco_atacado),
    }))
    .sort((a, b) => a.produto.localeCompare(b.produto, 'pt-BR') || a.id_produto - b.id_produto || a.variacao.localeCompare(b.variacao, 'pt-BR')
      || a.id_filial - b.id_filial);
  return { lines, unchanged: matched.length - changed.length, assinatura, rule, branches };
}

export async function simulateReadjust(tx: Tx, caller: Caller, body: ReadjustBody) {
  const { lines, unchanged, assinatura } = await compute(tx, caller, body, false);
  return { linhas: lines, sem_alteracao: unchanged, assinatura };
}

export async function applyReadjust(tx: Tx, caller: Caller, body: ReadjustApplyBody) {
  const org = caller.id_organization;
  const { lines, assinatura, rule, branches } = await compute(tx, caller, body, true);
  if (lines.length === 0) throw badRequest(M.nothingToChange);
  if (assinatura !== body.assinatura) throw badRequest(M.stale);
  const { rows: made } = await tx.query<{ id: number }>(
    `INSERT INTO reajuste_preco (id_organization, modo, percentual, alvo, id_configuracao_preco, filtros, filiais, precos_reajustados, id_usuario)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::integer[], $8, $9) RETURNING id_reajuste_preco AS id`,
    [
      org, body.modo, body.modo === 'Percentual' ? body.percentual : null, body.modo === 'Percentual' ? body.alvo : null,
      body.modo === 'Markup' ? body.id_configuracao_preco : null, JSON.stringify(body.filtros), branches, lines.length, caller.id_usuario,
    ],
  );
  const id_reajuste_preco = made[0]!.id;
  // The history rows the trigger writes for this UPDATE name the readjust.
  await tx.query(`SELECT set_config('app.id_reajuste_preco', $1, true)`, [String(id_reajuste_preco)]);
  await tx.query(
    `UPDATE produto_grade_filial pgf SET preco_venda = v.preco_venda, preco_atacado = v.preco_atacado
       FROM unnest($2::int[], $3::numeric[], $4::numeric[]) AS v (id, preco_venda, preco_atacado)
      WHERE pgf.id_organization = $1 AND pgf.id_produto_grade_filial = v.id`,
    [org, lines.map((l) => l.id_produto_grade_filial), lines.map((l) => l.preco_venda_novo), lines.map((l) => l.preco_atacado_novo)],
  );
  await tx.query(`SELECT set_config('app.id_reajuste_preco', '', true)`);
  await readjustProductPrices(tx, org, [...new Set(lines.map((l) => l.id_produto))], rule);
  await resolvePrices(tx, org, { ids: lines.map((l) => l.id_produto_grade_filial) });
  return { id_reajuste_preco, precos_reajustados: lines.length, message: M.applied };
}

/** The products' own prices, by the same rule over their own prices and costs. */
async function readjustProductPrices(tx: Tx, org: number, ids: number[], rule: ReadjustRule): Promise<void> {
  const { rows } = await tx.query<{ id_produto: number; preco_venda: string; preco_atacado: string; preco_custo: string; preco_custo_medio: string; preco_compra: string }>(
    `SELECT id_produto, preco_venda::text, preco_atacado::text, preco_custo::text, preco_custo_medio::text, preco_compra::text
       FROM produto WHERE id_organization = $1 AND id_produto = ANY($2::int[]) ORDER BY id_produto FOR UPDATE`,
    [org, ids],
  );
  const next = rows.map((r) => {
    const prices: PriceSet = {
      preco_custo: fromDecimal(r.preco_custo), preco_custo_medio: fromDecimal(r.preco_custo_medio), preco_compra: fromDecimal(r.preco_compra),
      preco_venda: fromDecimal(r.preco_venda), preco_atacado: fromDecimal(r.preco_atacado),
    };
    return { id: r.id_produto, prices, novo: readjustPrices(prices, rule) };
  }).filter((p) => pricesChanged(p.prices, p.novo));
  if (next.length === 0) return;
  await tx.query(
    `UPDATE produto p SET preco_venda = v.preco_venda, preco_atacado = v.preco_atacado, data_alteracao = now()
       FROM unnest($2::int[], $3::numeric[], $4::numeric[]) AS v (id, preco_venda, preco_atacado)
      WHERE p.id_organization = $1 AND p.id_produto = v.id`,
    [org, next.map((p) => p.id), next.map((p) => toDecimal(p.novo.preco_venda)), next.map((p) => toDecimal(p.novo.preco_atacado))],
  );
}

export const priceReadjustHandlers = {
  priceReadjustSimulate: ({ tx, caller, body }) => simulateReadjust(tx, caller, body),
  priceReadjustApply: ({ tx, caller, body }) => applyReadjust(tx, caller, body),
} satisfies Partial<Handlers>;
