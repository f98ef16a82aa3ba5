/**
 * What the product-info panel (F1) shows about a line's variation, read from the local copy: identity (SKU, GTINs,
 * unit, NCM, brand, category), retail and wholesale prices, stock per address of the branch, and the product's grid
 * (every variation with its price and stock).
 */
import type { LocalRow, LocalCopy } from '../../db/localCopy.ts';
import { isValidGtin } from '@pdv/domain/gtin';
import { fromDecimal, quantityFromDecimal, type Cents, type Milli } from '@pdv/domain/money';
import { isLive } from './search/catalogChanges.ts';
import { variationName } from '@pdv/domain/variation';

export interface StockAtAddress {
  id_endereco_estoque: number;
  endereco: string;
  quantidade: Milli;
  reserva: Milli;
  disponivel: Milli;
}

export interface VariationInfo {
  id_produto_grade_filial: number;
  descricao: string;
  sku: string | null;
  codigo_barras: string | null;
  preco_venda: Cents;
  disponivel: Milli;
}

export interface ProductInfo {
  id_produto_grade_filial: number;
  descricao: string;
  variacao: string | null;
  sku: string | null;
  codigos: string[];
  unidade: string | null;
  codigo_ncm: string | null;
  marca: string | null;
  categoria: string | null;
  preco_venda: Cents;
  preco_atacado: Cents;
  quantidade_atacarejo: Milli | null;
  estoque: StockAtAddress[];
  grade: VariationInfo[];
}

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const num = (v: unknown): number | null => (typeof v === 'number' ? v : typeof v === 'string' && v !== '' ? Number(v) : null);
const milli = (v: unknown): Milli => quantityFromDecimal(num(v) ?? 0);
const price = (grid: LocalRow, product: LocalRow, key: string): Cents => fromDecimal(num(grid[key] ?? product[key]) ?? 0);

async function descriptionOf(db: LocalCopy, table: string, id: unknown): Promise<string | null> {
  const key = num(id);
  return key === null ? null : str((await db.rows(table).get(key))?.['descricao']);
}

/** The panel's content for the variation of a line (by id_produto_grade_filial), or null when it is not in the copy. */
export async function loadProductInfo(db: LocalCopy, idGradeFilial: number, idFilial: number): Promise<ProductInfo | null> {
  const grid = await db.rows('grid').where('id_produto_grade_filial').equals(idGradeFilial).first();
  const product = grid && (await db.rows('product').get(grid['id_produto']));
  if (!grid || !product) return null;
  const variations = (await db.rows('grid').where('id_produto').equals(product['id_produto'] as number).toArray())
    .filter(isLive)
    .sort((a, b) => Number(a['id_produto_grade']) - Number(b['id_produto_grade']));
  const gradeIds = variations.map((v) => v['id_produto_grade'] as number);
  const gfIds = variations.flatMap((v) => (num(v['id_produto_grade_filial']) === null ? [] : [num(v['id_produto_grade_filial']) as number]));
  const codes = (await db.rows('barcode').where('id_produto_grade').anyOf(gradeIds).toArray()).filter(
    (c) => isLive(c) && isValidGtin(String(c['codigo'])),
  );
  const addresses = new Map(
    (await db.rows('stock_address').where('id_filial').equals(idFilial).toArray())
      .filter(isLive)
      .map((a) => [a['id_endereco_estoque'] as number, str(a['descricao']) ?? str(a['codigo']) ?? `Endereço ${String(a['id_endereco_estoque'])}`]),
  );
  const stock = (await db.rows('stock').where('id_produto_grade_filial').anyOf(gfIds).toArray()).filter(
    (s) => !s['data_exclusao'] && addresses.has(s['id_endereco_estoque'] as number),
  );
  const available = (s: LocalRow) => milli(s['quantidade']) - milli(s['quantidade_reserva']);
  const unit = num(product['id_unidade_medida']);
  const atacarejo = num(product['quantidade_atacarejo']);
  return {
    id_produto_grade_filial: idGradeFilial,
    descricao: str(product['descricao']) ?? '',
    variacao: variationName({ descricao: str(grid['descricao']), is_padrao: grid['is_padrao'] === true }),
    sku: str(grid['sku']) ?? str(product['sku']),
    codigos: codes.filter((c) => c['id_produto_grade'] === grid['id_produto_grade']).map((c) => String(c['codigo'])),
    unidade: unit === null ? null : str((await db.rows('measure_unit').get(unit))?.['sigla']),
    codigo_ncm: str(product['codigo_ncm']),
    marca: await descriptionOf(db, 'brand', product['id_marca']),
    categoria: await descriptionOf(db, 'category', product['id_categoria']),
    preco_venda: price(grid, product, 'preco_venda'),
    preco_atacado: price(grid, product, 'preco_atacado'),
    quantidade_atacarejo: atacarejo ? quantityFromDecimal(atacarejo) : null,
    estoque: stock
      .filter((s) => s['id_produto_grade_filial'] === idGradeFilial)
      .map((s) => ({
        id_endereco_estoque: s['id_endereco_estoque'] as number,
        endereco: addresses.get(s['id_endereco_estoque'] as number) ?? '',
        quantidade: milli(s['quantidade']),
        reserva: milli(s['quantidade_reserva']),
        disponivel: available(s),
      }))
      .sort((a, b) => a.endereco.localeCompare(b.endereco, 'pt-BR')),
    grade: variations.flatMap((v) => {
      const gf = num(v['id_produto_grade_filial']);
      if (gf === null) return [];
      return [
        {
          id_produto_grade_filial: gf,
          descricao: v['is_padrao'] ? 'Padrão' : (str(v['descricao']) ?? ''),
          sku: str(v['sku']),
          codigo_barras: str(codes.find((c) => c['id_produto_grade'] === v['id_produto_grade'])?.['codigo']),
          preco_venda: price(v, product, 'preco_venda'),
          disponivel: stock.filter((s) => s['id_produto_grade_filial'] === gf).reduce((sum, s) => sum + available(s), 0),
        },
      ];
    }),
  };
}
