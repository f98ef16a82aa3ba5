import { describe, expect, it } from 'vitest';
import type { ReceiptData } from './receipt.ts';
import { RECEIPT_COLUMNS, RECEIPT_CUT_MARK, receiptText } from './receipt-text.ts';

function sale(fields: Partial<ReceiptData> = {}): ReceiptData {
  return {
    loja: { nome: 'Demo Moda - Loja Centro', cnpj: '12345678000195', endereco: 'Rua Augusta, 100' },
    titulo: 'PRÉ-VENDA',
    numero: '12',
    data: '2025-03-04T15:30:00.000Z',
    operador: 'Caixa',
    cliente: { nome: null, cpf_cnpj: '52998224725' },
    itens: [
      { descricao: 'Camiseta básica algodão orgânico manga curta azul marinho', codigo: '7891234567895', quantidade: 2000, unidade: 'UN',
        valor_unitario: 4990, valor_desconto: 998, valor_total: 8982 },
      { descricao: 'Meia', codigo: null, quantidade: 1000, unidade: 'PAR', valor_unitario: 1500, valor_desconto: 0, valor_total: 1500 },
    ],
    bruto: 11480,
    desconto: 998,
    acrescimo: 0,
    total: 10482,
    pagamentos: [
      { descricao: 'Cartão de Crédito', meio_pagamento: '03', utilizar_captura: true, valor: 5000, parcelas: 2,
        cartao: { operadora: 'Cielo', bandeira: 'Visa', codigo_autorizacao: 'A1B2', data_hora: null } },
      { descricao: 'Dinheiro', meio_pagamento: '01', utilizar_captura: false, valor: 6000, parcelas: 1, cartao: null },
    ],
    observacao: null,
    ...fields,
  };
}

describe('receipt as text (thermal printer text mode)', () => {
  it('prints the sale in 48 columns: lines cut at 32 characters, totals right-aligned, card block and change', () => {
    const text = receiptText(sale());
    const lines = text.trimEnd().split('\n');
    expect(lines.every((l) => l.length <= RECEIPT_COLUMNS)).toBe(true);
    expect(lines).toContain('001 Camiseta básica algodão orgânico');
    expect(lines).toContain(`    2,000 UN x R$ 49,90${' '.repeat(RECEIPT_COLUMNS - 23 - 8)}R$ 99,80`);
    expect(lines.find((l) => l.startsWith('TOTAL '))).toBe(`TOTAL${' '.repeat(RECEIPT_COLUMNS - 5 - 'R$ 104,82'.length)}R$ 104,82`);
    expect(text).toContain('Cartão de Crédito (2x)');
    expect(text).toContain('  Autorização: A1B2');
    expect(lines.find((l) => l.startsWith('Troco'))).toMatch(/R\$ 5,18$/);
    expect(text).toContain('CPF/CNPJ 529.982.247-25');
    expect(text).toContain('CNPJ 12.345.678/0001-95');
    expect(text).not.toContain(RECEIPT_CUT_MARK);
  });

  it('adds the exchange voucher after a cut mark, one per line when the branch asks', () => {
    expect(receiptText(sale({ troca: { valido_ate: '03/04/2025' } })).split(RECEIPT_CUT_MARK)).toHaveLength(2);
    const perLine = receiptText(sale({ troca: { valido_ate: '03/04/2025', por_produto: true } })).split(RECEIPT_CUT_MARK);
    expect(perLine).toHaveLength(3);
    expect(perLine[2]).toContain('Troca válida até 03/04/2025');
  });

  it('leaves out the change when no money changed hands', () => {
    expect(receiptText(sale({ mostrar_troco: false }))).not.toContain('Troco');
  });

  it('prints the NSU in the card block and two labelled copies, cut apart, when asked (issue 28)', () => {
    const base = sale();
    const card = { ...base.pagamentos[0]!, cartao: { ...base.pagamentos[0]!.cartao!, nsu: '100042' } };
    const text = receiptText({ ...base, pagamentos: [card, base.pagamentos[1]!], vias: 2 });
    const copies = text.split(RECEIPT_CUT_MARK);
    expect(copies).toHaveLength(2);
    expect(copies[0]).toContain('VIA DO CLIENTE');
    expect(copies[1]).toContain('VIA DO ESTABELECIMENTO');
    expect(copies.every((c) => c.includes('  NSU: 100042') && c.includes('TOTAL'))).toBe(true);
    expect(receiptText(sale())).not.toContain('VIA DO');
  });
});

