import { describe, expect, it } from 'vitest';
import type { ModoOperacao } from '@pdv/domain/operation';
import { makeBundle } from '../outbox/testing.ts';
import type { OperationBundle } from '../outbox/types.ts';
import type { SaleContext } from './catalog.ts';
import { cashbackNote, receiptData, withReceiptCopies } from './receipt.ts';

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

describe('the card block of a TEF payment (issue 28; 000 §3.4, §9)', () => {
  function tefBundle(): OperationBundle {
    const bundle = bundleOf('Venda', true);
    const [payment] = bundle.pagamentos;
    return {
      ...bundle,
      pagamentos: [{
        ...payment!,
        meio_pagamento: { ...payment!.meio_pagamento!, meio_pagamento: '03', utilizar_captura: true, modelo_captura: 'TEF' },
        cartao_codigo_autorizacao: '482913', cartao_bandeira: '01', cartao_tipo_integracao: '1', cartao_cnpj_instituicao: '01027058000191',
        cartao_nsu: '100042', cartao_data_hora_transacao: '2026-11-28T10:15:00.000Z', cartao_descricao_transacao: 'CREDITO A VISTA',
      }],
    };
  }

  it("carries the terminal's fields to the receipt, the NSU included, the brand by name", () => {
    expect(receiptData(tefBundle(), context(), 'Caixa').pagamentos[0]?.cartao).toMatchObject({
      bandeira: 'Visa', codigo_autorizacao: '482913', nsu: '100042', cnpj_credenciadora: '01027058000191', descricao: 'CREDITO A VISTA',
      tipo_integracao: '1', data_hora: '2026-11-28T10:15:00.000Z',
    });
  });

  it('asks for two copies of a TEF sale only when the branch prints two (imprimir_duas_vias_tef), on every print path', () => {
    const data = receiptData(tefBundle(), context(), 'Caixa');
    expect(withReceiptCopies(data, context({ imprimir_duas_vias_tef: true }).config).vias).toBe(2);
    expect(withReceiptCopies(data, context({ imprimir_duas_vias_tef: false }).config).vias).toBe(1);
    const cash = receiptData(bundleOf('Venda', true), context(), 'Caixa');
    expect(withReceiptCopies(cash, context({ imprimir_duas_vias_tef: true }).config).vias).toBe(1);
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
