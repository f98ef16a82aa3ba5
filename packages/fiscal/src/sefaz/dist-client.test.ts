// The recipient's client (DistDFeClient) against the SEFAZ homologation simulator's distribution and manifestation,
// over real HTTPS with mutual TLS: the documents come back as gzip+base64 docZips (resNFe, then resEvento and procNFe
// after the ciência), the manifestation is signed and checked against envConfRecebto_v1.00.xsd by the simulator.
import https from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESTINED_INVOICE_MESSAGES } from '@pdv/domain/destined-invoices';
import { loadCertificate, type Certificate } from '../certificate.ts';
import { buildManifestacaoXml } from '../manifestation.ts';
import { signXml } from '../sign.ts';
import { makePurchaseNFeXml } from '../testing/purchase-factory.ts';
import { createTestCertificate } from '../testing/test-certificate.ts';
import { validateXml } from '../validate.ts';
import { DistDFeClient, DIST_DFE_CONTENT_TYPE } from './dist-client.ts';
import { readResNFe } from './dist-dfe.ts';
import { startSefazSimulator, type SefazSimulator } from './simulator.ts';

const BRANCH = '11222333000181';
const OTHER = '11444777000161';
const PASSWORD = 'senha-de-teste';
let simulator: SefazSimulator;
let pfx: Buffer;
let cert: Certificate;
const clients: DistDFeClient[] = [];

function client(cnpj = BRANCH): DistDFeClient {
  const c = new DistDFeClient({ certificate: { pfx, password: PASSWORD }, uf: 'SP', cnpj, tpAmb: 2, endpoints: { baseUrl: simulator.url }, ca: simulator.caCertPem });
  clients.push(c);
  return c;
}

async function destine(nNF: number, to = BRANCH): Promise<string> {
  const { xml, chave } = makePurchaseNFeXml({ emitCnpj: OTHER, emitName: 'DISTRIBUIDORA TESTE', destCnpj: to, nNF, items: [{ cProd: 'A1', xProd: 'CANETA', qCom: 2_000, vUnCom: 5_00 }] });
  // The simulator's loopback control (its own CA).
  await new Promise<void>((resolve, reject) => {
    const req = https.request(`${simulator.url}/simulator/dist-dfe`, { method: 'POST', ca: simulator.caCertPem, headers: { 'content-type': 'application/json' } }, (r) => {
      r.resume();
      r.on('end', () => (r.statusCode === 200 ? resolve() : reject(new Error(`HTTP ${r.statusCode}`))));
    });
    req.on('error', reject);
    req.end(JSON.stringify({ xml }));
  });
  return chave;
}

const manifest = (chNFe: string, tpEvento: '210200' | '210210' | '210220' | '210240', xJust?: string, cnpj = BRANCH) =>
  signXml(buildManifestacaoXml({ chNFe, tpAmb: 2, CNPJ: cnpj, tpEvento, dhEvento: new Date(), xJust: xJust ?? null }), { tag: 'infEvento', certificate: cert });

beforeAll(async () => {
  simulator = await startSefazSimulator({ log: () => undefined });
  pfx = createTestCertificate({ cnpj: BRANCH, name: 'LOJA DESTINATARIA LTDA', password: PASSWORD });
  cert = loadCertificate(pfx, PASSWORD);
});

afterAll(async () => {
  for (const c of clients) c.close();
  await simulator.close();
});

describe('manifestation events', () => {
  it('builds the four events the official schema accepts, and refuses a short justification', async () => {
    const chave = makePurchaseNFeXml({ emitCnpj: OTHER, destCnpj: BRANCH, nNF: 900, items: [{ cProd: 'A', xProd: 'X', qCom: 1_000, vUnCom: 1_00 }] }).chave;
    for (const tp of ['210200', '210210', '210220'] as const) {
      const env = `<envEvento xmlns="http://www.portalfiscal.inf.br/nfe" versao="1.00"><idLote>1</idLote>${manifest(chave, tp)}</envEvento>`;
      expect(await validateXml(env, 'envEvento'), tp).toEqual({ valid: true, errors: [] });
    }
    const refused = `<envEvento xmlns="http://www.portalfiscal.inf.br/nfe" versao="1.00"><idLote>1</idLote>${manifest(chave, '210240', 'Mercadoria não chegou até a loja')}</envEvento>`;
    expect(await validateXml(refused, 'envEvento')).toEqual({ valid: true, errors: [] });
    expect(refused).toContain('<descEvento>Operacao nao Realizada</descEvento><xJust>Mercadoria não chegou até a loja</xJust>');
    expect(refused).toContain('<cOrgao>91</cOrgao>');
    expect(() => manifest(chave, '210240', 'curta')).toThrow(DESTINED_INVOICE_MESSAGES.justificationLength);
  });
});

describe('DistDFeClient against the simulator', () => {
  it('reads the summary, manifests ciência, then gets the resEvento and the full procNFe; 137 then 656', async () => {
    const c = client();
    const chave = await destine(1);
    const first = await c.distNSU(0);
    expect(first.cStat).toBe(138);
    expect(first.docs.map((d) => d.schema)).toEqual(['resNFe_v1.01.xsd']);
    const res = readResNFe(first.docs[0]!.xml);
    expect(res).toMatchObject({ chNFe: chave, cnpj: OTHER, xNome: 'DISTRIBUIDORA TESTE', vNF: '10.00', cSitNFe: 1 });

    // The full XML is not there before the manifestation: 640.
    expect((await c.consChNFe(chave)).cStat).toBe(640);
    const ciencia = await c.manifest(manifest(chave, '210210'));
    expect(ciencia.cStat).toBe(135);
    expect(ciencia.events[0]!.procEventoNFeXml).toContain('<tpEvento>210210</tpEvento>');
    // Twice: duplicity.
    expect((await c.manifest(manifest(chave, '210210'))).cStat).toBe(573);

    const next = await c.distNSU(first.ultNSU);
    expect(next.cStat).toBe(138);
    expect(next.docs.map((d) => d.schema)).toEqual(['resEvento_v1.01.xsd', 'procNFe_v4.00.xsd']);
    expect(next.docs[1]!.xml).toContain(`<chNFe>${chave}</chNFe>`);
    expect(next.docs[1]!.xml.startsWith('<nfeProc')).toBe(true);
    expect((await c.consChNFe(chave)).docs[0]!.schema).toBe('procNFe_v4.00.xsd');

    // Confirmation, then nothing conclusive after it.
    expect((await c.manifest(manifest(chave, '210200'))).cStat).toBe(135);
    expect((await c.manifest(manifest(chave, '210220'))).cStat).toBe(596);

    const drained = await c.distNSU((await c.distNSU(next.ultNSU)).ultNSU);
    expect([137, 138]).toContain(drained.cStat);
    const empty = await c.distNSU(drained.ultNSU);
    expect(empty.cStat === 137 || empty.cStat === 656).toBe(true);
    expect((await c.distNSU(drained.ultNSU)).cStat).toBe(656);
  });

  it('a document destined to another CNPJ is neither listed nor manifestable by this branch', async () => {
    const mine = client();
    const chave = await destine(2, OTHER);
    const listed = await mine.distNSU(0);
    expect(listed.docs.every((d) => !d.xml.includes(chave))).toBe(true);
    expect((await mine.manifest(manifest(chave, '210210'))).cStat).toBe(217);
  });

  it('speaks SOAP 1.2 with the service action and asks for a client certificate', () => {
    expect(DIST_DFE_CONTENT_TYPE).toBe('application/soap+xml; charset=utf-8; action="http://www.portalfiscal.inf.br/nfe/wsdl/NFeDistribuicaoDFe/nfeDistDFeInteresse"');
  });
});
