import { describe, expect, it } from 'vitest';
import { reportCsv } from './report.ts';

describe('import error report CSV', () => {
  it('starts with a BOM and a header, one line per error, quoting what holds a separator or a quote', () => {
    const text = reportCsv([{ linha: 7, coluna: 'EAN', mensagem: 'Código; "inválido"' }]);
    expect(text).toBe('\uFEFFLinha;Coluna;Mensagem\r\n7;EAN;"Código; ""inválido"""\r\n');
  });
});
