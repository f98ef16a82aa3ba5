/**
 * Label models (issue 19, 002 §2 /label): the rules the hook adds to the generated register (registers.db.test.ts
 * proves its plain life), the new permission given to the profiles that hold products, and isolation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LABEL_MESSAGES as M } from '@pdv/domain/label-settings';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { expectOk } from '../../testing/routes.ts';

let t: TestApp;
let manager: string;
let other: string;
let seller: string;
let cashier: string;

type Row = Record<string, unknown>;

beforeAll(async () => {
  t = await createTestApp();
  manager = await t.login('gerente@demo.com.br');
  other = await t.login('outra@demo.com.br');
  seller = await t.login('filial2@demo.com.br');
  cashier = await t.login('caixa@demo.com.br');
}, 120_000);
afterAll(async () => {
  await t.close();
});

describe('label models', () => {
  it('creates a sheet model with the default description size, and one default at a time', async () => {
    const sheet = await expectOk(t, 'labelCreate', { descricao: 'Gôndola 6187', modelo: 'Pimaco6187', numero_colunas: 4, is_padrao: true }, manager);
    expect(sheet.json).toMatchObject({ tipo: 'Folha', modelo: 'Pimaco6187', tamanho_descricao: 15, is_padrao: true });
    const thermal = await expectOk(t, 'labelCreate', {
      descricao: 'Argox 40x25', tipo: 'Termica', modelo_personalizada: 'Argox OS-214', codigo_fonte: 'N\nA10,10,0,3,1,1,N,"{descricao}"\nP1', is_padrao: true,
    }, manager);
    const list = await expectOk(t, 'labelFind', {}, manager);
    const rows = list.json['rows'] as Row[];
    expect(rows.map((r) => r['descricao'])).toEqual(['Argox 40x25', 'Gôndola 6187']);
    expect(rows.filter((r) => r['is_padrao'] === true).map((r) => r['id_etiqueta'])).toEqual([thermal.json['id_etiqueta']]);
    const found = await expectOk(t, 'labelFindById', { id_etiqueta: sheet.json['id_etiqueta'] }, manager);
    expect(found.json['numero_colunas']).toBe(4);
  });

  it('refuses a thermal model without source code, and a sheet without its sheet or with other columns, writing nothing', async () => {
    const thermal = await t.call('POST', '/label/create', { descricao: 'Zebra', tipo: 'Termica' }, manager);
    expect(thermal.status).toBe(400);
    expect(thermal.json['erros']).toEqual([`codigo_fonte: ${M.sourceCodeMissing}`]);
    const noSheet = await t.call('POST', '/label/create', { descricao: 'Sem folha' }, manager);
    expect(noSheet.status).toBe(400);
    // The body says nothing of the type: the hook judges the row with its defaults (a sheet model).
    expect(noSheet.json['message']).toBe(M.sheetMissing);
    const columns = await t.call('POST', '/label/create', { descricao: 'A4 errada', modelo: 'A4351', numero_colunas: 4 }, manager);
    expect(columns.status).toBe(400);
    expect(columns.json['erros']).toEqual([`numero_colunas: ${M.sheetColumns('Pimaco A4351', 5)}`]);
    const list = await expectOk(t, 'labelFind', { search: 'Zebra' }, manager);
    expect(list.json['rows']).toEqual([]);
  });

  it('checks an update on the stored row: turning a sheet model thermal asks for the source code', async () => {
    const created = await expectOk(t, 'labelCreate', { descricao: 'Prateleira', modelo: 'A4351' }, manager);
    const id = created.json['id_etiqueta'];
    const refused = await t.call('PUT', '/label/update', { id_etiqueta: id, tipo: 'Termica' }, manager);
    expect(refused.status).toBe(400);
    // The body alone (tipo without codigo_fonte) is refused by the schema's check, under the field.
    expect(refused.json['erros']).toEqual([`codigo_fonte: ${M.sourceCodeMissing}`]);
    // Its source code emptied on a thermal model: the body alone says nothing wrong, the stored row does (the hook).
    const thermal = await expectOk(t, 'labelCreate', { descricao: 'Térmica 2', tipo: 'Termica', codigo_fonte: 'P1' }, manager);
    const emptied = await t.call('PUT', '/label/update', { id_etiqueta: thermal.json['id_etiqueta'], codigo_fonte: '' }, manager);
    expect(emptied.status).toBe(400);
    expect(emptied.json['message']).toBe(M.sourceCodeMissing);
    const updated = await expectOk(t, 'labelUpdate', { id_etiqueta: id, tamanho_descricao: 20 }, manager);
    expect(updated.json['tamanho_descricao']).toBe(20);
    const tooLong = await t.call('PUT', '/label/update', { id_etiqueta: id, tamanho_descricao: 21 }, manager);
    expect(tooLong.status).toBe(400);
    expect(tooLong.json['message']).toBe(M.sheetDescription('Pimaco A4351', 20));
    await expectOk(t, 'labelDelete', { id_etiqueta: id }, manager);
  });

  it("keeps each organization's models to itself, lets a product reader read them only, and the cashier not at all", async () => {
    const mine = await expectOk(t, 'labelCreate', { descricao: 'Só da Demo', modelo: 'Pimaco6187' }, manager);
    const theirs = await t.call('POST', '/label/find_by_id', { id_etiqueta: mine.json['id_etiqueta'] }, other);
    expect(theirs.status).toBe(404);
    const otherList = await t.call('POST', '/label/find', {}, other);
    expect((otherList.json['rows'] as Row[]).some((r) => r['descricao'] === 'Só da Demo')).toBe(false);
    const read = await t.call('POST', '/label/find', {}, seller);
    expect(read.status).toBe(200);
    const write = await t.call('POST', '/label/create', { descricao: 'Do vendedor', modelo: 'Pimaco6187' }, seller);
    expect(write.status).toBe(403);
    const cashierRead = await t.call('POST', '/label/find', {}, cashier);
    expect(cashierRead.status).toBe(403);
  });

  it("keeps a model's parameters as its child list: replaced when given, kept when left out, tombstoned with the model", async () => {
    const source = '^XA~SD{param:escuridao}^PR{param:velocidade}^FO{param:x},10^FD{descricao}^FS^XZ';
    const params = [{ chave: 'escuridao', valor: '25' }, { chave: 'velocidade', valor: '3' }, { chave: 'x', valor: '40' }];
    const created = await expectOk(t, 'labelCreate', { descricao: 'Zebra parametrizada', tipo: 'Termica', codigo_fonte: source, parametros: params }, manager);
    const id = created.json['id_etiqueta'] as number;
    expect(created.json['parametros']).toEqual([...params].sort((a, b) => a.chave.localeCompare(b.chave)));
    // An update without the list keeps it; with it, replaces it.
    await expectOk(t, 'labelUpdate', { id_etiqueta: id, descricao: 'Zebra 2' }, manager);
    expect((await expectOk(t, 'labelFindById', { id_etiqueta: id }, manager)).json['parametros']).toHaveLength(3);
    const changed = await expectOk(t, 'labelUpdate', { id_etiqueta: id, parametros: [...params.slice(0, 2), { chave: 'x', valor: '0' }] }, manager);
    expect(changed.json['parametros']).toContainEqual({ chave: 'x', valor: '0' });
    const live = async () => (await t.db.system((tx) => tx.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM etiqueta_parametro WHERE id_etiqueta = $1 AND data_exclusao IS NULL', [id]))).rows[0]!.n;
    expect(await live()).toBe(3);

    // Refusals, each writing nothing: a placeholder naming no parameter (on the body, and on the stored list), a bad key,
    // a repeated key, a sheet offset out of range.
    const before = (await expectOk(t, 'labelFindById', { id_etiqueta: id }, manager)).json;
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ parametros: params.slice(0, 2) }, `codigo_fonte: ${M.paramUnknown('x')}`],
      [{ codigo_fonte: `${source}{param:deslocamento}` }, M.paramUnknown('deslocamento')],
      [{ parametros: [...params, { chave: 'Velocidade Alta', valor: '1' }] }, `parametros.3.chave: ${M.paramKeyInvalid}`],
      [{ parametros: [...params, { chave: 'x', valor: '1' }] }, `parametros.3.chave: ${M.paramKeyDuplicate('x')}`],
    ];
    for (const [body, message] of cases) {
      const res = await t.call('PUT', '/label/update', { id_etiqueta: id, ...body }, manager);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const said = [res.json['message'], res.json['complement'], ...((res.json['erros'] as string[] | undefined) ?? [])].join('\n');
      expect(said, JSON.stringify(body)).toContain(message);
    }
    expect((await expectOk(t, 'labelFindById', { id_etiqueta: id }, manager)).json).toEqual(before);
    const sheet = await t.call('POST', '/label/create', { descricao: 'Folha torta', modelo: 'Pimaco6187', parametros: [{ chave: 'deslocamento_x_mm', valor: '12' }] }, manager);
    expect(sheet.status).toBe(400);
    expect(sheet.json['erros']).toEqual([`parametros.0.valor: ${M.paramOffsetInvalid('deslocamento_x_mm')}`]);
    const calibrated = await expectOk(t, 'labelCreate', {
      descricao: 'Folha calibrada', modelo: 'Pimaco6187', parametros: [{ chave: 'deslocamento_x_mm', valor: '1,5' }, { chave: 'deslocamento_y_mm', valor: '-0.5' }],
    }, manager);
    expect(calibrated.json['parametros']).toHaveLength(2);

    // Another organization neither reads nor writes them; deleting the model tombstones them.
    expect((await t.call('POST', '/label/find_by_id', { id_etiqueta: id }, other)).status).toBe(404);
    expect((await t.call('PUT', '/label/update', { id_etiqueta: id, parametros: [] }, other)).status).toBe(404);
    expect(await live()).toBe(3);
    await expectOk(t, 'labelDelete', { id_etiqueta: id }, manager);
    expect(await live()).toBe(0);
  });
});
