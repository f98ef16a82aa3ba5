import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { extratoDefinition, extratoPdf, extratoQrCode, EXTRATO_TEXTS, formatSatDateTime, parseCFe } from './cfe-extrato.ts';
import { nodesWith, pdfPageCount, texts } from './danfe-testing.ts';
import { RECEIPT_WIDTH } from './receipt.ts';

const sample = (name: string) => readFileSync(`/work/shared/fiscal/samples/satcfe/${name}`, 'utf8');
const sale = () => parseCFe(sample('enviardadosvenda-cfe-autorizado.xml'));

describe('CF-e-SAT extrato', () => {
  it("reads the SAT's signed CF-e and prints the extrato's fields in order on the 80 mm roll", () => {
    const data = sale();
    const doc = extratoDefinition(data);
    expect(doc.pageSize).toEqual({ width: RECEIPT_WIDTH, height: 'auto' });
    const all = texts(doc.content);
    const order = ['TANCA', 'CNPJ 08.723.218/0001-86  IE 149626224113  IM 123123', 'Extrato No. 000021', EXTRATO_TEXTS.title, EXTRATO_TEXTS.test,
      EXTRATO_TEXTS.consumerNone, 'TODDYNHO 200 ML', 'TOTAL R$', 'Dinheiro', 'Troco R$', 'SAT No. 900004019', '18/07/2015 - 15:44:23',
      '3515 0708 7232 1800 0186 5990 0004 0190 0002 1513 3408'];
    let last = -1;
    for (const text of order) {
      const index = all.findIndex((t, i) => i > last && t.includes(text));
      expect(index, text).toBeGreaterThan(last);
      last = index;
    }
    expect(all).toContain('2,00');
    // The QR code: key|timestamp|value|consumer|signature.
    const [qr] = nodesWith(doc.content, 'qr');
    expect(qr?.['qr']).toBe(extratoQrCode(data));
    expect(String(qr?.['qr'])).toMatch(/^35150708723218000186599000040190000215133408\|20150718154423\|2\.00\|\|Z5nVOl/);
    // Two barcodes: the key's halves.
    expect(nodesWith(doc.content, 'canvas').filter((n) => (n['canvas'] as unknown[]).length > 20)).toHaveLength(2);
  });

  it('prints the cancellation with the cancelled CF-e and the cancellation keys', () => {
    const data = parseCFe(sample('cancelarultimavenda-cfecanc-autorizado.xml'));
    expect(data.cancelamento).toBe(true);
    const all = texts(extratoDefinition(data).content).join('\n');
    expect(all).toContain(EXTRATO_TEXTS.cancelTitle);
    expect(all).toContain(EXTRATO_TEXTS.cancelledData);
    expect(all).toContain('3515 0908 7232 1800 0186 5990 0004 0190 0003 6053 9948');
    expect(all).toContain('3515 0908 7232 1800 0186 5990 0004 0190 0003 7858 5470');
    expect(all).toContain('11/09/2015 - 17:58:40');
    expect(all).toContain('11/09/2015 - 17:59:21');
  });

  it('renders a PDF and refuses what is not a signed CF-e', async () => {
    const pdf = await extratoPdf(sample('enviardadosvenda-cfe-autorizado.xml'));
    expect(pdfPageCount(pdf)).toBe(1);
    // What the application sends (no Id: not yet signed by the SAT) has no extrato.
    expect(() => parseCFe(sample('enviardadosvenda-cfe.xml'))).toThrow('infCFe sem Id de CF-e');
    expect(() => parseCFe('<NFe></NFe>')).toThrow('o documento não é um CF-e-SAT');
    expect(formatSatDateTime('20261128', '093005')).toBe('28/11/2026 - 09:30:05');
  });
});
