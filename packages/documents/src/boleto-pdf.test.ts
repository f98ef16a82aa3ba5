import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Content } from 'pdfmake/interfaces';
import { boletoDocument, boletoPdf, type BoletoPdfData } from './boleto-pdf.ts';
import { texts } from './danfe-testing.ts';
import { itfDecode, itfElements } from './itf.ts';
import { pdfText } from './pdf-text.ts';

const data = (over: Partial<BoletoPdfData> = {}): BoletoPdfData => ({
  banco: '237',
  codigoBarras: '23795422300002952951172060007589645204030050',
  linhaDigitavel: '23791.17209 60007.589645 52040.300502 5 42230000295295',
  nossoNumero: '06/00075896452-0',
  beneficiario: { nome: 'Demo Moda Ltda', documento: '45123897000110', endereco: 'Rua Augusta, 100, São Paulo, SP' },
  agenciaCodigo: '1172-0 / 0403005-0',
  pagador: { nome: 'Juliana Alves Pereira', documento: '12345678909', endereco: 'Rua das Flores, 10, Centro, Campinas, SP, 13010-000' },
  numeroDocumento: '000123/1',
  vencimento: '2009-04-30',
  emissao: '2009-04-01',
  processamento: '2009-04-01',
  valor: 295_295,
  carteira: '06',
  especieDocumento: 'DM',
  aceite: 'N',
  instrucoes: ['Após o vencimento cobrar multa de 2,00%.', 'Juros de R$ 0,98 ao dia.'],
  ...over,
});

function findCanvas(node: unknown): Array<{ x: number; w: number; type: string }>[] {
  if (Array.isArray(node)) return node.flatMap(findCanvas);
  if (node && typeof node === 'object') {
    const o = node as Record<string, unknown>;
    return [...(Array.isArray(o.canvas) ? [o.canvas as Array<{ x: number; w: number; type: string }>] : []), ...Object.values(o).flatMap(findCanvas)];
  }
  return [];
}

describe('ITF 2 of 5', () => {
  it('encodes 44 digits into 405 narrow modules and decodes back', () => {
    const elements = itfElements(data().codigoBarras);
    expect(elements.reduce((a, b) => a + b, 0)).toBe(405);
    expect(itfDecode(elements)).toBe(data().codigoBarras);
  });
});

describe('boleto PDF', () => {
  it('lays out the receipt and the compensation slip with bank, linha digitável, values and payer', () => {
    const all = texts(boletoDocument(data()).content).join('\n');
    expect(all).toContain('RECIBO DO PAGADOR');
    expect(all).toContain('Bradesco');
    expect(all).toContain('237-2');
    expect(all.match(/23791\.17209 60007\.589645 52040\.300502 5 42230000295295/g)).toHaveLength(2);
    expect(all).toContain('R$ 2.952,95');
    expect(all).toContain('30/04/2009');
    expect(all).toContain('Juliana Alves Pereira - CPF/CNPJ 123.456.789-09');
    expect(all).toContain('Autenticação mecânica - Ficha de Compensação');
  });

  it('draws the barcode 103 mm wide with the bars of the 44 digits', () => {
    const canvases = findCanvas(boletoDocument(data()).content).filter((c) => c.every((e) => e.type === 'rect'));
    expect(canvases).toHaveLength(1);
    const bars = canvases[0]!;
    const module = bars[0]!.w;
    const width = bars[bars.length - 1]!.x + bars[bars.length - 1]!.w;
    expect(width).toBeCloseTo(103 * (72 / 25.4), 0);
    // Rebuild the element sequence from the rectangles (bars and the gaps between them) and decode it.
    const elements: number[] = [];
    bars.forEach((b, i) => {
      elements.push(Math.round(b.w / module));
      const next = bars[i + 1];
      if (next) elements.push(Math.round((next.x - b.x - b.w) / module));
    });
    expect(itfDecode(elements)).toBe(data().codigoBarras);
  });

  it('carries the PIX QR code only when hybrid', () => {
    const pix = '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D';
    const hasQr = (content: Content) => JSON.stringify(content).includes('"qr":');
    expect(hasQr(boletoDocument(data()).content)).toBe(false);
    const hybrid = boletoDocument(data({ pix })).content;
    expect(JSON.stringify(hybrid)).toContain(`"qr":"${pix}"`);
    expect(texts(hybrid).join('\n')).toContain('Pague com PIX');
  });

  it('renders a PDF with its texts', { timeout: 30_000 }, async () => {
    const pdf = await boletoPdf(data({ pix: '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D' }));
    expect(new TextDecoder('latin1').decode(pdf.slice(0, 5))).toBe('%PDF-');
    const text = pdfText(pdf);
    expect(text).toContain('Ficha de Compensação');
    expect(text).toContain('R$ 2.952,95');
    if (process.env.BOLETO_PDF_OUT) writeFileSync(process.env.BOLETO_PDF_OUT, pdf);
  });
});
