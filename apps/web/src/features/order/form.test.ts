import { describe, expect, it } from 'vitest';
import type { OrderFull } from '@pdv/contract/order';
import {
  EMPTY_VOLUME,
  emptyHeader,
  headerBody,
  headerErrors,
  headerFromOrder,
  itemCreateBody,
  itemErrors,
  itemUpdateBody,
  paymentErrors,
  volumeBody,
  volumeFormErrors,
  type ItemForm,
} from './form.ts';

const item = (fields: Partial<ItemForm> = {}): ItemForm => ({
  id_produto_grade_filial: 7,
  descricao: 'Camiseta',
  quantidade: '2',
  valor_unitario: '10,00',
  valor_desconto: '0,00',
  id_endereco_estoque: 3,
  id_cenario_fiscal: 4,
  id_usuario_vendedor: null,
  ...fields,
});

describe('order header', () => {
  it('starts as a plain order without freight (tipo_frete 9)', () => {
    expect(emptyHeader()).toMatchObject({ operacao: 'Pedido', tipo_frete: 9, valor_frete: 0 });
  });

  it('requires the client with the spec text', () => {
    expect(headerErrors(emptyHeader())).toEqual(['Cliente não informado']);
    expect(headerErrors({ ...emptyHeader(), id_cliente: 5 })).toEqual([]);
  });

  it('sends empty texts and dates as null and money as decimals', () => {
    expect(
      headerBody({ ...emptyHeader(), id_cliente: 5, valor_frete: 1050, data_entrega: '2026-11-30', observacao: '  ' }),
    ).toMatchObject({
      id_cliente: 5,
      valor_frete: 10.5,
      data_entrega: '2026-11-30',
      data_validade: null,
      observacao: null,
      tipo_frete: 9,
    });
  });

  it('reads the dates of a saved order as AAAA-MM-DD and keeps an unknown freight type at 9', () => {
    const order = {
      operacao: 'Orcamento',
      id_cliente: 5,
      id_usuario_vendedor: null,
      id_transportadora: null,
      data_entrega: '2026-11-30T00:00:00.000Z',
      data_validade: null,
      data_previsao_retorno: null,
      tipo_frete: 7,
      valor_frete: 1.5,
      valor_seguro: 0,
      valor_outros: 0,
      observacao: null,
      observacao_nota: 'nota',
    } as unknown as OrderFull;
    expect(headerFromOrder(order, { cliente: 'Ana' })).toMatchObject({
      operacao: 'Orcamento',
      cliente_label: 'Ana',
      data_entrega: '2026-11-30',
      tipo_frete: 9,
      valor_frete: 150,
      observacao_nota: 'nota',
    });
  });
});

describe('order item modal', () => {
  it('accepts a complete line', () => {
    expect(itemErrors(item(), 5)).toEqual([]);
  });

  it('lists every problem in the spec order: client, product, value, stock address', () => {
    expect(
      itemErrors(item({ id_produto_grade_filial: null, valor_unitario: '0', id_endereco_estoque: null }), null),
    ).toEqual([
      'Cliente do pedido não informado',
      'Produto não informado',
      'O valor do item tem que ser maior que 0.',
      'Endereço de estoque não selecionado.',
    ]);
  });

  it('refuses a discount that leaves nothing to pay, a zero quantity and a negative discount', () => {
    expect(itemErrors(item({ valor_desconto: '20,00' }), 5)).toEqual(['O valor do item tem que ser maior que 0.']);
    expect(itemErrors(item({ quantidade: '0' }), 5)).toContain('A quantidade tem que ser maior que 0.');
    expect(itemErrors(item({ valor_desconto: '-1' }), 5)).toContain('O desconto não pode ser negativo.');
  });

  it('builds the create and update bodies with pt-BR numbers turned into decimals', () => {
    expect(itemCreateBody(item({ quantidade: '2,5', valor_unitario: '1.234,56', valor_desconto: '' }), 9)).toEqual({
      id_pedido: 9,
      id_produto_grade_filial: 7,
      id_endereco_estoque: 3,
      id_cenario_fiscal: 4,
      quantidade: 2.5,
      valor_unitario: 1234.56,
      valor_desconto_item: 0,
      id_usuario_vendedor: null,
    });
    const update = itemUpdateBody(item(), 44);
    expect(update).toMatchObject({ id_pedido_item: 44, quantidade: 2, valor_unitario: 10 });
    expect(update).not.toHaveProperty('id_pedido');
    expect(update).not.toHaveProperty('id_produto_grade_filial');
  });
});

describe('payments and volumes', () => {
  it('requires the method first, then a value above 0', () => {
    const base = {
      id_meio_pagamento: null,
      valor_total: '0',
      quantidade_parcelas: 1,
      id_operadora_cartao: null,
      id_conta: null,
    };
    expect(paymentErrors(base)).toEqual(['Selecione um meio de pagamento.']);
    expect(paymentErrors({ ...base, id_meio_pagamento: 1 })).toEqual(['Informe o valor do pagamento']);
    expect(paymentErrors({ ...base, id_meio_pagamento: 1, valor_total: '15,90' })).toEqual([]);
  });

  it('asks to save the order before a volume, and for quantity, net and gross weight with the spec texts', () => {
    expect(volumeFormErrors({ ...EMPTY_VOLUME, quantidade: '' }, false)).toEqual([
      'Salve o pedido ou a nota, antes de continuar.',
      'Informe a quantidade',
      'Informe o peso líquido.',
      'Informe o peso bruto',
    ]);
    expect(volumeFormErrors({ ...EMPTY_VOLUME, peso_liquido: '1,5', peso_bruto: '2' }, true)).toEqual([]);
    expect(volumeBody({ ...EMPTY_VOLUME, especie: ' Caixa ', peso_liquido: '1,5', peso_bruto: '2' })).toEqual({
      quantidade: 1,
      especie: 'Caixa',
      marca: null,
      numeracao: null,
      peso_liquido: 1.5,
      peso_bruto: 2,
    });
  });
});
