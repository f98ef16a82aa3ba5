import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildSped, buildSpedRecords, parseSped, spedBytes, spedGtin, spedNumber, writeSped, type SpedInput } from './efd-icms-ipi.ts';
import { checkField, checkSped, loadSpedLayout, spedCounts } from './layout-check.ts';

const DIR = '/work/shared/fiscal/sped/';
const layout = loadSpedLayout(readFileSync(`${DIR}structure_EFDICMS_310.txt`, 'utf8'), readFileSync(`${DIR}structure_EFDICMS_ELEMENTS_310.json`, 'utf8'));

function input(over: Partial<SpedInput> = {}): SpedInput {
  return {
    inicio: '2026-10-01', fim: '2026-10-31', versao: '017',
    entidade: { nome: 'Loja Demo Ltda', cnpj: '12.345.678/0001-95', uf: 'SP', ie: '111.222.333.444', cod_mun: '3550308', fantasia: 'Loja Demo',
      cep: '01001-000', endereco: 'Rua A', numero: '10', bairro: 'Centro', fone: '(11) 3333-4444', email: 'loja@demo.com.br', perfil: 'B', atividade: 1 },
    contador: { nome: 'Maria Contadora', cpf: '123.456.789-09', crc: 'SP123456', cep: '01001000', endereco: 'Rua B', numero: '5', bairro: 'Centro',
      email: 'maria@contab.com.br', cod_mun: '3550308' },
    participantes: [
      { codigo: 'F1', nome: 'Fornecedor Um Ltda', cnpj: '11222333000181', ie: '123456789', cod_mun: '3550308', endereco: 'Av C', numero: '1', bairro: 'Bras' },
      { codigo: 'F9', nome: 'Não usado', cnpj: '11222333000262', cod_mun: '3550308' },
    ],
    unidades: [{ codigo: 'UN', descricao: 'Unidade' }, { codigo: 'KG', descricao: 'Quilograma' }],
    itens: [
      { codigo: 'P1', descricao: 'Arroz 5kg', gtin: '7891234567895', unidade: 'UN', tipo: '00', ncm: '1006.30.21' },
      { codigo: 'P2', descricao: 'Feijão | 1kg', gtin: 'SEM GTIN', unidade: 'UN', tipo: '00', ncm: '07133319' },
      { codigo: 'P3', descricao: 'Só vendido', unidade: 'KG', tipo: '00' },
    ],
    documentos: [
      { operacao: 'entrada', emissao: 'terceiros', participante: 'F1', modelo: '55', situacao: '00', serie: '1', numero: '123',
        chave: '35261011222333000181550010000001231000001230', data_documento: '2026-10-03', data_entrada_saida: '2026-10-04',
        valor_documento: 30000, valor_desconto: 0, valor_mercadorias: 30000, valor_frete: 0, valor_seguro: 0, valor_outros: 0, tipo_frete: 9, pagamento: 1,
        itens: [
          { codigo_item: 'P1', descricao: 'ARROZ', quantidade: 10_000, unidade: 'UN', valor_item: 20000, valor_desconto: 0, cst_icms: '000', cfop: '1102',
            base_icms: 20000, aliquota_icms: 1800, valor_icms: 3600 },
          { codigo_item: 'P2', quantidade: 5_000, unidade: 'UN', valor_item: 10000, valor_desconto: 0, cst_icms: '090', cfop: '1102', base_icms: 0,
            aliquota_icms: 0, valor_icms: 0 },
        ] },
      { operacao: 'saida', emissao: 'propria', modelo: '65', situacao: '00', serie: '1', numero: '7', chave: '35261012345678000195650010000000071000000070',
        data_documento: '2026-10-10', valor_documento: 50000, valor_desconto: 0, valor_mercadorias: 50000, valor_frete: 0, valor_seguro: 0,
        valor_outros: 0, tipo_frete: 9, pagamento: 0,
        itens: [
          { codigo_item: 'P3', quantidade: 2_500, unidade: 'KG', valor_item: 50000, valor_desconto: 0, cst_icms: '000', cfop: '5102', base_icms: 50000,
            aliquota_icms: 1800, valor_icms: 9000 },
        ] },
      { operacao: 'saida', emissao: 'propria', modelo: '65', situacao: '02', serie: '1', numero: '8', chave: '35261012345678000195650010000000081000000088',
        data_documento: '2026-10-11', valor_documento: 1000, valor_desconto: 0, valor_mercadorias: 1000, valor_frete: 0, valor_seguro: 0,
        valor_outros: 0, tipo_frete: 9, pagamento: 0,
        itens: [{ codigo_item: 'P3', quantidade: 1_000, unidade: 'KG', valor_item: 1000, valor_desconto: 0, cst_icms: '000', cfop: '5102', base_icms: 1000,
          aliquota_icms: 1800, valor_icms: 180 }] },
    ],
    inventario: null,
    saldo_credor_anterior: 0,
    recolhimento: { codigo_receita: '046-2', vencimento: '2026-11-20' },
    ...over,
  };
}

const lines = (recs: readonly (readonly string[])[], reg: string) => recs.filter((r) => r[0] === reg);

describe('EFD ICMS/IPI generator', () => {
  it('writes a file whose every line passes the layout checker, with 9900 counts right', () => {
    const recs = buildSpedRecords(input());
    expect(checkSped(layout, recs)).toEqual([]);
    const counts = spedCounts(recs);
    const actual = new Map<string, number>();
    for (const r of recs) actual.set(r[0]!, (actual.get(r[0]!) ?? 0) + 1);
    expect(counts).toEqual(actual);
    expect(counts.get('9900')).toBe(actual.size);
    expect(recs[recs.length - 1]).toEqual(['9999', String(recs.length)]);
  });

  it('fills 0000 from the branch configuration (perfil, atividade) and writes CRLF lines', () => {
    const text = buildSped(input({ entidade: { ...input().entidade, perfil: 'A', atividade: 0 } }));
    expect(text.split('\r\n')[0]).toBe('|0000|017|0|01102026|31102026|Loja Demo Ltda|12345678000195||SP|111222333444|3550308|||A|0|');
    expect(text.endsWith('|9999|' + String(text.split('\r\n').length - 1) + '|\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  it('keeps SEM GTIN out of 0200 and lists only the items, units and participants the file uses', () => {
    const recs = buildSpedRecords(input());
    expect(lines(recs, '0200').map((r) => [r[1], r[3]])).toEqual([['P1', '7891234567895'], ['P2', '']]);
    expect(lines(recs, '0200')[1]![2]).toBe('Feijão 1kg');
    expect(lines(recs, '0190').map((r) => r[1])).toEqual(['UN']);
    expect(lines(recs, '0150').map((r) => r[1])).toEqual(['F1']);
    expect(spedGtin('SEM GTIN')).toBe('');
    expect(spedGtin('12345678')).toBe('12345678');
  });

  it('writes C170 for entries only, NFC-e as C100 without participant, a cancelled document bare, C190 per CST/CFOP/rate', () => {
    const recs = buildSpedRecords(input());
    expect(lines(recs, 'C170')).toHaveLength(2);
    const c100 = lines(recs, 'C100');
    expect(c100).toHaveLength(3);
    expect(c100[1]!.slice(1, 6)).toEqual(['1', '0', '', '65', '00']);
    expect(c100[1]!.slice(23)).toEqual(['', '', '', '', '', '']);
    expect(c100[2]!.slice(5, 9)).toEqual(['02', '1', '8', '35261012345678000195650010000000081000000088']);
    expect(c100[2]!.slice(9).every((f) => f === '')).toBe(true);
    expect(lines(recs, 'C190').map((r) => r.slice(1, 7))).toEqual([
      ['000', '1102', '18,00', '200,00', '200,00', '36,00'],
      ['090', '1102', '0,00', '100,00', '0,00', '0,00'],
      ['000', '5102', '18,00', '500,00', '500,00', '90,00'],
    ]);
  });

  it('E110 from the debits and credits of the month, E116 for what is to pay; credit carried when credits win', () => {
    const recs = buildSpedRecords(input());
    const e110 = lines(recs, 'E110')[0]!;
    expect([e110[1], e110[5], e110[10], e110[12], e110[13]]).toEqual(['90,00', '36,00', '54,00', '54,00', '0,00']);
    expect(lines(recs, 'E116')[0]).toEqual(['E116', '000', '54,00', '20112026', '046-2', '', '', '', '', '102026']);
    const carried = buildSpedRecords(input({ saldo_credor_anterior: 10000 }));
    const e = lines(carried, 'E110')[0]!;
    expect([e[9], e[10], e[12], e[13]]).toEqual(['100,00', '0,00', '0,00', '46,00']);
    expect(lines(carried, 'E116')).toHaveLength(0);
    expect(checkSped(layout, carried)).toEqual([]);
  });

  it('writes H005/H010 when an inventory is asked, H001 without movement otherwise; an empty month still passes', () => {
    const withInv = buildSpedRecords(input({ inventario: { data: '2026-10-31', motivo: '01', itens: [
      { codigo_item: 'P3', unidade: 'KG', quantidade: 1_500, valor_unitario: 12_345_678, valor_item: 1852 },
    ] } }));
    expect(lines(withInv, 'H005')).toEqual([['H005', '31102026', '18,52', '01']]);
    expect(lines(withInv, 'H010')[0]!.slice(0, 7)).toEqual(['H010', 'P3', 'KG', '1,500', '12,345678', '18,52', '0']);
    expect(lines(withInv, '0200').map((r) => r[1])).toEqual(['P1', 'P2', 'P3']);
    expect(checkSped(layout, withInv)).toEqual([]);
    const none = buildSpedRecords(input({ documentos: [] }));
    expect(lines(none, 'H001')).toEqual([['H001', '1']]);
    expect(lines(none, 'C001')).toEqual([['C001', '1']]);
    expect(checkSped(layout, none)).toEqual([]);
  });

  it('writes numbers with a comma and no thousands separator', () => {
    expect(spedNumber(123456789, 2)).toBe('1234567,89');
    expect(spedNumber(5, 2)).toBe('0,05');
    expect(spedNumber(1500, 3)).toBe('1,500');
    expect(spedNumber(-5, 2)).toBe('-0,05');
  });
});

describe('layout checker', () => {
  it('refuses a wrong field count, a bad date, a bad number, a wrong closer and a wrong 9900 count', () => {
    const recs = buildSpedRecords(input()).map((r) => [...r]);
    const e100 = recs.find((r) => r[0] === 'E100')!;
    e100[1] = '31022026';
    const c190 = recs.find((r) => r[0] === 'C190')!;
    c190[4] = '1.000,00';
    const c990 = recs.find((r) => r[0] === 'C990')!;
    c990[1] = '99';
    const n9900 = recs.find((r) => r[0] === '9900' && r[1] === 'C100')!;
    n9900[2] = '2';
    recs.find((r) => r[0] === '0001')!.push('x');
    const problems = checkSped(layout, recs);
    expect(problems.some((p) => p.includes('(0001): 2 fields'))).toBe(true);
    expect(problems.some((p) => p.includes("DT_INI '31022026' not a date"))).toBe(true);
    expect(problems.some((p) => p.includes("VL_OPR '1.000,00' not a number"))).toBe(true);
    expect(problems.some((p) => p.includes('(C990): block C has'))).toBe(true);
    expect(problems).toContain('9900: C100 counted 2, the file has 3');
  });

  it('uses the sizes and regexes the elements file gives', () => {
    expect(checkField(layout, 'ALIQ_ICMS', '18,00')).toBeNull();
    expect(checkField(layout, 'ALIQ_ICMS', '18,000')).toBe('more than 2 decimals');
    expect(checkField(layout, 'CEP', '0100100')).toMatch(/does not match/);
    expect(checkField(layout, 'CHV_NFE', '1'.repeat(44))).toBeNull();
    expect(checkField(layout, 'CFOP', '5102')).toBeNull();
  });
});

describe('golden file: the public sample (layout 001)', () => {
  it('is read by our parser and written back byte for byte', () => {
    const bytes = readFileSync(`${DIR}exemplo-efd-icms-ipi-layout001.txt`);
    const records = parseSped(bytes.toString('latin1'));
    expect(records[0]![0]).toBe('0000');
    expect(records[records.length - 1]).toEqual(['9999', String(records.length)]);
    const back = spedBytes(writeSped(records));
    expect(Buffer.from(back).equals(bytes)).toBe(true);
    // Its 9900 counts are right too (the field counts are of layout 001, not of today's).
    const actual = new Map<string, number>();
    for (const r of records) actual.set(r[0]!, (actual.get(r[0]!) ?? 0) + 1);
    expect(spedCounts(records)).toEqual(actual);
  });
});
