import { describe, expect, it } from 'vitest';
import { LABEL_MESSAGES } from './label-settings.ts';
import {
  LABEL_PRINT_MESSAGES as M, cutLabelTexts, expandLabels, fillLabelSource, labelLanguage, labelPrintIssue, labelPrinterJob, labelTextLimits,
  type LabelItem, type LabelModel,
} from './label-print.ts';

const item = (over: Partial<LabelItem> = {}): LabelItem => ({
  descricao: 'Camiseta Gola Careca Algodão Premium', variacao: 'Azul Marinho / GG', sku: 'CAM-GOLA-001', codigo_barras: '7891234567895',
  preco_venda: 59.9, preco_atacado: 49.9, marca: 'Demo', qtd: 1, ...over,
});
const model = (over: Partial<LabelModel> = {}): LabelModel => ({
  id_etiqueta: 1, descricao: 'Gôndola', tipo: 'Folha', modelo: 'Pimaco6187', codigo_fonte: null, numero_colunas: 4, tamanho_descricao: 25, ...over,
});

describe('label texts per model (001 §9)', () => {
  it('cuts Pimaco 6187 at 25 / 12 / 8 and A4351 at 20 / 25, a custom model at its size or 15', () => {
    const p6187 = cutLabelTexts(item(), labelTextLimits(model()));
    expect([p6187.descricao, p6187.variacao, p6187.sku]).toEqual(['Camiseta Gola Careca Algo', 'Azul Marinho', 'CAM-GOLA']);
    const a4351 = cutLabelTexts(item(), labelTextLimits(model({ modelo: 'A4351' })));
    expect([a4351.descricao, a4351.variacao, a4351.sku]).toEqual(['Camiseta Gola Careca', 'Azul Marinho / GG', 'CAM-GOLA-001']);
    expect(cutLabelTexts(item(), labelTextLimits(model({ tipo: 'Termica', modelo: null, tamanho_descricao: null }))).descricao).toBe('Camiseta Gola C');
    expect(cutLabelTexts(item(), labelTextLimits(model({ tipo: 'Termica', modelo: null, tamanho_descricao: 8 }))).descricao).toBe('Camiseta');
  });
});

describe('a print request (001 §5 Labels)', () => {
  it('answers the spec messages: no model, no source for the printer, nothing to print', () => {
    expect(labelPrintIssue(null, [item()])).toBe(M.labelMissing);
    expect(labelPrintIssue(model({ tipo: 'Termica', codigo_fonte: ' ' }), [item()], 'printer')).toBe(LABEL_MESSAGES.sourceCodeMissing);
    expect(labelPrintIssue(model(), [])).toBe(M.nothingToPrint);
    expect(labelPrintIssue(model(), [item({ qtd: 0 }), item({ qtd: 0 })])).toBe(M.nothingToPrint);
    expect(labelPrintIssue(model(), [item({ qtd: 1.5 })])).toBe(M.quantityInvalid);
    expect(labelPrintIssue(model(), [item({ qtd: 0 }), item({ qtd: 2 })])).toBeNull();
    expect(labelPrintIssue(model({ tipo: 'Termica', codigo_fonte: '^XA^XZ' }), [item()], 'printer')).toBeNull();
  });

  it('gives one label per unit asked for, in order', () => {
    const labels = expandLabels([item({ sku: 'A', qtd: 2 }), item({ sku: 'B', qtd: 0 }), item({ sku: 'C', qtd: 1 })]);
    expect(labels.map((l) => l.sku)).toEqual(['A', 'A', 'C']);
  });
});

describe('thermal source code', () => {
  it('tells ZPL from EPL', () => {
    expect(labelLanguage('^XA^FO10,10^FDx^FS^XZ')).toBe('ZPL');
    expect(labelLanguage('N\nA10,10,0,3,1,1,N,"x"\nP1\n')).toBe('EPL');
  });

  it('fills a ZPL template, cutting the description and dropping ^ and ~ from values', () => {
    const zpl = '^XA^FO20,20^FD{descricao}^FS^FO20,60^BEN,60^FD{codigo_barras}^FS^FO20,140^FDR$ {preco_venda}^FS^PQ{qtd}^XZ';
    const filled = fillLabelSource(zpl, item({ descricao: 'Caneca ^XZ~JA Grande', qtd: 3 }), labelTextLimits(model({ tipo: 'Termica', modelo: null, tamanho_descricao: 15 })));
    expect(filled).toBe('^XA^FO20,20^FDCaneca XZJA G^FS^FO20,60^BEN,60^FD7891234567895^FS^FO20,140^FDR$ 59,90^FS^PQ3^XZ');
  });

  it('fills an EPL template escaping quotes, keeping unknown placeholders', () => {
    const epl = 'N\nA10,10,0,3,1,1,N,"{DESCRICAO}"\nA10,40,0,2,1,1,N,"{marca} {outro}"\nB10,70,0,E30,2,4,50,B,"{codigo_barras}"\nP{qtd}\n';
    const filled = fillLabelSource(epl, item({ descricao: 'TV 32"', marca: 'A\\B', qtd: 2 }));
    expect(filled).toBe('N\nA10,10,0,3,1,1,N,"TV 32\\""\nA10,40,0,2,1,1,N,"A\\\\B {outro}"\nB10,70,0,E30,2,4,50,B,"7891234567895"\nP2\n');
  });

  it('makes one printer job with the items that have labels', () => {
    const m = model({ tipo: 'Termica', modelo: null, codigo_fonte: '^XA^FD{sku}^FS^PQ{qtd}^XZ', tamanho_descricao: 15 });
    expect(labelPrinterJob(m, [item({ sku: 'A', qtd: 2 }), item({ sku: 'B', qtd: 0 }), item({ sku: 'C', qtd: 1 })])).toBe(
      '^XA^FDA^FS^PQ2^XZ\n^XA^FDC^FS^PQ1^XZ',
    );
  });
});

describe('a thermal job with the model parameters (issue 22)', () => {
  it('writes each {param:chave} value once before filling the item fields', () => {
    const base: LabelModel = {
      id_etiqueta: 1, descricao: 'Zebra', tipo: 'Termica', modelo: null, numero_colunas: 1, tamanho_descricao: 15,
      codigo_fonte: '^XA~SD{param:escuridao}^FO{param:x},10^FD{sku}^FS^PQ{qtd}^XZ',
    };
    const one = { descricao: 'Camiseta', variacao: 'P', sku: 'CAM-1', codigo_barras: null, preco_venda: 10, preco_atacado: 9, marca: 'X', qtd: 2 };
    expect(labelPrinterJob({ ...base, parametros: [{ chave: 'escuridao', valor: '25' }, { chave: 'x', valor: '40' }] }, [one]))
      .toBe('^XA~SD25^FO40,10^FDCAM-1^FS^PQ2^XZ');
    expect(labelPrinterJob({ ...base, parametros: [{ chave: 'escuridao', valor: '10' }, { chave: 'x', valor: '0' }] }, [one]))
      .toBe('^XA~SD10^FO0,10^FDCAM-1^FS^PQ2^XZ');
  });
});
