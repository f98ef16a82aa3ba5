/**
 * A line's product's own sale limits (001 §5; product fields percentual_desconto_maximo, perc_max_aumento_preco_produto,
 * perc_max_reducao_preco_produto, synced by the product source), read from the local copy for the selected line, so
 * the panels apply them as the server does (effectiveLimits: the product's own where set, else the user's).
 */
import { useEffect, useState } from 'react';
import { percentFromDecimal } from '@pdv/domain/money';
import type { ProductPriceLimits } from '@pdv/domain/price-limits';
import type { LocalRow, LocalCopy } from '../../db/localCopy.ts';

const own = (row: LocalRow, key: keyof ProductPriceLimits): number | null => {
  const v = row[key];
  return typeof v === 'number' || (typeof v === 'string' && v !== '') ? percentFromDecimal(v) : null;
};

/** The product's own limits of a variation of the branch (by id_produto_grade_filial); {} when it is not in the copy. */
export async function productLimitsOf(db: LocalCopy, idGradeFilial: number): Promise<Partial<ProductPriceLimits>> {
  const grid = await db.rows('grid').where('id_produto_grade_filial').equals(idGradeFilial).first();
  const product = grid && (await db.rows('product').get(grid['id_produto']));
  if (!product) return {};
  return {
    percentual_desconto_maximo: own(product, 'percentual_desconto_maximo'),
    perc_max_aumento_preco_produto: own(product, 'perc_max_aumento_preco_produto'),
    perc_max_reducao_preco_produto: own(product, 'perc_max_reducao_preco_produto'),
  };
}

/**
 * The own limits of the selected line's product, read when the selection changes (long before F4 is pressed);
 * undefined while being read or with no line.
 */
export function useProductLimits(db: LocalCopy, idGradeFilial: number | null): Partial<ProductPriceLimits> | undefined {
  const [read, setRead] = useState<{ id: number; limits: Partial<ProductPriceLimits> } | null>(null);
  useEffect(() => {
    if (idGradeFilial === null) return;
    let current = true;
    productLimitsOf(db, idGradeFilial)
      .then((limits) => {
        if (current) setRead({ id: idGradeFilial, limits });
      })
      .catch((error: unknown) => {
        // Unreadable: the user's limits apply (the server refuses what the product's own would have).
        console.error('Falha ao ler os limites do produto', error);
        if (current) setRead({ id: idGradeFilial, limits: {} });
      });
    return () => {
      current = false;
    };
  }, [db, idGradeFilial]);
  return read !== null && read.id === idGradeFilial ? read.limits : undefined;
}
