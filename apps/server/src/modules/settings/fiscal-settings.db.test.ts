/**
 * The fiscal, logistics and general settings registers (issue 19) through their routes: the rules their hooks and the
 * domain add to the generated register (registers.db.test.ts proves the plain life of each one), bad input, other
 * organizations' ids and read-only users.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGISTER_MESSAGES } from '@pdv/contract/registers/descriptor';
import { FISCAL_SETTINGS_MESSAGES as M } from '@pdv/domain/fiscal-settings';
import { MESSAGES } from '@pdv/domain/messages';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { expectOk } from '../../testing/routes.ts';

let t: TestApp;
let manager: string;
let other: string;
let seller: string;
let branch: number;
let user: number;
let otherProduct: number;
let product: number;

type Row = Record<string, unknown>;
const rowsOf = (json: Row) => json['rows'] as Row[];

beforeAll(async () => {
  t = await createTestApp();
  manager = await t.login('gerente@demo.com.br');
  other = await t.login('outra@demo.com.br');
  seller = await t.login('filial2@demo.com.br');
  await t.db.system(async (tx) => {
    const b = (await tx.query<{ id_filial: number; id_usuario: number }>(
      `SELECT f.id_filial, u.id_usuario FROM filial f JOIN organization o USING (id_organization)
         JOIN usuario u ON u.id_organization = f.id_organization AND u.email = 'gerente@demo.com.br'
        WHERE o.nome = 'Demo Moda' AND f.codigo_filial = '1'`)).rows[0]!;
    branch = b.id_filial;
    user = b.id_usuario;
    const products = await tx.query<{ nome: string; id: number }>(
      `SELECT DISTINCT ON (o.nome) o.nome, p.id_produto AS id FROM produto p JOIN organization o USING (id_organization)
        WHERE p.data_exclusao IS NULL ORDER BY o.nome, p.id_produto`);
    product = products.rows.find((r) => r.nome === 'Demo Moda')!.id;
    otherProduct = products.rows.find((r) => r.nome === 'Outra Loja')!.id;
  });
}, 120_000);
afterAll(async () => {
  await t.close();
});

const errosOf = (json: Row) => json['erros'] as string[] | undefined;

describe('fiscal series', () => {
  it('creates an NFC-e series, lists the branch series by codigo_serie, and refuses the same model and number twice', async () => {
    const created = await expectOk(t, 'fiscalSerieCreate', { codigo_serie: 7, ultima_numeracao: 0 }, manager);
    expect(created.json).toMatchObject({ codigo_modelo: '65', codigo_serie: 7, modelo_impressao: '80mm', id_filial: branch, situacao: 'Ativo' });
    const list = await expectOk(t, 'fiscalSerieFind', {}, manager);
    const codes = rowsOf(list.json).map((r) => r['codigo_serie'] as number);
    expect(codes).toEqual([...codes].sort((a, b) => a - b));
    expect(codes).toContain(7);
    expect(rowsOf(list.json).every((r) => r['id_filial'] === branch)).toBe(true);

    const again = await t.call('POST', '/fiscal-serie/create', { codigo_modelo: '65', codigo_serie: 7 }, manager);
    expect(again.status).toBe(400);
    expect(again.json['message']).toBe(M.seriesDuplicate('65', 7));
    expect(errosOf(again.json)).toEqual([`codigo_serie: ${M.seriesDuplicate('65', 7)}`]);
    // The same number in the other model is another series.
    await expectOk(t, 'fiscalSerieCreate', { codigo_modelo: '55', codigo_serie: 7 }, manager);
  });

  it('in contingency, asks for a justification of 15 to 256 characters, beside the field', async () => {
    const short = await t.call('POST', '/fiscal-serie/create', { codigo_serie: 20, is_contingencia: true, justificativa_contingencia: 'queda' }, manager);
    expect(short.status).toBe(400);
    expect(errosOf(short.json)).toEqual([`justificativa_contingencia: ${M.contingencyJustification}`]);
    const ok = await expectOk(t, 'fiscalSerieCreate', {
      codigo_serie: 20, is_contingencia: true, justificativa_contingencia: 'Sem comunicação com a SEFAZ no caixa 2',
    }, manager);
    // An update that only turns contingency on for a series without a justification is refused by the stored row.
    const plain = await expectOk(t, 'fiscalSerieCreate', { codigo_serie: 21 }, manager);
    const on = await t.call('PUT', '/fiscal-serie/update', { id_serie_fiscal: plain.json['id_serie_fiscal'], is_contingencia: true }, manager);
    expect(on.status).toBe(400);
    expect(on.json['message']).toBe(M.contingencyJustification);
    expect(errosOf(on.json)).toEqual([`justificativa_contingencia: ${M.contingencyJustification}`]);
    // With a stored justification, turning contingency on needs nothing more.
    const justified = await expectOk(t, 'fiscalSerieCreate', { codigo_serie: 22, justificativa_contingencia: 'Queda de energia no caixa 3' }, manager);
    const onAgain = await expectOk(t, 'fiscalSerieUpdate', { id_serie_fiscal: justified.json['id_serie_fiscal'], is_contingencia: true }, manager);
    expect(onAgain.json['is_contingencia']).toBe(true);
    const off = await expectOk(t, 'fiscalSerieUpdate', { id_serie_fiscal: ok.json['id_serie_fiscal'], is_contingencia: false }, manager);
    expect(off.json['is_contingencia']).toBe(false);
  });

  it('keeps one default series per model in the branch', async () => {
    const seeded = async () => (await t.db.system((tx) => tx.query<{ codigo_modelo: string; codigo_serie: number }>(
      `SELECT codigo_modelo, codigo_serie FROM serie_fiscal WHERE id_filial = $1 AND serie_padrao AND data_exclusao IS NULL ORDER BY 1`,
      [branch]))).rows;
    expect(await seeded()).toEqual([{ codigo_modelo: '55', codigo_serie: 1 }, { codigo_modelo: '65', codigo_serie: 1 }]);
    const novo = await expectOk(t, 'fiscalSerieCreate', { codigo_serie: 30, serie_padrao: true }, manager);
    expect(await seeded()).toEqual([{ codigo_modelo: '55', codigo_serie: 1 }, { codigo_modelo: '65', codigo_serie: 30 }]);
    // Back to the seeded one, so the sales of other tests keep their series.
    const first = (await t.db.system((tx) => tx.query<{ id: number }>(
      `SELECT id_serie_fiscal AS id FROM serie_fiscal WHERE id_filial = $1 AND codigo_modelo = '65' AND codigo_serie = 1`, [branch]))).rows[0]!.id;
    await expectOk(t, 'fiscalSerieUpdate', { id_serie_fiscal: first, serie_padrao: true }, manager);
    expect(await seeded()).toEqual([{ codigo_modelo: '55', codigo_serie: 1 }, { codigo_modelo: '65', codigo_serie: 1 }]);
    await expectOk(t, 'fiscalSerieSituacao', { id_serie_fiscal: novo.json['id_serie_fiscal'], situacao: 'Inativo' }, manager);
  });

  it('a series that issued invoices cannot go back in numbering nor be deleted; forward is fine', async () => {
    const serie = await expectOk(t, 'fiscalSerieCreate', { codigo_serie: 40, ultima_numeracao: 11 }, manager);
    const id = serie.json['id_serie_fiscal'] as number;
    // Down while nothing was issued: allowed.
    await expectOk(t, 'fiscalSerieUpdate', { id_serie_fiscal: id, ultima_numeracao: 10 }, manager);
    await t.db.system((tx) => tx.query(
      `INSERT INTO nota_fiscal (id_organization, id_filial, id_usuario, modelo, id_serie_fiscal, serie, numero_nota_fiscal, situacao)
       SELECT id_organization, id_filial, $2, '65', id_serie_fiscal, 40, 10, 'Autorizada' FROM serie_fiscal WHERE id_serie_fiscal = $1`,
      [id, user]));
    const back = await t.call('PUT', '/fiscal-serie/update', { id_serie_fiscal: id, ultima_numeracao: 9 }, manager);
    expect(back.status).toBe(400);
    expect(back.json['message']).toBe(M.seriesRenumbered(10));
    expect(errosOf(back.json)).toEqual([`ultima_numeracao: ${M.seriesRenumbered(10)}`]);
    const stored = await expectOk(t, 'fiscalSerieFindById', { id_serie_fiscal: id }, manager);
    expect(stored.json['ultima_numeracao']).toBe(10);
    await expectOk(t, 'fiscalSerieUpdate', { id_serie_fiscal: id, ultima_numeracao: 10 }, manager);
    await expectOk(t, 'fiscalSerieUpdate', { id_serie_fiscal: id, ultima_numeracao: 25 }, manager);
    const gone = await t.call('POST', '/fiscal-serie/delete', { id_serie_fiscal: id }, manager);
    expect(gone.status).toBe(400);
    expect(gone.json['message']).toBe(REGISTER_MESSAGES.inUse('notas fiscais'));
    const unused = await expectOk(t, 'fiscalSerieCreate', { codigo_serie: 41 }, manager);
    await expectOk(t, 'fiscalSerieDelete', { id_serie_fiscal: unused.json['id_serie_fiscal'] }, manager);
  });

  it('binds a series to one device of the branch: one series per model per device; the device cannot be deleted then', async () => {
    const till = await expectOk(t, 'deviceCreate', { descricao: 'Caixa 3', endereco: '192.168.0.33', porta_connect: 5000 }, manager);
    const id_dispositivo = till.json['id_dispositivo'] as number;
    const bound = await expectOk(t, 'fiscalSerieCreate', { codigo_serie: 53, id_dispositivo }, manager);
    expect(bound.json['id_dispositivo']).toBe(id_dispositivo);
    const second = await t.call('POST', '/fiscal-serie/create', { codigo_serie: 54, id_dispositivo }, manager);
    expect(second.status).toBe(400);
    expect(second.json['message']).toBe(M.deviceSeriesTaken('65', 53));
    // Its NF-e series is another model.
    await expectOk(t, 'fiscalSerieCreate', { codigo_modelo: '55', codigo_serie: 53, id_dispositivo }, manager);
    const foreign = await expectOk(t, 'deviceCreate', { descricao: 'Caixa da outra' }, other);
    const bad = await t.call('POST', '/fiscal-serie/create', { codigo_serie: 55, id_dispositivo: foreign.json['id_dispositivo'] }, manager);
    expect(bad.status).toBe(400);
    expect(errosOf(bad.json)).toEqual([`id_dispositivo: ${M.deviceNotFound}`]);
    const del = await t.call('POST', '/device/delete', { id_dispositivo }, manager);
    expect(del.status).toBe(400);
    expect(del.json['message']).toBe(REGISTER_MESSAGES.inUse('séries fiscais'));
  });
});

const scenario = (over: Row = {}) => ({
  descricao: `Cenário ${Math.random().toString(36).slice(2, 8)}`, regime_tributario: 1, operacao: 1, tipo: 'Outros',
  cfop_interno: '5102', cfop_externo: '6102', icms_csosn: '102', pis_cst: '49', cofins_cst: '49', ...over,
});

describe('fiscal scenarios', () => {
  it('refuses a CSOSN when the regime is 3 (normal), beside the CSOSN, and writes nothing', async () => {
    const before = await t.db.system(async (tx) => Number((await tx.query('SELECT count(*) AS n FROM cenario_fiscal')).rows[0]?.['n']));
    const res = await t.call('POST', '/fiscal-scenario/create', scenario({ regime_tributario: 3 }), manager);
    expect(res.status).toBe(400);
    expect(errosOf(res.json)).toEqual([`icms_csosn: ${M.csosnRegime}`]);
    const cst = await t.call('POST', '/fiscal-scenario/create', scenario({ icms_csosn: null, icms_cst: '00' }), manager);
    expect(errosOf(cst.json)).toContain(`icms_cst: ${M.cstRegime}`);
    expect(await t.db.system(async (tx) => Number((await tx.query('SELECT count(*) AS n FROM cenario_fiscal')).rows[0]?.['n']))).toBe(before);
    await expectOk(t, 'fiscalScenarioCreate', scenario({ regime_tributario: 3, icms_csosn: null, icms_cst: '00', icms_aliquota: 18 }), manager);
  });

  it('an update that only changes the regime to 3 is refused when the stored scenario has a CSOSN', async () => {
    const created = await expectOk(t, 'fiscalScenarioCreate', scenario(), manager);
    const res = await t.call('PUT', '/fiscal-scenario/update', { id_cenario_fiscal: created.json['id_cenario_fiscal'], regime_tributario: 3 }, manager);
    expect(res.status).toBe(400);
    expect(errosOf(res.json)).toEqual([`icms_csosn: ${M.csosnRegime}`]);
    const fixed = await expectOk(t, 'fiscalScenarioUpdate', {
      id_cenario_fiscal: created.json['id_cenario_fiscal'], regime_tributario: 3, icms_csosn: null, icms_cst: '00',
    }, manager);
    expect(fixed.json).toMatchObject({ regime_tributario: 3, icms_csosn: null, icms_cst: '00' });
  });

  it('checks the CFOPs against the operation and the destination, and the IBS/CBS classification against its CST', async () => {
    const cases: Array<[Row, string]> = [
      [{ cfop_interno: '1102' }, `cfop_interno: ${M.cfopExit}`],
      [{ cfop_externo: '5102' }, `cfop_externo: ${M.cfopExternal}`],
      [{ operacao: 0, cfop_interno: '1202', cfop_externo: '6202' }, `cfop_externo: ${M.cfopEntry}`],
      [{ cfop_interno: '6102' }, `cfop_interno: ${M.cfopInternal}`],
      [{ cfop_interno: '51O2' }, `cfop_interno: ${M.cfopFormat('CFOP interno')}`],
      [{ ibscbs_cst: '200', ibscbs_classificacao: '000001' }, `ibscbs_classificacao: ${M.classificationCst('200')}`],
    ];
    for (const [over, erro] of cases) {
      const res = await t.call('POST', '/fiscal-scenario/create', scenario(over), manager);
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(errosOf(res.json), JSON.stringify(over)).toContain(erro);
    }
    const entry = await expectOk(t, 'fiscalScenarioCreate', scenario({ operacao: 0, tipo: 'Devolucao', cfop_interno: '1202', cfop_externo: '3202',
      icms_csosn: '900', ibscbs_cst: '200', ibscbs_classificacao: '200001', cbs_aliquota: 0.9, ibsuf_aliquota: 0.1 }), manager);
    expect(entry.json).toMatchObject({ cfop_externo: '3202', ibscbs_classificacao: '200001', cbs_aliquota: 0.9 });
  });

  it('keeps one default per type and operation, and writes its exceptions (checked by the regime too)', async () => {
    const defaults = async () => (await t.db.system((tx) => tx.query<{ tipo: string; operacao: number; descricao: string }>(
      `SELECT tipo, operacao, descricao FROM cenario_fiscal c JOIN organization o USING (id_organization)
        WHERE o.nome = 'Demo Moda' AND is_padrao AND c.data_exclusao IS NULL ORDER BY tipo, operacao`))).rows;
    const seeded = await defaults();
    expect(seeded.map((d) => d.tipo)).toEqual(['Consignacao', 'Devolucao', 'Venda']);
    const created = await expectOk(t, 'fiscalScenarioCreate', scenario({
      tipo: 'Consignacao', is_padrao: true, excecoes: [{ uf: 'rj', icms_csosn: '500' }, { codigo_ncm: '61091000', cfop: '6102', fcp_percentual: 2 }],
    }), manager);
    const now = await defaults();
    expect(now.find((d) => d.tipo === 'Consignacao')?.descricao).toBe(created.json['descricao']);
    expect(now.filter((d) => d.tipo !== 'Consignacao')).toEqual(seeded.filter((d) => d.tipo !== 'Consignacao'));
    const id = created.json['id_cenario_fiscal'] as number;
    const found = await expectOk(t, 'fiscalScenarioFindById', { id_cenario_fiscal: id }, manager);
    expect(found.json['excecoes']).toMatchObject([{ uf: 'RJ', icms_csosn: '500' }, { codigo_ncm: '61091000', cfop: '6102', fcp_percentual: 2 }]);
    const bad = await t.call('PUT', '/fiscal-scenario/update', { id_cenario_fiscal: id, excecoes: [{ uf: 'SP', icms_cst: '00' }] }, manager);
    expect(bad.status).toBe(400);
    expect(errosOf(bad.json)).toEqual([`excecoes: Exceção 1: ${M.cstRegime}`]);
    const noKey = await t.call('PUT', '/fiscal-scenario/update', { id_cenario_fiscal: id, excecoes: [{ icms_csosn: '102' }] }, manager);
    expect(noKey.status).toBe(400);
    const one = await expectOk(t, 'fiscalScenarioUpdate', { id_cenario_fiscal: id, excecoes: [{ uf: 'MG', icms_csosn: '102' }] }, manager);
    expect(one.json['excecoes']).toMatchObject([{ uf: 'MG' }]);
    // Restore the seeded default of the type.
    await t.db.system((tx) => tx.query(
      `UPDATE cenario_fiscal SET is_padrao = (descricao = $1) WHERE tipo = 'Consignacao' AND id_organization = (SELECT id_organization FROM organization WHERE nome = 'Demo Moda')`,
      [seeded.find((d) => d.tipo === 'Consignacao')?.descricao]));
    await expectOk(t, 'fiscalScenarioDelete', { id_cenario_fiscal: id }, manager);
  });

  it('a scenario an invoice line names is not deleted', async () => {
    const used = await t.db.system(async (tx) => (await tx.query<{ id: number }>(
      `SELECT c.id_cenario_fiscal AS id FROM cenario_fiscal c JOIN organization o USING (id_organization)
        WHERE o.nome = 'Demo Moda' AND c.tipo = 'Venda' ORDER BY 1 LIMIT 1`)).rows[0]!.id);
    await t.db.system((tx) => tx.query(
      `INSERT INTO nota_fiscal (id_organization, id_filial, id_usuario, modelo) SELECT id_organization, id_filial, $2, '55' FROM filial WHERE id_filial = $1`,
      [branch, user]));
    await t.db.system((tx) => tx.query(
      `INSERT INTO nota_fiscal_item (id_organization, id_nota_fiscal, descricao, quantidade, valor_unitario, valor_sub_total, valor_total, id_cenario_fiscal)
       SELECT id_organization, max(id_nota_fiscal), 'Camiseta', 1, 10, 10, 10, $2 FROM nota_fiscal WHERE id_filial = $1 GROUP BY id_organization`,
      [branch, used]));
    const res = await t.call('POST', '/fiscal-scenario/delete', { id_cenario_fiscal: used }, manager);
    expect(res.status).toBe(400);
    expect(res.json['message']).toBe(REGISTER_MESSAGES.inUse('notas fiscais'));
  });
});

describe('additional information', () => {
  it('writes its links to products, branches and scenarios, answers them, and refuses another organization ids', async () => {
    const scen = await expectOk(t, 'fiscalScenarioCreate', scenario(), manager);
    const id_cenario_fiscal = scen.json['id_cenario_fiscal'] as number;
    const created = await expectOk(t, 'additionalInformationCreate', {
      descricao: 'Procon', tipo: 'Contribuinte', modelo: '65', mensagem: 'Procon-SP: Rua Líbero Badaró, 151',
      produtos: [product], filiais: [branch], cenarios: [id_cenario_fiscal],
    }, manager);
    const id = created.json['id_informacao_adicional'] as number;
    expect(created.json).toMatchObject({ produtos: [product], filiais: [branch], cenarios: [id_cenario_fiscal], operacao: null });
    const updated = await expectOk(t, 'additionalInformationUpdate', { id_informacao_adicional: id, filiais: [] }, manager);
    expect(updated.json).toMatchObject({ produtos: [product], filiais: [], cenarios: [id_cenario_fiscal] });
    const foreign = await t.call('PUT', '/additional-information/update', { id_informacao_adicional: id, produtos: [otherProduct] }, manager);
    expect(foreign.status).toBe(400);
    expect(errosOf(foreign.json)).toEqual([`produtos: ${M.linkNotFound(`Produto ${otherProduct}`)}`]);
    expect((await expectOk(t, 'additionalInformationFindById', { id_informacao_adicional: id }, manager)).json['produtos']).toEqual([product]);
    // The scenario it names is not deleted under it.
    const del = await t.call('POST', '/fiscal-scenario/delete', { id_cenario_fiscal }, manager);
    expect(del.status).toBe(400);
    expect(del.json['message']).toBe(REGISTER_MESSAGES.inUse('informações adicionais'));
    await expectOk(t, 'additionalInformationDelete', { id_informacao_adicional: id }, manager);
    await expectOk(t, 'fiscalScenarioDelete', { id_cenario_fiscal }, manager);
  });
});

describe('devices and peripherals', () => {
  it('writes the peripherals with their serial-port settings: updated by id, added, removed when left out', async () => {
    const created = await expectOk(t, 'deviceCreate', {
      descricao: 'Caixa 1', tipo: 'Caixa', endereco: '192.168.0.10', porta_connect: 9100,
      perifericos: [
        { descricao: 'Impressora do caixa', tipo: 'ImpressoraComprovante', modelo: 'MP-4200', nome_impressora: 'MP4200' },
        { descricao: 'Balança', tipo: 'Balanca', porta_serial: 'COM3', bits_dados: 8, bits_parada: '1', bits_por_segundo: 9600, paridade: 'Nenhuma' },
      ],
    }, manager);
    const id = created.json['id_dispositivo'] as number;
    const list = created.json['perifericos'] as Row[];
    expect(list).toMatchObject([{ tipo: 'ImpressoraComprovante' }, { porta_serial: 'COM3', bits_dados: 8, bits_parada: '1', bits_por_segundo: 9600, paridade: 'Nenhuma' }]);
    const scale = list[1]!;
    const updated = await expectOk(t, 'deviceUpdate', {
      id_dispositivo: id,
      perifericos: [{ ...scale, bits_por_segundo: 4800, paridade: 'Par' }, { descricao: 'SAT', tipo: 'Sat', sat_versao_layout: '0.08' }],
    }, manager);
    expect(updated.json['perifericos']).toMatchObject([
      { id_periferico: scale['id_periferico'], bits_por_segundo: 4800, paridade: 'Par' }, { tipo: 'Sat', sat_versao_layout: '0.08' },
    ]);
    const badSerial = await t.call('PUT', '/device/update', { id_dispositivo: id, perifericos: [{ descricao: 'X', tipo: 'Balanca', bits_dados: 9 }] }, manager);
    expect(badSerial.status).toBe(400);
    const stolen = await expectOk(t, 'deviceCreate', { descricao: 'Caixa 2', perifericos: [{ descricao: 'POS', tipo: 'POS' }] }, manager);
    const theirs = (stolen.json['perifericos'] as Row[])[0]!['id_periferico'];
    const steal = await t.call('PUT', '/device/update', { id_dispositivo: id, perifericos: [{ id_periferico: theirs, descricao: 'POS', tipo: 'POS' }] }, manager);
    expect(steal.status).toBe(400);
    await expectOk(t, 'deviceFind', { search: 'Caixa 1' }, manager);
    await expectOk(t, 'deviceDelete', { id_dispositivo: id }, manager);
    const left = await t.db.system((tx) => tx.query('SELECT 1 FROM periferico WHERE id_dispositivo = $1 AND data_exclusao IS NULL', [id]));
    expect(left.rows).toEqual([]);
  });
});

describe('stock addresses and movement types', () => {
  it('lists the branch stock addresses by codigo, refuses a repeated codigo, and refuses deleting one that holds stock', async () => {
    await expectOk(t, 'stockAddressCreate', { codigo: '0-AAA', descricao: 'Prateleira A' }, manager);
    const list = await expectOk(t, 'stockAddressFind', {}, manager);
    const codes = rowsOf(list.json).map((r) => String(r['codigo']).toLowerCase());
    expect(codes).toEqual([...codes].sort());
    expect(codes[0]).toBe('0-aaa');
    const dup = await t.call('POST', '/stock-address/create', { codigo: '0-aaa', descricao: 'Outra' }, manager);
    expect(dup.status).toBe(400);
    expect(dup.json['message']).toBe(REGISTER_MESSAGES.duplicate('código', '0-aaa'));
    const stocked = rowsOf(list.json).find((r) => r['codigo'] === 'LOJA') ?? rowsOf(list.json)[1]!;
    const del = await t.call('POST', '/stock-address/delete', { id_endereco_estoque: stocked['id_endereco_estoque'] }, manager);
    expect(del.status).toBe(400);
    expect(String(del.json['message'])).toContain('saldos de estoque');
  });

  it('creates movement types with their operation and valuation, and refuses an unknown operation', async () => {
    const created = await expectOk(t, 'stockMovementTypeCreate', {
      codigo: 'AJE', descricao: 'Ajuste de entrada', operacao: 'Entrada', tipo_operacao: 'Ajuste', tipo_valoracao: 'PrecoCustoMedio',
    }, manager);
    expect(created.json).toMatchObject({ codigo: 'AJE', operacao: 'Entrada', situacao: 'Ativo' });
    const bad = await t.call('POST', '/stock-movement-type/create', { codigo: 'X', descricao: 'X', operacao: 'Sobe' }, manager);
    expect(bad.status).toBe(400);
    expect(errosOf(bad.json)?.[0]).toMatch(/^operacao: Operação deve ser/);
    const dup = await t.call('POST', '/stock-movement-type/create', { codigo: 'aje', descricao: 'Outro', operacao: 'Saida' }, manager);
    expect(dup.status).toBe(400);
  });
});

describe('isolation and permissions', () => {
  it('another organization gets 404 for these ids, on read, update and delete', async () => {
    const serie = await expectOk(t, 'fiscalSerieCreate', { codigo_serie: 60 }, manager);
    const scen = await expectOk(t, 'fiscalScenarioCreate', scenario(), manager);
    const dev = await expectOk(t, 'deviceCreate', { descricao: 'Caixa isolado' }, manager);
    const calls: Array<[string, string, Row]> = [
      ['POST', '/fiscal-serie/find_by_id', { id_serie_fiscal: serie.json['id_serie_fiscal'] }],
      ['PUT', '/fiscal-serie/update', { id_serie_fiscal: serie.json['id_serie_fiscal'], ultima_numeracao: 0 }],
      ['POST', '/fiscal-scenario/delete', { id_cenario_fiscal: scen.json['id_cenario_fiscal'] }],
      ['PUT', '/fiscal-scenario/update', { id_cenario_fiscal: scen.json['id_cenario_fiscal'], descricao: 'Tomado' }],
      ['PUT', '/device/update', { id_dispositivo: dev.json['id_dispositivo'], perifericos: [] }],
    ];
    for (const [method, path, body] of calls) {
      const res = await t.call(method as 'POST' | 'PUT', path, body, other);
      expect(res.status, path).toBe(404);
      expect(res.json['message']).toBe(MESSAGES.notFound);
    }
  });

  it('a user who may only read stock sees the stock addresses and may not write them; without the fiscal permissions, 403', async () => {
    await expectOk(t, 'stockAddressFind', {}, seller);
    await expectOk(t, 'stockMovementTypeFind', {}, seller);
    expect((await t.call('POST', '/stock-address/create', { codigo: 'Z', descricao: 'Z' }, seller)).status).toBe(403);
    expect((await t.call('POST', '/stock-movement-type/create', { codigo: 'Z', descricao: 'Z', operacao: 'Saida' }, seller)).status).toBe(403);
    expect((await t.call('POST', '/fiscal-serie/find', {}, seller)).status).toBe(403);
    expect((await t.call('POST', '/fiscal-scenario/create', scenario(), seller)).status).toBe(403);
    expect((await t.call('POST', '/additional-information/find', {}, seller)).status).toBe(403);
    expect((await t.call('POST', '/device/find', {}, seller)).status).toBe(403);
  });
});
