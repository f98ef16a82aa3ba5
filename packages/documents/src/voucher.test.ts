import { describe, expect, it } from 'vitest';
import type { Content } from 'pdfmake/interfaces';
import { code39Bars } from './code39.ts';
import { texts } from './danfe-testing.ts';
import { VOUCHER_FONTS, VOUCHER_WIDTH, voucherDocument, voucherPdf, type VoucherData } from './voucher.ts';

const data = (fields: Partial<VoucherData> = {}): VoucherData => ({
  loja: { nome: 'Demo Moda - Loja Centro', cnpj: '45123897000110', endereco: 'Rua Augusta, 100, São Paulo, SP' },
  codigo: '000100000007',
  valor: 15_000,
  saldo: 15_000,
  data: '2026-11-20T14:30:00-03:00',
  validade: null,
  cliente: 'Juliana Alves Pereira',
  numero: '42',
  ...fields,
});

describe('credit voucher PDF', () => {
  it('is a 200-point roll with the spec fonts, the code, value and customer', () => {
    const doc = voucherDocument(data());
    expect(doc.pageSize).toEqual({ width: VOUCHER_WIDTH, height: 'auto' });
    expect(doc.defaultStyle?.fontSize).toBe(VOUCHER_FONTS.body);
    const all = texts(doc.content).join('\n');
    expect(all).toContain('VALE CRÉDITO');
    expect(all).toContain('Código 000100000007');
    expect(all).toContain('R$ 150,00');
    expect(all).toContain('Juliana Alves Pereira');
    expect(all).toContain('Sem validade');
    expect(all).toContain('CNPJ 45.123.897/0001-10');
    expect(all).not.toContain('Saldo disponível');
  });

  it('carries the code as a CODE39 barcode and as a QR code', () => {
    const content = voucherDocument(data()).content as Content[];
    const qr = content.find((c) => typeof c === 'object' && c !== null && 'qr' in c) as { qr: string } | undefined;
    expect(qr?.qr).toBe('000100000007');
    const canvas = content.find((c) => typeof c === 'object' && c !== null && 'canvas' in c && (c as { canvas: unknown[] }).canvas.length > 1) as
      { canvas: Array<{ x: number; w: number }> } | undefined;
    const expected = code39Bars('000100000007', { moduleWidth: 1, height: 32 });
    expect(canvas?.canvas).toHaveLength(expected.bars.length);
    // Same bar sequence as the encoder's, scaled to fit the roll.
    const scale = canvas!.canvas[0]!.w / expected.bars[0]!.w;
    expect(canvas!.canvas.map((b) => Math.round(b.w / scale))).toEqual(expected.bars.map((b) => b.w));
    expect(expected.width * scale).toBeLessThanOrEqual(VOUCHER_WIDTH - 10 + 1e-9);
  });

  it('shows what is left of a partly used voucher and its expiry', () => {
    const all = texts(voucherDocument(data({ saldo: 4_000, validade: '2027-05-31' })).content).join('\n');
    expect(all).toContain('Saldo disponível');
    expect(all).toContain('R$ 40,00');
    expect(all).toContain('31/05/2027');
  });

  it("prints its issue time in the branch's zone, not the host's", () => {
    const saved = process.env['TZ'];
    process.env['TZ'] = 'UTC';
    try {
      const all = texts(voucherDocument(data({ data: '2026-11-20T17:30:00Z' })).content).join('\n');
      expect(all).toContain('20/11/2026 14:30');
      expect(texts(voucherDocument(data({ data: '2026-11-20T17:30:00Z', fuso_horario: -4 })).content).join('\n')).toContain('20/11/2026 13:30');
    } finally {
      if (saved === undefined) delete process.env['TZ'];
      else process.env['TZ'] = saved;
    }
  });

  it('renders a PDF whose metadata names the code', { timeout: 30_000 }, async () => {
    const pdf = await voucherPdf(data());
    const text = new TextDecoder('latin1').decode(pdf);
    expect(text.slice(0, 5)).toBe('%PDF-');
    expect(text).toContain('000100000007');
  });
});
