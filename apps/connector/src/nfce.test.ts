/**
 * POST /nfce/contingencia (issue 29) against the real connector on a loopback port: a contingency NFC-e built, signed
 * with the .pfx installed on the machine and completed with the CSC, its DANFE NFC-e printed at once to a spool folder;
 * refusals when no certificate is installed or the request is bad.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NFCE_OFFLINE_MESSAGES as M } from '@pdv/domain/nfce-offline';
import { readOfflineNfce } from '@pdv/fiscal/offline-nfce';
import { verifyXmlSignature } from '@pdv/fiscal/sign';
import { isValidAccessKey } from '@pdv/fiscal/access-key';
import { validateXml } from '@pdv/fiscal/validate';
import { makeItem, makeNFCeInput, TEST_CSC, TEST_EMITTER_CNPJ } from '@pdv/fiscal/testing/nfe-factory';
import { createTestCertificate, TEST_CERTIFICATE_PASSWORD } from '@pdv/fiscal/testing/test-certificate';
import { connectorConfig } from './config.ts';
import { CUT, encodeCp860, INIT } from './escpos.ts';
import { createConnector, listen } from './server.ts';

const dir = mkdtempSync(join(tmpdir(), 'pdv-connector-nfce-'));
const spool = join(dir, 'spool');
const servers: Server[] = [];
let url: string;
let bare: string;

async function start(raw: unknown): Promise<string> {
  const config = connectorConfig.parse(raw);
  const server = createConnector(config, () => undefined);
  servers.push(server);
  return `http://127.0.0.1:${await listen(server, config)}/nfce/contingencia`;
}

/** What the point of sale sends: the sale's groups, its number from the till's block, Finalizar's time. */
function request(numero: number, itens = 3) {
  const { csc: _csc, ide, ...rest } = makeNFCeInput({ det: Array.from({ length: itens }, (_, i) => makeItem({ cProd: `P${i + 1}`, vUnCom: 1990 + i })) });
  const { serie: _s, nNF: _n, cNF: _c, dhEmi: _d, tpEmis: _t, mod: _m, ...ideBase } = ide;
  return { dispositivo: 7, id_periferico: 1, numero, serie: 5, dhEmi: '2026-11-28T10:00:00-03:00', nfe: { ...rest, ide: ideBase } };
}

const post = async (target: string, body: unknown) => {
  const res = await fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
};

beforeAll(async () => {
  const pfx = join(dir, 'filial.pfx');
  writeFileSync(pfx, createTestCertificate({ cnpj: TEST_EMITTER_CNPJ, name: 'LOJA DEMO MODA LTDA' }));
  mkdirSync(spool);
  url = await start({
    dispositivo: 7, endereco: '127.0.0.1', porta_connect: 0, perifericos: [{ id_periferico: 1, driver: 'spool', pasta: spool }],
    nfce: { certificado: pfx, senha: TEST_CERTIFICATE_PASSWORD, id_csc: TEST_CSC.idCSC, csc: TEST_CSC.csc },
  });
  bare = await start({ endereco: '127.0.0.1', porta_connect: 0 });
}, 60_000);
afterAll(async () => {
  for (const s of servers) await new Promise((r) => s.close(r));
  rmSync(dir, { recursive: true, force: true });
});

describe('POST /nfce/contingencia', () => {
  it('builds, signs and completes the QR code of a tpEmis 9 NFC-e valid by the schema, and prints its DANFE at once', async () => {
    const res = await post(url, request(41, 20));
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json['Mensagem']).toBe(M.connectorIssued);
    const xml = res.json['xml'] as string;
    const chave = res.json['chave'] as string;
    expect(isValidAccessKey(chave)).toBe(true);
    expect(chave.slice(34, 35)).toBe('9');
    const doc = readOfflineNfce(xml);
    expect(doc).toMatchObject({ chave, numero: 41, serie: 5, tpEmis: 9, mod: '65', cnpj: TEST_EMITTER_CNPJ });
    expect(doc.summary.itens).toHaveLength(20);
    expect(doc.dhCont).toBe(doc.dhEmi);
    expect(doc.qrCode).toContain(`?p=${chave}|2|2|28|`);
    expect(verifyXmlSignature(xml).valid).toBe(true);
    const schema = await validateXml(xml, 'nfe');
    expect(schema.errors).toEqual([]);
    // The contingency DANFE NFC-e reached the thermal printer (a spool folder) as ESC/POS text with the printer's own
    // QR command carrying the document's QR code, the contingency notice and the access key.
    expect(res.json['impressao']).toMatchObject({ Codigo: 0 });
    const files = readdirSync(spool);
    expect(files).toHaveLength(1);
    const printed = readFileSync(join(spool, files[0]!));
    expect([...printed.subarray(0, 2)]).toEqual(INIT);
    const qr = Buffer.from(doc.qrCode!, 'latin1');
    const store = Buffer.from([0x1d, 0x28, 0x6b, (qr.length + 3) % 256, Math.floor((qr.length + 3) / 256), 0x31, 0x50, 0x30]);
    expect(printed.indexOf(Buffer.concat([store, qr]))).toBeGreaterThan(0);
    expect(printed.indexOf(Buffer.from(encodeCp860('EMITIDA EM CONTINGÊNCIA')))).toBeGreaterThan(0);
    for (const half of [chave.slice(0, 24), chave.slice(24)]) {
      expect(printed.indexOf(Buffer.from(encodeCp860(half.replace(/(.{4})(?=.)/g, '$1 '))))).toBeGreaterThan(0);
    }
    expect([...printed.subarray(printed.length - 4)]).toEqual(CUT);
    expect(res.json['pdf_base64']).toBeUndefined();
  }, 60_000);

  it('answers the DANFE NFC-e as a PDF when no printer is named (the web app opens it)', async () => {
    const { id_periferico: _p, ...body } = request(42);
    const res = await post(url, body);
    expect(res.status).toBe(200);
    expect(res.json['impressao']).toBeNull();
    expect(Buffer.from(res.json['pdf_base64'] as string, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
  }, 60_000);

  it('refuses without a certificate installed, a bad body, another device and a document the builder refuses', async () => {
    const none = await post(bare, request(1));
    expect(none.status).toBe(409);
    expect(none.json['Mensagem']).toBe(M.connectorNoCertificate);
    const noNumber = await post(url, { ...request(1), numero: 0 });
    expect(noNumber.status).toBe(400);
    expect(String(noNumber.json['Mensagem'])).toMatch(/^Requisição de NFC-e inválida: numero/);
    const other = await post(url, { ...request(1), dispositivo: 8 });
    expect(other.status).toBe(400);
    const broken = request(2);
    const badDet = await post(url, { ...broken, nfe: { ...broken.nfe, det: [{ prod: { cProd: 'X' } }] } });
    expect(badDet.status).toBe(400);
  });
});
