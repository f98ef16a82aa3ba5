import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages.ts';

describe('sale messages', () => {
  it('keeps the spec texts verbatim, including its spelling', () => {
    expect(MESSAGES.fiscalScenarioMissing).toBe('Cenario Fiscal não selecionado.');
    expect(MESSAGES.fiscalSeriesMissing).toBe(
      'Serie de emissão não cadastrada para este modelo. Cadastre uma série pelas configurações do sistema.',
    );
    expect(MESSAGES.paymentAboveBalance).toBe('Valor do pagamento é maior que o valor da venda');
    expect(MESSAGES.sellerRequired).toBe('É obrigatório informar um vendedor.');
  });

  it('fills the mode into the customer message', () => {
    expect(MESSAGES.customerRequiredForMode('consignação')).toBe(
      'Informe um cliente para concluir a operação de consignação.',
    );
  });

  it('writes quantities with three decimals and amounts in reais in the composed messages', () => {
    expect(MESSAGES.stockInsufficient(3000, 5000)).toBe(
      'Estoque insuficiente. Estoque atual: 3,000. Quantidade informada: 5,000.',
    );
    expect(MESSAGES.paymentsShort(123456)).toBe('O valor pago não cobre o total da operação. Falta pagar R$ 1.234,56.');
    expect(MESSAGES.discountValueAboveMax(500, 1000)).toBe('O desconto máximo permitido é de R$ 5,00 (10,00%).');
  });
});
