import { describe, expect, it } from 'vitest';
import { readCnab240, writeCnab240 } from './cnab240.ts';
import { AILOS_240, BANCO_DO_BRASIL_240, CAIXA_240, SANTANDER_240, SICOOB_240, SICREDI_240 } from './cnab240-banks.ts';
import { santanderNossoNumeroDv } from './free-field.ts';
import { readFinance } from './testing/reference-data.ts';

const toCrlf = (s: string) => s.replace(/\r?\n/g, '\r\n');

describe('CNAB 240 remessa fixtures: read into our data, written again byte for byte', () => {
  it('Sicoob (Bancoob)', () => {
    const text = readFinance('cnab240-fixtures', 'remessa-bancoob-cnab240.rem');
    const remessa = readCnab240(SICOOB_240, text);
    expect(remessa.beneficiario).toMatchObject({ agencia: '04327', agenciaDv: '3', conta: '000000003666', contaDv: '8', documento: '74576177000177' });
    expect(remessa.titulos).toHaveLength(1);
    expect(remessa.titulos[0]).toMatchObject({ nossoNumero: '000042971501014', valor: 5000, vencimento: '2015-07-14', especie: '02', usoEmpresa: '6969',
      pagadorNome: 'PABLO DIEGO JOSE FRANCISCO DE PAULA JUAN', pagadorCep: '12345678', pagadorUf: 'RJ' });
    expect(writeCnab240(SICOOB_240, remessa)).toBe(toCrlf(text));
  });

  it('Sicredi', () => {
    const text = readFinance('cnab240-fixtures', 'remessa-sicredi-cnab240.rem');
    const remessa = readCnab240(SICREDI_240, text);
    expect(remessa.titulos[0]).toMatchObject({ nossoNumero: '072000031', jurosCodigo: '1', jurosData: '2007-07-15', diasProtesto: '00', especie: '03' });
    expect(remessa.beneficiario.densidade).toBe('01600');
    expect(writeCnab240(SICREDI_240, remessa)).toBe(toCrlf(text));
  });

  it('Unicred (its fixture is written in the Sicredi layout, bank 748)', () => {
    const text = readFinance('cnab240-fixtures', 'remessa-unicred-cnab240.rem');
    expect(writeCnab240(SICREDI_240, readCnab240(SICREDI_240, text))).toBe(toCrlf(text));
  });

  it('Banco do Brasil and Ailos (same segments, their own header and trailer fillers)', () => {
    for (const [file, bank] of [['remessa-banco_brasil-cnab240.rem', BANCO_DO_BRASIL_240], ['remessa-ailos-cnab240.rem', AILOS_240]] as const) {
      const text = readFinance('cnab240-fixtures', file);
      const remessa = readCnab240(bank, text);
      expect(remessa.titulos[0]).toMatchObject({ valor: 19990, vencimento: '2015-07-14', pagadorDocumento: '000012345678901' });
      expect(writeCnab240(bank, remessa)).toBe(toCrlf(text));
    }
    const bb = readCnab240(BANCO_DO_BRASIL_240, readFinance('cnab240-fixtures', 'remessa-banco_brasil-cnab240.rem'));
    expect(bb.beneficiario).toMatchObject({ convenio: '001234567001412123', agencia: '01234', agenciaDv: '3', conta: '000000012345', contaDv: '5' });
    expect(bb.titulos[0]!.nossoNumero).toBe('12345670000000123');
  });

  it('Caixa (SIGCB): beneficiário code instead of the account, 17-digit nosso número', () => {
    const text = readFinance('cnab240-fixtures', 'remessa-caixa-cnab240.rem');
    const remessa = readCnab240(CAIXA_240, text);
    expect(remessa.beneficiario).toMatchObject({ convenio: '123456', agencia: '12345', agenciaDv: '1', codigos: { usoEmpresa: 'REMESSA-PRODUCAO', versaoAplicativo: '1234' } });
    expect(remessa.titulos[0]).toMatchObject({ nossoNumero: '14000000000000123', valor: 19990, multaCodigo: '2', multaData: '2015-07-15', jurosCodigo: '1' });
    expect(writeCnab240(CAIXA_240, remessa)).toBe(toCrlf(text));
  });

  it('Santander: transmission code in the headers, its own account block and 13-digit nosso número in P', () => {
    const text = readFinance('cnab240-fixtures', 'remessa-santander-cnab240.rem');
    const remessa = readCnab240(SANTANDER_240, text);
    expect(remessa.beneficiario).toMatchObject({ convenio: '000100001234567', agencia: '0001', agenciaDv: '9', conta: '013001234', contaDv: '3' });
    expect(remessa.titulos[0]).toMatchObject({ nossoNumero: '0000012345679', numeroDocumento: '9999', usoEmpresa: '9999', valor: 19990, jurosCodigo: '3' });
    expect(santanderNossoNumeroDv('000001234567')).toBe('9');
    expect(writeCnab240(SANTANDER_240, remessa)).toBe(toCrlf(text));
  });

  it('numbers lot records per título (P, Q, R) and counts the lot and the file in the trailers', () => {
    const remessa = readCnab240(SICOOB_240, readFinance('cnab240-fixtures', 'remessa-bancoob-cnab240.rem'));
    remessa.titulos.push({ ...remessa.titulos[0]!, nossoNumero: '000042971502014', valor: 12345 });
    const lines = writeCnab240(SICOOB_240, remessa).split('\r\n');
    expect(lines.pop()).toBe('');
    expect(lines).toHaveLength(10);
    expect(lines.slice(2, 8).map((l) => `${l.slice(8, 13)}${l[13]}`)).toEqual(['00001P', '00002Q', '00003R', '00004P', '00005Q', '00006R']);
    expect(lines[8]!.slice(17, 46)).toBe('000008' + '000002' + '00000000000017345');
    expect(lines[9]!.slice(17, 29)).toBe('000001' + '000010');
    expect(lines.every((l) => l.length === 240)).toBe(true);
  });

  it('refuses a file of another bank and a truncated file in pt-BR', () => {
    const text = readFinance('cnab240-fixtures', 'remessa-bancoob-cnab240.rem');
    expect(() => readCnab240(SICREDI_240, text)).toThrow('O arquivo é do banco 756, esperado o banco 748.');
    expect(() => readCnab240(SICOOB_240, text.split('\n').slice(0, 5).join('\n'))).toThrow('Arquivo truncado: falta o trailer do arquivo.');
  });
});
