// The SEFAZ client against the SEFAZ homologation simulator, over real HTTPS with mutual TLS. Every document is
// built and signed by the package itself (nfe-xml.ts/emit.ts, events.ts, messages.ts, sign.ts) with a throw-away
// certificate (testing/test-certificate.ts), exactly as the server emits them.

import https from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CERTIFICATE_MESSAGES, loadCertificate, type Certificate } from '../certificate.ts';
import { emitSignedNFe } from '../emit.ts';
import { buildEventoXml, TP_EVENTO_CANCELAMENTO, TP_EVENTO_CCE } from '../events.ts';
import { buildInutNFe } from '../messages.ts';
import { buildNFeXml } from '../nfe-xml.ts';
import { signXml } from '../sign.ts';
import { makeNFCeInput, TEST_EMITTER_CNPJ } from '../testing/nfe-factory.ts';
import { createTestCertificate } from '../testing/test-certificate.ts';
import type { NFeInput } from '../types.ts';
import { validateXml } from '../validate.ts';
import { SefazClient, type SefazClientOptions } from './client.ts';
import { SefazTimeoutError, SefazUnavailableError } from './errors.ts';
import { SIMULATOR_NAME, startSefazSimulator, type SefazSimulator } from './simulator.ts';

const CNPJ = TEST_EMITTER_CNPJ;
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

interface NfceInput {
  nNF?: number;
  cNF?: string;
  dhEmi?: Date;
  tpEmis?: 1 | 9;
  tpAmb?: 1 | 2;
}

/** The input of an NFC-e of the test shop with the next number, emitted now unless told otherwise. */
function nfceInput(input: NfceInput = {}): NFeInput {
  const dhEmi = input.dhEmi ?? new Date();
  const offline = input.tpEmis === 9 ? { dhCont: dhEmi, xJust: 'Sem comunicação com a SEFAZ no momento da venda' } : {};
  return makeNFCeInput({
    ide: {
      ...makeNFCeInput().ide,
      nNF: input.nNF ?? nextNumber++,
      cNF: input.cNF ?? null,
      dhEmi,
      tpEmis: input.tpEmis ?? 1,
      tpAmb: input.tpAmb ?? 2,
      ...offline,
    },
  });
}

const sign = (xml: string, tag: 'infNFe' | 'infEvento' | 'infInut') => signXml(xml, { tag, certificate });

/** A freshly built NFC-e (QR code included), unsigned. */
function buildNfce(input: NfceInput = {}): { xml: string; chave: string } {
  const built = buildNFeXml(nfceInput(input));
  return { xml: built.xml, chave: built.chave };
}

/** A freshly built and signed NFC-e, as the shop emits it. */
async function signedNfce(input: NfceInput = {}): Promise<{ xml: string; chave: string }> {
  const emitted = await emitSignedNFe(nfceInput(input), { certificate, validate: false });
  return { xml: emitted.xml, chave: emitted.chave };
}

function signedEvento(chNFe: string, detail: { nProt: string } | { xCorrecao: string }): string {
  const base = { chNFe, tpAmb: 2 as const, CNPJ, dhEvento: new Date() };
  const xml =
    'nProt' in detail
      ? buildEventoXml({
          ...base,
          tpEvento: TP_EVENTO_CANCELAMENTO,
          nProt: detail.nProt,
          xJust: 'Venda cancelada a pedido do cliente',
        })
      : buildEventoXml({ ...base, tpEvento: TP_EVENTO_CCE, xCorrecao: detail.xCorrecao });
  return sign(xml, 'infEvento');
}

function signedInutilizacao(first: number, last: number): string {
  const xml = buildInutNFe({
    tpAmb: 2,
    cUF: '35',
    ano: new Date().getFullYear(),
    CNPJ,
    mod: 65,
    serie: 1,
    nNFIni: first,
    nNFFin: last,
    xJust: 'Numeração pulada por falha no sistema emissor',
  });
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
    const nfce = await signedNfce();
    const result = await client.autorizar(nfce.xml);
    expect(result).toMatchObject({
      cStat: 100,
      xMotivo: 'Autorizado o uso da NF-e',
      authorized: true,
      chave: nfce.chave,
    });
    const prot = result.protNFe?.infProt;
    expect(prot?.nProt).toMatch(/^\d{15}$/);
    expect(prot?.id).toBe(`ID${prot?.nProt}`);
    expect(prot?.digVal).toBe(/<DigestValue>([^<]+)</.exec(nfce.xml)?.[1]);
    expect(result.answer.kind).toBe('retEnviNFe');
    expect(result.answer.xml).toContain('<retEnviNFe xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00">');
    expect((await validateXml(result.answer.xml, 'retEnviNFe')).errors).toEqual([]);
    expect((await validateXml(result.nfeProcXml ?? '', 'procNFe')).errors).toEqual([]);
  });

  it('authorizes an NFC-e of a CRT 3 issuer with IBS/CBS, and rejects one whose classification is of another CST with 1024', async () => {
    const withGroup = (cClassTrib: string) => {
      const input = nfceInput();
      return { ...input, emit: { ...input.emit, CRT: 3 as const }, det: input.det.map((d) => ({ ...d, imposto: {
        ICMS: { orig: 0 as const, CST: '00' as const, pICMS: 1800 }, PIS: { CST: '01', p: 165 }, COFINS: { CST: '01', p: 760 },
        IBSCBS: { CST: '000', cClassTrib, pIBSUF: 10, pIBSMun: 0, pCBS: 90 } } })) };
    };
    const good = await emitSignedNFe(withGroup('000001'), { certificate, validate: false });
    expect(await client.autorizar(good.xml)).toMatchObject({ cStat: 100, authorized: true });
    const bad = await emitSignedNFe(withGroup('200025'), { certificate, validate: false });
    expect(await client.autorizar(bad.xml)).toMatchObject({
      cStat: 1024, authorized: false, xMotivo: 'Rejeição: Classificação Tributária do IBS e da CBS incompatível com o CST informado [nItem:1]',
    });
  });

  it('recovers the original protocol when the same signed XML is sent again (204, then consulta)', async () => {
    const nfce = await signedNfce();
    const first = await client.autorizar(nfce.xml);
    const again = await client.autorizar(nfce.xml);
    expect(again).toMatchObject({ cStat: 100, authorized: true, recoveredFromDuplicate: true });
    expect(again.answer.kind === 'retEnviNFe' && again.answer.protNFe?.infProt.cStat).toBe(204);
    expect(again.answer.kind === 'retEnviNFe' && again.answer.protNFe?.infProt.xMotivo).toMatch(
      /^Rejeição: Duplicidade de NF-e \[nRec:\d{15}\]$/,
    );
    expect(again.protNFe?.infProt.nProt).toBe(first.protNFe?.infProt.nProt);
    expect(again.nfeProcXml).toBe(first.nfeProcXml);
  });

  it('answers 539 to a different XML with the same number, naming the key already authorized', async () => {
    const original = await signedNfce();
    await client.autorizar(original.xml);
    const rebuilt = await signedNfce({ nNF: nextNumber - 1, cNF: '87654320' });
    const result = await client.autorizar(rebuilt.xml);
    expect(result).toMatchObject({
      cStat: 539,
      authorized: false,
      recoveredFromDuplicate: false,
      nfeProcXml: undefined,
    });
    expect(result.xMotivo).toContain(
      `Rejeição: Duplicidade de NF-e, com diferença na Chave de Acesso [chNFe:${original.chave}]`,
    );
  });

  it('answers 297 to a document changed after signing', async () => {
    const signed = (await signedNfce()).xml;
    const tampered = signed.replace(/<vUnCom>[^<]+<\/vUnCom>/, '<vUnCom>1.00</vUnCom>');
    expect(tampered).not.toBe(signed);
    expect(await client.autorizar(tampered)).toMatchObject({
      cStat: 297,
      xMotivo: 'Rejeição: Assinatura difere do calculado',
      authorized: false,
    });
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
    expect(await client.autorizar((await signedNfce({ tpAmb: 1 })).xml)).toMatchObject({
      cStat: 252,
      xMotivo: 'Rejeição: Ambiente informado diverge do Ambiente de recebimento',
    });
  });

  it('authorizes through an asynchronous batch: 103 with a receipt, then the receipt query with the protocol', async () => {
    const result = await client.autorizar((await signedNfce()).xml, { sincrono: false });
    expect(result).toMatchObject({ cStat: 100, authorized: true });
    expect(result.answer.kind).toBe('retConsReciNFe');
    expect((await validateXml(result.answer.xml, 'retConsReciNFe')).errors).toEqual([]);
  });

  it('authorizes an offline NFC-e sent after the deadline with 150, and one sent in time with 100', async () => {
    const late = await signedNfce({ tpEmis: 9, dhEmi: new Date(Date.now() - 30 * 3600 * 1000) });
    expect(await client.autorizar(late.xml)).toMatchObject({
      cStat: 150,
      xMotivo: 'Autorizado o uso da NF-e, autorização fora de prazo',
      authorized: true,
    });
    const inTime = await signedNfce({ tpEmis: 9, dhEmi: new Date(Date.now() - 3600 * 1000) });
    expect(await client.autorizar(inTime.xml)).toMatchObject({ cStat: 100, authorized: true });
  });

  it('cancels an authorized NFC-e (135) and the consulta then shows 101 with the event', async () => {
    const nfce = await signedNfce();
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

    const nfce = await signedNfce();
    await client.autorizar(nfce.xml);
    const wrong = await client.enviarEvento(signedEvento(nfce.chave, { nProt: '135000000000001' }));
    expect(wrong.cStat).toBe(222);
  });

  it('registers a carta de correção (135)', async () => {
    const nfce = await signedNfce();
    await client.autorizar(nfce.xml);
    const cce = await client.enviarEvento(
      signedEvento(nfce.chave, { xCorrecao: 'Endereço do destinatário: Rua das Flores, 100' }),
    );
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

    const used = await signedNfce();
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
      await expect(client.autorizar((await signedNfce()).xml)).rejects.toMatchObject({
        name: 'SefazUnavailableError',
        reason: 'connection',
      });
    } finally {
      simulator.setMode('normal');
    }
    expect((await client.statusServico()).cStat).toBe(107);
  });

  it('times out in slow mode, and the resend of the same signed XML recovers the protocol', async () => {
    const impatient = makeClient({ timeoutMs: 300 });
    const nfce = await signedNfce();
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
      const request = https.request(
        `${simulator.url}/ws/NFeStatusServico4`,
        { method: 'POST', ca: simulator.caCertPem, agent: false },
        (response) => resolve(response.statusCode ?? 0),
      );
      request.on('error', reject);
      request.end('<x/>');
    });
    await expect(attempt).rejects.toThrow(/socket hang up|ECONNRESET/);
    expect(logs).toContain(`[${SIMULATOR_NAME}] NFeStatusServico4: refused, no client certificate`);
  });

  it('switches mode through the admin path on loopback', async () => {
    const post = (body: string) =>
      new Promise<string>((resolve, reject) => {
        const request = https.request(
          `${simulator.url}/simulator/mode`,
          { method: 'POST', ca: simulator.caCertPem, agent: false },
          (response) => {
            let text = '';
            response.on('data', (chunk: Buffer) => (text += chunk.toString()));
            response.on('end', () => resolve(text));
          },
        );
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
