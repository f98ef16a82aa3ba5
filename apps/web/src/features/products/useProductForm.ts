/**
 * The product register's state: the product as the create/update body has it (prices in reais, as the contract),
 * loaded by find_by_id for an id, blank for a new one; `set` changes a member, `save` sends the whole product
 * (create, or PUT update) and answers the saved one. Every tab reads and writes it through ProductFormContext, so a
 * tab is a component `({ id_produto, readOnly })` like the ones the other tabs are.
 */
import { createContext, useContext, useState } from 'react';
import type { z } from 'zod';
import type { ProductDetail, productCreateBody } from '@pdv/contract/product';
import { applyMeasureUnit } from '@pdv/domain/product-rules';
import { call } from '../../api/client.ts';

export type ProductValues = z.output<typeof productCreateBody> & { id_produto?: number };
export type GradeValues = NonNullable<ProductValues['grades']>[number];
export type UnitValues = NonNullable<ProductValues['unidades_logisticas']>[number];
export type CodeValues = NonNullable<ProductValues['codigos_barra']>[number];

let nextKey = 0;
/** A key for a child made here (a saved child's is the server's: 'g12', 'u3'). */
export const newKey = (prefix: string) => `${prefix}n${++nextKey}`;

export function blankProduct(): ProductValues {
  return {
    descricao: '', sku: '', id_unidade_medida: 0, situacao: 'Ativo', origem_produto: 0, tipo_item: '00', tipo_tempo_garantia: 'Dias',
    enviar_balanca: false, imprimir_data_embalagem_balanca: false, preco_compra: 0, preco_custo: 0, preco_venda: 0, preco_atacado: 0,
    preco_compra_medio: 0, preco_custo_medio: 0, grades: [], unidades_logisticas: [], codigos_barra: [],
  };
}

/** The saved product as the body sends it back (the answer's extra members dropped). */
export function valuesOf(p: ProductDetail): ProductValues {
  const { data_cadastro: _c, data_alteracao: _a, url_imagem_principal: _u, tipo_produto: _t, grades, unidades_logisticas, codigos_barra, ...rest } = p;
  return {
    ...rest,
    situacao: rest.situacao === 'Inativo' ? 'Inativo' : 'Ativo',
    tipo_tempo_garantia: (['Dias', 'Meses', 'Anos'] as const).find((t) => t === rest.tipo_tempo_garantia) ?? 'Dias',
    grades: grades.map(({ id_produto_grade_filial: _f, ...g }) => ({ ...g, situacao: g.situacao === 'Inativo' ? 'Inativo' : 'Ativo' })),
    unidades_logisticas,
    codigos_barra: codigos_barra.map((c) => ({ ...c, situacao: c.situacao === 'Inativo' ? 'Inativo' : 'Ativo' })),
  };
}

export function useProductState(initial: ProductValues, initialSaved: ProductDetail | null = null) {
  const [values, setValues] = useState<ProductValues>(initial);
  const [saved, setSaved] = useState<ProductDetail | null>(initialSaved);
  const set = <K extends keyof ProductValues>(key: K, value: ProductValues[K]) => setValues((v) => ({ ...v, [key]: value }));
  /** 001 §5: choosing the measure unit replaces the first logistics unit of multiplier 1. */
  const setMeasureUnit = (id: number) =>
    setValues((v) => ({
      ...v,
      id_unidade_medida: id,
      unidades_logisticas: applyMeasureUnit(
        (v.unidades_logisticas ?? []).map((u) => ({ ...u, multiplicador: Math.round(u.multiplicador * 1000) })),
        id,
        (u) => ({ ...u, chave: newKey('u') }),
      ).map((u) => ({ ...u, multiplicador: u.multiplicador / 1000 })),
    }));
  const save = async (): Promise<ProductDetail> => {
    const { id_produto, ...body } = values;
    const result = id_produto ? await call('productUpdate', { ...body, id_produto }) : await call('productCreate', body);
    setValues(valuesOf(result));
    setSaved(result);
    return result;
  };
  return { values, set, setValues, setMeasureUnit, save, saved };
}

export type ProductForm = ReturnType<typeof useProductState>;

export const ProductFormContext = createContext<ProductForm | null>(null);

export function useProductForm(): ProductForm {
  const form = useContext(ProductFormContext);
  if (!form) throw new Error('useProductForm outside the product register');
  return form;
}
