/** The register page's item lines: what a line holds on screen, and the body of create/update built from them. */
import { quantityToDecimal, toDecimal, type Cents, type Milli } from '@pdv/domain/money';
import type { StockDocumentDetail, StockProductOption } from '@pdv/contract/stock-document';
import { fromDecimal, quantityFromDecimal } from '@pdv/domain/money';

export interface Line {
  key: string;
  id_produto_grade_filial: number;
  sku: string;
  descricao: string;
  variacao: string;
  id_endereco_estoque: number;
  endereco: string;
  id_endereco_estoque_destino: number | null;
  endereco_destino: string | null;
  quantidade: Milli;
  valor_unitario: Cents;
}

let next = 0;
export const lineKey = () => `l${++next}`;

export function linesOf(d: StockDocumentDetail): Line[] {
  return d.itens.map((i) => ({
    key: lineKey(), id_produto_grade_filial: i.id_produto_grade_filial, sku: i.sku, descricao: i.descricao, variacao: i.variacao,
    id_endereco_estoque: i.id_endereco_estoque, endereco: i.endereco, id_endereco_estoque_destino: i.id_endereco_estoque_destino,
    endereco_destino: i.endereco_destino, quantidade: quantityFromDecimal(i.quantidade), valor_unitario: fromDecimal(i.valor_unitario),
  }));
}

export function lineFrom(p: StockProductOption, quantidade: Milli, valor_unitario: Cents, address: { id: number; label: string }, destination: { id: number; label: string } | null): Line {
  return {
    key: lineKey(), id_produto_grade_filial: p.id_produto_grade_filial, sku: p.sku, descricao: p.descricao, variacao: p.variacao,
    id_endereco_estoque: address.id, endereco: address.label, id_endereco_estoque_destino: destination?.id ?? null,
    endereco_destino: destination?.label ?? null, quantidade, valor_unitario,
  };
}

export function itemsBody(lines: readonly Line[], transfer: boolean) {
  return lines.map((l) => ({
    id_produto_grade_filial: l.id_produto_grade_filial,
    id_endereco_estoque: l.id_endereco_estoque,
    id_endereco_estoque_destino: transfer ? l.id_endereco_estoque_destino : null,
    quantidade: quantityToDecimal(l.quantidade),
    valor_unitario: toDecimal(l.valor_unitario),
  }));
}
