import { describe, expect, it } from 'vitest';
import { texts } from './danfe-testing.ts';
import { cashierZDocument, cashierZPdf, type CashierZData } from './cashier-z.ts';

const data: CashierZData = {
  loja: 'Demo Moda - Loja Centro', id_caixa: 12, usuario: 'Carlos Lima', situacao: 'Fechado',
  data_abertura: '2026-11-27T12:00:00Z', data_fechamento: '2026-11-27T21:00:00Z',
  vendas: [{ meio_pagamento: 'Dinheiro', valor: 5000 }, { meio_pagamento: 'Cartão de Crédito', valor: 12000 }],
  abertura: 10000, sangrias: [{ data: '2026-11-27T15:00:00Z', valor: 3000, observacao: 'Depósito' }], suprimentos: [],
  devolucoes: 0, estornos: 0,
  apuracao: [{ meio_pagamento: 'Dinheiro', esperado: 12000, apurado: 11900, diferenca: -100 }],
  is_duplicado: false,
};

describe('Z report', () => {
  it('shows the sales by method, the sangrias, and expected, counted and difference in the branch time', () => {
    const all = texts(cashierZDocument(data).content).join('\n');
    expect(all).toContain('RELATÓRIO Z');
    expect(all).toContain('R$ 120,00');
    expect(all).toContain('27/11/2026 12:00 Depósito');
    expect(all).toContain('R$ 170,00');
    expect(all).toContain('-R$ 1,00');
    expect(all).toContain('Abertura');
    expect(all).not.toContain('duplicidade');
  });

  it('renders a PDF', async () => {
    const bytes = await cashierZPdf(data);
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
  });
});
