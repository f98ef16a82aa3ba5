import { describe, expect, it } from 'vitest';
import type { FiscalResult } from '@pdv/contract/invoice';
import { describeTransmission } from './fiscal.ts';

const nf = (situacao: string) => ({
  id_nota_fiscal: 1, id_filial: 1, modelo: '65', serie: 1, numero_nota_fiscal: 42, chave_acesso: null, situacao, tipo_emissao: 1, ambiente: 2,
  natureza_operacao: 'Venda', data_hora_emissao: '', cliente_nome: null, cliente_cpf_cnpj: null, valor_nota_fiscal: 10, protocolo: null,
  codigo_status: null, motivo: null, id_pedido: null, id_operacao: null,
});
const result = (over: Partial<FiscalResult>): FiscalResult => ({ success: true, status: '100', motivo: 'Autorizado', erros: [], message: '', nota_fiscal: nf('Autorizada'), ...over });

describe('the transmission result in words (001 §4)', () => {
  it('says the invoice was transmitted when authorized', () => {
    expect(describeTransmission(result({}))).toEqual({ kind: 'authorized', message: 'Nota Fiscal 42 transmitida com sucesso', details: [] });
  });
  it('passes the contingency notice on', () => {
    const r = describeTransmission(result({ message: 'SEFAZ indisponível...', nota_fiscal: nf('Contingencia') }));
    expect(r.kind).toBe('contingency');
  });
  it('shows status and reason of a rejection', () => {
    const r = describeTransmission(result({ success: false, status: '225', motivo: 'Rejeição: Falha no Schema XML', nota_fiscal: nf('Rejeitada') }));
    expect(r).toEqual({ kind: 'failed', message: 'Nota Fiscal 42 não autorizada: 225 - Rejeição: Falha no Schema XML', details: [] });
  });
  it('lists the errors when there is a list', () => {
    const r = describeTransmission(result({ success: false, erros: ['a', 'b'], message: 'x', nota_fiscal: nf('Rejeitada') }));
    expect(r.details).toEqual(['a', 'b']);
  });
});
