/**
 * Our CNAB 400 layouts checked field by field against the YAML transcriptions of the banks' manuals
 * (../shared/finance/cnab-layouts): every field of ours named after the manual sits at the YAML's positions, and the
 * fixture written by us has digits wherever the YAML's picture is numeric (the known exceptions listed with reasons).
 */
import { describe, expect, it } from 'vitest';
import type { Layout } from './cnab-layout.ts';
import { readCnab400, writeCnab400 } from './cnab400.ts';
import { BANCO_DO_BRASIL_400, BRADESCO_400, CAIXA_400, ITAU_400, SANTANDER_400, SICOOB_400 } from './cnab400-banks.ts';
import type { Remessa } from './cnab-model.ts';
import { readFinance } from './testing/reference-data.ts';
import { readYaml, yamlFields, type YamlMap } from './testing/yaml-lite.ts';

function yamlAt(path: string[], keys: string[] = []): ReturnType<typeof yamlFields> {
  let m: YamlMap = readYaml(readFinance('cnab-layouts', ...path));
  for (const k of keys) m = m[k] as YamlMap;
  return yamlFields(m);
}

const A = (bank: string, file: string) => ['andersondanilo', 'cnab400', bank, 'remessa', file];
const ITAU = ['glauberportella', 'config', 'itau', 'cnab400', 'cobranca.yml'];

interface Case { label: string; layout: Layout; yaml: ReturnType<typeof yamlFields>; fixture: string; line: number;
  /** YAML numeric fields the banks' files fill otherwise, with the reason. */
  notNumeric?: string[] }

const CASES: Case[] = [
  { label: 'BB header', layout: BANCO_DO_BRASIL_400.header, yaml: yamlAt(A('001', 'header_arquivo.yml')), fixture: 'remessa-banco-brasil-cnab400.rem', line: 0 },
  { label: 'BB detalhe', layout: BANCO_DO_BRASIL_400.detail, yaml: yamlAt(A('001', 'detalhe.yml')), fixture: 'remessa-banco-brasil-cnab400.rem', line: 1 },
  { label: 'Bradesco header', layout: BRADESCO_400.header, yaml: yamlAt(A('237', 'header_arquivo.yml')), fixture: 'remessa-bradesco-cnab400.rem', line: 0 },
  // The check digit of Bradesco's nosso número is 'P' when the remainder is 1: the manual's picture says 9.
  { label: 'Bradesco detalhe', layout: BRADESCO_400.detail, yaml: yamlAt(A('237', 'detalhe.yml')), fixture: 'remessa-bradesco-cnab400.rem', line: 1,
    notNumeric: ['digito_nosso_numero'] },
  { label: 'Bradesco trailer', layout: BRADESCO_400.trailer, yaml: yamlAt(A('237', 'trailer_arquivo.yml')), fixture: 'remessa-bradesco-cnab400.rem', line: 2 },
  { label: 'Itaú header', layout: ITAU_400.header, yaml: yamlAt(ITAU, ['remessa', 'header_arquivo']), fixture: 'remessa-itau-cnab400.rem', line: 0 },
  { label: 'Itaú detalhe', layout: ITAU_400.detail, yaml: yamlAt(ITAU, ['remessa', 'detalhes', 'segmento_1']), fixture: 'remessa-itau-cnab400.rem', line: 1 },
  { label: 'Itaú multa', layout: ITAU_400.extras![0]!.layout, yaml: yamlAt(ITAU, ['remessa', 'detalhes', 'segmento_2']), fixture: 'remessa-itau-cnab400.rem', line: 2 },
  { label: 'Santander header', layout: SANTANDER_400.header, yaml: yamlAt(A('033', 'header_arquivo.yml')), fixture: 'remessa-santander-cnab400.rem', line: 0 },
  { label: 'Santander detalhe', layout: SANTANDER_400.detail, yaml: yamlAt(A('033', 'detalhe.yml')), fixture: 'remessa-santander-cnab400.rem', line: 1 },
  { label: 'Santander trailer', layout: SANTANDER_400.trailer, yaml: yamlAt(A('033', 'trailer_arquivo.yml')), fixture: 'remessa-santander-cnab400.rem', line: 2 },
  { label: 'Sicoob header', layout: SICOOB_400.header, yaml: yamlAt(A('756', 'header_arquivo.yml')), fixture: 'remessa-sicoob-cnab400.rem', line: 0 },
  { label: 'Sicoob detalhe', layout: SICOOB_400.detail, yaml: yamlAt(A('756', 'detalhe.yml')), fixture: 'remessa-sicoob-cnab400.rem', line: 1 },
  { label: 'Sicoob trailer', layout: SICOOB_400.trailer, yaml: yamlAt(A('756', 'trailer_arquivo.yml')), fixture: 'remessa-sicoob-cnab400.rem', line: 2 },
];

const BANKS = { 'remessa-banco-brasil-cnab400.rem': BANCO_DO_BRASIL_400, 'remessa-bradesco-cnab400.rem': BRADESCO_400,
  'remessa-itau-cnab400.rem': ITAU_400, 'remessa-santander-cnab400.rem': SANTANDER_400, 'remessa-sicoob-cnab400.rem': SICOOB_400 } as const;

describe('Caixa SIGCB CNAB 400 (no fixture): written from our data, read back, every field at the YAML position', () => {
  const remessa: Remessa = {
    banco: '104', dataGeracao: '2026-11-27', sequencial: 7,
    beneficiario: { nome: 'Loja Demo Moda Ltda', agencia: '1234', convenio: '005507', documento: '45123897000110', tipoDocumento: '02' },
    titulos: [{ ocorrencia: '01', nossoNumero: '000000000000123', carteira: '01', valor: 15990, vencimento: '2026-12-27', emissao: '2026-11-27',
      especie: '01', aceite: 'N', numeroDocumento: 'DOC123', multaData: '2026-12-28', multa: 320, jurosDia: 5, pagadorTipo: '01',
      pagadorDocumento: '12345678909', pagadorNome: 'Juliana Alves', pagadorEndereco: 'Rua das Flores, 10', pagadorBairro: 'Centro',
      pagadorCep: '13010000', pagadorCidade: 'Campinas', pagadorUf: 'SP', diasProtesto: '00',
      codigos: { tipoEmissao: '2', tipoDistribuicao: '2', taxaPermanencia: '00', modalidade: '14', mensagem: '', instrucao3: '00', moeda: '1' } }],
  };

  it('round-trips our data', () => {
    const text = writeCnab400(CAIXA_400, remessa);
    const back = readCnab400(CAIXA_400, text);
    expect(back.titulos[0]).toMatchObject({ nossoNumero: '000000000000123', valor: 15990, multa: 320, multaData: '2026-12-28', pagadorNome: 'JULIANA ALVES' });
    expect(writeCnab400(CAIXA_400, back)).toBe(text);
  });

  const D = ['andersondanilo', 'cnab400', '104', 'sigcb', 'remessa'];
  for (const [label, layout, file, line] of [['header', CAIXA_400.header, 'header_arquivo.yml', 0], ['detalhe', CAIXA_400.detail, 'detalhe.yml', 1],
    ['trailer', CAIXA_400.trailer, 'trailer_arquivo.yaml', 2]] as const) {
    it(`${label}: every YAML field is a field of ours at the same positions, digits where numeric`, () => {
      const written = writeCnab400(CAIXA_400, remessa).split('\r\n')[line]!;
      const ours = new Map(layout.filter((fl) => fl.name).map((fl) => [fl.name!, [fl.start, fl.end]]));
      for (const y of yamlAt([...D, file])) {
        if (y.name.startsWith('brancos') || y.name === 'agencia_colabora' || ['tipo_registro', 'tipo_operacao', 'literal_remessa', 'codigo_servico',
          'literal_servico', 'codigo_banco', 'nome_banco'].includes(y.name)) continue;
        expect([y.name, ours.get(y.name)]).toEqual([y.name, [y.start, y.end]]);
        if (y.picture.startsWith('9')) expect([y.name, /^\d+$/.test(written.slice(y.start - 1, y.end))]).toEqual([y.name, true]);
      }
    });
  }
});

describe('CNAB 400 layouts against the YAML layouts', () => {
  for (const c of CASES) {
    it(`${c.label}: named fields at the YAML positions, digits where the picture is numeric`, () => {
      const byName = new Map(c.yaml.map((y) => [y.name, y]));
      const named = c.layout.filter((fl) => fl.name !== undefined && byName.has(fl.name));
      expect(named.length).toBeGreaterThan(0);
      for (const fl of named) {
        const y = byName.get(fl.name!)!;
        expect([fl.name, fl.start, fl.end]).toEqual([y.name, y.start, y.end]);
      }
      const bank = BANKS[c.fixture as keyof typeof BANKS];
      const written = writeCnab400(bank, readCnab400(bank, readFinance('cnab400-fixtures', c.fixture))).split('\r\n')[c.line]!;
      for (const y of c.yaml) {
        if (!y.picture.startsWith('9') || c.notNumeric?.includes(y.name)) continue;
        expect([y.name, /^\d+$/.test(written.slice(y.start - 1, y.end))]).toEqual([y.name, true]);
      }
    });
  }

  it('covers most of the mapped fields of each detail record by name', () => {
    for (const c of CASES.filter((x) => x.label.endsWith('detalhe'))) {
      const names = new Set(c.yaml.map((y) => y.name));
      const mapped = c.layout.filter((fl) => fl.kind !== 'c');
      const matched = mapped.filter((fl) => fl.name && names.has(fl.name));
      expect([c.label, matched.length / mapped.length >= 0.8]).toEqual([c.label, true]);
    }
  });
});
