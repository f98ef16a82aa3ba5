import { describe, expect, it } from 'vitest';
import type { ScaleProductRow as ContractRow } from '@pdv/contract/scale';
import { filizolaCadTxt, scaleFiles, scaleText, toledoInfNutri, toledoItensMgv } from './scale-files.ts';

// The route's rows are what the files take.
type ScaleProductRow = ContractRow;
const banana: ScaleProductRow = {
  id_produto: 7, codigo_balanca: '0123', descricao: 'Banana Prata Climatizada Selecionada Extra', unidade: 'KG', tipo_venda: 'Peso',
  preco_venda: 29.9, imprimir_data_embalagem: true,
  nutricional: {
    quantidade_porcao: 100, unidade_porcao: 'g', medida_caseira: '1 unidade', valor_energetico: 98, carboidratos: 26, acucares: 0,
    proteinas: 1.3, gorduras_totais: 0.1, gorduras_saturadas: 0, gorduras_trans: 0, fibra_alimentar: 2, sodio: 0,
  },
};
const pao: ScaleProductRow = {
  id_produto: 8, codigo_balanca: '0008', descricao: 'Pão de Queijo', unidade: 'UN', tipo_venda: 'Unidade', preco_venda: 1.5,
  imprimir_data_embalagem: false, nutricional: null,
};

describe('Toledo MGV files', () => {
  it('writes ITENSMGV.TXT lines of 150 characters, field by field', () => {
    const [line, second, end] = toledoItensMgv([banana, pao]).split('\r\n');
    expect(end).toBe('');
    expect(line).toHaveLength(150);
    expect(second).toHaveLength(150);
    expect(line!.slice(0, 18)).toBe('01' + '0' + '000123' + '002990' + '000');
    expect(line!.slice(18, 43)).toBe('Banana Prata Climatizada ');
    expect(line!.slice(43, 68)).toBe('Selecionada Extra'.padEnd(25, ' '));
    // Extra information 000000, image 0000, nutrition code = the product's code, validity not printed, packing date printed.
    expect(line!.slice(68, 86)).toBe('000000' + '0000' + '000123' + '0' + '1');
    expect(line!.slice(86)).toBe('0'.repeat(64));
    expect(second!.slice(0, 18)).toBe('01' + '1' + '000008' + '000150' + '000');
    expect(second!.slice(18, 43)).toBe('Pao de Queijo'.padEnd(25, ' '));
    expect(second!.slice(78, 86)).toBe('000000' + '0' + '0');
  });

  it('writes INFNUTRI.TXT for the products with a (RDC 360) table', () => {
    const text = toledoInfNutri([banana, pao]);
    expect(text).toBe('N' + '000123' + '0' + '100' + '0' + '01' + '0' + '05' + '0098' + '0260' + '013' + '001' + '000' + '000' + '020' + '00000' + '\r\n');
    expect(text.trimEnd()).toHaveLength(45);
  });

  it('writes no nutrition file, and no nutrition code, under RDC 429', () => {
    const files = scaleFiles('Toledo', [banana], '429');
    expect(Object.keys(files)).toEqual(['ITENSMGV.TXT']);
    expect(files['ITENSMGV.TXT']!.slice(78, 84)).toBe('000000');
    expect(Object.keys(scaleFiles('Toledo', [banana]))).toEqual(['ITENSMGV.TXT', 'INFNUTRI.TXT']);
  });

  it('refuses a price that does not fit rather than writing another one', () => {
    expect(() => toledoItensMgv([{ ...pao, preco_venda: 10_000 }])).toThrow('O preço de Pão de Queijo não cabe no arquivo da balança (6 dígitos).');
  });
});

describe('Filizola CADTXT.TXT', () => {
  it('writes lines of 39 characters: code, P or U, description 22, price 7, validity 3', () => {
    expect(filizolaCadTxt([banana, pao])).toBe(
      '000123' + 'P' + 'Banana Prata Climatiza' + '0002990' + '000' + '\r\n' +
      '000008' + 'U' + 'Pao de Queijo         ' + '0000150' + '000' + '\r\n',
    );
    expect(scaleText('Açúcar Orgânico ½')).toBe('Acucar Organico  ');
  });
});
