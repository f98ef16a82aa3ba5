import { describe, expect, it } from 'vitest';
import { consignmentReserved, consignmentStepError, finishLine, returnErrors } from './consignment-rules.ts';

const consignment = (situacao: 'Edicao' | 'EnviadoCliente' | 'RetornoCliente' | 'Faturado') =>
  ({ operacao: 'Consignacao', situacao, is_processando: false });

describe('consignment steps (000 §4.5)', () => {
  it('sends from edition, returns and finishes only after sending', () => {
    expect(consignmentStepError(consignment('Edicao'), 'send')).toBeNull();
    expect(consignmentStepError(consignment('Edicao'), 'return')).toBe('O pedido está em edição e não pode ser alterado.');
    expect(consignmentStepError(consignment('EnviadoCliente'), 'return')).toBeNull();
    expect(consignmentStepError(consignment('RetornoCliente'), 'finish')).toBeNull();
    expect(consignmentStepError(consignment('Faturado'), 'finish')).toBe('O pedido está faturado e não pode ser alterado.');
    expect(consignmentStepError({ operacao: 'Pedido', situacao: 'Edicao', is_processando: false }, 'send')).toBe('O pedido não é uma consignação.');
  });

  it('refuses a return above what was sent and sells what was not returned', () => {
    expect(returnErrors([{ descricao: 'Camisa', quantidade: 2000, quantidade_retorno: 2001 }]))
      .toEqual(['A quantidade devolvida de Camisa é maior que a quantidade enviada.']);
    expect(finishLine({ descricao: 'Camisa', quantidade: 3000, quantidade_retorno: 1000 }))
      .toEqual({ quantidade_venda: 2000, situacao_consignacao: 'AguardandoFaturamento' });
    expect(finishLine({ descricao: 'Camisa', quantidade: 3000, quantidade_retorno: 3000 }))
      .toEqual({ quantidade_venda: 0, situacao_consignacao: 'Retornado' });
  });
});

describe('consignmentReserved', () => {
  const line = (situacao_consignacao: string | null, quantidade_retorno = 0) => ({ descricao: 'X', quantidade: 3000, quantidade_retorno, situacao_consignacao });
  it('holds sent minus returned from sending until the sale is invoiced', () => {
    expect(consignmentReserved(line('PendenteEnvio'))).toBe(0);
    expect(consignmentReserved(line('Enviado', 1000))).toBe(2000);
    expect(consignmentReserved(line('AguardandoFaturamento', 1000))).toBe(2000);
    expect(consignmentReserved(line('Retornado', 3000))).toBe(0);
    expect(consignmentReserved(line('Faturado', 1000))).toBe(0);
    expect(consignmentReserved(line('Enviado', 1000), true)).toBe(0);
  });
});
