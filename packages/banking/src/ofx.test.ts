import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ValidationError } from '@pdv/domain/errors';
import { accountDigits, decodeOfx, ofxAmount, ofxDate, parseOfx } from './ofx.ts';

const dir = join(dirname(fileURLToPath(import.meta.url)), 'testing', 'ofx');
const bytes = (name: string) => new Uint8Array(readFileSync(join(dir, name)));

describe('OFX 1.x SGML', () => {
  it('reads a file declaring CHARSET 1252 whose content is UTF-8, with decimal commas and unclosed leaves', () => {
    const [s, ...more] = parseOfx(bytes('itau-1x-1252-utf8.ofx'));
    expect(more).toEqual([]);
    expect(s).toMatchObject({ banco: '0341', agencia: '1234', conta: '0012345-6', moeda: 'BRL', data_inicio: '2026-03-01', data_fim: '2026-03-20' });
    expect(s!.saldo).toEqual({ valor: 25344, data: '2026-03-20' });
    expect(s!.transacoes.map((t) => [t.fitid.startsWith('sem-fitid') ? 'sem' : t.fitid, t.tipo, t.data, t.valor, t.memo])).toEqual([
      ['20260305001', 'CREDIT', '2026-03-05', 150000, 'PIX RECEBIDO JOSÉ DA CONCEIÇÃO'],
      ['20260310001', 'DEBIT', '2026-03-10', -123456, 'PAGTO BOLETO ALUGUEL & CONDOMÍNIO'],
      ['sem', 'DEBIT', '2026-03-11', -1250, 'TARIFA PACOTE SERVIÇOS'],
    ]);
    expect(s!.transacoes[0]!.documento).toBe('000001');
  });

  it('reads an ISO-8859-1 file with closed leaves, lower-case tags and CRLF', () => {
    const [s] = parseOfx(bytes('bb-1x-latin1.ofx'));
    expect(s!.conta).toBe('99887-X');
    expect(s!.transacoes.map((t) => [t.memo, t.valor])).toEqual([['Depósito em espécie', 20000], ['Transferência recebida', 3510]]);
  });

  it('keeps a FITID repeated for another line apart, the same way every time', () => {
    const first = parseOfx(bytes('bb-1x-latin1.ofx'))[0]!.transacoes.map((t) => t.fitid);
    expect(first).toEqual(['000123', '000123#2']);
    expect(parseOfx(bytes('bb-1x-latin1.ofx'))[0]!.transacoes.map((t) => t.fitid)).toEqual(first);
  });

  it('gives a line without FITID the same key on every import, and two equal lines two keys', () => {
    const file = readFileSync(join(dir, 'itau-1x-1252-utf8.ofx'), 'utf8').replace(
      '</BANKTRANLIST>',
      '<STMTTRN>\n<TRNTYPE>DEBIT\n<DTPOSTED>20260311\n<TRNAMT>-12,5\n<MEMO>TARIFA PACOTE SERVIÇOS\n</STMTTRN>\n</BANKTRANLIST>',
    );
    const keys = parseOfx(file)[0]!.transacoes.map((t) => t.fitid).filter((k) => k.startsWith('sem-fitid'));
    expect(keys).toHaveLength(2);
    expect(new Set(keys).size).toBe(2);
    expect(parseOfx(file)[0]!.transacoes.map((t) => t.fitid)).toEqual(parseOfx(file)[0]!.transacoes.map((t) => t.fitid));
  });
});

describe('OFX 2.x XML', () => {
  it('reads the XML form with entities and time zones', () => {
    const [s] = parseOfx(bytes('nubank-2x.ofx'));
    expect(s).toMatchObject({ banco: '0260', conta: '7654321-0', saldo: { valor: 4490, data: '2026-03-20' } });
    expect(s!.transacoes).toEqual([
      { fitid: '65f1a2b3-0001', tipo: 'CREDIT', data: '2026-03-15', valor: 8990, memo: 'Transferência recebida pelo Pix - MARIA <LOJA>', nome: '', documento: '' },
      { fitid: '65f1a2b3-0002', tipo: 'DEBIT', data: '2026-03-16', valor: -4500, memo: 'Pagamento de boleto efetuado', nome: '', documento: '' },
    ]);
  });

  it('reads a credit card statement', () => {
    const xml = '<OFX><CREDITCARDMSGSRSV1><CCSTMTTRNRS><CCSTMTRS><CURDEF>BRL</CURDEF><CCACCTFROM><ACCTID>5555</ACCTID></CCACCTFROM>'
      + '<BANKTRANLIST><STMTTRN><TRNTYPE>DEBIT</TRNTYPE><DTPOSTED>20260102</DTPOSTED><TRNAMT>-9.99</TRNAMT><FITID>a</FITID></STMTTRN></BANKTRANLIST>'
      + '</CCSTMTRS></CCSTMTTRNRS></CREDITCARDMSGSRSV1></OFX>';
    const [s] = parseOfx(xml);
    expect(s).toMatchObject({ conta: '5555', banco: '', transacoes: [{ fitid: 'a', valor: -999, data: '2026-01-02' }] });
  });
});

describe('refusals in pt-BR', () => {
  const refusal = (input: string) => {
    try {
      parseOfx(input);
    } catch (e) {
      expect(e).toBeInstanceOf(ValidationError);
      return (e as Error).message;
    }
    throw new Error('não recusou');
  };
  it('refuses what is not OFX, an empty file, a statement-less file, a bad date and a bad amount', () => {
    expect(refusal('')).toBe('O arquivo está vazio.');
    expect(refusal('02RETORNO01COBRANCA')).toBe('O arquivo não é um extrato OFX.');
    expect(refusal('<OFX><SIGNONMSGSRSV1></SIGNONMSGSRSV1></OFX>')).toBe('O arquivo OFX não tem extrato de conta.');
    const trn = (d: string, v: string) => `<OFX><STMTRS><BANKTRANLIST><STMTTRN><DTPOSTED>${d}<TRNAMT>${v}<FITID>1</STMTTRN></BANKTRANLIST></STMTRS></OFX>`;
    expect(refusal(trn('20260230', '1.00'))).toBe('Extrato OFX: data inválida na transação 1.');
    expect(refusal(trn('20260228', '1,2,3'))).toBe('Extrato OFX: valor inválido na transação 1.');
    expect(refusal(trn('20260228', 'abc'))).toBe('Extrato OFX: valor inválido na transação 1.');
  });
});

describe('pieces', () => {
  it('reads amounts with comma, point, both, sign and extra decimals', () => {
    expect([ofxAmount('10'), ofxAmount('-0,01'), ofxAmount('1,234.56'), ofxAmount('1.234,56'), ofxAmount('+3.5'), ofxAmount('-12.3450'), ofxAmount('.5')])
      .toEqual([1000, -1, 123456, 123456, 350, -1235, 50]);
    expect([ofxAmount(''), ofxAmount('1.2.3'), ofxAmount('R$ 1')]).toEqual([null, null, null]);
  });
  it('reads dates with or without time and zone, and refuses impossible ones', () => {
    expect([ofxDate('20260315'), ofxDate('20260315235959.000[-3:BRT]'), ofxDate('20261301'), ofxDate('2026')]).toEqual(['2026-03-15', '2026-03-15', null, null]);
  });
  it('decodes valid UTF-8 as UTF-8 and anything else as Windows-1252', () => {
    expect(decodeOfx(new Uint8Array([0xef, 0xbb, 0xbf, 0x43, 0xc3, 0xa7]))).toBe('Cç');
    expect(decodeOfx(new Uint8Array([0x43, 0xe7, 0x80]))).toBe('Cç€');
  });
  it('compares account identifiers by their digits', () => {
    expect(accountDigits('0012345-6')).toBe('123456');
    expect(accountDigits('99887-X')).toBe('99887');
  });
});

describe('hostile input', () => {
  it('refuses an amount the database cannot hold and keeps impossible character references as written', () => {
    expect(ofxAmount('99999999999999,99')).toBeNull();
    expect(ofxAmount('9999999999999,99')).toBe(999_999_999_999_999);
    const [s] = parseOfx('<OFX><STMTRS><BANKTRANLIST><STMTTRN><DTPOSTED>20260101<TRNAMT>1<FITID>1<MEMO>a &#x110000; &#0; b</STMTTRN></BANKTRANLIST></STMTRS></OFX>');
    expect(s!.transacoes[0]!.memo).toBe('a &#x110000; &#0; b');
  });
  it('keeps a made-up FITID short whatever the memo', () => {
    const [s] = parseOfx(`<OFX><STMTRS><BANKTRANLIST><STMTTRN><DTPOSTED>20260101<TRNAMT>1<MEMO>${'x'.repeat(5000)}</STMTTRN></BANKTRANLIST></STMTRS></OFX>`);
    expect(s!.transacoes[0]!.fitid.length).toBeLessThan(60);
  });
});
