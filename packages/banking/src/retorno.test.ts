import { describe, expect, it } from 'vitest';
import { readRetorno240, readRetorno400, RETORNO_400_POSITIONS } from './retorno.ts';
import {
  BANCO_DO_BRASIL_RETORNO_400, BANCO_DO_NORDESTE_RETORNO_400, BRB_RETORNO_400, CREDISIS_RETORNO_400, UNICRED_RETORNO_400, BANRISUL_RETORNO_400, BRADESCO_RETORNO_400, CAIXA_RETORNO_400, febraban240, ITAU_RETORNO_400, SANTANDER_RETORNO_240, SANTANDER_RETORNO_400,
} from './retorno-banks.ts';
import { readFinance } from './testing/reference-data.ts';
import { retorno400 } from './testing/retorno-builder.ts';
import { readYaml, yamlFields } from './testing/yaml-lite.ts';

const R = (file: string) => readFinance('retorno-fixtures', file);
const anyKnown = { conhecido: () => true };
/** Replaces positions start..end (1-based) of line `n` (1-based) of a file. */
function edit(text: string, n: number, start: number, value: string): string {
  const lines = text.split(/\r?\n/);
  const line = lines[n - 1]!;
  lines[n - 1] = `${line.slice(0, start - 1)}${value}${line.slice(start - 1 + value.length)}`;
  return lines.join('\n');
}

describe('retorno CNAB 400', () => {
  it('Bradesco: registered títulos and a write-off, with value, fee and dates', () => {
    const report = readRetorno400(BRADESCO_RETORNO_400, R('CNAB400BRADESCO.RET'), { conta: '00000000000004540691', ...anyKnown });
    expect(report.erros).toEqual([]);
    expect(report.aplicavel).toBe(true);
    expect(report.itens.map((i) => i.tipo)).toEqual(['registrado', 'registrado', 'registrado', 'registrado', 'registrado', 'baixado']);
    expect(report.itens[1]).toMatchObject({ linha: 3, nossoNumero: '51350000004', numeroDocumento: '1146', valorTitulo: 18000, tarifa: 160,
      vencimento: '2015-05-25', dataOcorrencia: '2015-05-15' });
  });

  it('Itaú: 51 payments (paid amount, fee, credit date) and one write-off', () => {
    const report = readRetorno400(ITAU_RETORNO_400, R('CNAB400ITAU.RET'), { conta: '0730 03511', ...anyKnown });
    expect(report.aplicavel).toBe(true);
    expect(report.itens.filter((i) => i.tipo === 'pago')).toHaveLength(51);
    expect(report.itens.filter((i) => i.tipo === 'baixado')).toHaveLength(1);
    expect(report.itens[0]).toMatchObject({ nossoNumero: '11', ocorrencia: '06', valorTitulo: 4000, valorPago: 3790, tarifa: 210, dataCredito: '2013-05-21' });
  });

  it('Banrisul: the payment of the título of the remessa fixture; the account comes from the details (the header has zeros)', () => {
    const report = readRetorno400(BANRISUL_RETORNO_400, R('CNAB400BANRISUL.RET'), { conta: '110290001509', ...anyKnown });
    expect(report).toMatchObject({ aplicavel: true, conta: '110290001509' });
    expect(report.itens).toEqual([expect.objectContaining({ nossoNumero: '22832563', tipo: 'pago', valorPago: 145000, tarifa: 160, dataCredito: '2015-05-15' })]);
  });

  it('Santander (CRLF file): 51 payments and one write-off', () => {
    const report = readRetorno400(SANTANDER_RETORNO_400, R('CNAB400SANTANDER.RET'), { conta: '073000035110', ...anyKnown });
    expect(report.erros).toEqual([]);
    expect(report.itens.map((i) => i.tipo).filter((t) => t === 'pago')).toHaveLength(51);
    expect(report.itens[0]).toMatchObject({ nossoNumero: '11', valorPago: 3790, tarifa: 210 });
  });

  it('Banco do Nordeste: a payment with fee', () => {
    const report = readRetorno400(BANCO_DO_NORDESTE_RETORNO_400, R('CNAB400BANCONORDESTE.RET'), { conta: '02170000056911', ...anyKnown });
    expect(report.erros).toEqual([]);
    expect(report.itens).toEqual([expect.objectContaining({ nossoNumero: '11', tipo: 'pago', valorTitulo: 17500, valorPago: 17500, tarifa: 260,
      dataOcorrencia: '2014-11-19' })]);
    // 296-301 holds '001110' here, not a date: no credit date is read.
    expect(report.itens[0]!.dataCredito).toBeUndefined();
  });

  it('Banco do Brasil (CBR643, detail type 7): 26 payments with fee and credit date', () => {
    const report = readRetorno400(BANCO_DO_BRASIL_RETORNO_400, R('CBR64310.RET'), { conta: '33251000289353', ...anyKnown });
    expect(report.erros).toEqual([]);
    expect(report.itens).toHaveLength(26);
    expect(report.itens.every((i) => i.tipo === 'pago')).toBe(true);
    expect(report.itens[0]).toMatchObject({ nossoNumero: '16224200000000003', valorTitulo: 9064, valorPago: 9064, tarifa: 500, dataCredito: '2009-01-22',
      dataOcorrencia: '2009-01-20' });
    const refused = readRetorno400(BANCO_DO_BRASIL_RETORNO_400, edit(edit(R('CBR64310.RET'), 2, 109, '03'), 2, 87, '52'), { conta: '33251000289353', ...anyKnown });
    expect(refused.itens[0]).toMatchObject({ tipo: 'rejeitado', motivos: ['52'] });
  });

  it('reads a rejection with its reasons and a payment with interest', () => {
    let text = edit(R('CNAB400BRADESCO.RET'), 3, 109, '03');
    text = edit(text, 3, 319, '1700480000');
    text = edit(text, 4, 109, '06');
    text = edit(text, 4, 254, '0000000072350');
    text = edit(text, 4, 267, '0000000000350');
    const report = readRetorno400(BRADESCO_RETORNO_400, text, { conta: '4540691', ...anyKnown });
    expect(report.itens[1]).toMatchObject({ tipo: 'rejeitado', descricao: 'Entrada rejeitada', motivos: ['17', '48'] });
    expect(report.itens[2]).toMatchObject({ tipo: 'pago', valorPago: 72350, juros: 350, valorTitulo: 72000 });
  });

  it('a file of another bank is refused whole; of another account, reported and not applicable', () => {
    const other = readRetorno400(ITAU_RETORNO_400, R('CNAB400BRADESCO.RET'), { conta: '073003511', ...anyKnown });
    expect(other).toMatchObject({ aplicavel: false, itens: [], erros: [{ linha: 1, mensagem: 'O arquivo é do banco 237, esperado o banco 341.' }] });
    const account = readRetorno400(BRADESCO_RETORNO_400, R('CNAB400BRADESCO.RET'), { conta: '4540692', ...anyKnown });
    expect(account.aplicavel).toBe(false);
    expect(account.erros).toEqual([{ linha: 1, mensagem: 'O arquivo é da conta/beneficiário 4540691, esperado 4540692.' }]);
    const line = readRetorno400(ITAU_RETORNO_400, edit(R('CNAB400ITAU.RET'), 5, 24, '99999'), { conta: '073003511', ...anyKnown });
    expect(line.erros).toEqual([{ linha: 5, mensagem: 'Linha 5: título da conta/beneficiário 73099999, esperado 73003511.' }]);
  });

  it('a truncated file and unknown nossos números are reported line by line, nothing applicable', () => {
    const lines = R('CNAB400BRADESCO.RET').split(/\r?\n/).filter((l) => l !== '');
    const truncated = readRetorno400(BRADESCO_RETORNO_400, lines.slice(0, -1).join('\n'), { conta: '4540691', ...anyKnown });
    expect(truncated.aplicavel).toBe(false);
    expect(truncated.erros).toEqual([{ linha: 7, mensagem: 'Arquivo truncado: falta o trailer do arquivo.' }]);
    const known = new Set(['30', '51350000004', '51350000009', '51350000011']);
    const report = readRetorno400(BRADESCO_RETORNO_400, R('CNAB400BRADESCO.RET'), { conta: '4540691', conhecido: (n) => known.has(n) });
    expect(report.aplicavel).toBe(false);
    expect(report.erros).toEqual([
      { linha: 4, mensagem: 'Linha 4: nosso número 51350000007 não encontrado.' },
      { linha: 7, mensagem: 'Linha 7: nosso número 50980000002 não encontrado.' },
    ]);
  });
});

describe('retorno CNAB 400 of BRB, Unicred, CrediSIS and the generic sample', () => {
  it('Banco de Brasília (070): its own layout, a payment with its ddmmyyyy dates and the 12-digit nosso número', () => {
    const report = readRetorno400(BRB_RETORNO_400, R('CNAB400BANCOBRASILIA.RET'), { conta: '00000000000279998886', ...anyKnown });
    expect(report.erros).toEqual([]);
    expect(report).toMatchObject({ aplicavel: true, conta: '279998886', banco: '070' });
    expect(report.itens).toEqual([{
      linha: 2, nossoNumero: '107851907015', numeroDocumento: '', ocorrencia: '05', tipo: 'pago', descricao: 'Liquidação', motivos: [],
      dataOcorrencia: '2012-07-26', dataCredito: '2012-07-26', vencimento: '2012-07-26', valorTitulo: 26492, valorPago: 26492,
      juros: 0, tarifa: 0, desconto: 0, abatimento: 0, iof: 0,
    }]);
    // BRB's nosso número: categoria 1, sequencial 078519, banco 070 and the two check digits of the chave (15).
    // Another account of the bank: reported, nothing applicable.
    expect(readRetorno400(BRB_RETORNO_400, R('CNAB400BANCOBRASILIA.RET'), { conta: '279998887', ...anyKnown }).aplicavel).toBe(false);
  });

  it('Unicred (136): a payment with fee and credit date; its sample header names 001 (BB), accepted for Unicred only', () => {
    const report = readRetorno400(UNICRED_RETORNO_400, R('CNAB400UNICRED.RET'), { conta: '420560001566', ...anyKnown });
    expect(report.erros).toEqual([]);
    expect(report.aplicavel).toBe(true);
    expect(report.itens).toEqual([expect.objectContaining({
      linha: 2, nossoNumero: '116', ocorrencia: '06', tipo: 'pago', valorTitulo: 44400, valorPago: 44400, tarifa: 160, juros: 0,
      dataOcorrencia: '2015-05-15', vencimento: '2015-05-13', dataCredito: '2015-05-18',
    })]);
    expect(readRetorno400(BANCO_DO_BRASIL_RETORNO_400, R('CNAB400UNICRED.RET'), { conta: '420560001566', ...anyKnown }).itens).toEqual([]);
    const other = readRetorno400(UNICRED_RETORNO_400, R('CNAB400ITAU.RET'), { conta: '420560001566', ...anyKnown });
    expect(other.erros).toEqual([{ linha: 1, mensagem: 'O arquivo é do banco 341, esperado o banco 136.' }]);
  });

  it('CrediSIS (097): the account, nosso número, paid amount and credit date; its blank occurrence is not applied', () => {
    const report = readRetorno400(CREDISIS_RETORNO_400, R('CNAB400CREDISIS.RET'), { conta: '000403113', ...anyKnown });
    expect(report.erros).toEqual([]);
    expect(report.conta).toBe('403113');
    expect(report.itens).toEqual([expect.objectContaining({
      linha: 2, nossoNumero: '5005001', ocorrencia: '  ', tipo: 'outro', valorPago: 44400, dataCredito: '2015-05-15', vencimento: '2012-10-01',
    })]);
    // With a payment occurrence the same line settles: the common table.
    const paid = readRetorno400(CREDISIS_RETORNO_400, edit(R('CNAB400CREDISIS.RET'), 2, 109, '06'), { conta: '403113', ...anyKnown });
    expect(paid.itens[0]).toMatchObject({ tipo: 'pago', descricao: 'Liquidação normal', valorPago: 44400 });
    const refused = readRetorno400(CREDISIS_RETORNO_400, edit(R('CNAB400CREDISIS.RET'), 2, 23, '000403114'), { conta: '403113', ...anyKnown });
    expect(refused.aplicavel).toBe(false);
  });

  it('the generic sample (CNAB400.RET, an Itaú file): read by the Itaú reader, the common fields where the generic YAML puts them', () => {
    const report = readRetorno400(ITAU_RETORNO_400, R('CNAB400.RET'), { conta: '0730 03511', ...anyKnown });
    expect(report.erros).toEqual([]);
    expect(report.itens).toHaveLength(52);
    expect(report.itens.filter((i) => i.tipo === 'pago')).toHaveLength(51);
    expect(report.itens[0]).toMatchObject({ nossoNumero: '11', ocorrencia: '06', dataOcorrencia: '2013-05-20', valorTitulo: 4000, valorPago: 3790, tarifa: 210 });
    const generic = new Map(yamlFields(readYaml(readFinance('cnab-layouts', 'andersondanilo', 'cnab400', 'generic', 'retorno', 'detalhe.yml'))).map((f) => [f.name, f]));
    const line = R('CNAB400.RET').split(/\r?\n/)[1]!;
    const field = (name: string) => { const f = generic.get(name)!; return line.slice(f.start - 1, f.end); };
    expect(Number(field('valor_do_titulo'))).toBe(report.itens[0]!.valorTitulo);
    expect(Number(field('valor_principal'))).toBe(report.itens[0]!.valorPago);
    expect(Number(field('valor_tarifa'))).toBe(report.itens[0]!.tarifa);
    expect(field('codigo_de_ocorrencia')).toBe(report.itens[0]!.ocorrencia);
  });
});

describe('retorno CNAB 240', () => {
  it('Sicoob: three payments, paid amount, fee and credit date (trailing blanks stripped by the bank)', () => {
    const report = readRetorno240(febraban240('756'), R('CNAB240SICOOB.RET'), { conta: '03039 000000048981', ...anyKnown });
    expect(report.erros).toEqual([]);
    expect(report.itens).toHaveLength(3);
    expect(report.itens[0]).toMatchObject({ linha: 3, nossoNumero: '8301011', tipo: 'pago', valorTitulo: 200, valorPago: 200, tarifa: 170,
      dataOcorrencia: '2015-08-10', dataCredito: '2015-08-10', vencimento: '2015-08-13' });
  });

  it('Sicredi: an entry confirmed and its fee debit', () => {
    const report = readRetorno240(febraban240('748'), R('CNAB240SICREDI.CRT'), { conta: '390000000004146', ...anyKnown });
    expect(report.aplicavel).toBe(true);
    expect(report.itens.map((i) => [i.nossoNumero, i.tipo, i.valorTitulo])).toEqual([['172000595', 'registrado', 995], ['172000595', 'tarifa', 995]]);
  });

  it('Ailos and a Banco do Brasil 240 file: FEBRABAN segments T and U', () => {
    const ailos = readRetorno240(febraban240('085'), R('CNAB240AILOS.RET'), { conta: '3039000000048981', ...anyKnown });
    expect(ailos).toMatchObject({ aplicavel: true });
    expect(ailos.itens.map((i) => [i.tipo, i.valorPago, i.tarifa])).toEqual([['pago', 200, 170], ['pago', 200, 170], ['pago', 200, 170]]);
    const bb = readRetorno240(febraban240('001'), R('CNAB240.RET'), { conta: '1234000000005432', ...anyKnown });
    expect(bb.erros).toEqual([]);
    expect(bb.itens).toHaveLength(35);
    expect(bb.itens[0]).toMatchObject({ nossoNumero: '14499570000020673', tipo: 'pago', valorTitulo: 34400, valorPago: 34400, juros: 9, desconto: 1,
      abatimento: 2, iof: 3, tarifa: 103, dataOcorrencia: '2011-12-29', dataCredito: '2012-01-02' });
  });

  it('Santander 240: its own segment T positions', () => {
    const report = readRetorno240(SANTANDER_RETORNO_240, R('CNAB240SANTANDER.RET'), { conta: '316380130028625', ...anyKnown });
    expect(report.erros).toEqual([]);
    expect(report.itens.map((i) => [i.nossoNumero, i.tipo, i.valorTitulo, i.vencimento, i.tarifa])).toEqual([
      ['1406', 'registrado', 1000, '2016-04-01', 392], ['1406', 'pago', 1000, '2016-04-01', expect.any(Number)],
    ]);
  });

  it('interest on a payment from segment U; another bank; unknown nosso número', () => {
    const text = edit(R('CNAB240SICOOB.RET').replace(/\r/g, ''), 4, 18, '000000000000015');
    const report = readRetorno240(febraban240('756'), text, { conta: '3039000000048981', conhecido: (n) => n !== '11601011' });
    expect(report.itens[0]!.juros).toBe(15);
    expect(report.erros).toEqual([{ linha: 5, mensagem: 'Linha 5: nosso número 11601011 não encontrado.' }]);
    expect(readRetorno240(febraban240('748'), text, { conta: '1', ...anyKnown }).erros).toEqual([{ linha: 1, mensagem: 'O arquivo é do banco 756, esperado o banco 748.' }]);
  });
});

describe('retorno CNAB 400 positions against the YAML layouts', () => {
  const yaml = (...p: string[]) => new Map(yamlFields(readYaml(readFinance('cnab-layouts', 'andersondanilo', 'cnab400', ...p))).map((f) => [f.name, [f.start, f.end]]));
  it('the common detail fields sit where the generic layout puts them', () => {
    const generic = yaml('generic', 'retorno', 'detalhe.yml');
    const names: Record<string, string> = {
      ocorrencia: 'codigo_de_ocorrencia', dataOcorrencia: 'data_de_ocorrencia', numeroDocumento: 'numero_do_documento', vencimento: 'data_vencimento',
      valorTitulo: 'valor_do_titulo', tarifa: 'valor_tarifa', iof: 'valor_iof', abatimento: 'valor_abatimento', desconto: 'valor_desconto', valorPago: 'valor_principal',
    };
    for (const [ours, theirs] of Object.entries(names)) expect([ours, generic.get(theirs)]).toEqual([ours, [...RETORNO_400_POSITIONS[ours as keyof typeof RETORNO_400_POSITIONS]]]);
  });
  it('the bank fields sit where each bank layout puts them', () => {
    for (const [bank, layout] of [['237', BRADESCO_RETORNO_400], ['341', ITAU_RETORNO_400], ['041', BANRISUL_RETORNO_400]] as const) {
      const y = yaml(bank, 'retorno', 'detalhe.yml');
      expect([bank, y.get('valor_mora_multa')]).toEqual([bank, [...RETORNO_400_POSITIONS.juros]]);
      expect([bank, y.get('data_credito')]).toEqual([bank, [...RETORNO_400_POSITIONS.dataCredito]]);
      const nn = y.get('nosso_numero')!;
      // Bradesco's 71-82 includes the nosso número's check digit, which we keep out of the number.
      expect([bank, nn[0], bank === '237' ? nn[1]! - 1 : nn[1]]).toEqual([bank, ...layout.nossoNumero]);
    }
    expect(yaml('041', 'retorno', 'detalhe.yml').get('codigo_cedente')).toEqual([...BANRISUL_RETORNO_400.detailConta![0]!]);
    expect(yaml('237', 'retorno', 'header_arquivo.yml').get('codigo_cedente')).toEqual([...BRADESCO_RETORNO_400.headerConta[0]!]);
    const bb = yaml('001', 'retorno', 'detalhe.yml');
    expect([bb.get('nosso_numero'), bb.get('valor_juros')]).toEqual([[...BANCO_DO_BRASIL_RETORNO_400.nossoNumero], [...RETORNO_400_POSITIONS.juros]]);
    expect(yaml('001', 'retorno', 'header_arquivo.yml').get('codigo_cedente')).toEqual([...BANCO_DO_BRASIL_RETORNO_400.headerConta[0]!]);
  });
});

describe('retorno CNAB 400, Caixa SIGCB (no sample: a file written at CAIXA_RETORNO_400 positions)', () => {
  it('reads a payment and a rejection with its 3-digit reason; another beneficiário code is refused', () => {
    const text = retorno400(CAIXA_RETORNO_400, '1234005507', [
      { nossoNumero: '000000000000042', ocorrencia: '21', valorTitulo: 12345, valorPago: 12500, juros: 155, data: '2026-11-27' },
      { nossoNumero: '000000000000043', ocorrencia: '99', valorTitulo: 100, data: '2026-11-27', motivos: '048' },
    ]);
    const report = readRetorno400(CAIXA_RETORNO_400, text, { conta: '1234005507', ...anyKnown });
    expect(report.aplicavel).toBe(true);
    expect(report.itens).toEqual([
      expect.objectContaining({ nossoNumero: '42', tipo: 'pago', valorPago: 12500, juros: 155, dataCredito: '2026-11-27' }),
      expect.objectContaining({ nossoNumero: '43', tipo: 'rejeitado', motivos: ['048'] }),
    ]);
    expect(readRetorno400(CAIXA_RETORNO_400, text, { conta: '1234005508', ...anyKnown }).aplicavel).toBe(false);
  });
});

describe('retorno CNAB 400, Caixa SIGCB, written at the positions of the SIGCB YAML (cnab-layouts glauberportella cef cobranca_sigcb.yml)', () => {
  const sigcb = readYaml(readFinance('cnab-layouts', 'glauberportella', 'config', 'cef', 'cnab400', 'cobranca_sigcb.yml'));
  const retorno = sigcb['retorno'] as Record<string, Record<string, unknown>>;
  const fields = (m: unknown) => new Map(yamlFields(m as Parameters<typeof yamlFields>[0]).map((f) => [f.name, f]));
  /** A 400-character line with each named field of the YAML filled (numbers zero-padded to the field's size). */
  function line(layout: Map<string, { start: number; end: number }>, values: Record<string, string | number>): string {
    const l = Array.from({ length: 400 }, () => ' ');
    for (const [name, value] of Object.entries(values)) {
      const f = layout.get(name);
      if (!f) throw new Error(`the SIGCB YAML has no field ${name}`);
      const size = f.end - f.start + 1;
      const text = typeof value === 'number' ? String(value).padStart(size, '0') : value.padEnd(size, ' ');
      expect(text.length, name).toBe(size);
      for (let i = 0; i < size; i++) l[f.start - 1 + i] = text[i]!;
    }
    return l.join('');
  }

  it('reads the account, the 17-digit nosso número (modalidade 14 + 15 digits), a payment with interest and fee, and a rejection', () => {
    const header = line(fields(retorno['header_arquivo']), {
      codigo_registro: 0, codigo_retorno: 2, literal_retorno: 'RETORNO', codigo_servico: 1, literal_servico: 'COBRANCA', codigo_agencia: 1234,
      codigo_beneficiario: 5507, nome_empresa: 'LOJA EXEMPLO', codigo_banco: 104, nome_banco: 'C ECON FEDERAL', data_geracao: 271126,
      numero_sequencial_retorno: 1, numero_sequencial_registro: 1,
    });
    const detail = fields((retorno['detalhes'] as Record<string, unknown>)['segmento_1']);
    const common = { codigo_registro: 1, tipo_inscricao: 2, numero_inscricao: 11222333000181, codigo_agencia: 1234, codigo_beneficiario: 5507, carteira: 1, codigo_banco: 104 };
    const paid = line(detail, {
      ...common, nosso_numero: '14000000000000042', codigo_ocorrencia: 21, data_ocorrencia: 261126, numero_documento_cobranca: '123', vencimento: 301126,
      valor: 12345, valor_tarifa: 250, valor_principal: 12500, valor_juros: 155, data_credito: '271126', numero_sequencial_registro: 2,
    });
    const rejected = line(detail, {
      ...common, nosso_numero: '14000000000000043', codigo_rejeicao: 48, codigo_ocorrencia: 99, data_ocorrencia: 261126, vencimento: 301126, valor: 100,
      numero_sequencial_registro: 3,
    });
    const trailer = line(fields(retorno['trailer_arquivo']), { codigo_registro: 9, codigo_retorno: 2, codigo_servico: 1, codigo_banco: 104, numero_sequencial_registro: 4 });
    const text = [header, paid, rejected, trailer].join('\r\n');
    const report = readRetorno400(CAIXA_RETORNO_400, text, { conta: '1234005507', ...anyKnown });
    expect(report.erros).toEqual([]);
    expect(report.aplicavel).toBe(true);
    expect(report.itens).toEqual([
      expect.objectContaining({ nossoNumero: '42', tipo: 'pago', valorTitulo: 12345, valorPago: 12500, juros: 155, tarifa: 250, dataCredito: '2026-11-27', dataOcorrencia: '2026-11-26', vencimento: '2026-11-30' }),
      expect.objectContaining({ nossoNumero: '43', tipo: 'rejeitado', motivos: ['048'] }),
    ]);
    expect(readRetorno400(CAIXA_RETORNO_400, text, { conta: '1234005508', ...anyKnown }).aplicavel).toBe(false);
  });
});
