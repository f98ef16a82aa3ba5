import { describe, expect, it } from 'vitest';
import { texts } from './danfe-testing.ts';
import { receiptChange, receiptDocument, cutDescription, type ReceiptData, RECEIPT_WIDTH } from './receipt.ts';

function sale(fields: Partial<ReceiptData> = {}): ReceiptData {
  return {
    loja: { nome: 'Demo Moda - Loja Centro', cnpj: '12345678000195', endereco: 'Rua Augusta, 100' },
    titulo: 'PRÉ-VENDA',
    numero: '12',
    data: '2025-03-04T15:30:00.000Z',
    operador: 'Caixa',
    cliente: { nome: null, cpf_cnpj: '52998224725' },
    itens: [
      {
        descricao: 'Camiseta básica algodão orgânico manga curta azul marinho',
        codigo: '7891234567895',
        quantidade: 2000,
        unidade: 'UN',
        valor_unitario: 4990,
        valor_desconto: 998,
        valor_total: 8982,
      },
      { descricao: 'Meia', codigo: null, quantidade: 1000, unidade: 'PAR', valor_unitario: 1500, valor_desconto: 0, valor_total: 1500 },
    ],
    bruto: 11480,
    desconto: 998,
    acrescimo: 0,
    total: 10482,
    pagamentos: [
      {
        descricao: 'Cartão de Crédito',
        meio_pagamento: '03',
        utilizar_captura: true,
        valor: 5000,
        parcelas: 2,
        cartao: { operadora: 'Cielo', bandeira: 'Visa', codigo_autorizacao: 'A1B2', data_hora: null },
      },
      { descricao: 'Dinheiro', meio_pagamento: '01', utilizar_captura: false, valor: 6000, parcelas: 1, cartao: null },
    ],
    observacao: null,
    ...fields,
  };
}

describe('receipt', () => {
  it('lays out the sale on a 200-point roll with its lines, totals and change', () => {
    const doc = receiptDocument(sale());
    expect(doc.pageSize).toEqual({ width: RECEIPT_WIDTH, height: 'auto' });
    const all = texts(doc.content);
    expect(all).toContain('001 Camiseta básica algodão orgânico');
    expect(all).toContain('002 Meia');
    expect(all).toContain('R$ 114,80');
    expect(all).toContain('-R$ 9,98');
    expect(all).toContain('TOTAL');
    expect(all).toContain('R$ 104,82');
    expect(all).toContain('Cartão de Crédito (2x)');
    expect(all).toContain('Troco');
    expect(all).toContain('R$ 5,18');
    expect(all.join(' ')).toContain('CPF/CNPJ 529.982.247-25');
  });

  it('prints a promotion under its line with the price before it', () => {
    const base = sale();
    const promoted = { ...base.itens[1]!, valor_unitario: 1200, valor_total: 1200, promocao: { de: 1500 } };
    const all = texts(receiptDocument({ ...base, itens: [base.itens[0]!, promoted] }).content);
    expect(all).toContain('    Promoção');
    expect(all).toContain('de R$ 15,00 por R$ 12,00');
    expect(texts(receiptDocument(base).content)).not.toContain('    Promoção');
  });

  it('cuts descriptions at 32 characters', () => {
    expect(cutDescription('Camiseta básica algodão orgânico manga curta')).toHaveLength(32);
    expect(cutDescription('Meia')).toBe('Meia');
  });

  it('prints the card block only for captured credit or debit payments', () => {
    expect(texts(receiptDocument(sale()).content)).toContain('TRANSAÇÃO COM CARTÃO');
    const uncaptured = sale();
    uncaptured.pagamentos = uncaptured.pagamentos.map((p) => ({ ...p, utilizar_captura: false }));
    expect(texts(receiptDocument(uncaptured).content)).not.toContain('TRANSAÇÃO COM CARTÃO');
  });

  it('takes the change as the absolute difference of payments and total', () => {
    expect(receiptChange({ total: 10482, pagamentos: sale().pagamentos })).toBe(518);
    expect(receiptChange({ total: 12000, pagamentos: sale().pagamentos })).toBe(1000);
  });

  it('prints the exchange voucher below the receipt only when asked, with the lines and the last exchange day', () => {
    expect(JSON.stringify(receiptDocument(sale()))).not.toContain('COMPROVANTE DE TROCA');
    const text = JSON.stringify(receiptDocument(sale({ troca: { valido_ate: '03/04/2025' } })));
    expect(text).toContain('COMPROVANTE DE TROCA');
    expect(text).toContain('Válido para troca até 03/04/2025');
    expect(text).toContain('2 Meia x 1,000');
    expect(text.indexOf('COMPROVANTE DE TROCA')).toBeGreaterThan(text.indexOf('Obrigado pela preferência!'));
  });

  it('prints one exchange voucher per product line when the branch asks', () => {
    const text = JSON.stringify(receiptDocument(sale({ troca: { valido_ate: '03/04/2025', por_produto: true } })));
    expect(text.split('COMPROVANTE DE TROCA').length - 1).toBe(2);
    expect(text).toContain('2 Meia x 1,000');
  });

  it("prints the time in the branch's zone, not the machine's (a fixed UTC instant as São Paulo time)", () => {
    const saved = process.env['TZ'];
    process.env['TZ'] = 'Asia/Tokyo';
    try {
      expect(JSON.stringify(receiptDocument(sale({ data: '2026-01-02T01:30:00Z' })))).toContain('01/01/2026 22:30');
      expect(JSON.stringify(receiptDocument(sale({ data: '2026-01-02T01:30:00Z', fuso_horario: -5 })))).toContain('01/01/2026 20:30');
    } finally {
      if (saved === undefined) delete process.env['TZ'];
      else process.env['TZ'] = saved;
    }
  });

  it('leaves the change line out where no money changed hands', () => {
    expect(JSON.stringify(receiptDocument(sale()))).toContain('"Troco"');
    expect(JSON.stringify(receiptDocument(sale({ titulo: 'CONSIGNAÇÃO', pagamentos: [], mostrar_troco: false })))).not.toContain('Troco');
  });

  it('keeps every font between 4 and 10', () => {
    const sizes = JSON.stringify(receiptDocument(sale())).match(/"fontSize":\d+/g) ?? [];
    expect(sizes.length).toBeGreaterThan(3);
    for (const size of sizes) expect(Number(size.split(':')[1])).toBeGreaterThanOrEqual(4);
    for (const size of sizes) expect(Number(size.split(':')[1])).toBeLessThanOrEqual(10);
  });

  it('prints the card fields of 000 §3.4 in the card block, with the NSU the terminal cancels by (issue 28)', () => {
    const tef = sale();
    tef.pagamentos = [{ ...tef.pagamentos[0]!, cartao: {
      operadora: 'Cielo', bandeira: 'Visa', codigo_autorizacao: '482913', data_hora: '2026-11-28T13:15:00.000Z', nsu: '100042',
      cnpj_credenciadora: '01027058000191', descricao: 'CREDITO A VISTA', tipo_integracao: '1',
    } }, tef.pagamentos[1]!];
    const all = texts(receiptDocument(tef).content);
    for (const line of ['Bandeira: Visa', 'Autorização: 482913', 'NSU: 100042', 'Credenciadora: CNPJ 01.027.058/0001-91',
      'Transação: CREDITO A VISTA', 'Integração: TEF (integrado)', 'Data/hora: 28/11/2026 10:15']) {
      expect(all.some((t) => t.startsWith(line)), line).toBe(true);
    }
  });

  it('prints two copies, the customer\'s and the shop\'s, when asked (imprimir_duas_vias_tef), the exchange voucher once', () => {
    const two = texts(receiptDocument(sale({ vias: 2, troca: { valido_ate: '03/04/2025' } })).content);
    expect(two.filter((t) => t === 'VIA DO CLIENTE')).toHaveLength(1);
    expect(two.filter((t) => t === 'VIA DO ESTABELECIMENTO')).toHaveLength(1);
    expect(two.indexOf('VIA DO CLIENTE')).toBeLessThan(two.indexOf('VIA DO ESTABELECIMENTO'));
    expect(two.filter((t) => t === 'TRANSAÇÃO COM CARTÃO')).toHaveLength(2);
    expect(two.filter((t) => t === 'TOTAL')).toHaveLength(2);
    expect(JSON.stringify(receiptDocument(sale({ vias: 2, troca: { valido_ate: '03/04/2025' } }))).split('COMPROVANTE DE TROCA').length - 1).toBe(1);
    const one = texts(receiptDocument(sale()).content);
    expect(one).not.toContain('VIA DO CLIENTE');
    expect(one.filter((t) => t === 'TOTAL')).toHaveLength(1);
  });
});
