/**
 * A SAT sale's invoice (model 59) records what the SAT answered: the CF-e made by the SAT emulator (the connector's
 * FAKE SAT, apps/connector sat-library.ts) for the invoice's branch and total is stored with its key, number and XML;
 * a forged answer (another total, another branch, another CF-e) is refused; a failure leaves it Rejeitada; the
 * cancellation makes it Cancelada and gives the stock back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SatAnswer } from '@pdv/contract/connector';
import { SAT_CODES, SAT_MESSAGES, SAT_SOFTWARE_HOUSE_CNPJ } from '@pdv/domain/sat';
import { fromDecimal } from '@pdv/domain/money';
import { buildCFeCancXml, buildCFeXml, parseSatAnswer } from '@pdv/fiscal/cfe-xml';
import { closeValidators } from '@pdv/fiscal/validate';
import { SatEmulator } from '../../../../connector/src/sat-library.ts';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { countRows, loadSaleFixture, saleBody, type SaleFixture } from '../../testing/sale.ts';
import { recordSatAuthorization, recordSatCancellation, satMismatch, type SatContext } from './sat.ts';

let t: TestApp;
let manager: string;
let sale: SaleFixture;
let ctx: SatContext;
let cnpj: string;

const SIGN_AC = 'SGR-SAT SISTEMA DE GESTAO E RETAGUARDA DO SAT';

beforeAll(async () => {
  t = await createTestApp();
  manager = await t.login('gerente@demo.com.br');
  sale = await loadSaleFixture(t.db);
  const row = (await t.db.system((tx) => tx.query<{ id_organization: number; cnpj: string; id_usuario: number }>(
    `SELECT f.id_organization, f.cnpj, (SELECT id_usuario FROM usuario u WHERE u.id_organization = f.id_organization ORDER BY id_usuario LIMIT 1) AS id_usuario
       FROM filial f WHERE f.id_filial = $1`, [sale.id_filial]))).rows[0]!;
  cnpj = row.cnpj;
  ctx = { org: row.id_organization, id_filial: sale.id_filial, id_usuario: row.id_usuario };
}, 120_000);
afterAll(async () => {
  await closeValidators();
  await t.close();
});

function emulator(forCnpj = cnpj): SatEmulator {
  return new SatEmulator({
    codigo_ativacao: '12345678', cnpj: forCnpj, ie: '149626224113', razao_social: 'Demo Moda', regime: 1, numero_serie: '900004019', cuf: '35',
    ambiente: 2, endereco: { xLgr: 'Rua Augusta', nro: '100', xBairro: 'Consolação', xMun: 'São Paulo', CEP: '01305000' },
  });
}

/** The connector's answer for a line of the SAT (as apps/connector sat.ts maps it). */
function toAnswer(line: string, success: typeof SAT_CODES.saleAuthorized | typeof SAT_CODES.cancelled): SatAnswer {
  const p = parseSatAnswer(line, success);
  return {
    Codigo: p.codigo, Mensagem: p.mensagem, NumeroDocFiscal: p.xml ? /<nCFe>(\d+)<\/nCFe>/.exec(p.xml)?.[1] ?? null : null, ChaveConsulta: p.chaveConsulta,
    TimeStamp: p.timeStamp, AssinaturaQRCODE: p.assinaturaQRCODE, NumeroSessao: p.numeroSessao, ValorTotalCFe: p.valorTotal,
    ArquivoCFeSAT: p.xml ? Buffer.from(p.xml).toString('base64') : null,
  };
}

/**
 * A sale's invoice made a SAT one: the point of sale does not yet open model 59 invoices (POST /operacao takes 55, 65
 * or none), so the sale is made with 65 and its draft invoice turned into a CF-e (no series: the SAT numbers it).
 */
async function satInvoice(): Promise<{ id: number; total: number }> {
  const res = await t.call('POST', '/operacao', saleBody(sale, { modelo: '65' }), manager);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  const id = res.json['id_nota_fiscal'] as number;
  await t.db.system((tx) => tx.query(
    `UPDATE nota_fiscal SET modelo = '59', serie = NULL, id_serie_fiscal = NULL, numero_nota_fiscal = NULL WHERE id_nota_fiscal = $1 AND situacao = 'EmEdicao'`, [id]));
  const nf = (await t.db.system((tx) => tx.query<{ modelo: string; situacao: string; valor: string }>(
    'SELECT modelo, situacao, valor_nota_fiscal AS valor FROM nota_fiscal WHERE id_nota_fiscal = $1', [id]))).rows[0]!;
  expect(nf.modelo).toBe('59');
  return { id, total: fromDecimal(nf.valor) };
}

/** The sale as the point of sale sends it to /sat/envio, for `total` centavos. */
const cfe = (total: number) => buildCFeXml({
  softwareHouseCnpj: SAT_SOFTWARE_HOUSE_CNPJ, signAC: SIGN_AC, numeroCaixa: 1, emit: { CNPJ: cnpj, IE: '149626224113' },
  det: [{ cProd: '1', xProd: sale.product.descricao, CFOP: '5102', uCom: 'UN', qCom: 1000, vUnCom: total, ICMS: { orig: 0, CSOSN: '102' }, PIS: { CST: '49' }, COFINS: { CST: '49' } }],
  pgto: [{ meio_pagamento: '17', vMP: total }],
});

const record = (id: number, answer: SatAnswer, kind: 'envio' | 'cancelamento' = 'envio') =>
  t.db.tenant({ id_organization: ctx.org }, (tx) => (kind === 'envio' ? recordSatAuthorization(tx, ctx, id, answer) : recordSatCancellation(tx, ctx, id, answer)));

const invoiceRow = async (id: number) => (await t.db.system((tx) => tx.query<Record<string, unknown>>('SELECT * FROM nota_fiscal WHERE id_nota_fiscal = $1', [id]))).rows[0]!;

describe('SAT invoice (model 59)', () => {
  it('stores the CF-e of 06000 (key, number, XML, session, QR signature) and cancels it with 07000, giving the stock back', async () => {
    const { id, total } = await satInvoice();
    const sat = emulator();
    const answer = toAnswer(await sat.enviarDadosVenda(123456, '12345678', cfe(total)), SAT_CODES.saleAuthorized);
    expect(answer.Codigo).toBe('06000');
    const r = await record(id, answer);
    expect(r.success, r.message).toBe(true);
    const nf = await invoiceRow(id);
    expect(nf['situacao']).toBe('Autorizada');
    expect(`CFe${String(nf['chave_acesso'])}`).toBe(answer.ChaveConsulta);
    expect(String(nf['chave_acesso']).slice(20, 22)).toBe('59');
    expect(nf['numero_nota_fiscal']).toBe(1);
    expect(String(nf['xml_autorizado'])).toContain('<mod>59</mod>');
    expect(nf['sat_numero_sessao']).toBe('123456');
    expect(nf['sat_timestamp']).toBe(answer.TimeStamp);
    expect(nf['sat_assinatura_qrcode']).toBe(answer.AssinaturaQRCODE);
    // The sale took its stock when it was processed: authorization does not take it twice.
    expect(await countRows(t.db, 'movimentacao_estoque WHERE id_nota_fiscal = $1', [id])).toBe(1);
    // Authorized once: the same answer again is refused.
    await expect(record(id, answer)).rejects.toThrow('já está autorizada');

    const canc = buildCFeCancXml({ chave: String(answer.ChaveConsulta), softwareHouseCnpj: SAT_SOFTWARE_HOUSE_CNPJ, signAC: SIGN_AC, numeroCaixa: 1 });
    const refused = await record(id, toAnswer('1|07007|Erro de validação do conteúdo||', SAT_CODES.cancelled), 'cancelamento');
    expect(refused.success).toBe(false);
    expect(refused.message).toBe(`${SAT_MESSAGES.cancelFailedPrefix} Erro de validação do conteúdo`);
    expect((await invoiceRow(id))['situacao']).toBe('Autorizada');
    const cancelled = toAnswer(await sat.cancelarUltimaVenda(654321, '12345678', String(answer.ChaveConsulta), canc), SAT_CODES.cancelled);
    expect(cancelled.Codigo).toBe('07000');
    const c = await record(id, cancelled, 'cancelamento');
    expect(c.success, c.message).toBe(true);
    const after = await invoiceRow(id);
    expect(after['situacao']).toBe('Cancelada');
    expect(`CFe${String(after['sat_chave_cancelamento'])}`).toBe(cancelled.ChaveConsulta);
    expect(String(after['sat_xml_cancelamento'])).toContain(`chCanc="${String(answer.ChaveConsulta)}"`);
    const net = (await t.db.system((tx) => tx.query<{ q: string }>('SELECT coalesce(sum(quantidade), 0) AS q FROM movimentacao_estoque WHERE id_nota_fiscal = $1', [id]))).rows[0]!;
    expect(Number(net.q)).toBe(0);
  }, 60_000);

  it('leaves the invoice Rejeitada with the spec message when the SAT refuses or cannot be reached', async () => {
    const { id } = await satInvoice();
    const r = await record(id, toAnswer('1|06010|Erro de validação do conteúdo||', SAT_CODES.saleAuthorized));
    expect(r.success).toBe(false);
    expect(r.message).toBe(`${SAT_MESSAGES.authorizeFailed} Erro de validação do conteúdo`);
    expect((await invoiceRow(id))['situacao']).toBe('Rejeitada');
    const own = await record(id, { Codigo: SAT_CODES.failure, Mensagem: 'o SAT não respondeu', NumeroDocFiscal: null, ChaveConsulta: null, TimeStamp: null,
      AssinaturaQRCODE: null, NumeroSessao: null, ValorTotalCFe: null, ArquivoCFeSAT: null });
    expect(own.success).toBe(false);
    const nf = await invoiceRow(id);
    expect(nf['situacao']).toBe('Rejeitada');
    expect(nf['codigo_status']).toBe(99999);
    expect(nf['chave_acesso']).toBeNull();
  }, 60_000);

  it("refuses an answer whose CF-e is not this invoice's: another total, another branch, a forged key, an NF-e", async () => {
    const { id, total } = await satInvoice();
    // A dishonest cashier rings a cheaper CF-e on the SAT and hands its answer for this invoice.
    const cheaper = toAnswer(await emulator().enviarDadosVenda(1, '12345678', cfe(total - 1)), SAT_CODES.saleAuthorized);
    await expect(record(id, cheaper)).rejects.toThrow(satMismatch(`o total do CF-e (${((total - 1) / 100).toFixed(2)}) não é o da nota`).slice(0, 60));
    // A CF-e of another taxpayer's SAT.
    const other = emulator('11222333000181');
    const foreign = toAnswer(await other.enviarDadosVenda(2, '12345678', cfe(total).replace(`<emit><CNPJ>${cnpj}`, '<emit><CNPJ>11222333000181')), SAT_CODES.saleAuthorized);
    expect(foreign.Codigo).toBe('06000');
    await expect(record(id, foreign)).rejects.toThrow(satMismatch('o emitente não é esta filial'));
    // The answer's key edited: it no longer matches the signed CF-e.
    const good = toAnswer(await emulator().enviarDadosVenda(3, '12345678', cfe(total)), SAT_CODES.saleAuthorized);
    await expect(record(id, { ...good, ChaveConsulta: `CFe${'3'.repeat(44)}` })).rejects.toThrow(satMismatch('a chave da resposta não é a do CF-e'));
    await expect(record(id, { ...good, ArquivoCFeSAT: Buffer.from('<NFe><infNFe Id="NFe1"/></NFe>').toString('base64') })).rejects.toThrow('não é um CFe assinado pelo SAT');
    // Nothing of the refused answers was written.
    const nf = await invoiceRow(id);
    expect(nf['situacao']).toBe('EmEdicao');
    expect(nf['chave_acesso']).toBeNull();
    // The good one goes through.
    expect((await record(id, good)).success).toBe(true);
  }, 60_000);
});
