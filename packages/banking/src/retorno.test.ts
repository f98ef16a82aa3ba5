import { describe, expect, it } from 'vitest';
import { readRetorno240, readRetorno400 } from './retorno.ts';
import { BRADESCO_RETORNO_400, ITAU_RETORNO_400 } from './retorno-banks.ts';
import { readFinance } from './testing/reference-data.ts';

const R = (file: string) => readFinance('retorno-fixtures', file);
const anyKnown = { conhecido: () => true };
/** Replaces positions start..end (1-based) of line `n` (1-based) of a file. */
function edit(text: string, n: number, start: number, value: string): string {
  const lines = text.split(/\r?\n/);
  const line = lines[n - 1]!;
  lines[n - 1] = `${line.slice(0, start - 1)}${value}${line.slice(start - 1 + value.length)}`;
  return lines.join('\n');
}

describe('retorno CNAB 400', () => {
  it('Bradesco: registered títulos and a write-off, with value, fee and dates', () => {
    const report = readRetorno400(BRADESCO_RETORNO_400, R('CNAB400BRADESCO.RET'), { conta: '00000000000004540691', ...anyKnown });
    expect(report.erros).toEqual([]);
    expect(report.aplicavel).toBe(true);
    expect(report.itens.map((i) => i.tipo)).toEqual(['registrado', 'registrado', 'registrado', 'registrado', 'registrado', 'baixado']);
    expect(report.itens[1]).toMatchObject({ linha: 3, nossoNumero: '51350000004', numeroDocumento: '1146', valorTitulo: 18000, tarifa: 160,
      vencimento: '2015-05-25', dataOcorrencia: '2015-05-15' });
  });

  it('Itaú: 51 payments (paid amount, fee, credit date) and one write-off', () => {
    const report = readRetorno400(ITAU_RETORNO_400, R('CNAB400ITAU.RET'), { conta: '0730 03511', ...anyKnown });
    expect(report.aplicavel).toBe(true);
    expect(report.itens.filter((i) => i.tipo === 'pago')).toHaveLength(51);
    expect(report.itens.filter((i) => i.tipo === 'baixado')).toHaveLength(1);
    expect(report.itens[0]).toMatchObject({ nossoNumero: '11', ocorrencia: '06', valorTitulo: 4000, valorPago: 3790, tarifa: 210, dataCredito: '2013-05-21' });
  });

  it('reads a rejection with its reasons and a payment with interest', () => {
    let text = edit(R('CNAB400BRADESCO.RET'), 3, 109, '03');
    text = edit(text, 3, 319, '1700480000');
    text = edit(text, 4, 109, '06');
    text = edit(text, 4, 254, '0000000072350');
    text = edit(text, 4, 267, '0000000000350');
    const report = readRetorno400(BRADESCO_RETORNO_400, text, { conta: '4540691', ...anyKnown });
    expect(report.itens[1]).toMatchObject({ tipo: 'rejeitado', descricao: 'Entrada rejeitada', motivos: ['17', '48'] });
    expect(report.itens[2]).toMatchObject({ tipo: 'pago', valorPago: 72350, juros: 350, valorTitulo: 72000 });
  });

  it('a file of another bank is refused whole; of another account, reported and not applicable', () => {
    const other = readRetorno400(ITAU_RETORNO_400, R('CNAB400BRADESCO.RET'), { conta: '073003511', ...anyKnown });
    expect(other).toMatchObject({ aplicavel: false, itens: [], erros: [{ linha: 1, mensagem: 'O arquivo é do banco 237, esperado o banco 341.' }] });
    const account = readRetorno400(BRADESCO_RETORNO_400, R('CNAB400BRADESCO.RET'), { conta: '4540692', ...anyKnown });
    expect(account.aplicavel).toBe(false);
    expect(account.erros).toEqual([{ linha: 1, mensagem: 'O arquivo é da conta/beneficiário 4540691, esperado 4540692.' }]);
    const line = readRetorno400(ITAU_RETORNO_400, edit(R('CNAB400ITAU.RET'), 5, 24, '99999'), { conta: '073003511', ...anyKnown });
    expect(line.erros).toEqual([{ linha: 5, mensagem: 'Linha 5: título da conta/beneficiário 73099999, esperado 73003511.' }]);
  });

  it('a truncated file and unknown nossos números are reported line by line, nothing applicable', () => {
    const lines = R('CNAB400BRADESCO.RET').split(/\r?\n/).filter((l) => l !== '');
    const truncated = readRetorno400(BRADESCO_RETORNO_400, lines.slice(0, -1).join('\n'), { conta: '4540691', ...anyKnown });
    expect(truncated.aplicavel).toBe(false);
    expect(truncated.erros).toEqual([{ linha: 7, mensagem: 'Arquivo truncado: falta o trailer do arquivo.' }]);
    const known = new Set(['30', '51350000004', '51350000009', '51350000011']);
    const report = readRetorno400(BRADESCO_RETORNO_400, R('CNAB400BRADESCO.RET'), { conta: '4540691', conhecido: (n) => known.has(n) });
    expect(report.aplicavel).toBe(false);
    expect(report.erros).toEqual([
      { linha: 4, mensagem: 'Linha 4: nosso número 51350000007 não encontrado.' },
      { linha: 7, mensagem: 'Linha 7: nosso número 50980000002 não encontrado.' },
    ]);
  });
});

describe('retorno CNAB 240', () => {
  it('Sicoob: three payments, paid amount, fee and credit date (trailing blanks stripped by the bank)', () => {
    const report = readRetorno240('756', R('CNAB240SICOOB.RET'), { conta: '03039 000000048981', ...anyKnown });
    expect(report.erros).toEqual([]);
    expect(report.itens).toHaveLength(3);
    expect(report.itens[0]).toMatchObject({ linha: 3, nossoNumero: '8301011', tipo: 'pago', valorTitulo: 200, valorPago: 200, tarifa: 170,
      dataOcorrencia: '2015-08-10', dataCredito: '2015-08-10', vencimento: '2015-08-13' });
  });

  it('Sicredi: an entry confirmed and its fee debit', () => {
    const report = readRetorno240('748', R('CNAB240SICREDI.CRT'), { conta: '390000000004146', ...anyKnown });
    expect(report.aplicavel).toBe(true);
    expect(report.itens.map((i) => [i.nossoNumero, i.tipo, i.valorTitulo])).toEqual([['172000595', 'registrado', 995], ['172000595', 'tarifa', 995]]);
  });

  it('interest on a payment from segment U; another bank; unknown nosso número', () => {
    const text = edit(R('CNAB240SICOOB.RET').replace(/\r/g, ''), 4, 18, '000000000000015');
    const report = readRetorno240('756', text, { conta: '3039000000048981', conhecido: (n) => n !== '11601011' });
    expect(report.itens[0]!.juros).toBe(15);
    expect(report.erros).toEqual([{ linha: 5, mensagem: 'Linha 5: nosso número 11601011 não encontrado.' }]);
    expect(readRetorno240('748', text, { conta: '1', ...anyKnown }).erros).toEqual([{ linha: 1, mensagem: 'O arquivo é do banco 756, esperado o banco 748.' }]);
  });
});
