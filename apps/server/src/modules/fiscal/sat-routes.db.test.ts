/**
 * A SAT sale through the routes the point of sale calls (issue 27): POST /operacao with model 59 only in a branch whose
 * default sale model is the SAT, /sat/dados-venda (the CF-e input the server rebuilds from the invoice), the SAT
 * emulator (the connector's FAKE SAT) signing it, /sat/registrar, then /sat/dados-cancelamento and
 * /sat/registrar-cancelamento. A dishonest cashier's answer (another sale's CF-e, another branch's invoice, another
 * organization's) is refused with nothing written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SatAnswer, SatSaleData } from '@pdv/contract/connector';
import { FISCAL_MESSAGES } from '@pdv/domain/fiscal-messages';
import { SAT_CODES, SAT_MESSAGES, SAT_NO_SEFAZ_ACTION, SAT_SOFTWARE_HOUSE_CNPJ } from '@pdv/domain/sat';
import { buildCFeCancXml, buildCFeXml, parseSatAnswer } from '@pdv/fiscal/cfe-xml';
import { closeValidators } from '@pdv/fiscal/validate';
import { SatEmulator } from '../../../../connector/src/sat-library.ts';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { expectOk } from '../../testing/routes.ts';
import { loadSaleFixture, saleBody, type SaleFixture } from '../../testing/sale.ts';
import { satMismatch } from './sat.ts';

let t: TestApp;
let manager: string;
let sale: SaleFixture;
let cnpj: string;
let sat: SatEmulator;
let session = 100000;

const SIGN_AC = 'SGR-SAT SISTEMA DE GESTAO E RETAGUARDA DO SAT';

beforeAll(async () => {
  t = await createTestApp();
  manager = await t.login('gerente@demo.com.br');
  sale = await loadSaleFixture(t.db);
  cnpj = (await t.db.system((tx) => tx.query<{ cnpj: string }>('SELECT cnpj FROM filial WHERE id_filial = $1', [sale.id_filial]))).rows[0]!.cnpj;
  sat = new SatEmulator({
    codigo_ativacao: '12345678', cnpj, ie: '149626224113', razao_social: 'Demo Moda', regime: 1, numero_serie: '900004019', cuf: '35',
    ambiente: 2, endereco: { xLgr: 'Rua Augusta', nro: '100', xBairro: 'Consolação', xMun: 'São Paulo', CEP: '01305000' },
  });
}, 120_000);
afterAll(async () => {
  await closeValidators();
  await t.close();
});

const setDefaultModel = (modelo: string) => t.db.system((tx) => tx.query(
  'UPDATE filial_configuracao SET codigo_modelo_padrao_venda = $2 WHERE id_filial = $1', [sale.id_filial, modelo]));

/** The connector's answer for a line of the SAT (as apps/connector sat.ts maps it). */
function toAnswer(line: string, success: typeof SAT_CODES.saleAuthorized | typeof SAT_CODES.cancelled): SatAnswer {
  const p = parseSatAnswer(line, success);
  return {
    Codigo: p.codigo, Mensagem: p.mensagem, NumeroDocFiscal: p.xml ? /<nCFe>(\d+)<\/nCFe>/.exec(p.xml)?.[1] ?? null : null, ChaveConsulta: p.chaveConsulta,
    TimeStamp: p.timeStamp, AssinaturaQRCODE: p.assinaturaQRCODE, NumeroSessao: p.numeroSessao, ValorTotalCFe: p.valorTotal,
    ArquivoCFeSAT: p.xml ? Buffer.from(p.xml).toString('base64') : null,
  };
}

/** What the connector does with the server's data: the CF-e written and handed to the SAT. */
async function signOnSat(data: SatSaleData): Promise<SatAnswer> {
  const xml = buildCFeXml({ ...data, signAC: data.signAC ?? SIGN_AC, softwareHouseCnpj: SAT_SOFTWARE_HOUSE_CNPJ, numeroCaixa: 1 });
  return toAnswer(await sat.enviarDadosVenda(++session, '12345678', xml), SAT_CODES.saleAuthorized);
}

async function satSale(): Promise<number> {
  const res = await t.call('POST', '/operacao', saleBody(sale, { modelo: '59' }), manager);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json['id_nota_fiscal'] as number;
}

const row = async (id: number) => (await t.db.system((tx) => tx.query<Record<string, unknown>>('SELECT * FROM nota_fiscal WHERE id_nota_fiscal = $1', [id]))).rows[0]!;

describe('SAT sale at the point of sale (routes)', () => {
  it('refuses model 59 in a branch whose default sale model is not the SAT, writing nothing', async () => {
    await setDefaultModel('65');
    const body = saleBody(sale, { modelo: '59' });
    const res = await t.call('POST', '/operacao', body, manager);
    expect(res.status).toBe(400);
    expect(res.json['message']).toBe(SAT_MESSAGES.notSatBranch);
    const written = await t.db.system((tx) => tx.query('SELECT 1 FROM nota_fiscal WHERE id_operacao = $1', [body.id_operacao]));
    expect(written.rows).toHaveLength(0);
    await setDefaultModel('59');
  });

  it('sells with model 59: the invoice awaits the SAT, the emulator signs the server data (06000), recorded, then cancelled (07000)', async () => {
    await setDefaultModel('59');
    const id = await satSale();
    const before = await row(id);
    expect(before['modelo']).toBe('59');
    expect(before['situacao']).toBe('EmEdicao');
    expect(before['id_serie_fiscal']).toBeNull();

    const data = await expectOk(t, 'satSaleData', { id_nota_fiscal: id }, manager);
    const input = data.json as unknown as SatSaleData;
    expect(input.emit.CNPJ).toBe(cnpj);
    expect(input.det).toHaveLength(1);
    const answer = await signOnSat(input);
    expect(answer.Codigo).toBe('06000');
    const rec = await expectOk(t, 'satRecord', { id_nota_fiscal: id, resposta: answer }, manager);
    expect(rec.json['success']).toBe(true);
    const nf = await row(id);
    expect(nf['situacao']).toBe('Autorizada');
    expect(`CFe${String(nf['chave_acesso'])}`).toBe(answer.ChaveConsulta);
    // Authorized: no second send.
    expect((await t.call('POST', '/sat/dados-venda', { id_nota_fiscal: id }, manager)).status).toBe(400);

    const cdata = await expectOk(t, 'satCancelData', { id_nota_fiscal: id }, manager);
    expect(cdata.json['chave']).toBe(nf['chave_acesso']);
    const canc = buildCFeCancXml({ chave: `CFe${String(cdata.json['chave'])}`, softwareHouseCnpj: SAT_SOFTWARE_HOUSE_CNPJ, signAC: SIGN_AC, numeroCaixa: 1 });
    const cancelled = toAnswer(await sat.cancelarUltimaVenda(++session, '12345678', `CFe${String(cdata.json['chave'])}`, canc), SAT_CODES.cancelled);
    expect(cancelled.Codigo).toBe('07000');
    await expectOk(t, 'satRecordCancel', { id_nota_fiscal: id, resposta: cancelled }, manager);
    expect((await row(id))['situacao']).toBe('Cancelada');
  }, 60_000);

  it('a failure (99999) leaves the invoice Rejeitada, and the retry from the invoice list sends it again', async () => {
    const id = await satSale();
    const failed = { Codigo: SAT_CODES.failure, Mensagem: 'o SAT não respondeu em 30 s', NumeroDocFiscal: null, ChaveConsulta: null, TimeStamp: null,
      AssinaturaQRCODE: null, NumeroSessao: '123456', ValorTotalCFe: null, ArquivoCFeSAT: null };
    const rec = await t.call('POST', '/sat/registrar', { id_nota_fiscal: id, resposta: failed }, manager);
    expect(rec.status).toBe(200);
    expect(rec.json['success']).toBe(false);
    expect(rec.json['message']).toBe(`${SAT_MESSAGES.authorizeFailed} o SAT não respondeu em 30 s`);
    expect((await row(id))['situacao']).toBe('Rejeitada');
    const again = await t.call('POST', '/sat/dados-venda', { id_nota_fiscal: id }, manager);
    expect(again.status).toBe(200);
    const ok = await t.call('POST', '/sat/registrar', { id_nota_fiscal: id, resposta: await signOnSat(again.json as unknown as SatSaleData) }, manager);
    expect(ok.json['success']).toBe(true);
  }, 60_000);

  it("refuses another sale's genuine CF-e, and an invoice of another branch or organization", async () => {
    const first = await satSale();
    const second = await satSale();
    const data = (await t.call('POST', '/sat/dados-venda', { id_nota_fiscal: first }, manager)).json as unknown as SatSaleData;
    const answer = await signOnSat(data);
    expect((await t.call('POST', '/sat/registrar', { id_nota_fiscal: first, resposta: answer }, manager)).json['success']).toBe(true);
    // Same branch, same total: the first sale's CF-e handed again for the second sale.
    const reused = await t.call('POST', '/sat/registrar', { id_nota_fiscal: second, resposta: answer }, manager);
    expect(reused.status).toBe(400);
    expect(reused.json['message']).toBe(satMismatch('este CF-e já foi registrado em outra nota'));
    expect((await row(second))['situacao']).toBe('EmEdicao');
    // A fresh CF-e for the second sale, recorded from another branch's session or another organization's: not found.
    const fresh = await signOnSat((await t.call('POST', '/sat/dados-venda', { id_nota_fiscal: second }, manager)).json as unknown as SatSaleData);
    for (const email of ['filial2@demo.com.br', 'outra@demo.com.br']) {
      const other = await t.login(email);
      const res = await t.call('POST', '/sat/registrar', { id_nota_fiscal: second, resposta: fresh }, other);
      expect(res.status, email).toBe(404);
      expect((await t.call('POST', '/sat/dados-venda', { id_nota_fiscal: second }, other)).status, email).toBe(404);
    }
    expect((await row(second))['situacao']).toBe('EmEdicao');
    expect((await t.call('POST', '/sat/registrar', { id_nota_fiscal: second, resposta: fresh }, manager)).json['success']).toBe(true);
  }, 60_000);

  it('refuses the SEFAZ actions (consultation, number disablement, correction letter) on a CF-e SAT with a clear 400', async () => {
    await setDefaultModel('59');
    const id = await satSale();
    const pending = await row(id);
    const justificativa = 'Numero pulado por falha no equipamento';
    // Awaiting the SAT, and once authorized: neither is a SEFAZ document.
    for (const stage of ['pendente', 'autorizada'] as const) {
      if (stage === 'autorizada') {
        const data = (await t.call('POST', '/sat/dados-venda', { id_nota_fiscal: id }, manager)).json as unknown as SatSaleData;
        expect((await t.call('POST', '/sat/registrar', { id_nota_fiscal: id, resposta: await signOnSat(data) }, manager)).json['success']).toBe(true);
      }
      const before = await row(id);
      const consult = await t.call('POST', '/nfe/consultar', { id_nota_fiscal: id }, manager);
      expect(consult.status, stage).toBe(400);
      expect(consult.json['message']).toBe(SAT_MESSAGES.notForSat(SAT_NO_SEFAZ_ACTION.consultar));
      const disable = await t.call('POST', '/nfe/inutilizar', { id_nota_fiscal: id, justificativa }, manager);
      expect(disable.status, stage).toBe(400);
      expect(disable.json['message']).toBe(SAT_MESSAGES.notForSat(SAT_NO_SEFAZ_ACTION.inutilizar));
      const letter = await t.call('POST', '/nfe/carta_correcao', { id_nota_fiscal: id, texto_correcao: 'Correcao do endereco do destinatario' }, manager);
      expect(letter.status, stage).toBe(400);
      expect(letter.json['message']).toBe(SAT_MESSAGES.notForSat(SAT_NO_SEFAZ_ACTION.carta));
      // Nothing written.
      const after = await row(id);
      expect([after['situacao'], after['data_alteracao']]).toEqual([before['situacao'], before['data_alteracao']]);
    }
    expect(pending['situacao']).toBe('EmEdicao');
    const range = await t.call('POST', '/nfe/inutilizar_faixa', {
      id_filial: sale.id_filial, serie: 1, modelo: '59', numeracaoInicial: 1, numeracaoFinal: 2, justificativa,
    }, manager);
    expect(range.status).toBe(400);
    // The range's body names its model: the contract's enum (55, 65) refuses 59 with its message among the details.
    expect(JSON.stringify(range.json)).toContain(FISCAL_MESSAGES.unsupportedModel);
    const events = await t.db.system((tx) => tx.query("SELECT 1 FROM inutilizacao WHERE id_filial = $1 AND modelo = '59'", [sale.id_filial]));
    expect(events.rows).toHaveLength(0);
  }, 60_000);
});
