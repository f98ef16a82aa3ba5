/**
 * SPED EFD ICMS/IPI (issue 32) against the real database: the month of branch 1 (an NFC-e it emitted, a purchase
 * invoice it imported, its processed inventory) gathered into a file that passes our layout checker with the right
 * 9900 counts; what belongs to branch 2 or another organization stays out; bad month or branch answer 400 in pt-BR.
 */
import { readFileSync } from 'node:fs';
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPED_MESSAGES as M } from '@pdv/domain/sped';
import { parseSped } from '@pdv/fiscal/sped/efd-icms-ipi';
import { checkSped, loadSpedLayout, spedCounts } from '@pdv/fiscal/sped/layout-check';
import { makePurchaseNFeXml } from '@pdv/fiscal/testing/purchase-factory';
import type { SpedResult } from '@pdv/contract/sped';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { expectOk } from '../../testing/routes.ts';
import { demoIds, type DemoIds } from '../../testing/sync.ts';

const DIR = '/work/shared/fiscal/sped/';
const layout = loadSpedLayout(readFileSync(`${DIR}structure_EFDICMS_310.txt`, 'utf8'), readFileSync(`${DIR}structure_EFDICMS_ELEMENTS_310.json`, 'utf8'));

let t: TestApp;
let manager: string;
let other: string;
let ids: DemoIds;
let mes: string;
const RUN = String(randomInt(10_000, 99_999));

const sys = <T>(sql: string, params: unknown[] = []) => t.db.system((tx) => tx.query<T & Record<string, unknown>>(sql, params));
const one = async <T>(sql: string, params: unknown[] = []) => (await sys<T>(sql, params)).rows[0]!;

/** An authorized NFC-e of a branch, emitted now: one line of 100,00 at 18%. */
async function nfce(branch: number, numero: number, chave: string) {
  const user = (await one<{ id: number }>('SELECT id_usuario AS id FROM usuario WHERE id_organization = $1 ORDER BY id_usuario LIMIT 1', [ids.demo])).id;
  const nf = (await one<{ id: number }>(
    `INSERT INTO nota_fiscal (id_organization, id_filial, id_usuario, modelo, serie, numero_nota_fiscal, chave_acesso, situacao, ambiente,
       valor_total_produtos, valor_nota_fiscal, data_hora_emissao)
     VALUES ($1, $2, $3, '65', 1, $4, $5, 'Autorizada', 2, 100, 100, now()) RETURNING id_nota_fiscal AS id`,
    [ids.demo, branch, user, numero, chave])).id;
  await sys(
    `INSERT INTO nota_fiscal_item (id_organization, id_nota_fiscal, descricao, quantidade, valor_unitario, valor_sub_total, valor_total, cfop,
       icms_cst, origem_produto, valor_base_icms, icms_aliquota, valor_icms)
     VALUES ($1, $2, 'Camiseta', 1, 100, 100, 100, '5102', '00', 0, 100, 18, 18)`, [ids.demo, nf]);
}

beforeAll(async () => {
  t = await createTestApp();
  manager = await t.login('gerente@demo.com.br');
  other = await t.login('outra@demo.com.br');
  ids = await demoIds(t.db);
  mes = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Sao_Paulo' }).slice(0, 7);
}, 120_000);
afterAll(async () => {
  await t.close();
});

describe('POST /fiscal/sped', () => {
  it('refuses a bad month, a future month and a branch that is not the caller\'s with a 400 in pt-BR', async () => {
    const bad = await t.call('POST', '/fiscal/sped', { id_filial: ids.branch1, mes: '2026-13' }, manager);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.json)).toContain(M.monthInvalid);
    const future = await t.call('POST', '/fiscal/sped', { id_filial: ids.branch1, mes: '2999-01' }, manager);
    expect(future.status).toBe(400);
    expect(future.json['message']).toBe(M.monthFuture);
    const foreign = await t.call('POST', '/fiscal/sped', { id_filial: ids.branch1, mes }, other);
    expect(foreign.status).toBe(400);
    expect(foreign.json['message']).toBe(M.branchInvalid);
    const missing = await t.call('POST', '/fiscal/sped', { id_filial: 999_999, mes }, manager);
    expect(missing.status).toBe(400);
    expect(missing.json['message']).toBe(M.branchInvalid);
  });

  it('asks for the accountant and the SPED profile before writing a file', async () => {
    await sys(`UPDATE filial SET ie = '111222333444', id_cidade = 3550308, cep = '01001000', endereco = 'Rua das Flores', numero = '100',
                bairro = 'Centro', uf = 'SP' WHERE id_filial = $1`, [ids.branch1]);
    await sys(`UPDATE filial_configuracao SET id_perfil_sped = NULL, tipo_atividade_sped = 1 WHERE id_filial = $1`, [ids.branch1]);
    const noProfile = await t.call('POST', '/fiscal/sped', { id_filial: ids.branch1, mes }, manager);
    expect(noProfile.status).toBe(400);
    expect(noProfile.json['message']).toBe(M.profileMissing);
    await sys(`UPDATE filial_configuracao SET id_perfil_sped = 'B' WHERE id_filial = $1`, [ids.branch1]);
    await sys(`UPDATE pessoa SET is_contador = false WHERE id_organization = $1`, [ids.demo]);
    const noAccountant = await t.call('POST', '/fiscal/sped', { id_filial: ids.branch1, mes }, manager);
    expect(noAccountant.status).toBe(400);
    expect(noAccountant.json['message']).toBe(M.accountantMissing);
  });

  it('writes the month of branch 1: NFC-e, imported entry, inventory; every line passes the checker, 9900 counts right', async () => {
    const acc = (await one<{ id: number }>(
      `INSERT INTO pessoa (id_organization, tipo, nome, cpf, is_contador, crc_contador, email) VALUES ($1, 'F', 'Maria Contadora', '52998224725', true, 'SP123456', 'maria@contab.com.br')
       RETURNING id_pessoa AS id`, [ids.demo])).id;
    await sys(`INSERT INTO pessoa_endereco (id_organization, id_pessoa, is_principal, cep, endereco, numero, bairro, id_cidade, uf)
               VALUES ($1, $2, true, '01002000', 'Rua B', '5', 'Centro', 3550308, 'SP')`, [ids.demo, acc]);
    const n1 = randomInt(100_000, 900_000);
    const chave1 = `3526${RUN}0000000000000065001${String(n1).padStart(9, '0')}100000001`.slice(0, 44).padEnd(44, '0');
    await nfce(ids.branch1, n1, chave1);
    // Branch 2's NFC-e of the same month stays out of branch 1's file.
    const n2 = n1 + 1;
    const chave2 = `3526${RUN}0000000000000065001${String(n2).padStart(9, '0')}100000002`.slice(0, 44).padEnd(44, '0');
    await nfce(ids.branch2, n2, chave2);

    // A purchase invoice imported through its route (18% ICMS credit for a regime-3 reseller).
    await sys('UPDATE filial_configuracao SET codigo_regime_tributario = 3 WHERE id_filial = $1', [ids.branch1]);
    const branchCnpj = (await one<{ cnpj: string }>('SELECT cnpj FROM filial WHERE id_filial = $1', [ids.branch1])).cnpj;
    const sku = `SPED${RUN}`;
    const pgf = await t.db.system(async (tx) => {
      const p = (await tx.query<{ id: number }>(
        `INSERT INTO produto (id_organization, descricao, sku, id_unidade_medida, codigo_ncm)
         SELECT $1, 'Caneta SPED', $2, id_unidade_medida, '96081000' FROM produto WHERE id_organization = $1 AND data_exclusao IS NULL LIMIT 1
         RETURNING id_produto AS id`, [ids.demo, sku])).rows[0]!.id;
      const g = (await tx.query<{ id: number }>(
        `INSERT INTO produto_grade (id_organization, id_produto, is_padrao, sku, descricao) VALUES ($1, $2, true, $3, 'Única') RETURNING id_produto_grade AS id`,
        [ids.demo, p, sku])).rows[0]!.id;
      await tx.query(`INSERT INTO produto_codigo_barra (id_organization, id_produto, id_produto_grade, codigo) VALUES ($1, $2, $3, 'SEM')`, [ids.demo, p, g]);
      return (await tx.query<{ id: number }>(
        `INSERT INTO produto_grade_filial (id_organization, id_produto_grade, id_filial, preco_custo_medio) VALUES ($1, $2, $3, 2.5)
         RETURNING id_produto_grade_filial AS id`, [ids.demo, g, ids.branch1])).rows[0]!.id;
    });
    const { xml, chave } = makePurchaseNFeXml({ emitCnpj: '11444777000161', destCnpj: branchCnpj, nNF: randomInt(100_000, 900_000),
      items: [{ cProd: `C-${RUN}`, xProd: 'CANETA', uCom: 'UN', qCom: 10_000, vUnCom: 10_00 }] });
    await expectOk(t, 'invoiceImportConfirm', { xml, itens: [{ n_item: 1, id_produto_grade_filial: pgf }] }, manager);

    // A processed inventory of the month.
    const endereco = (await one<{ id: number }>('SELECT id_endereco_estoque AS id FROM endereco_estoque WHERE id_filial = $1 ORDER BY 1 LIMIT 1', [ids.branch1])).id;
    const inv = (await one<{ id: number }>(
      `INSERT INTO inventario (id_organization, id_filial, descricao, situacao, data_processamento) VALUES ($1, $2, 'Balanço', 'Processado', now())
       RETURNING id_inventario AS id`, [ids.demo, ids.branch1])).id;
    await sys('INSERT INTO inventario_item (id_organization, id_inventario, id_filial, id_produto_grade_filial, id_endereco_estoque, quantidade) VALUES ($1, $2, $3, $4, $5, 4)',
      [ids.demo, inv, ids.branch1, pgf, endereco]);

    const res = (await expectOk(t, 'fiscalSped', { id_filial: ids.branch1, mes, inventario: true, codigo_receita: '046-2' }, manager)).json as unknown as SpedResult;
    expect(res.nome_arquivo).toBe(`SPED_EFD_ICMS_IPI_${branchCnpj}_${mes.replace('-', '')}.txt`);
    expect(res.conteudo.endsWith('\r\n')).toBe(true);
    const recs = parseSped(res.conteudo);
    expect(checkSped(layout, recs)).toEqual([]);
    const actual = new Map<string, number>();
    for (const r of recs) actual.set(r[0]!, (actual.get(r[0]!) ?? 0) + 1);
    expect(spedCounts(recs)).toEqual(actual);
    expect(res.linhas).toBe(recs.length);

    const of = (reg: string) => recs.filter((r) => r[0] === reg);
    expect(of('0000')[0]!.slice(13)).toEqual(['B', '1']);
    expect(of('0100')[0]!.slice(1, 4)).toEqual(['Maria Contadora', '52998224725', 'SP123456']);
    const chaves = of('C100').map((r) => r[8]);
    expect(chaves).toContain(chave1);
    expect(chaves).toContain(chave);
    expect(chaves).not.toContain(chave2);
    expect(of('C170').map((r) => [r[2], r[4], r[10]])).toEqual([[sku, '10,000', '1102']]);
    // 'SEM' is no GTIN: COD_BARRA stays empty.
    expect(of('0200').find((r) => r[1] === sku)?.[3]).toBe('');
    expect(of('0150').map((r) => r[4])).toContain('11444777000161');
    // Valued at the average cost the import left: (100,00 − 18,00 ICMS) / 10 = 8,20; 4 × 8,20.
    expect(of('H010').map((r) => [r[1], r[3], r[4], r[5]])).toEqual([[sku, '4,000', '8,200000', '32,80']]);
    // Debits 18,00 of the NFC-e, credit 18,00 of the entry: nothing to pay.
    const e110 = of('E110')[0]!;
    expect([e110[1], e110[5]]).toEqual(['18,00', '18,00']);
  });
});
