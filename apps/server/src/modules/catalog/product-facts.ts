/**
 * One-row facts of a product: nutritional information (law 360 by default, 002 §9; portion and every nutrient with
 * its %VD, the percent the tab fills from @pdv/domain/nutrition and the user may correct) and ANP fuel data (the NF-e
 * `comb` group). A save replaces the row; the ANP data can be removed (the product is no fuel).
 */
import { NUTRITION_NUMBER_FIELDS } from '@pdv/contract/product-tabs';
import { DEFAULT_NUTRITION_LAW } from '@pdv/domain/nutrition';
import { PRODUCT_TAB_MESSAGES as M } from '@pdv/domain/product-tab-messages';
import type { Tx } from '../../db/database.ts';
import { badRequest } from '../../http/errors.ts';
import type { Handlers } from '../../http/handlers.ts';
import { num, productOf } from './product-owner.ts';

const NUTRITION_TEXT = ['porcao', 'medida_caseira'] as const;

async function nutrition(tx: Tx, org: number, id_produto: number) {
  const row = (await tx.query<Record<string, unknown>>(
    'SELECT * FROM produto_informacao_nutricional WHERE id_organization = $1 AND id_produto = $2', [org, id_produto])).rows[0];
  const numbers = Object.fromEntries(NUTRITION_NUMBER_FIELDS.map((k) => [k, num(row?.[k])])) as Record<(typeof NUTRITION_NUMBER_FIELDS)[number], number | null>;
  return {
    id_produto,
    cadastrada: row !== undefined,
    tipo_lei: (row?.['tipo_lei'] as '360' | '429' | undefined) ?? DEFAULT_NUTRITION_LAW,
    porcao: (row?.['porcao'] as string | null | undefined) ?? null,
    quantidade_porcao: num(row?.['quantidade_porcao']),
    unidade_porcao: (row?.['unidade_porcao'] as 'g' | 'ml' | undefined) ?? 'g',
    medida_caseira: (row?.['medida_caseira'] as string | null | undefined) ?? null,
    ...numbers,
  };
}

const ANP_COLUMNS = ['codigo_anp', 'descricao_anp', 'percentual_glp', 'percentual_gas_natural_nacional', 'percentual_gas_natural_importado',
  'valor_partida', 'codif', 'uf_consumo', 'percentual_biodiesel'] as const;

async function anp(tx: Tx, org: number, id_produto: number) {
  const row = (await tx.query<Record<string, string | null>>(
    `SELECT ${ANP_COLUMNS.join(', ')} FROM produto_anp WHERE id_organization = $1 AND id_produto = $2`, [org, id_produto])).rows[0];
  if (!row) return { id_produto, anp: null };
  return {
    id_produto,
    anp: {
      codigo_anp: row['codigo_anp'] ?? '', descricao_anp: row['descricao_anp'] ?? '', percentual_glp: num(row['percentual_glp']),
      percentual_gas_natural_nacional: num(row['percentual_gas_natural_nacional']),
      percentual_gas_natural_importado: num(row['percentual_gas_natural_importado']), valor_partida: num(row['valor_partida']),
      codif: row['codif'] ?? null, uf_consumo: row['uf_consumo'] ?? null, percentual_biodiesel: num(row['percentual_biodiesel']),
    },
  };
}

export const productFactHandlers = {
  productNutritionGet: async ({ tx, caller, body }) => {
    await productOf(tx, caller.id_organization, body.id_produto);
    return nutrition(tx, caller.id_organization, body.id_produto);
  },
  productNutritionSave: async ({ tx, caller, body }) => {
    const org = caller.id_organization;
    await productOf(tx, org, body.id_produto);
    const columns = ['tipo_lei', 'quantidade_porcao', 'unidade_porcao', ...NUTRITION_TEXT, ...NUTRITION_NUMBER_FIELDS] as const;
    const values = columns.map((c) => {
      const v = body[c];
      return typeof v === 'string' ? (v.trim() === '' ? null : v.trim()) : v ?? null;
    });
    const params = columns.map((_, i) => `$${i + 3}`);
    await tx.query(
      `INSERT INTO produto_informacao_nutricional (id_organization, id_produto, ${columns.join(', ')}) VALUES ($1, $2, ${params.join(', ')})
       ON CONFLICT (id_organization, id_produto) DO UPDATE SET ${columns.map((c) => `${c} = EXCLUDED.${c}`).join(', ')}, data_alteracao = now()`,
      [org, body.id_produto, ...values],
    );
    return nutrition(tx, org, body.id_produto);
  },

  productAnpGet: async ({ tx, caller, body }) => {
    await productOf(tx, caller.id_organization, body.id_produto);
    return anp(tx, caller.id_organization, body.id_produto);
  },
  productAnpSave: async ({ tx, caller, body }) => {
    const org = caller.id_organization;
    await productOf(tx, org, body.id_produto);
    const gas = (body.percentual_glp ?? 0) + (body.percentual_gas_natural_nacional ?? 0) + (body.percentual_gas_natural_importado ?? 0);
    // Percentages carry 4 decimals: compare in ten-thousandths so 33.3333 + 33.3333 + 33.3334 is exactly 100.
    if (Math.round(gas * 10_000) > 100 * 10_000) throw badRequest(M.anpGasSum);
    const values = ANP_COLUMNS.map((c) => {
      const v = body[c];
      return typeof v === 'string' ? (v.trim() === '' ? null : v.trim()) : v ?? null;
    });
    const params = ANP_COLUMNS.map((_, i) => `$${i + 3}`);
    await tx.query(
      `INSERT INTO produto_anp (id_organization, id_produto, ${ANP_COLUMNS.join(', ')}) VALUES ($1, $2, ${params.join(', ')})
       ON CONFLICT (id_organization, id_produto) DO UPDATE SET ${ANP_COLUMNS.map((c) => `${c} = EXCLUDED.${c}`).join(', ')}, data_alteracao = now()`,
      [org, body.id_produto, ...values],
    );
    return anp(tx, org, body.id_produto);
  },
  productAnpDelete: async ({ tx, caller, body }) => {
    const org = caller.id_organization;
    await productOf(tx, org, body.id_produto);
    await tx.query('DELETE FROM produto_anp WHERE id_organization = $1 AND id_produto = $2', [org, body.id_produto]);
    return anp(tx, org, body.id_produto);
  },
} satisfies Partial<Handlers>;
