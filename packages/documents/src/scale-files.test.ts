import { describe, expect, it } from 'vitest';
import type { ScaleProductRow as ContractRow } from '@pdv/contract/scale';
import { filizolaCadTxt, scaleFiles, scaleText, toledoInfNutri, toledoInfNutri429, toledoItensMgv } from './scale-files.ts';

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

  it('writes INFNUTRI.TXT in MGV7\'s RDC 429 layout (version 4), field by field, and points the items to it', () => {
    const cookie: ScaleProductRow = {
      ...pao, codigo_balanca: '0042', descricao: 'Biscoito Amanteigado', tipo_venda: 'Peso',
      nutricional: {
        quantidade_porcao: 30, unidade_porcao: 'g', medida_caseira: '2 xícaras de chá', valor_energetico: 152, carboidratos: 19.5,
        acucares: 4.5, proteinas: 2.1, gorduras_totais: 7.25, gorduras_saturadas: 1.7, gorduras_trans: 0.1, fibra_alimentar: 0.6, sodio: 180,
      },
    };
    const files = scaleFiles('Toledo', [cookie, pao], '429');
    expect(Object.keys(files)).toEqual(['ITENSMGV.TXT', 'INFNUTRI.TXT']);
    expect(files['ITENSMGV.TXT']!.slice(78, 84)).toBe('000042');
    const lines = files['INFNUTRI.TXT']!.split('\r\n');
    expect(lines).toHaveLength(2);
    const line = lines[0]!;
    expect(line).toHaveLength(131);
    // 1-based positions of the layout (docs/decisions.md), each field read on its own.
    const at = (from: number, size: number) => line.slice(from - 1, from - 1 + size);
    const fields: Array<[number, number, string, string]> = [
      [1, 1, 'N', 'record'], [2, 6, '000042', 'code'], [8, 1, '0', 'reserved'], [9, 3, '030', 'RDC 360 portion'], [12, 1, '0', 'unit g'],
      [13, 2, '02', 'measure integer'], [15, 1, '0', 'fraction'], [16, 2, '03', 'RDC 360 measure code: xícara'], [18, 4, '0152', 'energy'],
      [22, 4, '0195', 'carbohydrates'], [26, 3, '021', 'proteins'], [29, 3, '073', 'total fat (7.25 half up)'],
      [32, 3, '017', 'saturated'], [35, 3, '001', 'trans'], [38, 3, '006', 'fibre'], [41, 5, '01800', 'sodium'], [46, 4, '0000', 'reserved'],
      [50, 1, '|', 'separator'], [51, 1, '1', 'automatic portions (weighed)'], [52, 3, '000', 'portions per package'],
      [55, 3, '030', 'portion'], [58, 1, '0', 'unit g'], [59, 2, '02', 'measure integer'], [61, 1, '0', 'fraction'],
      [62, 2, '27', 'measure code: xícara de chá'], [64, 4, '0152', 'energy'], [68, 4, '0195', 'carbohydrates'],
      [72, 3, '045', 'total sugars'], [75, 3, '045', 'added sugars'], [78, 3, '021', 'proteins'], [81, 3, '073', 'total fat'],
      [84, 3, '017', 'saturated'], [87, 3, '001', 'trans'], [90, 3, '006', 'fibre'], [93, 5, '01800', 'sodium'],
      [98, 1, '1', 'high in added sugars (15 g/100 g)'], [99, 1, '0', 'high in saturated fat (5.7 g/100 g)'], [100, 1, '1', 'high in sodium (600 mg/100 g)'],
      [101, 5, '00000', 'lactose'], [106, 5, '00000', 'galactose'], [111, 1, '0', 'print lactose/galactose'],
      [112, 5, '00450', 'added sugars, 2 decimals'], [117, 5, '00450', 'total sugars, 2 decimals'], [122, 5, '00725', 'total fat, 2 decimals'],
      [127, 5, '00210', 'proteins, 2 decimals'],
    ];
    expect(fields.map(([from, size, , name]) => [name, at(from, size)])).toEqual(fields.map(([, , value, name]) => [name, value]));
    // The RDC 360 part is the same line the 360 file has.
    expect(line.slice(0, 45)).toBe(toledoInfNutri([cookie]).slice(0, 45));
    // A unit product's package is one portion, not counted by the scale.
    const unit = toledoInfNutri429([{ ...cookie, tipo_venda: 'Unidade' }]);
    expect(unit.slice(50, 54)).toBe('0' + '001');
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
