import { describe, expect, it } from 'vitest';
import { parseBarcode } from './boleto.ts';
import { emitirBoleto } from './emitir.ts';
import { parseFreeField } from './free-field.ts';
import { parsePix } from './pix.ts';

describe('emitirBoleto', () => {
  it('rebuilds a brcobranca Bradesco vector from its parts, value and due date', () => {
    // 23795422300002952951172060007589645204030050: factor 4223 = 2009-04-30 (days since 07/10/1997), R$ 2.952,95.
    const b = emitirBoleto({ parts: { banco: '237', agencia: '1172', carteira: '06', nossoNumero: '75896452', conta: '403005' }, valor: 295295, vencimento: '2009-04-30' });
    expect(b.codigoBarras).toBe('23795422300002952951172060007589645204030050');
    expect(b.linhaDigitavel).toBe('23791.17209 60007.589645 52040.300502 5 42230000295295');
  });

  it('issues a Sicoob boleto due after the 2025 factor restart and reads it back', () => {
    const b = emitirBoleto({ parts: { banco: '756', carteira: '1', agencia: '4327', modalidade: '01', codigoCliente: '229385', nossoNumero: '123', parcela: '1' },
      valor: 15990, vencimento: '2026-12-27' });
    const fields = parseBarcode(b.codigoBarras);
    expect(fields).toMatchObject({ bank: '756', factor: String(1000 + 673), value: 15990 });
    expect(parseFreeField('756', fields.freeField)).toMatchObject({ nossoNumero: '0000123', agencia: '4327' });
  });

  it('a hybrid boleto carries the PIX of the same amount', () => {
    const parts = { banco: '237' as const, agencia: '1172', carteira: '09', nossoNumero: '42', conta: '403005' };
    const b = emitirBoleto({ parts, valor: 15990, vencimento: '2026-12-27', pix: { url: 'https://pix.banco.example/qr/v2/abc123', nome: 'Loja Demo', cidade: 'Recife' } });
    expect(parsePix(b.pix!)).toMatchObject({ url: 'pix.banco.example/qr/v2/abc123', valor: 15990, txid: '***' });
    const s = emitirBoleto({ parts, valor: 15990, vencimento: '2026-12-27', pix: { chave: '45123897000110', txid: 'BOLETO42', nome: 'Loja Demo', cidade: 'Recife' } });
    expect(parsePix(s.pix!)).toMatchObject({ chave: '45123897000110', valor: 15990, txid: 'BOLETO42' });
    expect(emitirBoleto({ parts, valor: 15990, vencimento: '2026-12-27' }).pix).toBeUndefined();
  });

  it('Sicredi marks the free field as having a value; zero or fractional values are refused', () => {
    const parts = { banco: '748' as const, tipoCobranca: '1', carteira: '1', nossoNumero: '26200001', agencia: '0710', posto: '65', beneficiario: '00129', comValor: '0' };
    expect(emitirBoleto({ parts, valor: 100, vencimento: '2026-12-01' }).campoLivre[22]).toBe('1');
    expect(() => emitirBoleto({ parts, valor: 0, vencimento: '2026-12-01' })).toThrow('O valor do boleto deve ser um número inteiro de centavos');
  });
});
