import { describe, expect, it } from 'vitest';
import { cpfCheckDigits } from './documents.ts';
import { withGtinCheckDigit } from './gtin.ts';
import { csvField, decodeText, detectSeparator, parseCsv, readCsv } from './import-file.ts';
import {
  IMPORT_MESSAGES, importFields, mappingErrors, markDuplicates, readPersonRow, readProductRow, stockField, suggestMapping,
  type ProductImportRow,
} from './import-rules.ts';

const ADDRESSES = [{ id_endereco_estoque: 7, codigo: 'LOJA', descricao: 'Loja' }, { id_endereco_estoque: 9, codigo: 'DEP', descricao: 'Depósito' }];
const PRODUCT_HEADER = ['Descrição', 'SKU', 'Variação', 'EAN', 'Preço de venda', 'Preço de atacado', 'NCM', 'Unidade', 'Estoque LOJA', 'Estoque DEP'];
const productFields = importFields('produto', ADDRESSES);
const productCtx = {
  header: PRODUCT_HEADER, fields: productFields, mapping: suggestMapping(PRODUCT_HEADER, productFields), units: new Set(['UN', 'KG']),
};
const GTIN = withGtinCheckDigit('789100000001');

describe('reading a CSV file', () => {
  it('reads UTF-8 and falls back to Windows-1252 when the bytes are not valid UTF-8', () => {
    expect(decodeText(new TextEncoder().encode('Descrição;Preço'))).toEqual({ text: 'Descrição;Preço', encoding: 'utf-8' });
    const latin = Uint8Array.from([0x44, 0x65, 0x73, 0x63, 0x72, 0x69, 0xe7, 0xe3, 0x6f]); // 'Descrição' in Windows-1252
    expect(decodeText(latin)).toEqual({ text: 'Descrição', encoding: 'windows-1252' });
  });

  it('detects the separator of the first line, ignoring separators inside quotes', () => {
    expect(detectSeparator('a;b;c\n1,5;2;3')).toBe(';');
    expect(detectSeparator('"a;b",c,d\n')).toBe(',');
  });

  it('splits quoted fields with separators, doubled quotes and line breaks, keeping leading zeros', () => {
    expect(parseCsv('a;b\r\n"x;y";"di ""z"""\n"um\ndois";00123\n\n')).toEqual([['a', 'b'], ['x;y', 'di "z"'], ['um\ndois', '00123']]);
    expect(readCsv(new TextEncoder().encode('\uFEFFcep,nome\n01001000,Ana')).records).toEqual([['cep', 'nome'], ['01001000', 'Ana']]);
  });

  it('quotes a report field only when it must', () => {
    expect(csvField('Linha simples')).toBe('Linha simples');
    expect(csvField('a;b "c"')).toBe('"a;b ""c"""');
  });
});

describe('mapping columns', () => {
  it('matches headers to fields by name, label or alias without accents or case', () => {
    const m = suggestMapping(PRODUCT_HEADER, productFields);
    expect(m).toMatchObject({ descricao: 0, sku: 1, variacao: 2, codigo_barras: 3, preco_venda: 4, preco_atacado: 5, codigo_ncm: 6, unidade: 7 });
    expect(m[stockField(7)]).toBe(8);
    expect(m[stockField(9)]).toBe(9);
    expect(suggestMapping(['NOME', 'cpf'], importFields('pessoa'))).toMatchObject({ nome: 0, cpf_cnpj: 1 });
  });

  it('refuses a mapping without a required field or with a column used twice', () => {
    expect(mappingErrors(['a'], productFields, {})).toEqual([IMPORT_MESSAGES.requiredUnmapped('Descrição')]);
    expect(mappingErrors(['a', 'b'], productFields, { descricao: 0, sku: 0 })).toEqual([IMPORT_MESSAGES.columnMappedTwice('a')]);
    expect(mappingErrors(['a'], productFields, { descricao: 3 })).toEqual([IMPORT_MESSAGES.columnMissing(3)]);
  });
});

const productRow = (cells: string[], linha = 2) => readProductRow({ linha, cells }, productCtx);

describe('a product row', () => {
  it('reads a variation with barcode, pt-BR prices, padded NCM and stock per address', () => {
    const { value, errors } = productRow(['Camiseta', 'CAM-1', 'Azul P', GTIN, '1.234,50', '10.5', '6109100', 'un', '3', '0']);
    expect(errors).toEqual([]);
    expect(value).toEqual({
      linha: 2, sku: 'CAM-1', descricao: 'Camiseta', variacao: 'Azul P', codigo_barras: GTIN, preco_venda: 123450, preco_atacado: 1050,
      preco_custo: 0, codigo_ncm: '06109100', cest: null, unidade: 'UN', estoque: [{ id_endereco_estoque: 7, quantidade: 3000 }],
    });
  });

  it('takes the barcode as the SKU when there is none', () => {
    expect(productRow(['Caneta', '', '', GTIN, '2', '', '', '', '', '']).value?.sku).toBe(GTIN);
  });

  it('reports each bad cell with its line, column header and a pt-BR message, and keeps nothing of the row', () => {
    const bad = GTIN.slice(0, -1) + String((Number(GTIN.at(-1)) + 1) % 10);
    const { value, errors } = productRow(['', 'X', '', bad, '-1', 'abc', '123456789', 'CX', '', ''], 5);
    expect(value).toBeNull();
    expect(errors).toEqual([
      { linha: 5, coluna: 'Descrição', mensagem: IMPORT_MESSAGES.required('Descrição') },
      { linha: 5, coluna: 'EAN', mensagem: IMPORT_MESSAGES.invalidGtin },
      { linha: 5, coluna: 'Unidade', mensagem: IMPORT_MESSAGES.unitUnknown('CX') },
      { linha: 5, coluna: 'Preço de venda', mensagem: IMPORT_MESSAGES.negative('Preço de venda') },
      { linha: 5, coluna: 'Preço de atacado', mensagem: IMPORT_MESSAGES.invalidNumber('Preço de atacado') },
      { linha: 5, coluna: 'NCM', mensagem: IMPORT_MESSAGES.ncmDigits },
    ]);
  });

  it('requires a SKU or a barcode', () => {
    expect(productRow(['Sem código', '', '', '', '', '', '', '', '', '']).errors).toEqual([
      { linha: 2, coluna: 'SKU', mensagem: IMPORT_MESSAGES.skuOrBarcode },
    ]);
  });
});

describe('a person row', () => {
  const header = ['Nome', 'CPF/CNPJ', 'IE', 'UF', 'CEP', 'E-mail'];
  const fields = importFields('pessoa');
  const ctx = { header, fields, mapping: suggestMapping(header, fields) };
  const cpf = `012345678${cpfCheckDigits('012345678')}`;

  it('restores the leading zeros of a CPF and a CEP that a spreadsheet dropped', () => {
    const { value, errors } = readPersonRow({ linha: 2, cells: ['Ana', cpf.replace(/^0+/, ''), '', 'SP', '1001000', 'ana@ex.com.br'] }, ctx);
    expect(errors).toEqual([]);
    expect(value).toMatchObject({ tipo: 'F', cpf, cnpj: null, endereco: { cep: '01001000', uf: 'SP' } });
  });

  it('reads a CNPJ as a legal person and refuses wrong documents, state registrations and e-mails', () => {
    expect(readPersonRow({ linha: 2, cells: ['Loja', '11.222.333/0001-81', '', '', '', ''] }, ctx).value).toMatchObject({ tipo: 'J', cnpj: '11222333000181' });
    expect(readPersonRow({ linha: 3, cells: ['Bia', '111.111.111-12', '123', 'SP', '', 'x@'] }, ctx).errors).toEqual([
      { linha: 3, coluna: 'CPF/CNPJ', mensagem: IMPORT_MESSAGES.invalidCpf },
      { linha: 3, coluna: 'IE', mensagem: IMPORT_MESSAGES.invalidIe('SP') },
      { linha: 3, coluna: 'E-mail', mensagem: IMPORT_MESSAGES.invalidEmail },
    ]);
  });
});

describe('duplicates', () => {
  const row = (linha: number, sku: string, codigo: string | null) => ({ linha, sku, codigo_barras: codigo }) as ProductImportRow;
  const keys = [
    { campo: 'codigo_barras', coluna: 'EAN', rotulo: 'Código de barras', key: (r: ProductImportRow) => r.codigo_barras },
    { campo: 'sku', coluna: 'SKU', rotulo: 'SKU', key: (r: ProductImportRow) => r.sku, sharedBy: (r: ProductImportRow) => r.sku },
  ];

  it('drops a barcode repeated in the file or registered, and lets variations share their SKU', () => {
    const taken = (campo: string) => new Set(campo === 'codigo_barras' ? ['999'] : []);
    const { kept, errors } = markDuplicates([row(2, 'A', '111'), row(3, 'A', '222'), row(4, 'B', '111'), row(5, 'C', '999')], keys, taken);
    expect(kept.map((r) => r.linha)).toEqual([2, 3]);
    expect(errors).toEqual([
      { linha: 4, coluna: 'EAN', mensagem: IMPORT_MESSAGES.duplicateInFile('Código de barras', 2) },
      { linha: 5, coluna: 'EAN', mensagem: IMPORT_MESSAGES.duplicateInDatabase('Código de barras') },
    ]);
  });
});
