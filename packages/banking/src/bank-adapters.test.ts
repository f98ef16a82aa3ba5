import { describe, expect, it } from 'vitest';
import { bankAdapter, nnKey, readRetorno, retornoNossoNumero, writeRemessa, type BoletoAccount, type BoletoConfigParts } from './bank-adapters.ts';
import { parseBarcode } from './boleto.ts';
import { readCnab240 } from './cnab240.ts';
import { SICOOB_240, SICREDI_240 } from './cnab240-banks.ts';
import { readCnab400 } from './cnab400.ts';
import { CNAB400_BANKS } from './cnab400-banks.ts';
import type { Titulo } from './cnab-model.ts';
import { emitirBoleto } from './emitir.ts';
import { buildFreeField, parseFreeField } from './free-field.ts';
import { BANRISUL_RETORNO_400, BRADESCO_RETORNO_400, CAIXA_RETORNO_400, febraban240, SANTANDER_RETORNO_400, UNICRED_RETORNO_400 } from './retorno-banks.ts';
import { retorno240, retorno400 } from './testing/retorno-builder.ts';

interface Case { banco: string; cnab: '400' | '240'; a: BoletoAccount; c: BoletoConfigParts; retorno: (nn: string) => string }
const paid = (nn: string, ocorrencia = '06') => [{ nossoNumero: nn, ocorrencia, valorTitulo: 12345, valorPago: 12345, data: '2026-12-20' }];
const CASES: Case[] = [
  { banco: '237', cnab: '400', a: { id_banco: 237, agencia: '1234', digito_agencia: '3', numero: '0012345', digito_conta: '6' }, c: { cnab: '400', carteira: '09', convenio: null, codigo_cedente: '4540691' },
    retorno: (nn) => retorno400(BRADESCO_RETORNO_400, '4540691', paid(nn)) },
  { banco: '033', cnab: '400', a: { id_banco: 33, agencia: '0730', digito_agencia: null, numero: '00035110', digito_conta: '1' }, c: { cnab: '400', carteira: '101', convenio: '7777751', codigo_transmissao: '17777751042700080112', codigo_cedente: null },
    retorno: (nn) => retorno400(SANTANDER_RETORNO_400, '073000035110', paid(nn)) },
  { banco: '104', cnab: '400', a: { id_banco: 104, agencia: '1234', digito_agencia: null, numero: '123', digito_conta: '0' }, c: { cnab: '400', carteira: null, convenio: null, codigo_cedente: '005507' },
    retorno: (nn) => retorno400(CAIXA_RETORNO_400, '1234005507', paid(nn, '21')) },
  { banco: '041', cnab: '400', a: { id_banco: 41, agencia: '1102', digito_agencia: null, numero: '15', digito_conta: '0' }, c: { cnab: '400', carteira: null, convenio: null, codigo_cedente: '9000150' },
    retorno: (nn) => retorno400(BANRISUL_RETORNO_400, '110290001504', paid(nn), { headerZeros: true }) },
  { banco: '756', cnab: '240', a: { id_banco: 756, agencia: '4327', digito_agencia: '3', numero: '3666', digito_conta: '8' }, c: { cnab: '240', carteira: null, convenio: null, codigo_cedente: '229385', modalidade: '01' },
    retorno: (nn) => retorno240(febraban240('756'), '04327000000003666', paid(nn)) },
  { banco: '748', cnab: '240', a: { id_banco: 748, agencia: '0165', digito_agencia: null, numero: '623', digito_conta: '8' }, c: { cnab: '240', carteira: null, convenio: null, codigo_cedente: '0206238' },
    retorno: (nn) => retorno240(febraban240('748'), '00165000000000623', paid(nn)) },
  { banco: '136', cnab: '400', a: { id_banco: 136, agencia: '4205', digito_agencia: '0', numero: '6000156', digito_conta: '6' }, c: { cnab: '400', carteira: '21', convenio: null, codigo_cedente: '20925442' },
    retorno: (nn) => retorno400(UNICRED_RETORNO_400, '420560001566', paid(nn)) },
];

describe.each(CASES)('bank adapter $banco (CNAB $cnab)', ({ banco, cnab, a, c, retorno }) => {
  it('issues codes the free-field parser reads back, writes a remessa its reader parses, and reads its retorno', () => {
    const adapter = bankAdapter(a.id_banco, cnab)!;
    expect(adapter.banco).toBe(banco);
    expect(bankAdapter(a.id_banco, cnab === '400' ? '240' : '400')).toBeUndefined();
    expect(adapter.configProblem?.({ cnab, carteira: null, convenio: null, codigo_cedente: null }) ?? true).toBe(true);
    const codes = emitirBoleto({ parts: adapter.parts(a, c, 42, '26'), valor: 12345, vencimento: '2026-12-20' });
    const free = parseBarcode(codes.codigoBarras).freeField;
    expect(buildFreeField(parseFreeField(banco, free))).toBe(free);
    const base: Titulo = {
      ...adapter.titulo(c, 42, codes.nossoNumero), ocorrencia: '01', nossoNumero: adapter.fileNossoNumero(c, 42, codes.nossoNumero), numeroDocumento: '123',
      vencimento: '2026-12-20', emissao: '2026-11-28', valor: 12345, aceite: 'N', jurosDia: 12, jurosData: '2026-12-21', multaCodigo: '1', multa: 250,
      multaData: '2026-12-21', pagadorTipo: '01', pagadorDocumento: '52998224725', pagadorNome: 'Fulano', pagadorEndereco: 'Rua A 1', pagadorCep: '01001000',
    };
    const file = writeRemessa(adapter, adapter.beneficiario(a, c, { nome: 'Demo Moda', cnpj: '12345678000195' }), '2026-11-28', 3, [adapter.finish ? adapter.finish(base) : base], '101112');
    const parsed = cnab === '400' ? readCnab400(CNAB400_BANKS[banco]!, file) : readCnab240(banco === '756' ? SICOOB_240 : SICREDI_240, file);
    expect(parsed.titulos).toHaveLength(1);
    expect(parsed.titulos[0]).toMatchObject({ valor: 12345, vencimento: '2026-12-20', ocorrencia: '01' });
    const nn = retornoNossoNumero(adapter, c, 42, codes.nossoNumero);
    const report = readRetorno(adapter, a, c, retorno(nn), (x) => nnKey(x) === nnKey(nn));
    expect(report.erros).toEqual([]);
    expect(report.itens).toEqual([expect.objectContaining({ tipo: 'pago', valorPago: 12345 })]);
  });
});
