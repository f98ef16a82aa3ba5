/**
 * POST /product/list-to-balance {type_law, offset, limit} (contract scale.ts): the organization's live, active products
 * marked enviar_balanca, by id, a page at a time, with the active branch's price (its default variation's row, else
 * the product's), sold by weight when the unit has decimals, the scale code of the branch's code size, and the
 * nutrition table when it follows the law asked. A product whose code does not fit is listed in sem_codigo instead.
 */
import type { z } from 'zod';
import type * as c from '@pdv/contract/scale';
import { weighedCodeOf, weighedSettingsOf } from '@pdv/domain/weighed-barcode';
import type { Tx } from '../../db/database.ts';
import type { Handlers } from '../../http/handlers.ts';
import type { Caller } from '../auth/caller.ts';

const num = (v: unknown) => Number(v);
const NUTRIENTS = ['valor_energetico', 'carboidratos', 'acucares', 'proteinas', 'gorduras_totais', 'gorduras_saturadas', 'gorduras_trans',
  'fibra_alimentar', 'sodio'] as const;

export async function listToBalance(tx: Tx, caller: Caller, body: z.output<typeof c.listToBalanceBody>): Promise<z.output<typeof c.listToBalanceResult>> {
  const config = await tx.query<Record<string, unknown>>(
    'SELECT tamanho_codigo_produto_pesavel, identificador_produto_pesavel, tipo_informacao_balanca FROM filial_configuracao WHERE id_organization = $1 AND id_filial = $2',
    [caller.id_organization, caller.id_filial]);
  const { tamanho } = weighedSettingsOf(config.rows[0]);
  const where = `p.id_organization = $1 AND p.data_exclusao IS NULL AND p.situacao = 'Ativo' AND p.enviar_balanca`;
  const { rows } = await tx.query<Record<string, unknown>>(
    `SELECT p.id_produto, p.sku, p.descricao, u.sigla AS unidade, u.casa_decimal, p.imprimir_data_embalagem_balanca,
            coalesce((SELECT gf.preco_venda FROM produto_grade g JOIN produto_grade_filial gf ON gf.id_organization = g.id_organization
                        AND gf.id_produto_grade = g.id_produto_grade AND gf.id_filial = $2
                       WHERE g.id_organization = p.id_organization AND g.id_produto = p.id_produto AND g.data_exclusao IS NULL
                       ORDER BY g.is_padrao DESC, g.id_produto_grade LIMIT 1), p.preco_venda)::text AS preco_venda,
            n.quantidade_porcao::text AS quantidade_porcao, n.unidade_porcao, n.medida_caseira,
            ${NUTRIENTS.map((f) => `n.${f}::text AS n_${f}`).join(', ')}
       FROM produto p
       JOIN unidade_medida u ON u.id_organization = p.id_organization AND u.id_unidade_medida = p.id_unidade_medida
       LEFT JOIN produto_informacao_nutricional n ON n.id_organization = p.id_organization AND n.id_produto = p.id_produto AND n.tipo_lei = $3
      WHERE ${where}
      ORDER BY p.id_produto LIMIT ${body.limit} OFFSET ${body.offset}`,
    [caller.id_organization, caller.id_filial, body.type_law],
  );
  const count = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM produto p WHERE ${where}`, [caller.id_organization]);
  const listed: z.output<typeof c.listToBalanceResult>['rows'] = [];
  const sem_codigo: Array<{ id_produto: number; descricao: string }> = [];
  for (const r of rows) {
    const id_produto = num(r['id_produto']);
    const descricao = String(r['descricao']);
    const codigo = weighedCodeOf({ sku: r['sku'] as string | null, id_produto }, tamanho);
    if (codigo === null) {
      sem_codigo.push({ id_produto, descricao });
      continue;
    }
    const portion = r['quantidade_porcao'];
    listed.push({
      id_produto, codigo_balanca: codigo, descricao, unidade: String(r['unidade']),
      tipo_venda: num(r['casa_decimal']) > 0 ? 'Peso' : 'Unidade', preco_venda: num(r['preco_venda']),
      imprimir_data_embalagem: r['imprimir_data_embalagem_balanca'] === true,
      nutricional: portion === null || portion === undefined ? null : {
        quantidade_porcao: num(portion), unidade_porcao: r['unidade_porcao'] === 'ml' ? 'ml' : 'g', medida_caseira: (r['medida_caseira'] as string | null) ?? null,
        ...(Object.fromEntries(NUTRIENTS.map((f) => [f, num(r[`n_${f}`] ?? 0)])) as Record<(typeof NUTRIENTS)[number], number>),
      },
    });
  }
  return { rows: listed, count: count.rows[0]?.n ?? 0, sem_codigo };
}

export const scaleExportHandlers = {
  productListToBalance: ({ tx, caller, body }) => listToBalance(tx, caller, body),
} satisfies Partial<Handlers>;
