import { describe, expect, it } from 'vitest';
import { barcodeFromLinha, parseBarcode } from './boleto.ts';
import {
  banrisulNc, bbNossoNumeroDv, bradescoNossoNumeroDv, buildFreeField, caixaDv, nossoNumeroImpresso, parseFreeField, sicoobNossoNumeroDv,
  type ParseOptions,
} from './free-field.ts';
import { boletoVectors } from './testing/reference-data.ts';

const CODES: Record<string, string> = {
  banco_brasil: '001', bradesco: '237', itau: '341', santander: '033', sicoob: '756', sicredi: '748', banrisul: '041', banco_brasilia: '070', unicred: '136',
};

/** Banco do Brasil's layout depends on the convênio's length, which the barcode does not say: the vectors' own. */
function bbOptions(free: string): ParseOptions {
  if (free.startsWith('000000')) return { bbConvenioLength: 7 };
  if (free.endsWith('21')) return { bbConvenioLength: 6, bbNossoNumeroLivre: true };
  if (free.startsWith('1238790')) return { bbConvenioLength: 6 };
  return { bbConvenioLength: 4 };
}

describe('free field round trip on the vectors of each supported bank', () => {
  const vectors = boletoVectors().filter((v) => CODES[v.bank]);
  it('covers the nine banks that have vectors (Caixa has none)', () => {
    expect(new Set(vectors.map((v) => v.bank)).size).toBe(9);
  });
  for (const v of vectors) {
    if (v.bank === 'itau' && v.line === 73) {
      // Itaú's manual computes the nosso número DAC of carteiras 126, 131, 146, 150 and 168 over carteira + nosso
      // número only; this brcobranca vector (carteira 168) carries the DAC over agência + conta + carteira + nosso
      // número. We follow the manual and say so.
      it('itau (line 73): carteira 168 vector carries the long DAC, which the manual does not use: refused', () => {
        const { freeField } = parseBarcode(v.barcode!);
        expect(freeField.slice(0, 3)).toBe('168');
        expect(() => parseFreeField('341', freeField)).toThrow('O dígito verificador do campo livre (Itaú) não confere.');
      });
      continue;
    }
    it(`${v.bank} (line ${v.line}): parts read from the free field build it again, check digits included`, () => {
      const { freeField, bank } = parseBarcode(v.barcode ?? barcodeFromLinha(v.linha!));
      const parts = parseFreeField(bank, freeField, bank === '001' ? bbOptions(freeField) : {});
      expect(buildFreeField(parts)).toBe(freeField);
    });
  }
});

describe('BRB and Unicred free fields from their parts', () => {
  it('BRB: chave ASBACE with its two check digits; the printed nosso número is its last 12 digits, as the remessa and retorno carry it', () => {
    const parts = { banco: '070', agencia: '000082', conta: '0000528', categoria: '2', nossoNumero: '000001' } as const;
    expect(buildFreeField(parts)).toBe('0000820000528200000107013');
    expect(nossoNumeroImpresso(parts)).toBe('200000107013');
    expect(parseFreeField('070', '0000820000528200000107013')).toEqual(parts);
    expect(() => parseFreeField('070', '0000820000528200000107014')).toThrow('O dígito verificador do campo livre (BRB) não confere.');
  });

  it('Unicred: agência, conta, nosso número and its modulo 11 digit', () => {
    const parts = { banco: '136', agencia: '1234', conta: '0000123457', nossoNumero: '0000013871' } as const;
    expect(buildFreeField(parts)).toBe('1234000012345700000138711');
    expect(nossoNumeroImpresso(parts)).toBe('0000013871-1');
    expect(() => parseFreeField('136', '1234000012345700000138712')).toThrow('O dígito verificador do campo livre (Unicred) não confere.');
  });
});

describe('free field built from parts per bank layout', () => {
  it('Banco do Brasil: 7-digit convênio, 6-digit with 5- and 17-digit nosso número, 4-digit', () => {
    expect(buildFreeField({ banco: '001', convenio: '1238798', nossoNumero: '9777700168', carteira: '18' })).toBe('0000001238798977770016818');
    expect(buildFreeField({ banco: '001', convenio: '123879', nossoNumero: '1234', agencia: '4042', conta: '61900', carteira: '18' }))
      .toBe('1238790123440420006190018');
    expect(buildFreeField({ banco: '001', convenio: '123879', nossoNumero: '00000001234567899', carteira: '16' })).toBe('1238790000000123456789921');
    expect(buildFreeField({ banco: '001', convenio: '1238', nossoNumero: '123456', agencia: '4042', conta: '61900', carteira: '18' }))
      .toBe('1238012345640420006190018');
    expect(() => buildFreeField({ banco: '001', convenio: '12345', nossoNumero: '1', agencia: '1', conta: '1', carteira: '18' }))
      .toThrow('O convênio do Banco do Brasil deve ter 4, 6, 7 ou 8 dígitos.');
  });

  it('Bradesco: agência, carteira, nosso número(11), conta(7), zero', () => {
    expect(buildFreeField({ banco: '237', agencia: '1172', carteira: '06', nossoNumero: '75896452', conta: '403005' })).toBe('1172060007589645204030050');
  });

  it('Itaú: carteira, nosso número, DAC, agência, conta, DAC; the special carteiras carry seu número and client code', () => {
    expect(buildFreeField({ banco: '341', carteira: '175', nossoNumero: '12345678', agencia: '0810', conta: '53678' })).toBe('1751234567840810536789000');
    expect(buildFreeField({ banco: '341', carteira: '196', nossoNumero: '258281', agencia: '', conta: '', seuNumero: '1234567', codigoCliente: '12345' }))
      .toBe('1960025828112345671234550');
  });

  it('Santander: 9, beneficiário code, nosso número with its digit, IOF, carteira', () => {
    expect(buildFreeField({ banco: '033', convenio: '1899775', nossoNumero: '9000026', carteira: '102' })).toBe('9189977500000900002690102');
  });

  it('Caixa SIGCB: beneficiário with its digit, the nosso número spread around the two constants, the modulo 11 digit', () => {
    // beneficiário 005507: 7*2 + 0*3 + 5*4 + 5*5 + 0*6 + 0*7 = 59; 59 mod 11 = 4; 11 - 4 = 7.
    expect(caixaDv('005507')).toBe('7');
    const free = buildFreeField({ banco: '104', beneficiario: '005507', nossoNumero: '14000000000000123' });
    expect(free.slice(0, 24)).toBe('005507' + '7' + '000' + '1' + '000' + '4' + '000000123');
    expect(parseFreeField('104', free)).toEqual({ banco: '104', beneficiario: '005507', nossoNumero: '14000000000000123' });
    const wrong = `${free.slice(0, 24)}${(Number(free[24]) + 1) % 10}`;
    expect(() => parseFreeField('104', wrong)).toThrow('O dígito verificador do campo livre (Caixa) não confere.');
  });

  it('Sicoob: carteira, agência, modalidade, cliente, nosso número with the 3197 digit, parcela', () => {
    expect(buildFreeField({ banco: '756', carteira: '1', agencia: '4327', modalidade: '01', codigoCliente: '229385', nossoNumero: '2', parcela: '1' }))
      .toBe('1432701022938500000024001');
  });

  it('Sicredi: tipo, carteira, nosso número with its digit, agência, posto, beneficiário, value flag, digit', () => {
    expect(buildFreeField({ banco: '748', tipoCobranca: '1', carteira: '1', nossoNumero: '16208879', agencia: '0710', posto: '65', beneficiario: '00129', comValor: '1' }))
      .toBe('1116208879307106500129101');
  });

  it('Banrisul: produto, 1, agência, beneficiário, nosso número, 40 and the double digit', () => {
    expect(buildFreeField({ banco: '041', produto: '2', agencia: '1102', beneficiario: '9000150', nossoNumero: '22832563' })).toBe('2111029000150228325634059');
  });

  it('refuses a part too long or not numeric with the field name in pt-BR', () => {
    expect(() => buildFreeField({ banco: '237', agencia: '12345', carteira: '09', nossoNumero: '1', conta: '1' })).toThrow('O campo agencia deve ter no máximo 4 caracteres.');
    expect(() => buildFreeField({ banco: '237', agencia: '12a4', carteira: '09', nossoNumero: '1', conta: '1' })).toThrow('O campo agencia deve conter somente números.');
    expect(() => parseFreeField('999', '0'.repeat(25))).toThrow('Banco 999 não suportado para boletos.');
  });
});

describe('nosso número check digits as printed', () => {
  it('Banco do Brasil modulo 11 with X', () => {
    // 12387901234 from the right: 4*9 + 3*8 + 2*7 + 1*6 + 0*5 + 9*4 + 7*3 + 8*2 + 3*9 + 2*8 + 1*7 = 203; 203 mod 11 = 5.
    expect(nossoNumeroImpresso({ banco: '001', convenio: '123879', nossoNumero: '1234', agencia: '4042', conta: '61900', carteira: '18' }))
      .toBe('12387901234-5');
    // 0000001: 1*9 = 9 -> 9; 0000006: 54 mod 11 = 10 -> X; 0000011: 1*9 + 1*8 = 17 -> 6.
    expect([bbNossoNumeroDv('0000001'), bbNossoNumeroDv('0000006'), bbNossoNumeroDv('0000011')]).toEqual(['9', 'X', '6']);
    expect(nossoNumeroImpresso({ banco: '001', convenio: '1238798', nossoNumero: '9777700168', carteira: '18' })).toBe('12387989777700168');
  });

  it('Bradesco modulo 11 base 7 with P', () => {
    // 1900000000002 with weights 2..7 from the right: 2*2 + 9*7 + 1*2 = 69; 69 mod 11 = 3; 11 - 3 = 8.
    expect(bradescoNossoNumeroDv('19', '00000000002')).toBe('8');
    // 1900000000008: 8*2 + 63 + 2 = 81; 81 mod 11 = 4 -> 7. And 19/00000000006: 12 + 65 = 77, remainder 0 -> 0.
    expect(bradescoNossoNumeroDv('19', '00000000008')).toBe('7');
    expect(bradescoNossoNumeroDv('19', '00000000006')).toBe('0');
    // 19/00000000001: 2 + 65 = 67, remainder 1 -> P.
    expect(bradescoNossoNumeroDv('19', '00000000001')).toBe('P');
    expect(nossoNumeroImpresso({ banco: '237', agencia: '1172', carteira: '06', nossoNumero: '75896452', conta: '403005' })).toMatch(/^06\/00075896452-[0-9P]$/);
  });

  it('Sicoob and Banrisul digits match the ones the vectors carry', () => {
    expect(sicoobNossoNumeroDv('4327', '229385', '0000002')).toBe('4');
    expect(banrisulNc('21110290001502283256340')).toBe('59');
  });
});
