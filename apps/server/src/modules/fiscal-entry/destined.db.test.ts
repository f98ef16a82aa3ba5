/**
 * Destined invoices (issue 32) against the real database and the SEFAZ homologation simulator's national
 * distribution: the query by last NSU stores the summaries and moves ultimo_nsu_nfe_destinada to the answer's, the
 * manifestation is signed, sent and recorded (ciência releases the full XML, which the next query or the download
 * stores), the import of the downloaded XML links the row, 656 holds the branch, and the dishonest caller (another
 * organization, a repeated or out-of-order event, a short justification, a download before ciência) is refused with
 * the pt-BR messages and nothing written.
 */
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESTINED_INVOICE_MESSAGES as M } from '@pdv/domain/destined-invoices';
import type { DestinedInvoiceDetail } from '@pdv/contract/destined-invoice';
import { makePurchaseNFeXml } from '@pdv/fiscal/testing/purchase-factory';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { expectOk } from '../../testing/routes.ts';
import { demoIds, type DemoIds } from '../../testing/sync.ts';

let t: TestApp;
let manager: string;
let other: string;
let ids: DemoIds;
let branchCnpj: string;

const one = async <T>(sql: string, params: unknown[] = []) => (await t.db.system((tx) => tx.query<T>(sql, params))).rows[0]!;
const count = async (sql: string, params: unknown[] = []) => (await one<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`, params)).n;
const nsuOf = async () => (await one<{ nsu: string }>('SELECT ultimo_nsu_nfe_destinada AS nsu FROM filial_configuracao WHERE id_filial = $1', [ids.branch1])).nsu;

let nNF = randomInt(100_000, 900_000);
const SUPPLIER = '11444777000161';
function destine(to = branchCnpj) {
  const made = makePurchaseNFeXml({ emitCnpj: SUPPLIER, emitName: 'DISTRIBUIDORA DESTINO', destCnpj: to, nNF: ++nNF,
    items: [{ cProd: `D${nNF}`, xProd: 'CANETA', qCom: 4_000, vUnCom: 2_50 }], dups: [['001', '2026-12-04', 10_00]] });
  t.fiscal!.simulator!.destine(made.xml, to);
  return made;
}
const rowOf = async (chave: string) => (await expectOk(t, 'destinedInvoiceFind', { search: chave }, manager)).json as { rows: DestinedInvoiceDetail[]; count: number };

beforeAll(async () => {
  t = await createTestApp({ sefaz: true });
  manager = await t.login('gerente@demo.com.br');
  other = await t.login('outra@demo.com.br');
  ids = await demoIds(t.db);
  branchCnpj = (await one<{ cnpj: string }>('SELECT cnpj FROM filial WHERE id_filial = $1', [ids.branch1])).cnpj;
}, 120_000);
afterAll(async () => {
  await t.close();
});

describe('destined invoices', () => {
  it('queries by NSU, manifests ciência, gets the full XML, refuses what a dishonest caller tries, and imports', async () => {
    const before = await nsuOf();
    const a = destine();
    const b = destine();
    destine('11222333000181'); // another recipient's: never ours

    const q1 = (await expectOk(t, 'destinedInvoiceQuery', {}, manager)).json;
    expect(q1).toMatchObject({ success: true, status: 138, recebidos: 2, message: M.queryReceived(2) });
    expect(BigInt(await nsuOf())).toBeGreaterThan(BigInt(before));
    expect(await nsuOf()).toBe(q1['ultimo_nsu']);
    const listed = await rowOf(a.chave);
    expect(listed.count).toBe(1);
    const row = listed.rows[0]!;
    expect(row).toMatchObject({ chave_acesso: a.chave, cnpj_emitente: SUPPLIER, nome_emitente: 'DISTRIBUIDORA DESTINO', valor_total: 10, situacao_nfe: 1,
      manifestacao: null, tem_xml: false, eventos_registrados: [] });
    // Pending filter and period.
    const pend = (await expectOk(t, 'destinedInvoiceFind', { manifestacao: 'pendente', take: 200 }, manager)).json as { rows: DestinedInvoiceDetail[] };
    expect(pend.rows.map((r) => r.chave_acesso)).toEqual(expect.arrayContaining([a.chave, b.chave]));
    const old = (await expectOk(t, 'destinedInvoiceFind', { search: a.chave, data_inicio: '2020-01-01', data_fim: '2020-12-31' }, manager)).json as { count: number };
    expect(old.count).toBe(0);

    // Another organization sees nothing and cannot act.
    expect(((await expectOk(t, 'destinedInvoiceFind', { search: a.chave }, other)).json as { count: number }).count).toBe(0);
    const foreign = await t.call('POST', '/destined-invoice/manifest', { id_nfe_destinada: row.id_nfe_destinada, tipo_evento: '210210' }, other);
    expect(foreign.status).toBe(404);

    // Download before ciência, a short justification, an unknown type: 400, nothing written.
    const early = await t.call('POST', '/destined-invoice/download', { id_nfe_destinada: row.id_nfe_destinada }, manager);
    expect(early.status).toBe(400);
    expect(early.json).toMatchObject({ message: M.xmlNeedsManifestation });
    const short = await t.call('POST', '/destined-invoice/manifest', { id_nfe_destinada: row.id_nfe_destinada, tipo_evento: '210240', justificativa: 'curta demais' }, manager);
    expect(short.status).toBe(400);
    expect(short.json).toMatchObject({ message: M.justificationLength });
    const bogus = await t.call('POST', '/destined-invoice/manifest', { id_nfe_destinada: row.id_nfe_destinada, tipo_evento: '110111' }, manager);
    expect(bogus.status).toBe(400);
    expect(await count('nfe_destinada_evento WHERE id_nfe_destinada = $1', [row.id_nfe_destinada])).toBe(0);

    // Ciência: signed, registered, recorded.
    const ciencia = (await expectOk(t, 'destinedInvoiceManifest', { id_nfe_destinada: row.id_nfe_destinada, tipo_evento: '210210' }, manager)).json;
    expect(ciencia).toMatchObject({ success: true, status: 135, message: M.manifestRegistered('Ciência da operação') });
    const ev = await one<{ xml: string; xml_retorno: string; protocolo: string }>('SELECT xml, xml_retorno, protocolo FROM nfe_destinada_evento WHERE id_nfe_destinada = $1', [row.id_nfe_destinada]);
    expect(ev.xml).toContain('<Signature');
    expect(ev.xml).toContain('<cOrgao>91</cOrgao>');
    expect(ev.xml_retorno).toContain('<procEventoNFe');
    expect(ev.protocolo).toMatch(/^\d{15}$/);
    const again = await t.call('POST', '/destined-invoice/manifest', { id_nfe_destinada: row.id_nfe_destinada, tipo_evento: '210210' }, manager);
    expect(again.status).toBe(400);
    expect(again.json).toMatchObject({ message: M.manifestRepeated });

    // The download (consChNFe) brings the procNFe now.
    const dl = (await expectOk(t, 'destinedInvoiceDownload', { id_nfe_destinada: row.id_nfe_destinada }, manager)).json as { success: boolean; message: string; nota: DestinedInvoiceDetail };
    expect(dl).toMatchObject({ success: true, message: M.xmlDownloaded });
    expect(dl.nota.xml).toContain(`<chNFe>${a.chave}</chNFe>`);
    // The next query also reads the released procNFe and the event summary, and moves the NSU on.
    const nsuBefore = await nsuOf();
    const q2 = (await expectOk(t, 'destinedInvoiceQuery', {}, manager)).json;
    expect(q2).toMatchObject({ success: true, status: 138 });
    expect(BigInt(await nsuOf())).toBeGreaterThan(BigInt(nsuBefore));

    // Operação não realizada on b with a proper justification; then confirmação on a; nothing conclusive after it.
    const rb = (await rowOf(b.chave)).rows[0]!;
    const nr = (await expectOk(t, 'destinedInvoiceManifest', { id_nfe_destinada: rb.id_nfe_destinada, tipo_evento: '210240', justificativa: 'Mercadoria devolvida na entrega' }, manager)).json as { nota: DestinedInvoiceDetail };
    expect(nr.nota.manifestacao).toBe('210240');
    expect(nr.nota.eventos[0]).toMatchObject({ justificativa: 'Mercadoria devolvida na entrega', registrado: true });
    const conf = (await expectOk(t, 'destinedInvoiceManifest', { id_nfe_destinada: row.id_nfe_destinada, tipo_evento: '210200' }, manager)).json as { nota: DestinedInvoiceDetail };
    expect(conf.nota).toMatchObject({ manifestacao: '210200', eventos_registrados: ['210210', '210200'] });
    const late = await t.call('POST', '/destined-invoice/manifest', { id_nfe_destinada: row.id_nfe_destinada, tipo_evento: '210220' }, manager);
    expect(late.json).toMatchObject({ message: M.manifestAfterConfirmation });

    // The downloaded XML goes to the purchase import (matched by hand isn't needed to prove the link: the item is new,
    // so the preview proposes nothing; the import itself is proven in purchase-import.db.test.ts). Detail carries it.
    const detail = (await expectOk(t, 'destinedInvoiceFindById', { id_nfe_destinada: row.id_nfe_destinada }, manager)).json as unknown as DestinedInvoiceDetail;
    const preview = (await expectOk(t, 'invoiceImportPreview', { xml: detail.xml }, manager)).json as { chave_acesso: string };
    expect(preview.chave_acesso).toBe(a.chave);
  });

  it('after 137, asking again is 656: the branch is held and not asked until the hold ends', async () => {
    // Drain, then nothing new, then consumo indevido.
    let last = (await expectOk(t, 'destinedInvoiceQuery', {}, manager)).json;
    for (let i = 0; i < 3 && last['status'] !== 656; i += 1) {
      const r = await t.call('POST', '/destined-invoice/query', {}, manager);
      last = r.json;
    }
    expect(last).toMatchObject({ success: false, status: 656, message: M.consumoIndevido });
    const held = await t.call('POST', '/destined-invoice/query', {}, manager);
    expect(held.status).toBe(400);
    expect(String((held.json as { message: string }).message)).toMatch(/^Consulta às notas destinadas bloqueada até \d{2}:\d{2}/);
    await t.db.system((tx) => tx.query('UPDATE filial_configuracao SET nfe_destinada_bloqueio_ate = NULL WHERE id_filial = $1', [ids.branch1]));
  });
});
