import { describe, expect, it } from 'vitest';
import {
  LABEL_MESSAGES as M, fillLabelParams, labelIssues, labelParameterIssues, labelSheetOffset, labelSourceParams, parseLabelOffset,
} from './label-settings.ts';

describe('label models', () => {
  it('asks a thermal model for its source code with the spec message', () => {
    expect(labelIssues({ tipo: 'Termica', codigo_fonte: '  ' })).toEqual([{ field: 'codigo_fonte', message: M.sourceCodeMissing }]);
    expect(labelIssues({ tipo: 'Termica', codigo_fonte: '^XA^FD{descricao}^FS^XZ' })).toEqual([]);
  });

  it("asks a sheet model for its sheet, and keeps the sheet's columns and description size (001 §9)", () => {
    expect(labelIssues({ tipo: 'Folha', modelo: null })).toEqual([{ field: 'modelo', message: M.sheetMissing }]);
    expect(labelIssues({ tipo: 'Folha', modelo: 'Pimaco6187', numero_colunas: 4, tamanho_descricao: 25 })).toEqual([]);
    expect(labelIssues({ tipo: 'Folha', modelo: 'A4351', numero_colunas: 4, tamanho_descricao: 21 })).toEqual([
      { field: 'numero_colunas', message: M.sheetColumns('Pimaco A4351', 5) },
      { field: 'tamanho_descricao', message: M.sheetDescription('Pimaco A4351', 20) },
    ]);
  });

  it('checks only what a partial row says', () => {
    expect(labelIssues({ descricao: 'Gôndola' })).toEqual([]);
  });
});

describe('label model parameters (issue 22)', () => {
  const p = (chave: string, valor = '') => ({ chave, valor });

  it('wants identifier-like keys, each once per model, with a value of at most 200 characters', () => {
    expect(labelParameterIssues([p('escuridao', '20'), p('velocidade_2', '4')], null)).toEqual([]);
    expect(labelParameterIssues([p(''), p('Escuro'), p('2x'), p('a-b'), p('x'.repeat(41))], null).map((i) => i.message)).toEqual([
      M.paramKeyMissing, M.paramKeyInvalid, M.paramKeyInvalid, M.paramKeyInvalid, M.paramKeyInvalid,
    ]);
    expect(labelParameterIssues([p('escuridao', '1'), p('escuridao', '2')], null)).toEqual([
      { field: 'parametros.1.chave', message: M.paramKeyDuplicate('escuridao') },
    ]);
    expect(labelParameterIssues([p('longo', 'x'.repeat(201))], null)).toEqual([{ field: 'parametros.0.valor', message: M.paramValueTooLong }]);
  });

  it('refuses a source placeholder naming no parameter, naming it', () => {
    const source = '^XA~SD{param:escuridao}^PR{param:velocidade}^FD{descricao}^FS^XZ';
    expect(labelSourceParams(source)).toEqual(['escuridao', 'velocidade']);
    expect(labelParameterIssues([p('escuridao', '20')], source)).toEqual([{ field: 'codigo_fonte', message: M.paramUnknown('velocidade') }]);
    expect(labelIssues({ tipo: 'Termica', codigo_fonte: source, parametros: [p('escuridao', '20'), p('velocidade', '4')] })).toEqual([]);
    expect(labelIssues({ tipo: 'Termica', codigo_fonte: source, parametros: [] }).map((i) => i.message)).toEqual([
      M.paramUnknown('escuridao'), M.paramUnknown('velocidade'),
    ]);
    // Without the parameters in the row (an update that leaves them out), the hook checks the stored ones.
    expect(labelIssues({ tipo: 'Termica', codigo_fonte: source })).toEqual([]);
  });

  it('fills {param:chave} with the value, leaving unknown ones and the item fields alone', () => {
    expect(fillLabelParams('~SD{param:escuridao}^PR{param:velocidade}{descricao}{param:outro}', [p('escuridao', '25'), p('velocidade', '3')]))
      .toBe('~SD25^PR3{descricao}{param:outro}');
  });

  it('reads the sheet offsets as millimetres from -10 to 10, with comma or point', () => {
    expect([parseLabelOffset('1,5'), parseLabelOffset('-2.25'), parseLabelOffset('10'), parseLabelOffset(' 0 ')]).toEqual([1.5, -2.25, 10, 0]);
    expect([parseLabelOffset('10,5'), parseLabelOffset('abc'), parseLabelOffset(''), parseLabelOffset('1e1'), parseLabelOffset('-11')])
      .toEqual([null, null, null, null, null]);
    expect(labelSheetOffset([p('deslocamento_x_mm', '1,5'), p('deslocamento_y_mm', '-3')])).toEqual({ x: 1.5, y: -3 });
    expect(labelSheetOffset(undefined)).toEqual({ x: 0, y: 0 });
    expect(labelParameterIssues([p('deslocamento_x_mm', '12')], null)).toEqual([
      { field: 'parametros.0.valor', message: M.paramOffsetInvalid('deslocamento_x_mm') },
    ]);
  });
});
