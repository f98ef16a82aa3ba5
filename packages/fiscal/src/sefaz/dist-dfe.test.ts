import { describe, expect, it } from 'vitest';
import { validateXml } from '../validate.ts';
import { buildConsChNFe, buildDistNSU, buildResNFe, distSoapRequest, distSoapResponse, DistributionFake, parseDistAnswer, readResNFe, type ResNFe } from './dist-dfe.ts';
import { readSoapMessage } from './soap.ts';

const BRANCH = '11222333000181';
const q = { tpAmb: 2 as const, cUFAutor: '35', cnpj: BRANCH };
const summary = (n: number): ResNFe => ({
  chNFe: `3526051144477700016155001${String(n).padStart(9, '0')}1000000010`, cnpj: '11444777000161', xNome: 'DISTRIBUIDORA & CIA', ie: '111111111119',
  dhEmi: '2026-05-04T10:30:00-03:00', tpNF: 1, vNF: '150.00', cSitNFe: 1,
});

describe('NFeDistribuicaoDFe messages', () => {
  it('writes distNSU and consChNFe requests the official schema accepts, and a summary resNFe_v1.01 accepts', async () => {
    expect(await validateXml(buildDistNSU({ ...q, ultNSU: 42 }), 'distDFeInt')).toEqual({ valid: true, errors: [] });
    expect(buildDistNSU({ ...q, ultNSU: 42 })).toContain('<ultNSU>000000000000042</ultNSU>');
    expect(await validateXml(buildConsChNFe({ ...q, chNFe: summary(1).chNFe }), 'distDFeInt')).toEqual({ valid: true, errors: [] });
    expect(await validateXml(buildResNFe(summary(1)), 'resNFe')).toEqual({ valid: true, errors: [] });
  });

  it('wraps the message in nfeDistDFeInteresse/nfeDadosMsg of the service namespace', () => {
    const message = readSoapMessage(distSoapRequest(buildDistNSU({ ...q, ultNSU: 0 })), 'nfeDadosMsg');
    expect(message.payload.localName).toBe('distDFeInt');
  });
});

describe('the distribution fake and the client reading its answers', () => {
  it('answers 138 with the docZips after the NSU, then 137, then 656 when asked again within the hour', async () => {
    let now = 0;
    const fake = new DistributionFake({ now: () => now, pageSize: 2 });
    fake.add(BRANCH, 'resNFe_v1.01.xsd', buildResNFe(summary(1)), summary(1).chNFe);
    fake.add('99999999000191', 'resNFe_v1.01.xsd', buildResNFe(summary(9)), summary(9).chNFe);
    fake.add(BRANCH, 'resNFe_v1.01.xsd', buildResNFe(summary(2)), summary(2).chNFe);
    fake.add(BRANCH, 'resNFe_v1.01.xsd', buildResNFe(summary(3)), summary(3).chNFe);

    const first = fake.answer(buildDistNSU({ ...q, ultNSU: 0 }));
    expect(await validateXml(first, 'retDistDFeInt')).toEqual({ valid: true, errors: [] });
    const a = parseDistAnswer(distSoapResponse(first));
    expect(a).toMatchObject({ cStat: 138, ultNSU: '000000000000003', maxNSU: '000000000000004' });
    expect(a.docs.map((d) => readResNFe(d.xml).chNFe)).toEqual([summary(1).chNFe, summary(2).chNFe]);
    expect(readResNFe(a.docs[0]!.xml)).toEqual(summary(1));

    const b = parseDistAnswer(fake.answer(buildDistNSU({ ...q, ultNSU: a.ultNSU })));
    expect(b.docs.map((d) => d.nsu)).toEqual(['000000000000004']);
    const none = parseDistAnswer(fake.answer(buildDistNSU({ ...q, ultNSU: b.ultNSU })));
    expect(none).toMatchObject({ cStat: 137, docs: [] });
    now += 60_000;
    expect(parseDistAnswer(fake.answer(buildDistNSU({ ...q, ultNSU: b.ultNSU }))).cStat).toBe(656);
    now += 3_600_000;
    expect(parseDistAnswer(fake.answer(buildDistNSU({ ...q, ultNSU: b.ultNSU }))).cStat).toBe(137);
  });

  it('gives the full document by key only to its recipient', () => {
    const fake = new DistributionFake();
    fake.add(BRANCH, 'procNFe_v4.00.xsd', '<nfeProc xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00"/>', summary(5).chNFe);
    const mine = parseDistAnswer(fake.answer(buildConsChNFe({ ...q, chNFe: summary(5).chNFe })));
    expect(mine.cStat).toBe(138);
    expect(mine.docs[0]?.xml).toContain('<nfeProc');
    expect(parseDistAnswer(fake.answer(buildConsChNFe({ ...q, cnpj: '99999999000191', chNFe: summary(5).chNFe }))).cStat).toBe(640);
  });
});
