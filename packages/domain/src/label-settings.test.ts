import { describe, expect, it } from 'vitest';
import { LABEL_MESSAGES as M, labelIssues } from './label-settings.ts';

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
