import { describe, expect, it } from 'vitest';
import { CONSIGNMENT_MODE_MESSAGES, consignmentFinishError, hasSomethingToSell } from './consignment-mode.ts';

describe('the consignment mode of the point of sale', () => {
  it('finishes without invoice model and without payments', () => {
    expect(consignmentFinishError({ modelo: null, pagamentos: [] })).toBeNull();
    expect(consignmentFinishError({ modelo: '65', pagamentos: [] })).toBe(CONSIGNMENT_MODE_MESSAGES.noInvoice);
    expect(consignmentFinishError({ modelo: null, pagamentos: [{}] })).toBe(CONSIGNMENT_MODE_MESSAGES.noPayments);
  });

  it('has something to sell while a line kept part of what was sent and is not invoiced', () => {
    const line = { quantidade: 3000, quantidade_retorno: 1000, situacao_consignacao: 'AguardandoFaturamento' };
    expect(hasSomethingToSell([line])).toBe(true);
    expect(hasSomethingToSell([{ ...line, quantidade_retorno: 3000, situacao_consignacao: 'Retornado' }])).toBe(false);
    expect(hasSomethingToSell([{ ...line, situacao_consignacao: 'Faturado' }])).toBe(false);
    expect(hasSomethingToSell([])).toBe(false);
    expect(CONSIGNMENT_MODE_MESSAGES.nothingToSell).toBe('Nenhum item dessa consignação pode ser vendido');
  });
});
