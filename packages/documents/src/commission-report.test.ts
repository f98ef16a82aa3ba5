import { describe, expect, it } from 'vitest';
import { texts } from './danfe-testing.ts';
import { commissionReportDocument, commissionReportPdf, type CommissionReportData } from './commission-report.ts';

const data: CommissionReportData = {
  loja: 'Demo Moda - Loja Centro',
  data_inicio: '2026-11-01',
  data_fim: '2026-11-30',
  vendedor: null,
  linhas: [
    { nome: 'Marina Souza', grupo: 'Vendas da loja', quantidade_vendas: 2, total_vendas: 12_970, total_devolucoes: 3_990, base_comissao: 8_980, percentual_faixa: null, valor_comissao: 499 },
    { nome: 'Carlos Lima', grupo: null, quantidade_vendas: 1, total_vendas: 3_990, total_devolucoes: 0, base_comissao: 3_990, percentual_faixa: 700, valor_comissao: 279 },
  ],
  totais: { total_vendas: 16_960, total_devolucoes: 3_990, base_comissao: 12_970, valor_comissao: 778 },
  emitido_em: '27/11/2026 14:05',
};

describe('commission report', () => {
  it('one line per seller in the given order with group, figures and goal range, then the totals and the period', () => {
    const all = texts(commissionReportDocument(data).content).join('\n');
    expect(all).toContain('Relatório de comissões');
    expect(all).toContain('Período de 01/11/2026 a 30/11/2026 · Todos os vendedores · Ordenado pelo total de vendas');
    expect(all.indexOf('Marina Souza')).toBeLessThan(all.indexOf('Carlos Lima'));
    for (const s of ['Vendas da loja', 'Sem grupo', 'R$ 129,70', 'R$ 39,90', 'R$ 89,80', 'R$ 4,99', '7,00%', 'R$ 169,60', 'R$ 7,78']) expect(all).toContain(s);
  });

  it('says when the period had no sales, and renders a PDF', async () => {
    const none = { ...data, vendedor: 'Carlos Lima', linhas: [] };
    const all = texts(commissionReportDocument(none).content).join('\n');
    expect(all).toContain('Nenhuma venda no período.');
    expect(all).toContain('Vendedor: Carlos Lima');
    const bytes = await commissionReportPdf(data);
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
  });
});
