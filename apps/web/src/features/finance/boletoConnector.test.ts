import { describe, expect, it } from 'vitest';
import { boletoEmitirRequest } from '@pdv/contract/connector';
import { BOLETO_MESSAGES } from '@pdv/domain/boleto';
import { TIPO_COBRANCA } from '@pdv/domain/boleto-connector';
import { boletoEmitirPayload, type ConnectorBoletoConfig, type ConnectorDocument } from './boletoConnector.ts';

const config: ConnectorBoletoConfig = {
  cnab: '400', carteira: '109', convenio: null, codigo_cedente: null, tipo_multa: 'Percentual', valor_multa: 2, dias_multa: 1,
  tipo_juro: 'Percentual', valor_juro: 3, dias_expiracao: 15,
};
const account = { id_banco: 341, agencia: '0057', digito_agencia: null, numero: '12345', digito_conta: '7' };
const emitente = { nome: 'Loja Exemplo Ltda', cnpj: '11.222.333/0001-81' };
const pagador = { nome: 'Maria Souza', cpf_cnpj: '529.982.247-25', endereco: 'Rua A', numero: '10', bairro: 'Centro', cidade: 'Curitiba', uf: 'PR', cep: '80010-000' };
const docs: ConnectorDocument[] = [
  { nosso_numero: 101, numero: '55/1', data_vencimento: '2026-12-15', saldo: 15025, pagador },
  { nosso_numero: 102, numero: '56/1', data_vencimento: '2026-11-01', saldo: 30000, pagador },
];

describe('the /boleto/emitir payload', () => {
  it('follows 001 §7: yyyy-mm-dd dates, interest code 1, protest 0, DM, the bank as its collection type', () => {
    const p = boletoEmitirPayload(config, account, emitente, docs, '2026-11-27');
    if (typeof p === 'string') throw new Error(p);
    expect(boletoEmitirRequest.parse(p)).toEqual(p);
    expect(p.banco).toEqual({ tipo_cobranca: 6, id_banco: 341, cnab: '400' });
    expect(p.cedente.cnpj).toBe('11222333000181');
    const [a, b] = p.lista_titulos;
    expect(a).toMatchObject({
      nosso_numero: 101, data_documento: '2026-11-27', data_vencimento: '2026-12-15', valor: 150.25, especie: 'DM', codigo_mora: '1',
      dias_protesto: 0, percentual_multa: 2, data_multa: '2026-12-16', data_mora_juros: '2026-12-16',
    });
    expect(a!.sacado).toMatchObject({ cnpj_cpf: '52998224725', cep: '80010000' });
    // overdue: the configuration's expiration days from today
    expect(b!.data_vencimento).toBe('2026-12-12');
    for (const t of p.lista_titulos) for (const d of [t.data_documento, t.data_vencimento]) expect(d).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("carries a hybrid configuration's PIX receiver to the connector (its PDF prints the QR); none for a plain one", () => {
    const pix = { chave: 'financeiro@lojaexemplo.com.br', nome: 'Loja Exemplo Ltda', cidade: 'Curitiba' };
    const hybrid = boletoEmitirPayload({ ...config, pix }, account, emitente, docs, '2026-11-27');
    if (typeof hybrid === 'string') throw new Error(hybrid);
    expect(boletoEmitirRequest.parse(hybrid).cedente.pix).toEqual(pix);
    const plain = boletoEmitirPayload({ ...config, pix: null }, account, emitente, docs, '2026-11-27');
    if (typeof plain === 'string') throw new Error(plain);
    expect(plain.cedente.pix).toBeUndefined();
  });

  it("sends interest code 'A' for collection type 8 (Sicredi, bank 748)", () => {
    const p = boletoEmitirPayload({ ...config, cnab: '240', codigo_cedente: '1234567' }, { ...account, id_banco: 748 }, emitente, docs, '2026-11-27');
    if (typeof p === 'string') throw new Error(p);
    expect(p.banco.tipo_cobranca).toBe(8);
    expect(p.lista_titulos.map((t) => t.codigo_mora)).toEqual(['A', 'A']);
  });

  it('maps bank ids to distinct collection types 1-48 and refuses a bank without one', () => {
    const codes = Object.values(TIPO_COBRANCA);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes.every((c) => c >= 1 && c <= 48)).toBe(true);
    expect(TIPO_COBRANCA[1]).toBe(1);
    expect(TIPO_COBRANCA[237]).toBe(5);
    expect(TIPO_COBRANCA[756]).toBe(9);
    expect(boletoEmitirPayload(config, { ...account, id_banco: 260 }, emitente, docs, '2026-11-27')).toBe(BOLETO_MESSAGES.bankNotCertified);
    expect(boletoEmitirPayload(config, { ...account, id_banco: null }, emitente, docs, '2026-11-27')).toBe(BOLETO_MESSAGES.bankNotCertified);
  });
});
