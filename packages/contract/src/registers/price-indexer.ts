/**
 * Price indexer (002 §2 Sales /indexer, ViewIndexadorPreco; 001 §3 Product: indexador; the spec shows no fields): a
 * named factor that multiplies prices, such as the dollar rate of imported goods. A product linked to one
 * (produto.id_indexador) is repriced when the factor changes: its sale and wholesale prices in every branch are
 * multiplied by the new factor over the old (the rule in @pdv/domain price-indexer.ts), and the change is kept as a
 * variation (002 §9: indexer variations 10 a page) with the products it repriced. List 20 a page (002 §9 "most lists").
 */
import { priceIndexerIssues } from '@pdv/domain/price-indexer';
import { z } from 'zod';
import type { RegisterDescriptor } from './descriptor.ts';

/** A change of the factor as the server recorded it (read-only: find_by_id, create and update answer the latest 200). */
export const priceIndexerVariation = z.object({
  id_indexador_variacao: z.number().int(),
  fator_anterior: z.number().nullable(),
  fator: z.number(),
  produtos_reajustados: z.number().int(),
  precos_reajustados: z.number().int(),
  data_hora: z.string(),
  usuario_nome: z.string().nullable(),
});
export type PriceIndexerVariation = z.infer<typeof priceIndexerVariation>;

export const priceIndexer = {
  name: 'priceIndexer',
  path: '/price-indexer',
  table: 'indexador_preco',
  id: 'id_indexador',
  label: { singular: 'Indexador de preço', plural: 'Indexadores de preço' },
  permission: 'ViewIndexadorPreco',
  scope: 'organization',
  fields: {
    descricao: { kind: 'text', label: 'Descrição', required: true, max: 100, list: true, search: true, unique: true },
    fator: {
      kind: 'quantity', label: 'Fator', required: true, decimals: 4, maxValue: 99_999.9999, list: true, examples: [1.25, 5.4321],
    },
  },
  situacao: true,
  check: priceIndexerIssues,
  list: { pageSize: 20, sort: { column: 'descricao', order: 'ASC' } },
  screen: { path: '/indexer', form: 'panel' },
  readOnlyDetail: { variacoes: z.array(priceIndexerVariation), produtos_vinculados: z.number().int() },
} as const satisfies RegisterDescriptor;
