/**
 * Where the label print modal's items come from (001 §5 Labels): the products chosen in the product list
 * (/product/find_to_print_label), a filter (/product/search-to-labels), an order (/order_item/find_to_print_labels) or
 * an invoice (/invoice_item/find_to_print_labels), each row made a label item (001 §3) with a key of its own.
 */
import type { SearchToLabelsBody } from '@pdv/contract/label-print';
import type { LabelItem } from '@pdv/domain/label-print';
import { call } from '../../api/client.ts';

export type LabelSource =
  | { kind: 'products'; ids: number[] }
  | { kind: 'order'; id_pedido: number }
  | { kind: 'invoice'; id_nota_fiscal: number };

export interface KeyedLabelItem extends LabelItem {
  key: string;
}

export async function loadLabelItems(source: LabelSource): Promise<KeyedLabelItem[]> {
  if (source.kind === 'products') {
    const res = await call('productFindToPrintLabel', { where: { ids_products: source.ids } }, { loading: false });
    return res.rows.map((r) => ({
      key: `g${r.id_produto_grade}`, descricao: r.descricao_produto, variacao: r.variacao, sku: r.sku, codigo_barras: r.codigo_barras,
      preco_venda: r.preco_venda, preco_atacado: r.preco_atacado, marca: r.marca, qtd: 1,
    }));
  }
  if (source.kind === 'order') {
    const res = await call('orderItemFindToPrintLabels', { id_pedido: source.id_pedido }, { loading: false });
    // An order's line already reads "product variation" and carries the price it was sold at.
    return res.rows.map((r) => ({
      key: `p${r.id_pedido_item}`, descricao: r.descricao, variacao: '', sku: r.sku ?? '', codigo_barras: r.codigo_barras,
      preco_venda: r.valor_unitario, preco_atacado: r.valor_unitario, marca: '', qtd: r.quantidade_etiquetas,
    }));
  }
  const res = await call('invoiceItemFindToPrintLabels', { id_nota_fiscal: source.id_nota_fiscal }, { loading: false });
  return res.rows.map((r, i) => ({ ...r, key: `n${i}-${r.id_produto_grade}` }));
}

export async function searchLabelItems(filters: SearchToLabelsBody): Promise<KeyedLabelItem[]> {
  const res = await call('productSearchToLabels', filters);
  return res.rows.map((r) => ({ ...r, key: `g${r.id_produto_grade}` }));
}

/** Adds `more` to `items`: a variation already listed keeps its place and takes the new quantity. */
export function mergeLabelItems(items: readonly KeyedLabelItem[], more: readonly KeyedLabelItem[]): KeyedLabelItem[] {
  const byKey = new Map(more.map((m) => [m.key, m]));
  const kept = items.map((i) => byKey.get(i.key) ?? i);
  const known = new Set(items.map((i) => i.key));
  return [...kept, ...more.filter((m) => !known.has(m.key))];
}
