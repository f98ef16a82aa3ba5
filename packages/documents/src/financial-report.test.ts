import { describe, expect, it } from 'vitest';
import { texts } from './danfe-testing.ts';
import { financialReportDocument, financialReportPdf, type FinancialReportData, type FinancialReportDocumentLine } from './financial-report.ts';

const doc = (numero: string, vencimento: string, valor: number, pago: number, situacao = 'Aberto'): FinancialReportDocumentLine => ({
  numero, sequencia: 1, operacao: 'Saida', situacao, pessoa: 'Fornecedor Alfa', data_emissao: '2026-11-01', data_vencimento: vencimento,
  valor_documento: valor, valor_pago: pago, saldo: situacao === 'Estornado' ? 0 : valor - pago,
});

const data = (tipo: 'resumido' | 'detalhado'): FinancialReportData => ({
  loja: 'Demo Moda - Loja Centro',
  filtro: { data_inicio: '2026-11-01', data_fim: '2026-11-30', operacao: 'Saida', situacoes: ['Aberto', 'Estornado'], pessoa: null, search: '' },
  agrupamento: 'data',
  tipo,
  grupos: [
    { chave: '2026-11-10', totais: { quantidade: 2, valor_documento: 15000, valor_pago: 5000, saldo: 10000 },
      documentos: tipo === 'detalhado' ? [doc('101', '2026-11-10', 10000, 5000, 'Parcial'), doc('102', '2026-11-10', 5000, 0)] : [] },
    { chave: '2026-11-20', totais: { quantidade: 1, valor_documento: 0, valor_pago: 0, saldo: 0 },
      documentos: tipo === 'detalhado' ? [doc('103', '2026-11-20', 7000, 0, 'Estornado')] : [] },
  ],
  totais: { quantidade: 3, valor_documento: 15000, valor_pago: 5000, saldo: 10000 },
  emitido_em: '27/11/2026 14:05',
});

describe('financial documents report', () => {
  it('summarized: one line per due date with its totals, and the report total', () => {
    const all = texts(financialReportDocument(data('resumido')).content).join('\n');
    expect(all).toContain('Relatório de documentos financeiros (resumido)');
    expect(all).toContain('Vencimento de 01/11/2026 a 30/11/2026 · A pagar · Situação: Aberto, Cancelado · Agrupado por vencimento');
    expect(all).toContain('10/11/2026');
    expect(all).toContain('R$ 150,00');
    expect(all).toContain('R$ 100,00');
    expect(all).not.toContain('101/1');
  });

  it('detailed: every document under its group with subtotals, a cancelled one marked and not added', () => {
    const def = financialReportDocument(data('detalhado'));
    expect(def.pageOrientation).toBe('landscape');
    const all = texts(def.content).join('\n');
    for (const s of ['101/1', '102/1', '103/1', 'Parcial', 'Cancelado', 'Subtotal (2)', 'Total (3)', 'Fornecedor Alfa', 'R$ 70,00']) expect(all).toContain(s);
  });

  it('groups by document number when asked, and says when the filter found nothing', () => {
    const byDoc = { ...data('resumido'), agrupamento: 'documento' as const, grupos: [{ chave: '101', totais: data('resumido').totais, documentos: [] }] };
    expect(texts(financialReportDocument(byDoc).content).join('\n')).toContain('Documento 101');
    const none = { ...data('resumido'), grupos: [], totais: { quantidade: 0, valor_documento: 0, valor_pago: 0, saldo: 0 } };
    expect(texts(financialReportDocument(none).content).join('\n')).toContain('Nenhum documento no filtro.');
  });

  it('renders a PDF', async () => {
    const bytes = await financialReportPdf(data('detalhado'));
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
  });
});
