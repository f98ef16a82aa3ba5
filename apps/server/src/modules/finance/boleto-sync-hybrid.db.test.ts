/**
 * /demand/sync-demands-documents (the boletos of the documents follow them) and hybrid boletos (a configuration with
 * is_hibrido: each boleto stores a static PIX BR Code with the account's key, its value and a txid from the nosso
 * número; the PDF prints its QR).
 */
import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boletoPixTxid, parsePix } from '@pdv/banking/pix';
import { BOLETO_MESSAGES as M } from '@pdv/domain/boleto';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { expectOk } from '../../testing/routes.ts';

let t: TestApp;
let manager: string;
let other: string;
let itau: number;
let sicoob: number;
let payer: number;
let config: number;
let branch2Doc: number;

const RUN = String(Date.now() % 100000);
const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
type Json = Record<string, unknown>;

async function receivable(fields: Json = {}): Promise<number> {
  const res = await expectOk(t, 'documentFinancialCreate', { operacao: 'Entrada', valor_documento: 150, data_vencimento: future(20), id_pessoa: payer, ...fields }, manager);
  return res.json['id_documento_financeiro'] as number;
}
async function issue(cfg: number, documentos: number[]): Promise<number[]> {
  const res = await expectOk(t, 'demandCreate', { id_configuracao_boleto: cfg, documentos }, manager);
  const rows = res.json['resultados'] as Array<{ success: boolean; id_boleto: number; error_message: string | null }>;
  expect(rows.map((r) => r.error_message)).toEqual(documentos.map(() => null));
  return rows.map((r) => r.id_boleto);
}
const boletoState = (id: number) => t.db.system(async (tx) => (await tx.query<{ situacao: string; codigo_integracao: string | null }>(
  'SELECT situacao, codigo_integracao FROM boleto WHERE id_boleto = $1', [id])).rows[0]!);

beforeAll(async () => {
  t = await createTestApp();
  manager = await t.login('gerente@demo.com.br');
  other = await t.login('outra@demo.com.br');
  await t.db.system(async (tx) => {
    const q = async (sql: string) => Number((await tx.query<{ id: number }>(sql)).rows[0]?.id);
    itau = await q(`SELECT id_conta AS id FROM conta_bancaria c JOIN organization o USING (id_organization) WHERE o.nome = 'Demo Moda' AND c.id_banco = 341`);
    sicoob = await q(`SELECT id_conta AS id FROM conta_bancaria c JOIN organization o USING (id_organization) WHERE o.nome = 'Demo Moda' AND c.id_banco = 756`);
    payer = await q(`SELECT p.id_pessoa AS id FROM pessoa p JOIN organization o USING (id_organization)
      WHERE o.nome = 'Demo Moda' AND (p.cpf IS NOT NULL OR p.cnpj IS NOT NULL)
        AND EXISTS (SELECT 1 FROM pessoa_endereco e WHERE e.id_organization = p.id_organization AND e.id_pessoa = p.id_pessoa AND e.cep IS NOT NULL AND e.numero IS NOT NULL AND e.bairro IS NOT NULL)
      ORDER BY p.id_pessoa LIMIT 1`);
    branch2Doc = await q(`INSERT INTO documento_financeiro (id_organization, id_filial, numero, operacao, valor_documento, valor_atualizado, saldo, data_vencimento, id_pessoa)
      SELECT f.id_organization, f.id_filial, 'B2-${RUN}', 'Entrada', 50, 50, 50, CURRENT_DATE + 10, ${payer} FROM filial f JOIN organization o USING (id_organization)
       WHERE o.nome = 'Demo Moda' AND f.codigo_filial = '2' RETURNING id_documento_financeiro AS id`);
  });
  config = (await expectOk(t, 'boletoConfigCreate', { descricao: `Itaú sync ${RUN}`, id_conta: itau, carteira: '109', valor_multa: 2, valor_juro: 1 }, manager)).json['id_configuracao_boleto'] as number;
});
afterAll(async () => {
  await t.close();
});

describe('/demand/sync-demands-documents', () => {
  it('cancels the live boleto of a document paid or cancelled since, keeps the one in step, and reports each', async () => {
    const paid = await receivable();
    const cancelled = await receivable();
    const kept = await receivable();
    const [bPaid, bCancelled, bKept] = await issue(config, [paid, cancelled, kept]);
    // One goes in a remessa first: its cancel becomes the write-off occurrence of the next remessa.
    await expectOk(t, 'demandUpdateRemessa', { id_conta: itau }, manager);
    await expectOk(t, 'documentFinancialDischarge', { documentos: [paid], valor_total: 150, id_conta: itau }, manager);
    await expectOk(t, 'documentFinancialCancel', { id_documento_financeiro: cancelled }, manager);

    const res = await expectOk(t, 'demandSyncDocuments', { documentos: [paid, cancelled, kept] }, manager);
    expect(res.json['cancelados']).toBe(2);
    const byDoc = new Map((res.json['resultados'] as Json[]).map((r) => [r['id_documento_financeiro'], r]));
    expect(byDoc.get(paid)).toMatchObject({ situacao: 'Quitado', boletos: [{ id_boleto: bPaid, situacao_anterior: 'RemessaGerada', situacao: 'Cancelado', acao: 'Boleto cancelado: o documento foi quitado.' }] });
    expect(byDoc.get(cancelled)).toMatchObject({ situacao: 'Estornado', boletos: [{ id_boleto: bCancelled, situacao: 'Cancelado', acao: 'Boleto cancelado: o documento foi cancelado.' }] });
    expect(byDoc.get(kept)).toMatchObject({ situacao: 'Aberto', boletos: [{ id_boleto: bKept, situacao: 'RemessaGerada', acao: 'Boleto em dia com o documento.' }] });
    expect(await boletoState(bPaid!)).toEqual({ situacao: 'Cancelado', codigo_integracao: 'remessa' });
    expect((await boletoState(bKept!)).situacao).toBe('RemessaGerada');

    // The next remessa carries the two write-offs (occurrence 02); syncing again changes nothing.
    const rem = await expectOk(t, 'demandUpdateRemessa', { id_conta: itau }, manager);
    expect(rem.json['quantidade']).toBe(2);
    const again = await expectOk(t, 'demandSyncDocuments', { documentos: [paid, cancelled, kept] }, manager);
    expect(again.json['cancelados']).toBe(0);
  });

  it('refuses bad input in pt-BR: no documents, a document of another branch or organization, and writes nothing', async () => {
    const doc = await receivable();
    const [b] = await issue(config, [doc]);
    await expectOk(t, 'documentFinancialCancel', { id_documento_financeiro: doc }, manager);
    const empty = await t.call('POST', '/demand/sync-demands-documents', { documentos: [] }, manager);
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.json)).toContain(M.syncNoDocuments);
    const noList = await t.call('POST', '/demand/sync-demands-documents', {}, manager);
    expect(noList.status).toBe(400);
    // A valid document with one of branch 2: the whole call is refused, the first boleto stays as it was.
    const mixed = await t.call('POST', '/demand/sync-demands-documents', { documentos: [doc, branch2Doc] }, manager);
    expect(mixed.status).toBe(400);
    expect(JSON.stringify(mixed.json)).toContain(M.syncDocumentNotFound(branch2Doc));
    expect((await boletoState(b!)).situacao).toBe('Pendente');
    // Another organization's user gets the same answer for this organization's document.
    const foreign = await t.call('POST', '/demand/sync-demands-documents', { documentos: [doc] }, other);
    expect(foreign.status).toBe(400);
    expect(JSON.stringify(foreign.json)).toContain(M.syncDocumentNotFound(doc));
    expect((await boletoState(b!)).situacao).toBe('Pendente');
    // The caller's own call does it.
    const ok = await expectOk(t, 'demandSyncDocuments', { documentos: [doc] }, manager);
    expect(ok.json['cancelados']).toBe(1);
  });

  it('cancels a boleto whose document balance changed (part paid)', async () => {
    const doc = await receivable();
    const [b] = await issue(config, [doc]);
    await expectOk(t, 'documentFinancialDischarge', { documentos: [doc], valor_total: 50, id_conta: itau }, manager);
    const res = await expectOk(t, 'demandSyncDocuments', { documentos: [doc] }, manager);
    expect((res.json['resultados'] as Json[])[0]).toMatchObject({ situacao: 'Parcial', boletos: [{ id_boleto: b, situacao: 'Cancelado', acao: 'Boleto cancelado: o documento foi pago em parte.' }] });
    // Only Aberto documents get boletos (001 §5): the part-paid one now has no live boleto for more than it owes.
    expect((await boletoState(b!)).situacao).toBe('Cancelado');
  });
});

describe('hybrid boleto', () => {
  it('refuses to issue hybrid boletos from an account without a PIX key, writing nothing', async () => {
    const cfg = (await expectOk(t, 'boletoConfigCreate', { descricao: `Sicoob híbrido ${RUN}`, id_conta: sicoob, cnab: '240', codigo_cedente: '229385', modalidade: '01', is_hibrido: true }, manager)).json;
    const doc = await receivable();
    const bad = await t.call('POST', '/demand/create', { id_configuracao_boleto: cfg['id_configuracao_boleto'], documentos: [doc] }, manager);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.json)).toContain(M.hybridNoPixKey);
    expect((await expectOk(t, 'demandByDocuments', { documentos: [doc] }, manager)).json['rows']).toEqual([]);
  });

  it('issues a boleto with its static PIX BR Code (key, value, txid from the nosso número), lists it and prints its QR', async () => {
    const hybrid = (await expectOk(t, 'boletoConfigCreate', { descricao: `Itaú híbrido ${RUN}`, id_conta: itau, carteira: '109', is_hibrido: true }, manager)).json;
    expect(hybrid['is_hibrido']).toBe(true);
    const doc = await receivable({ valor_documento: 123.45 });
    const plainDoc = await receivable();
    const [id] = await issue(hybrid['id_configuracao_boleto'] as number, [doc]);
    const [plain] = await issue(config, [plainDoc]);

    const row = (await expectOk(t, 'demandGetById', { id_boleto: id }, manager)).json;
    const brcode = String(row['pix_brcode']);
    const pix = parsePix(brcode); // checks the CRC16 and the structure
    expect(pix).toMatchObject({ chave: 'financeiro@demomoda.exemplo.com.br', valor: 12345, txid: boletoPixTxid('341', String(row['nosso_numero_banco'])) });
    expect(pix.txid).toMatch(/^BOL341\d+$/);
    expect(pix.nome.length).toBeGreaterThan(0);
    expect(pix.cidade.length).toBeGreaterThan(0);
    expect((await expectOk(t, 'demandGetById', { id_boleto: plain }, manager)).json['pix_brcode']).toBeNull();
    const listed = (await expectOk(t, 'demandFind', { search: '', filter: { id_documento_financeiro: doc } }, manager)).json['rows'] as Json[];
    expect(listed[0]?.['pix_brcode']).toBe(brcode);

    // The PDF draws the QR: a hybrid boleto's PDF is larger than a plain one's (the QR's modules), and is kept to look at.
    const pdf = Buffer.from(String((await expectOk(t, 'demandPdf', { id_boleto: id }, manager)).json['pdf_base64']), 'base64');
    const plainPdf = Buffer.from(String((await expectOk(t, 'demandPdf', { id_boleto: plain }, manager)).json['pdf_base64']), 'base64');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.length).toBeGreaterThan(plainPdf.length);
    if (process.env['BOLETO_PDF_OUT']) writeFileSync(process.env['BOLETO_PDF_OUT'], pdf);
  });
});
