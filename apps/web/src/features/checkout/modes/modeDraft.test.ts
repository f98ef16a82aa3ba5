import { describe, expect, it } from 'vitest';
import type { ReturnSale } from '@pdv/contract/return';
import { makePaymentMethod } from '@pdv/domain/factories';
import { toOperacaoBody } from '../../outbox/body.ts';
import { makeBundle } from '../../outbox/testing.ts';
import type { OperationBundle } from '../../outbox/types.ts';
import { totalsOf } from '../draft.ts';
import {
  clearModeData, expiredMessage, modeRefusal, receiptBalance, receiptDue, receiptTotals, setReceiptDocuments, setReturnLines,
} from './modeDraft.ts';

const sale: ReturnSale = {
  origem: 'NotaFiscal', id: 77, numero: 123, modelo: '65', chave_acesso: null, situacao: 'Autorizada',
  data_emissao: '2026-03-01T15:00:00.000Z', valor_total: 100, prazo_troca: '2026-03-31', troca_expirada: false,
  itens: [
    { id_item_origem: 501, id_produto_grade_filial: 10, id_endereco_estoque: 3, descricao: 'Camiseta', sku: null, codigo_barras: null,
      unidade_comercial: 'UN', quantidade: 3, quantidade_devolvida: 1, valor_unitario: 40, valor_total: 100 },
    { id_item_origem: 502, id_produto_grade_filial: 11, id_endereco_estoque: 3, descricao: 'Meia', sku: null, codigo_barras: null,
      unidade_comercial: 'PAR', quantidade: 1, quantidade_devolvida: 0, valor_unitario: 15, valor_total: 15 },
  ],
};

const inMode = (modo: 'Devolucao' | 'Recebimento'): OperationBundle => {
  const b = makeBundle();
  return { ...b, operation: { ...b.operation, modo_operacao: modo, id_cliente: 9 }, pagamentos: [] };
};

describe('the return mode over the draft', () => {
  it('turns the chosen quantities into lines worth their share of the line as sold, linked to the original line', () => {
    const next = setReturnLines(inMode('Devolucao'), sale, new Map([[501, 1000]]));
    expect(next.itens).toHaveLength(1);
    // 100,00 for 3 units with 1 already returned: the second unit is worth 66,67 - 33,33 = 33,34 (gross 40,00).
    expect(next.itens[0]).toMatchObject({ id_item_origem: 501, quantidade: 1000, valor_unitario: 4000, valor_total: 3334 });
    expect(totalsOf(next).liquido).toBe(3334);
    expect(next.operation).toMatchObject({ id_nota_fiscal_origem: 77, id_pedido_origem: null, numero_origem: 'NFC-e 123' });
    const body = toOperacaoBody(next);
    expect(body).toMatchObject({ modo_operacao: 'Devolucao', id_nota_fiscal_origem: 77, id_pedido_origem: null, pagamentos: [] });
    expect(body.itens?.[0]).toMatchObject({ id_item_origem: 501, quantidade: 1 });
  });

  it('refuses to finish without the original sale, and leaving the mode drops its lines', () => {
    const bundle = inMode('Devolucao');
    expect(modeRefusal({ ...bundle, itens: [] })).toEqual(['Selecione a venda ou nota fiscal de origem da devolução.']);
    const chosen = setReturnLines(bundle, sale, new Map([[502, 1000]]));
    expect(modeRefusal(chosen)).toBeNull();
    const cleared = clearModeData(chosen);
    expect(cleared.itens).toEqual([]);
    expect(cleared.operation.id_nota_fiscal_origem).toBeNull();
  });

  it('says when a listed sale is past its exchange period, with the date', () => {
    expect(expiredMessage(sale, null)).toBeNull();
    expect(expiredMessage({ ...sale, troca_expirada: true }, null)).toBe(
      'Prazo de troca encerrado: a venda só podia ser devolvida até 31/03/2026. Devolução não permitida.',
    );
    expect(expiredMessage(sale, 10, new Date('2026-03-20T12:00:00Z'))).toContain('11/03/2026');
  });
});

describe('the receipt mode over the draft', () => {
  it('collects the chosen receivables, sends their ids and needs payments covering them', () => {
    const empty = inMode('Recebimento');
    expect(modeRefusal({ ...empty, itens: [] })).toEqual(['Selecione ao menos um título para receber.']);
    const chosen = setReceiptDocuments({ ...empty, itens: [] }, [
      { id_documento_financeiro: 4, numero: 'PED-1', sequencia: 1, data_vencimento: '2026-04-01', saldo: 3000 },
      { id_documento_financeiro: 5, numero: 'PED-1', sequencia: 2, data_vencimento: '2026-05-01', saldo: 2000 },
    ]);
    expect(receiptDue(chosen)).toBe(5000);
    expect(receiptBalance(chosen)).toBe(5000);
    expect(modeRefusal(chosen)?.[0]).toBe('O valor pago não cobre os títulos selecionados. Falta pagar R$ 50,00.');
    const paid = { ...chosen, pagamentos: [{ ...makeBundle().pagamentos[0]!, valor_total: 6000, meio_pagamento: makePaymentMethod({ meio_pagamento: '01' }) }] };
    expect(receiptBalance(paid)).toBe(0);
    expect(modeRefusal(paid)).toBeNull();
    expect(toOperacaoBody(paid)).toMatchObject({ modo_operacao: 'Recebimento', itens: [], documentos_financeiros: [4, 5] });
  });

  it("shows an exact PIX as paid with no change: the receivables' balance is the total, not the (empty) lines", () => {
    const chosen = setReceiptDocuments({ ...inMode('Recebimento'), itens: [] }, [
      { id_documento_financeiro: 4, numero: 'PED-1', sequencia: 1, data_vencimento: '2026-04-01', saldo: 1995 },
    ]);
    const pix = { ...makeBundle().pagamentos[0]!, valor_total: 1995, meio_pagamento: makePaymentMethod({ meio_pagamento: '17' }) };
    const paid = { ...chosen, pagamentos: [pix] };
    expect(receiptTotals(paid)).toEqual({ devido: 1995, pago: 1995, saldo: 0, troco: 0 });
    // The sale's totals of the same draft are what the panel used to show: nothing due, all of it as change.
    expect(totalsOf(paid)).toMatchObject({ liquido: 0, troco: 1995 });
    const cash = { ...pix, valor_total: 2000, meio_pagamento: makePaymentMethod({ meio_pagamento: '01' }) };
    expect(receiptTotals({ ...chosen, pagamentos: [cash] })).toEqual({ devido: 1995, pago: 2000, saldo: 0, troco: 5 });
  });
});

