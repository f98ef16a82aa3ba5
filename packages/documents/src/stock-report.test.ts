import { describe, expect, it } from 'vitest';
import { texts } from './danfe-testing.ts';
import { stockReportDocument, stockReportPdf, stockReportTotals, type StockReportData } from './stock-report.ts';

const data: StockReportData = {
  loja: 'Demo Moda - Loja Centro',
  referencia: '27/11/2026 23:59',
  linhas: [
    { sku: 'CAM-01-P', descricao: 'Camiseta básica', variacao: 'P', endereco: '01 - Loja', quantidade: 10_000, preco_custo_medio: 1_100 },
    { sku: 'CAM-01-P', descricao: 'Camiseta básica', variacao: 'P', endereco: '02 - Depósito', quantidade: 2_500, preco_custo_medio: 1_100 },
    { sku: 'CAL-02', descricao: 'Calça jeans', variacao: 'Única', endereco: '01 - Loja', quantidade: 3_000, preco_custo_medio: 3_333 },
  ],
  emitido_em: '27/11/2026 14:05',
};

describe('stock report', () => {
  it('lists each variation and address with quantity, average cost and value, a subtotal per product and the totals', () => {
    const all = texts(stockReportDocument(data).content).join('\n');
    expect(all).toContain('Relatório de estoque');
    expect(all).toContain('Posição em 27/11/2026 23:59 · Detalhado por produto e endereço · Valorizado pelo preço de custo médio');
    expect(all.indexOf('02 - Depósito')).toBeLessThan(all.indexOf('Calça jeans'));
    // 10 × 11,00 = 110,00; 2,5 × 11,00 = 27,50; 3 × 33,33 = 99,99; total 237,49 over 15,5 units.
    for (const s of ['R$ 110,00', 'R$ 27,50', 'Subtotal Camiseta básica', 'R$ 137,50', 'R$ 99,99', 'R$ 237,49', '15,500']) expect(all).toContain(s);
    expect(all).not.toContain('Subtotal Calça jeans');
    expect(stockReportTotals(data.linhas)).toEqual({ quantidade: 15_500, valor: 23_749 });
  });

  it('says when the branch has no stock, and renders a PDF', async () => {
    expect(texts(stockReportDocument({ ...data, linhas: [] }).content).join('\n')).toContain('Nenhum produto com estoque na filial.');
    const bytes = await stockReportPdf(data);
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
  });
});
