import { describe, expect, it } from 'vitest';
import {
  applyMeasureUnit, checkBarcodes, checkFiscalCodes, checkNotNegative, checkRemoveLogisticsUnit, checkSalePrice,
  generateVariations, joinPt, nextSku, PRODUCT_MESSAGES, priceBounds, visibleVariations,
} from './product-rules.ts';

describe('fiscal codes', () => {
  it('accepts an NCM of 8 digits and a CEST of 7, and refuses other lengths', () => {
    expect(checkFiscalCodes({ codigo_ncm: '61091000', cest: '2803800' })).toEqual([]);
    expect(checkFiscalCodes({ codigo_ncm: '6109100', cest: '28038000' })).toEqual([
      { field: 'codigo_ncm', message: 'O NCM deve ter 8 dígitos.' },
      { field: 'cest', message: 'O CEST deve ter 7 dígitos.' },
    ]);
    expect(checkFiscalCodes({ codigo_ncm: '6109.10.00' })[0]?.field).toBe('codigo_ncm');
    expect(checkFiscalCodes({ codigo_ncm: null, cest: '' })).toEqual([]);
  });
});

describe('barcodes', () => {
  it('accepts valid GTINs and internal codes marked as such, refuses a bad check digit and a repeated code', () => {
    expect(checkBarcodes([{ codigo: '7891234567895', codigo_interno: false }, { codigo: '2000123', codigo_interno: true }])).toEqual([]);
    expect(checkBarcodes([{ codigo: '7891234567890', codigo_interno: false }])).toEqual([
      { field: 'codigos_barra.0.codigo', message: PRODUCT_MESSAGES.gtinInvalid('7891234567890') },
    ]);
    expect(checkBarcodes([{ codigo: 'com espaço', codigo_interno: true }])[0]?.message).toBe(PRODUCT_MESSAGES.internalCodeInvalid('com espaço'));
    expect(checkBarcodes([{ codigo: '7891234567895', codigo_interno: false }, { codigo: '7891234567895', codigo_interno: false }])).toEqual([
      { field: 'codigos_barra.1.codigo', message: 'O código de barras 7891234567895 aparece mais de uma vez neste produto.' },
    ]);
  });
});

describe('prices', () => {
  it('refuses a negative price naming the field', () => {
    expect(checkNotNegative([{ field: 'preco_custo', label: 'Preço de custo', value: -1 }, { field: 'preco_venda', label: 'Preço de venda', value: 0 }]))
      .toEqual([{ field: 'preco_custo', message: 'Preço de custo não pode ser negativo.' }]);
  });

  it("keeps a sale price within the product's reduction and increase limits around its reference, with the spec's words", () => {
    const limits = { perc_max_reducao_preco_produto: 1000, perc_max_aumento_preco_produto: 2000 };
    expect(priceBounds(10000, limits)).toEqual({ min: 9000, max: 12000 });
    expect(checkSalePrice('Preço de venda', 10000, 9000, limits)).toBeNull();
    expect(checkSalePrice('Preço de venda', 10000, 12000, limits)).toBeNull();
    expect(checkSalePrice('Preço de venda', 10000, 8999, limits)).toBe('Preço de venda abaixo do preço mínimo permitido (R$ 90,00).');
    expect(checkSalePrice('Preço de venda', 10000, 12001, limits)).toBe('Preço de venda acima do preço máximo permitido (R$ 120,00).');
  });

  it('does not bind when a limit is empty or the reference is 0', () => {
    expect(checkSalePrice('P', 10000, 1, { perc_max_reducao_preco_produto: null, perc_max_aumento_preco_produto: 0 })).toBeNull();
    expect(checkSalePrice('P', 10000, 10001, { perc_max_reducao_preco_produto: null, perc_max_aumento_preco_produto: 0 })).not.toBeNull();
    expect(checkSalePrice('P', 0, 99999, { perc_max_reducao_preco_produto: 0, perc_max_aumento_preco_produto: 0 })).toBeNull();
  });
});

describe('logistics units', () => {
  const make = (u: { id_unidade_medida: number; multiplicador: number }) => ({ ...u, chave: 'new' });

  it('replaces the first unit of multiplier 1 with the chosen measure unit, leaving the others', () => {
    const units = [{ id_unidade_medida: 9, multiplicador: 12000, chave: 'a' }, { id_unidade_medida: 1, multiplicador: 1000, chave: 'b' },
      { id_unidade_medida: 2, multiplicador: 1000, chave: 'c' }];
    expect(applyMeasureUnit(units, 5, make)).toEqual([units[0], { id_unidade_medida: 5, multiplicador: 1000, chave: 'b' }, units[2]]);
  });

  it('adds the unit of multiplier 1 first when there is none', () => {
    expect(applyMeasureUnit([{ id_unidade_medida: 9, multiplicador: 6000, chave: 'a' }], 5, make)[0]).toEqual({ id_unidade_medida: 5, multiplicador: 1000, chave: 'new' });
  });

  it('refuses to remove a unit a saved barcode names, with the spec message', () => {
    expect(checkRemoveLogisticsUnit('u1', [{ unidade: 'u1', saved: true }])).toBe('Esta unidade logística contém codigo de barras vinculado!');
    expect(checkRemoveLogisticsUnit('u1', [{ unidade: 'u1', saved: false }, { unidade: 'u2', saved: true }])).toBeNull();
  });
});

describe('variations', () => {
  const cor = { id_atributo: 1, itens: [{ id_atributo_item: 11, descricao: 'Azul' }, { id_atributo_item: 12, descricao: 'Preto' }] };
  const tam = { id_atributo: 2, itens: [{ id_atributo_item: 21, descricao: 'P' }, { id_atributo_item: 22, descricao: 'M' }, { id_atributo_item: 23, descricao: 'G' }] };

  it('generates every combination of the chosen items in the order of the attributes', () => {
    const r = generateVariations([cor, tam], []);
    expect(r.variations.map((v) => v.descricao)).toEqual(['Azul / P', 'Azul / M', 'Azul / G', 'Preto / P', 'Preto / M', 'Preto / G']);
    expect(r.variations[0]?.itens).toEqual([11, 21]);
    expect(r.message).toBeNull();
  });

  it('leaves out a variation already in the grid with the singular message', () => {
    const r = generateVariations([cor, tam], [{ descricao: 'x', itens: [21, 11] }]);
    expect(r.variations).toHaveLength(5);
    expect(r.message).toBe('A variação (Azul / P) já está adicionada nesta grade!');
  });

  it('names several with the plural message, by items or by name', () => {
    const r = generateVariations([cor, tam], [{ descricao: 'Azul / P', itens: [] }, { descricao: 'y', itens: [11, 22] }, { descricao: 'z', itens: [12, 23] }]);
    expect(r.message).toBe('As variações (Azul / P, Azul / M e Preto / G) já estão adicionadas nesta grade!');
    expect(joinPt(['a', 'b'])).toBe('a e b');
  });

  it('asks for items when none is chosen, and hides the default variation', () => {
    expect(generateVariations([{ id_atributo: 1, itens: [] }], []).message).toBe(PRODUCT_MESSAGES.noAttributeItems);
    expect(visibleVariations([{ is_padrao: true, d: 'Geral' }, { is_padrao: false, d: 'P' }])).toEqual([{ is_padrao: false, d: 'P' }]);
  });
});

describe('next SKU', () => {
  it('is one after the largest numeric SKU, ignoring the others', () => {
    expect(nextSku(['CAM-1', '41', '9'])).toBe('42');
    expect(nextSku([])).toBe('1');
  });
});
