import { describe, expect, it } from 'vitest';
import { boletoPixTxid, crc16, parsePix, pixDynamic, pixStatic } from './pix.ts';

/** The static example of the Manual de Padrões para Iniciação do Pix (random key, no amount, txid ***). */
const MANUAL_STATIC = '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal'
  + '6008BRASILIA62070503***63041D3D';

describe('CRC16 (CCITT-FALSE)', () => {
  it('gives the catalogue check value 29B1 for 123456789 and the manual example its 1D3D', () => {
    expect(crc16('123456789')).toBe('29B1');
    expect(crc16(MANUAL_STATIC.slice(0, -4))).toBe('1D3D');
  });
});

describe('static BR Code', () => {
  it('builds the manual example byte for byte', () => {
    expect(pixStatic({ chave: '123e4567-e12b-12d1-a456-426655440000', nome: 'Fulano de Tal', cidade: 'BRASILIA' })).toBe(MANUAL_STATIC);
  });

  it('carries amount and txid, drops accents and cuts name and city', () => {
    const code = pixStatic({ chave: '+5561999999999', nome: 'Lojão da Moda Fashion Ltda ME', cidade: 'São José dos Campos', valor: 12345, txid: 'PED123' });
    expect(code).toContain('5406123.45');
    expect(code).toContain('5925Lojao da Moda Fashion Ltd6015');
    expect(code).toContain('6015Sao Jose dos Ca');
    expect(code).toContain('62100506PED123');
    expect(parsePix(code)).toMatchObject({ chave: '+5561999999999', valor: 12345, txid: 'PED123', nome: 'Lojao da Moda Fashion Ltd', cidade: 'Sao Jose dos Ca' });
  });

  it('refuses a bad txid, an empty key and a zero amount in pt-BR', () => {
    const base = { chave: 'a@b.com', nome: 'Loja', cidade: 'Recife' };
    expect(() => pixStatic({ ...base, txid: 'com espaço' })).toThrow('O identificador da transação (txid) deve ter até 25 letras ou números, ou ser ***.');
    expect(() => pixStatic({ ...base, chave: ' ' })).toThrow('A chave PIX é obrigatória.');
    expect(() => pixStatic({ ...base, valor: 0 })).toThrow('O valor do boleto deve ser um número inteiro de centavos');
  });
});

describe('dynamic BR Code', () => {
  it('puts the location URL without https:// in 26.25, txid *** and the single-use method 12', () => {
    const code = pixDynamic({ url: 'https://pix.example.com/qr/v2/9d36b84fc70b478fb95c12729b90ca25', nome: 'Loja Demo', cidade: 'Recife', valor: 1000, unico: true });
    const body = '000201010212'
      + '2676' + '0014br.gov.bcb.pix' + '2554pix.example.com/qr/v2/9d36b84fc70b478fb95c12729b90ca25'
      + '52040000' + '5303986' + '540510.00' + '5802BR' + '5909Loja Demo' + '6006Recife' + '62070503***' + '6304';
    expect(code).toBe(`${body}${crc16(body)}`);
    expect(parsePix(code)).toMatchObject({ url: 'pix.example.com/qr/v2/9d36b84fc70b478fb95c12729b90ca25', valor: 1000, txid: '***' });
    expect(() => pixDynamic({ url: 'http://x', nome: 'a', cidade: 'b' })).toThrow('A URL de localização do PIX dinâmico é inválida');
  });
});

describe('reading a BR Code', () => {
  it('reads the manual example and refuses a changed character (CRC) and a truncated payload', () => {
    expect(parsePix(MANUAL_STATIC)).toMatchObject({ chave: '123e4567-e12b-12d1-a456-426655440000', txid: '***', nome: 'Fulano de Tal', cidade: 'BRASILIA' });
    expect(() => parsePix(MANUAL_STATIC.replace('Fulano', 'Fulana'))).toThrow('O CRC16 do código PIX não confere.');
    expect(() => parsePix(MANUAL_STATIC.slice(0, 40))).toThrow('Código PIX (BR Code) inválido');
  });
});

describe('hybrid boleto PIX (static BR Code)', () => {
  it('derives the txid from the bank and the printed nosso número, letters and digits only, at most 25', () => {
    expect(boletoPixTxid('341', '109/00000006-2')).toBe('BOL341109000000062');
    expect(boletoPixTxid('1', '12345670000000001')).toBe('BOL00112345670000000001');
    // Caixa's 17 digits + the prefix are 23; a longer one keeps its last digits (where the sequence varies).
    const long = boletoPixTxid('104', '14/000000000000123-4x99');
    expect(long).toHaveLength(25);
    expect(long.endsWith('1234x99')).toBe(true);
    expect(long).toMatch(/^[A-Za-z0-9]{1,25}$/);
  });

  it('writes every field of the boleto\'s payload byte for byte, closed by its CRC16', () => {
    const txid = boletoPixTxid('341', '109/00000006-2');
    const payload = pixStatic({ chave: 'financeiro@demomoda.exemplo.com.br', nome: 'Demo Moda Comércio de Roupas e Calçados Ltda', cidade: 'São Paulo', valor: 12345, txid });
    const body = '000201'
      + '2656' + '0014br.gov.bcb.pix' + '0134financeiro@demomoda.exemplo.com.br'
      + '52040000' + '5303986' + '5406123.45' + '5802BR'
      + '5925Demo Moda Comercio de Rou' + '6009Sao Paulo'
      + '6222' + '0518BOL341109000000062'
      + '6304';
    expect(payload).toBe(`${body}${crc16(body)}`);
    // The CRC over the whole payload with its own field is the checked value; a changed amount breaks it.
    expect(parsePix(payload)).toMatchObject({ chave: 'financeiro@demomoda.exemplo.com.br', valor: 12345, txid, cidade: 'Sao Paulo' });
    expect(() => parsePix(payload.replace('123.45', '123.46'))).toThrow('O CRC16 do código PIX não confere.');
  });
});
