// The SEFAZ client against the SEFAZ homologation simulator, over real HTTPS with mutual TLS. Documents are signed by
// the package's signer (sign.ts) with a throw-away certificate (testing/test-certificate.ts, certificate.ts). The NFC-e
// is the schema-valid public sample nfce_com_qrcode.xml renumbered with a fresh access key (access-key.ts): the
// package's own NFC-e builder was not there yet when this was written.

import { readFileSync } from 'node:fs';
import https from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccessKey, randomCNF } from '../access-key.ts';
import { CERTIFICATE_MESSAGES, loadCertificate, type Certificate } from '../certificate.ts';
import { signXml } from '../sign.ts';
import { createTestCertificate } from '../testing/test-certificate.ts';
import { validateXml } from '../validate.ts';
import { SefazClient, type SefazClientOptions } from './client.ts';
import { SefazTimeoutError, SefazUnavailableError } from './errors.ts';
import { brasiliaDateTime } from './simulator-state.ts';
import { SIMULATOR_NAME, startSefazSimulator, type SefazSimulator } from './simulator.ts';
import { NFE_NS } from './soap.ts';

const CNPJ = '11222333000181';
const PASSWORD = 'senha-de-teste';
let simulator: SefazSimulator;
let pfx: Buffer;
let certificate: Certificate;
let client: SefazClient;
const logs: string[] = [];
const clients: SefazClient[] = [];
let nextNumber = 1;

function makeClient(overrides: Partial<SefazClientOptions> = {}): SefazClient {
  const made = new SefazClient({
    certificate: { pfx, password: PASSWORD },
    uf: 'SP',
    tpAmb: 2,
    endpoints: { baseUrl: simulator.url },
    ca: simulator.caCertPem,
    timeoutMs: 10_000,
    receiptPollMs: 20,
    ...overrides,
  });
  clients.push(made);
  return made;
}

const TEMPLATE = readFileSync(new URL('../../test-data/samples/sped-nfe/nfce_com_qrcode.xml', import.meta.url), 'utf8')
  .replace(/<Signature[\s\S]*<\/Signature>/, '')
  .replace(/>\s+</g, '><')
  .trim();

interface NfceInput {
  nNF?: number;
  cNF?: string;
  dhEmi?: Date;
  tpEmis?: 1 | 9;
  tpAmb?: 1 | 2;
}

/** An unsigned NFC-e of CNPJ, series 1, with a fresh access key. */
function buildNfce(input: NfceInput = {}): { xml: string; chave: string } {
  const nNF = input.nNF ?? nextNumber++;
  const dhEmi = brasiliaDateTime(input.dhEmi ?? new Date());
  const tpEmis = input.tpEmis ?? 1;
  const chave = buildAccessKey({ cUF: '35', aamm: dhEmi.slice(2, 4) + dhEmi.slice(5, 7), cnpj: CNPJ, mod: 65, serie: 1, nNF, tpEmis, cNF: input.cNF ?? randomCNF(nNF) });
  const contingency = tpEmis === 9 ? `<dhCont>${dhEmi}</dhCont><xJust>Sem comunicação com a SEFAZ no momento da venda</xJust>` : '';
  const xml = TEMPLATE.replace(/Id="NFe\d{44}"/, `Id="NFe${chave}"`)
    .replace(/<cUF>\d+<\/cUF>/, '<cUF>35</cUF>')
    .replace(/<cNF>\d+<\/cNF>/, `<cNF>${chave.slice(35, 43)}</cNF>`)
    .replace(/<nNF>\d+<\/nNF>/, `<nNF>${nNF}</nNF>`)
    .replace(/<dhEmi>[^<]+<\/dhEmi>/, `<dhEmi>${dhEmi}</dhEmi>`)
    .replace(/<tpEmis>\d<\/tpEmis>/, `<tpEmis>${tpEmis}</tpEmis>`)
    .replace(/<cDV>\d<\/cDV>/, `<cDV>${chave.slice(43)}</cDV>`)
    .replace(/<tpAmb>\d<\/tpAmb>/, `<tpAmb>${input.tpAmb ?? 2}</tpAmb>`)
    .replace(/<dhCont>[^<]+<\/dhCont><xJust>[^<]+<\/xJust>/, contingency)
    .replace(/<emit><CNPJ>\d+<\/CNPJ>/, `<emit><CNPJ>${CNPJ}</CNPJ>`);
  return { xml, chave };
}

const sign = (xml: string, tag: 'infNFe' | 'infEvento' | 'infInut') => signXml(xml, { tag, certificate });

function signedNfce(input: NfceInput = {}): { xml: string; chave: string } {
  const built = buildNfce(input);
  return { xml: sign(built.xml, 'infNFe'), chave: built.chave };
}

function signedEvento(chave: string, detail: { nProt: string } | { xCorrecao: string }): string {
  const tpEvento = 'nProt' in detail ? '110111' : '110110';
  const detEvento =
    'nProt' in detail
      ? `<descEvento>Cancelamento</descEvento><nProt>${detail.nProt}</nProt><xJust>Venda cancelada a pedido do cliente</xJust>`
      : `<descEvento>Carta de Correcao</descEvento><xCorrecao>${detail.xCorrecao}</xCorrecao><xCondUso>A Carta de Correcao e disciplinada pelo ` +
        'paragrafo 1o-A do art. 7o do Convenio S/N, de 15 de dezembro de 1970 e pode ser utilizada para regularizacao de erro ocorrido na ' +
        'emissao de documento fiscal, desde que o erro nao esteja relacionado com: I - as variaveis que determinam o valor do imposto tais ' +
        'como: base de calculo, aliquota, diferenca de preco, quantidade, valor da operacao ou da prestacao; II - a correcao de dados ' +
        'cadastrais que implique mudanca do remetente ou do destinatario; III - a data de emissao ou de saida.</xCondUso>';
  const xml =
    `<evento xmlns="${NFE_NS}" versao="1.00"><infEvento Id="ID${tpEvento}${chave}01"><cOrgao>${chave.slice(0, 2)}</cOrgao><tpAmb>2</tpAmb>` +
    `<CNPJ>${CNPJ}</CNPJ><chNFe>${chave}</chNFe><dhEvento>${brasiliaDateTime(new Date())}</dhEvento><tpEvento>${tpEvento}</tpEvento>` +
    `<nSeqEvento>1</nSeqEvento><verEvento>1.00</verEvento><detEvento versao="1.00">${detEvento}</detEvento></infEvento></evento>`;
  return sign(xml, 'infEvento');
}

function signedInutilizacao(first: number, last: number): string {
  const ano = String(new Date().getFullYear() % 100).padStart(2, '0');
  const id = `ID35${ano}${CNPJ}65001${String(first).padStart(9, '0')}${String(last).padStart(9, '0')}`;
  const xml =
    `<inutNFe xmlns="${NFE_NS}" versao="4.00"><infInut Id="${id}"><tpAmb>2</tpAmb><xServ>INUTILIZAR</xServ><cUF>35</cUF><ano>${ano}</ano>` +
    `<CNPJ>${CNPJ}</CNPJ><mod>65</mod><serie>1</serie><nNFIni>${first}</nNFIni><nNFFin>${last}</nNFFin>` +
    '<xJust>Numeracao pulada por falha no sistema emissor</xJust></infInut></inutNFe>';
  return sign(xml, 'infInut');
}

beforeAll(async () => {
  simulator = await startSefazSimulator({ log: (line) => logs.push(line) });
  pfx = createTestCertificate({ cnpj: CNPJ, name: 'LOJA DE TESTE LTDA', password: PASSWORD });
  certificate = loadCertificate(pfx, PASSWORD);
  client = makeClient();
});

afterAll(async () => {
  for (const made of clients) made.close();
  await simulator.close();
});

describe('SefazClient ↔ SEFAZ homologation simulator', { timeout: 60_000 }, () => {
  it('answers the service status with 107 over mutual TLS, in the retConsStatServ layout', async () => {
    const status = await client.statusServico();
    expect(status).toMatchObject({ cStat: 107, xMotivo: 'Serviço em Operação', tpAmb: 2, cUF: '35' });
    expect((await validateXml(status.xml, 'retConsStatServ')).errors).toEqual([]);
  });

  it('authorizes a freshly signed NFC-e with a 15-digit protocol, and its nfeProc validates against procNFe_v4.00.xsd', async () => {
    const nfce = signedNfce();
    const result = await client.autorizar(nfce.xml);
    expect(result).toMatchObject({ cStat: 100, xMotivo: 'Autorizado o uso da NF-e', authorized: true, chave: nfce.chave });
    const prot = result.protNFe?.infProt;
    expect(prot?.nProt).toMatch(/^\d{15}$/);
    expect(prot?.id).toBe(`ID${prot?.nProt}`);
    expect(prot?.digVal).toBe(/<DigestValue>([^<]+)</.exec(nfce.xml)?.[1]);
    expect(result.answer.kind).toBe('retEnviNFe');
    expect(result.answer.xml).toContain('<retEnviNFe xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00">');
    expect((await validateXml(result.answer.xml, 'retEnviNFe')).errors).toEqual([]);
    expect((await validateXml(result.nfeProcXml ?? '', 'procNFe')).errors).toEqual([]);
  });

  it('recovers the original protocol when the same signed XML is sent again (204, then consulta)', async () => {
    const nfce = signedNfce();
    const first = await client.autorizar(nfce.xml);
    const again = await client.autorizar(nfce.xml);
    expect(again).toMatchObject({ cStat: 100, authorized: true, recoveredFromDuplicate: true });
    expect(again.answer.kind === 'retEnviNFe' && again.answer.protNFe?.infProt.cStat).toBe(204);
    expect(again.answer.kind === 'retEnviNFe' && again.answer.protNFe?.infProt.xMotivo).toMatch(/^Rejeição: Duplicidade de NF-e \[nRec:\d{15}\]$/);
    expect(again.protNFe?.infProt.nProt).toBe(first.protNFe?.infProt.nProt);
    expect(again.nfeProcXml).toBe(first.nfeProcXml);
  });

  it('answers 539 to a different XML with the same number, naming the key already authorized', async () => {
    const original = signedNfce();
    await client.autorizar(original.xml);
    const rebuilt = signedNfce({ nNF: nextNumber - 1, cNF: '87654320' });
    const result = await client.autorizar(rebuilt.xml);
    expect(result).toMatchObject({ cStat: 539, authorized: false, recoveredFromDuplicate: false, nfeProcXml: undefined });
    expect(result.xMotivo).toContain(`Rejeição: Duplicidade de NF-e, com diferença na Chave de Acesso [chNFe:${original.chave}]`);
  });

  it('answers 297 to a document changed after signing', async () => {
    const tampered = signedNfce().xml.replace('<vUnCom>96.2200</vUnCom>', '<vUnCom>9.6220</vUnCom>');
    expect(await client.autorizar(tampered)).toMatchObject({ cStat: 297, xMotivo: 'Rejeição: Assinatura difere do calculado', authorized: false });
  });

  it('answers 225 to a batch that breaks the schema', async () => {
    const broken = sign(buildNfce().xml.replace(/<natOp>[^<]*<\/natOp>/, ''), 'infNFe');
    const result = await client.autorizar(broken);
    expect(result.cStat).toBe(225);
    expect(result.xMotivo).toMatch(/^Rejeição: Falha no Schema XML/);
    expect(result.protNFe).toBeUndefined();
  });

  it('answers 236 to a key with a wrong check digit and 252 to a production document', async () => {
    const built = buildNfce();
    const wrongDigit = String((Number(built.chave.slice(43)) + 1) % 10);
    const wrongKey = built.chave.slice(0, 43) + wrongDigit;
    const withWrongKey = built.xml.replace(built.chave, wrongKey).replace(/<cDV>\d<\/cDV>/, `<cDV>${wrongDigit}</cDV>`);
    expect((await client.autorizar(sign(withWrongKey, 'infNFe'))).cStat).toBe(236);
    expect(await client.autorizar(signedNfce({ tpAmb: 1 }).xml)).toMatchObject({
      cStat: 252,
      xMotivo: 'Rejeição: Ambiente informado diverge do Ambiente de recebimento',
    });
  });

  it('authorizes through an asynchronous batch: 103 with a receipt, then the receipt query with the protocol', async () => {
    const result = await client.autorizar(signedNfce().xml, { sincrono: false });
    expect(result).toMatchObject({ cStat: 100, authorized: true });
    expect(result.answer.kind).toBe('retConsReciNFe');
    expect((await validateXml(result.answer.xml, 'retConsReciNFe')).errors).toEqual([]);
  });

  it('authorizes an offline NFC-e sent after the deadline with 150, and one sent in time with 100', async () => {
    const late = signedNfce({ tpEmis: 9, dhEmi: new Date(Date.now() - 30 * 3600 * 1000) });
    expect(await client.autorizar(late.xml)).toMatchObject({ cStat: 150, xMotivo: 'Autorizado o uso da NF-e, autorização fora de prazo', authorized: true });
    const inTime = signedNfce({ tpEmis: 9, dhEmi: new Date(Date.now() - 3600 * 1000) });
    expect(await client.autorizar(inTime.xml)).toMatchObject({ cStat: 100, authorized: true });
  });

  it('cancels an authorized NFC-e (135) and the consulta then shows 101 with the event', async () => {
    const nfce = signedNfce();
    const authorized = await client.autorizar(nfce.xml);
    expect((await client.consultarProtocolo(nfce.chave)).cStat).toBe(100);
    const nProt = authorized.protNFe?.infProt.nProt ?? '';
    const cancelamento = signedEvento(nfce.chave, { nProt });
    const cancel = await client.enviarEvento(cancelamento);
    expect(cancel).toMatchObject({ cStat: 135, xMotivo: 'Evento registrado e vinculado a NF-e' });
    expect(cancel.events[0]).toMatchObject({ registered: true, tpEvento: '110111', nSeqEvento: 1 });
    expect(cancel.events[0]?.nProt).toMatch(/^\d{15}$/);
    expect((await validateXml(cancel.answer.xml, 'retEnvEvento')).errors).toEqual([]);
    expect((await validateXml(cancel.events[0]?.procEventoNFeXml ?? '', 'procEventoNFe')).errors).toEqual([]);

    const consulta = await client.consultarProtocolo(nfce.chave);
    expect(consulta).toMatchObject({ cStat: 101, xMotivo: 'Cancelamento de NF-e homologado' });
    expect(consulta.protNFe?.infProt.nProt).toBe(nProt);
    expect(consulta.procEventoNFe.map((e) => e.retEvento.infEvento.tpEvento)).toEqual(['110111']);
    expect((await validateXml(consulta.xml, 'retConsSitNFe')).errors).toEqual([]);

    const again = await client.enviarEvento(cancelamento);
    expect(again.cStat).toBe(573);
  });

  it('refuses to cancel a key SEFAZ does not know (217) or with another protocol (222)', async () => {
    const unknown = buildNfce().chave;
    const cancel = await client.enviarEvento(signedEvento(unknown, { nProt: '135000000000001' }));
    expect(cancel).toMatchObject({ cStat: 217, xMotivo: 'Rejeição: NF-e não consta na base de dados da SEFAZ' });
    expect(cancel.events[0]?.procEventoNFeXml).toBeUndefined();
    expect((await client.consultarProtocolo(unknown)).cStat).toBe(217);

    const nfce = signedNfce();
    await client.autorizar(nfce.xml);
    const wrong = await client.enviarEvento(signedEvento(nfce.chave, { nProt: '135000000000001' }));
    expect(wrong.cStat).toBe(222);
  });

  it('registers a carta de correção (135)', async () => {
    const nfce = signedNfce();
    await client.autorizar(nfce.xml);
    const cce = await client.enviarEvento(signedEvento(nfce.chave, { xCorrecao: 'Endereco do destinatario: Rua das Flores, 100' }));
    expect(cce).toMatchObject({ cStat: 135, events: [{ registered: true, tpEvento: '110110' }] });
  });

  it('disables a free range (102) and refuses a range with a number already used (241)', async () => {
    const first = nextNumber;
    nextNumber += 3;
    const inut = await client.inutilizar(signedInutilizacao(first, first + 2));
    expect(inut).toMatchObject({ cStat: 102, xMotivo: 'Inutilização de número homologado', homologated: true });
    expect(inut.nProt).toMatch(/^\d{15}$/);
    expect((await validateXml(inut.procInutNFeXml ?? '', 'procInutNFe')).errors).toEqual([]);
    expect((await client.inutilizar(signedInutilizacao(first, first + 2))).cStat).toBe(563);

    const used = signedNfce();
    await client.autorizar(used.xml);
    const refused = await client.inutilizar(signedInutilizacao(nextNumber - 1, nextNumber - 1));
    expect(refused).toMatchObject({ cStat: 241, homologated: false, procInutNFeXml: undefined });
  });

  it('throws SefazUnavailableError while the simulator is unavailable, by HTTP 503 or by a dropped connection', async () => {
    try {
      simulator.setMode('unavailable');
      const refused = client.statusServico();
      await expect(refused).rejects.toBeInstanceOf(SefazUnavailableError);
      await expect(refused).rejects.toMatchObject({ reason: 'http-status', httpStatus: 503 });
      simulator.setMode('unavailable', { dropConnection: true });
      await expect(client.autorizar(signedNfce().xml)).rejects.toMatchObject({ name: 'SefazUnavailableError', reason: 'connection' });
    } finally {
      simulator.setMode('normal');
    }
    expect((await client.statusServico()).cStat).toBe(107);
  });

  it('times out in slow mode, and the resend of the same signed XML recovers the protocol', async () => {
    const impatient = makeClient({ timeoutMs: 300 });
    const nfce = signedNfce();
    try {
      simulator.setMode('slow', { delayMs: 5_000 });
      await expect(impatient.autorizar(nfce.xml)).rejects.toBeInstanceOf(SefazTimeoutError);
    } finally {
      simulator.setMode('normal');
    }
    // The simulator authorized it anyway (it only answers late); resend once it has.
    await expect.poll(() => simulator.state.byKey.has(nfce.chave), { timeout: 20_000 }).toBe(true);
    const resent = await client.autorizar(nfce.xml);
    expect(resent).toMatchObject({ cStat: 100, authorized: true, recoveredFromDuplicate: true });
  });

  it('refuses a connection without a client certificate', async () => {
    const attempt = new Promise<number>((resolve, reject) => {
      const request = https.request(`${simulator.url}/ws/NFeStatusServico4`, { method: 'POST', ca: simulator.caCertPem, agent: false }, (response) =>
        resolve(response.statusCode ?? 0),
      );
      request.on('error', reject);
      request.end('<x/>');
    });
    await expect(attempt).rejects.toThrow();
  });

  it('switches mode through the admin path on loopback', async () => {
    const post = (body: string) =>
      new Promise<string>((resolve, reject) => {
        const request = https.request(`${simulator.url}/simulator/mode`, { method: 'POST', ca: simulator.caCertPem, agent: false }, (response) => {
          let text = '';
          response.on('data', (chunk: Buffer) => (text += chunk.toString()));
          response.on('end', () => resolve(text));
        });
        request.on('error', reject);
        request.end(body);
      });
    try {
      expect(JSON.parse(await post('{"mode":"unavailable"}'))).toMatchObject({ mode: 'unavailable' });
      expect(simulator.mode).toBe('unavailable');
    } finally {
      await post('{"mode":"normal"}');
    }
    expect(simulator.mode).toBe('normal');
  });

  it('reads the certificate before any call and refuses a wrong password', () => {
    expect(() => makeClient({ certificate: { pfx, password: 'errada' } })).toThrow(CERTIFICATE_MESSAGES.wrongPassword);
  });

  it('names itself the SEFAZ homologation simulator in its logs', () => {
    expect(logs.length).toBeGreaterThan(0);
    expect(logs.every((line) => line.startsWith(`[${SIMULATOR_NAME}] `))).toBe(true);
    expect(SIMULATOR_NAME).toBe('SEFAZ homologation simulator');
  });
});
