/**
 * A contingency NFC-e that SEFAZ rejects after its DANFE was printed (issue 29; docs/decisions.md "A contingency NFC-e
 * rejected after its DANFE was printed"). The till's connector signed it from a stale local copy (here: a tax
 * classification the server's scenario has since corrected); the contingency sender transmits it and SEFAZ's simulator
 * rejects it. The invoice shows as Rejeitada with SEFAZ's code and message in the invoice list, keeps the printed XML
 * and key, and is not sent again by itself. Transmitting it again builds the document from the corrected registers
 * with the printed number, series, emission date and key, signed with the branch's certificate: authorized. A
 * correction that would change the tax (the ICMS rate) is refused with the rule's message and writes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NFCE_OFFLINE_MESSAGES as M } from '@pdv/domain/nfce-offline';
import { loadCertificate } from '@pdv/fiscal/certificate';
import { emitOfflineNfce, type OfflineNfceRequest, type OfflineSigner } from '@pdv/fiscal/offline-nfce';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { loadSaleFixture, saleBody, type SaleFixture } from '../../testing/sale.ts';
import { expectOk } from '../../testing/routes.ts';
import { loadEmission } from './document.ts';
import { sendDueContingency } from './service.ts';

let t: TestApp;
let manager: string;
let sale: SaleFixture;
let org: number;
let till: number;
let scenario: number;
let signer: OfflineSigner;
/** The sale's NFC-e groups as a till with a stale scenario (wrong IBS/CBS classification) sends them to its connector. */
let stale: OfflineNfceRequest['nfe'];

type Block = { serie: number; numero_inicial: number; numero_final: number };

const sys = <T extends Record<string, unknown>>(sql: string, params: unknown[] = []) =>
  t.db.system(async (tx) => (await tx.query<T>(sql, params)).rows);
const invoiceRow = async (id: number) => (await sys('SELECT * FROM nota_fiscal WHERE id_nota_fiscal = $1', [id]))[0]!;
/** The contingency sender's round, its clock a minute ahead (every due note is due). */
const senderRound = () => sendDueContingency(t.db, { ...t.fiscal!.deps, now: () => new Date(Date.now() + 60_000) });

beforeAll(async () => {
  t = await createTestApp({ sefaz: true });
  manager = await t.login('gerente@demo.com.br');
  sale = await loadSaleFixture(t.db);
  org = (await sys<{ id: number }>('SELECT id_organization AS id FROM filial WHERE id_filial = $1', [sale.id_filial]))[0]!.id;
  till = (await sys<{ id: number }>(
    'INSERT INTO dispositivo (id_organization, id_filial, descricao) VALUES ($1, $2, $3) RETURNING id_dispositivo AS id',
    [org, sale.id_filial, 'Caixa NFC-e offline']))[0]!.id;
  await sys(`INSERT INTO serie_fiscal (id_organization, id_filial, codigo_modelo, codigo_serie, ultima_numeracao, id_dispositivo)
     VALUES ($1, $2, '65', 881, 0, $3)`, [org, sale.id_filial, till]);
  await sys('UPDATE filial_configuracao SET nfce_offline_conector = true, codigo_regime_tributario = 3 WHERE id_filial = $1', [sale.id_filial]);
  // The branch's default sale scenario with ICMS 18 % and the tax reform's IBS/CBS (CST 000, classification 000001).
  scenario = (await sys<{ id: number }>(`SELECT id_cenario_fiscal AS id FROM cenario_fiscal WHERE id_organization = $1 AND operacao = 1
      AND tipo = 'Venda' AND situacao = 'Ativo' AND data_exclusao IS NULL ORDER BY is_padrao DESC, id_cenario_fiscal LIMIT 1`, [org]))[0]!.id;
  await sys(`UPDATE cenario_fiscal SET icms_cst = '00', icms_aliquota = 18, ibscbs_cst = '000', ibscbs_classificacao = '000001',
      cbs_aliquota = 0.9, ibsuf_aliquota = 0.1, ibsmun_aliquota = 0, cbs_percentual_reducao = 0 WHERE id_cenario_fiscal = $1`, [scenario]);
  const cert = (await sys<{ pfx: Uint8Array; senha: string }>('SELECT pfx, senha FROM certificado_digital WHERE id_filial = $1', [sale.id_filial]))[0]!;
  const csc = (await sys<{ id_csc: string; csc: string }>('SELECT id_csc, csc FROM filial_configuracao WHERE id_filial = $1', [sale.id_filial]))[0]!;
  signer = { certificate: loadCertificate(Buffer.from(cert.pfx), cert.senha), csc: { idCSC: csc.id_csc, csc: csc.csc } };
  // The groups the server builds for the sale, with the classification the till's old copy held: '200001' (CST 200's),
  // which SEFAZ rejects under CST 000 (NT 2025.002-RTC, rule UB14-20: 1024).
  const probe = await t.call('POST', '/operacao', saleBody(sale, { modelo: '65' }), manager);
  expect(probe.status, JSON.stringify(probe.json)).toBe(200);
  const nf = await invoiceRow(probe.json['id_nota_fiscal'] as number);
  const emission = await t.db.tenant({ id_organization: org }, (tx) => loadEmission(tx, org, sale.id_filial, nf));
  const { csc: _csc, ...groups } = emission.base;
  stale = {
    ...groups,
    det: groups.det.map((d) => ({ ...d, imposto: { ...d.imposto, IBSCBS: { ...d.imposto.IBSCBS!, cClassTrib: '200001' } } })),
  };
}, 120_000);
afterAll(async () => {
  await t?.close();
});

/** A sale finished offline with the contingency NFC-e the till's connector signed (number `numero` of the block). */
async function offlineSale(block: Block, numero: number): Promise<{ id: number; xml: string; chave: string }> {
  const xml = emitOfflineNfce({ numero, serie: block.serie, dhEmi: new Date(Date.now() - 3_600_000).toISOString(), nfe: stale }, signer).xml;
  const res = await t.call('POST', '/operacao', saleBody(sale, { modelo: '65', nfce_contingencia: { id_dispositivo: till, xml } }), manager);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  const id = res.json['id_nota_fiscal'] as number;
  const row = await invoiceRow(id);
  expect(row['situacao']).toBe('Contingencia');
  return { id, xml, chave: String(row['chave_acesso']) };
}

describe('a contingency NFC-e rejected after its DANFE was printed', () => {
  it('shows as rejected with SEFAZ message, keeps its key, and is corrected and authorized with the same number, series, date and key', async () => {
    const block = (await expectOk(t, 'nfceOfflineReserve', { id_dispositivo: till, quantidade: 4 }, manager)).json as unknown as Block;
    const note = await offlineSale(block, block.numero_inicial);
    const emitted = (await invoiceRow(note.id))['data_hora_emissao'];

    // SEFAZ reachable: the sender transmits the printed XML; SEFAZ rejects it.
    await senderRound();
    const rejected = await invoiceRow(note.id);
    expect(rejected['situacao']).toBe('Rejeitada');
    expect(Number(rejected['codigo_status'])).toBe(1024);
    expect(String(rejected['motivo'])).toMatch(/^Rejeição: Classificação Tributária do IBS e da CBS incompatível/);
    // The printed document stays (its key is on the consumer's DANFE); the sender leaves it for the user.
    expect(rejected['xml_assinado']).toBe(note.xml);
    expect(rejected['chave_acesso']).toBe(note.chave);
    expect(rejected['proxima_transmissao']).toBeNull();
    const again = await senderRound();
    expect(again.sent).toBe(0);

    // The invoice list (filter Rejeitada, model 65) shows it with SEFAZ code and message.
    const list = await expectOk(t, 'invoiceFind', { filter: { situacao: 'Rejeitada', modelo: '65' } }, manager);
    const shown = (list.json['rows'] as Array<Record<string, unknown>>).find((r) => r['id_nota_fiscal'] === note.id);
    expect(shown?.['codigo_status']).toBe(1024);
    expect(String(shown?.['motivo'])).toContain('Classificação Tributária');
    expect(Number(shown?.['numero_nota_fiscal'])).toBe(block.numero_inicial);

    // Transmitted again (the scenario on the server is right): rebuilt and signed with the printed number, series,
    // date and key; SEFAZ authorizes it.
    const sent = await expectOk(t, 'nfeTransmitir', { id_nota_fiscal: note.id }, manager);
    expect(sent.json['success'], JSON.stringify(sent.json)).toBe(true);
    const done = await invoiceRow(note.id);
    expect(done['situacao']).toBe('Autorizada');
    expect(done['chave_acesso']).toBe(note.chave);
    expect(Number(done['numero_nota_fiscal'])).toBe(block.numero_inicial);
    expect(Number(done['serie'])).toBe(block.serie);
    expect(Number(done['tipo_emissao'])).toBe(9);
    expect(new Date(done['data_hora_emissao'] as string).getTime()).toBe(new Date(emitted as string).getTime());
    expect(done['xml_assinado']).not.toBe(note.xml);
    expect(done['xml_autorizado']).toContain('<cClassTrib>000001</cClassTrib>');
    expect(done['xml_autorizado']).toContain(`<nNF>${block.numero_inicial}</nNF>`);
    expect(await sys(`SELECT 1 FROM nota_fiscal WHERE id_filial = $1 AND modelo = '65' AND serie = $2 AND numero_nota_fiscal = $3`,
      [sale.id_filial, block.serie, block.numero_inicial])).toHaveLength(1);
  });

  it('refuses a correction that changes the tax (the ICMS rate), writing nothing; undone, it is authorized', async () => {
    const block = (await expectOk(t, 'nfceOfflineReserve', { id_dispositivo: till, quantidade: 2 }, manager)).json as unknown as Block;
    const note = await offlineSale(block, block.numero_inicial);
    await senderRound();
    const rejected = await invoiceRow(note.id);
    expect(rejected['situacao']).toBe('Rejeitada');

    await sys('UPDATE cenario_fiscal SET icms_aliquota = 12 WHERE id_cenario_fiscal = $1', [scenario]);
    try {
      const refused = await t.call('POST', '/nfe/transmitir', { id_nota_fiscal: note.id }, manager);
      expect(refused.status).toBe(400);
      expect(refused.json['message']).toBe(M.resendChanged(block.numero_inicial, 'o valor do ICMS'));
      const still = await invoiceRow(note.id);
      expect(still['situacao']).toBe('Rejeitada');
      expect(still['xml_assinado']).toBe(note.xml);
      expect(still['chave_acesso']).toBe(note.chave);
      expect(still['data_alteracao']).toEqual(rejected['data_alteracao']);
    } finally {
      await sys('UPDATE cenario_fiscal SET icms_aliquota = 18 WHERE id_cenario_fiscal = $1', [scenario]);
    }
    const sent = await expectOk(t, 'nfeTransmitir', { id_nota_fiscal: note.id }, manager);
    expect(sent.json['success'], JSON.stringify(sent.json)).toBe(true);
    const done = await invoiceRow(note.id);
    expect(done['situacao']).toBe('Autorizada');
    expect(done['chave_acesso']).toBe(note.chave);
  });
});
