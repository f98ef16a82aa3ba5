import { describe, expect, it } from 'vitest';
import type { ModoOperacao } from '@pdv/domain/operation';
import { makeBundle } from '../outbox/testing.ts';
import type { OperationBundle } from '../outbox/types.ts';
import type { SaleContext } from './catalog.ts';
import { cashbackNote, receiptData } from './receipt.ts';

const context = (config: Record<string, unknown> = {}): SaleContext => ({
  config: { id_filial: 1, fuso_horario: -3, ...config }, id_endereco_estoque: 3, id_cenario_fiscal: 1, series: [], methods: [],
  operators: [], installments: [], branch: { nome_fantasia: 'Loja Centro' }, sellers: [], accounts: [],
});

function bundleOf(modo: ModoOperacao, paid: boolean, modelo: string | null = null): OperationBundle {
  const bundle = makeBundle();
  return {
    ...bundle,
    operation: { ...bundle.operation, modo_operacao: modo, modelo, data_fim: '2026-01-02T01:30:00.000Z' },
    pagamentos: paid ? bundle.pagamentos : [],
  };
}

describe('the point of sale slip', () => {
  it('is titled by its mode and shows change only where money changed hands', () => {
    const consignment = receiptData(bundleOf('Consignacao', false), context(), 'Caixa');
    expect(consignment).toMatchObject({ titulo: 'CONSIGNAÇÃO', mostrar_troco: false });
    expect(receiptData(bundleOf('Devolucao', false), context(), 'Caixa')).toMatchObject({ titulo: 'DEVOLUÇÃO', mostrar_troco: false });
    expect(receiptData(bundleOf('Recebimento', true), context(), 'Caixa')).toMatchObject({ titulo: 'RECEBIMENTO', mostrar_troco: true });
    expect(receiptData(bundleOf('ValeCredito', true), context(), 'Caixa')).toMatchObject({ titulo: 'VALE CRÉDITO', mostrar_troco: true });
    expect(receiptData(bundleOf('Orcamento', true), context(), 'Caixa')).toMatchObject({ titulo: 'ORÇAMENTO', mostrar_troco: false });
    expect(receiptData(bundleOf('Venda', true), context(), 'Caixa')).toMatchObject({ titulo: 'PRÉ-VENDA', mostrar_troco: true });
  });

  it("carries the branch's time zone (fuso_horario, -3 when missing), not the browser's", () => {
    expect(receiptData(bundleOf('Venda', true), context({ fuso_horario: -4 }), 'Caixa').fuso_horario).toBe(-4);
    expect(receiptData(bundleOf('Venda', true), context({ fuso_horario: null }), 'Caixa').fuso_horario).toBe(-3);
  });

  it('marks a line priced by a promotion with the price of its type before it, and no other', () => {
    const bundle = bundleOf('Venda', true);
    const [line] = bundle.itens;
    const base = { preco_venda: 5000, preco_atacado: 4500 };
    const promoted = { ...line!, id_promocao: 9, valor_unitario: 4000, precos: { preco_venda: 4000, preco_atacado: 3600, quantidade_atacarejo: null, base } };
    const data = receiptData({ ...bundle, itens: [promoted, { ...line!, id_item: 'x', ordem: 2 }] }, context(), 'Caixa');
    expect(data.itens.map((i) => i.promocao)).toEqual([{ de: 5000 }, null]);
  });

  it('adds the exchange voucher to a sale when the branch asks, one per product when asked', () => {
    const asked = context({ impressao_comprovante_troca: true, impressao_comprovante_troca_por_produto: true, dias_tolerancia_troca: 30 });
    expect(receiptData(bundleOf('Venda', true), asked, 'Caixa').troca).toEqual({ valido_ate: '31/01/2026', por_produto: true });
    expect(receiptData(bundleOf('Consignacao', false), asked, 'Caixa').troca).toBeNull();
  });
});

describe('the slip and cashback', () => {
  it('says what the sale earned (with the block days) and what cashback paid', () => {
    const bundle = bundleOf('Venda', true);
    const [line] = bundle.itens;
    const [payment] = bundle.pagamentos;
    if (!line || !payment?.meio_pagamento) throw new Error('the test bundle has a line and a payment');
    const withCashback: OperationBundle = {
      ...bundle,
      itens: [{ ...line, valor_cashback: 150 }],
      pagamentos: [{ ...payment, valor_total: 250, meio_pagamento: { ...payment.meio_pagamento, meio_pagamento: '19', descricao: 'Cashback' } }],
    };
    expect(cashbackNote(withCashback, context({ dias_bloqueio_cashback: 7 }))).toBe('Cashback usado: R$ 2,50. Cashback desta compra: R$ 1,50, disponível em 7 dias.');
    expect(receiptData(withCashback, context({ dias_bloqueio_cashback: 0 }), 'Caixa').observacao).toContain('Cashback desta compra: R$ 1,50.');
    expect(cashbackNote(bundle, context())).toBeNull();
  });
});
