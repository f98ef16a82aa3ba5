/**
 * The tax reform's IBS/CBS group end to end (NT 2025.002-RTC): what an issuer on the normal regime (CRT 3) writes
 * passes the official schema (PL_010 v1.30), with and without rate reductions, and IBSCBSTot is, to the cent, the sum
 * of what the items carry, whatever the items.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromDecimal } from '@pdv/domain/money';
import { loadCertificate } from './certificate.ts';
import { emitSignedNFe } from './emit.ts';
import { buildNFeXml } from './nfe-xml.ts';
import { makeItem, makeNFCeInput, makeNFeInput, TEST_EMITTER_CNPJ } from './testing/nfe-factory.ts';
import { createTestCertificate, TEST_CERTIFICATE_PASSWORD } from './testing/test-certificate.ts';
import type { IBSCBSInput, NFeDet, NFeInput } from './types.ts';
import { validateXml } from './validate.ts';

const certificate = loadCertificate(createTestCertificate({ cnpj: TEST_EMITTER_CNPJ, name: 'LOJA DEMO MODA LTDA' }), TEST_CERTIFICATE_PASSWORD);

/** The 2026 test rates: CBS 0.9%, IBS 0.1% (the UF's share; the municipal one 0). */
const TEST_2026: IBSCBSInput = { CST: '000', cClassTrib: '000001', pIBSUF: 10, pIBSMun: 0, pCBS: 90 };

function normalItem(prod: Partial<NFeDet['prod']>, ibscbs: IBSCBSInput): NFeDet {
  return makeItem(prod, {
    ICMS: { orig: 0, CST: '00', pICMS: 1800 }, PIS: { CST: '01', p: 165 }, COFINS: { CST: '01', p: 760 }, IBSCBS: ibscbs,
  });
}

function crt3(input: NFeInput): NFeInput {
  return { ...input, emit: { ...input.emit, CRT: 3 } };
}

const all = (xml: string, tag: string) => [...xml.matchAll(new RegExp(`<${tag}>([0-9.]+)</${tag}>`, 'g'))].map((m) => fromDecimal(m[1]!));
const one = (xml: string, tag: string) => all(xml, tag)[0];
const section = (xml: string, tag: string) => xml.slice(xml.indexOf(`<${tag}>`), xml.indexOf(`</${tag}>`) + tag.length + 3);

describe('IBS/CBS against the official schema', () => {
  it('a signed NFC-e of a CRT 3 issuer with the 2026 test rates is valid', async () => {
    const input = crt3(makeNFCeInput({ det: [normalItem({ vUnCom: 4990 }, TEST_2026), normalItem({ qCom: 3000, vUnCom: 1999, vDesc: 97 }, TEST_2026)] }));
    const emitted = await emitSignedNFe(input, { certificate });
    expect(emitted.xml).toContain('<IBSCBS><CST>000</CST><cClassTrib>000001</cClassTrib><gIBSCBS>');
    expect(emitted.xml).toContain('<IBSCBSTot>');
    await expect(validateXml(emitted.xml, 'nfe')).resolves.toEqual({ valid: true, errors: [] });
  });

  it('an NF-e with reduced rates (gRed) and an item without amounts (CST 410) is valid', async () => {
    const input = crt3(makeNFeInput({ det: [
      normalItem({ CFOP: '6102' }, { CST: '200', cClassTrib: '200025', pIBSUF: 10, pIBSMun: 0, pCBS: 90, pRedIBS: 6000, pRedCBS: 10_000 }),
      normalItem({ CFOP: '6102' }, { CST: '410', cClassTrib: '410001' }),
    ] }));
    const built = buildNFeXml(input);
    expect(built.xml).toContain('<gRed><pRedAliq>60.0000</pRedAliq><pAliqEfet>0.0400</pAliqEfet></gRed>');
    await expect(validateXml((await emitSignedNFe(input, { certificate })).xml, 'nfe')).resolves.toEqual({ valid: true, errors: [] });
  });
});

describe('IBSCBSTot reconciles with the items', () => {
  const item = fc.record({
    qCom: fc.integer({ min: 1, max: 50_000 }),
    vUnCom: fc.integer({ min: 1, max: 2_000_000 }),
    discountShare: fc.integer({ min: 0, max: 50 }),
    pIBSUF: fc.integer({ min: 0, max: 2000 }),
    pIBSMun: fc.integer({ min: 0, max: 2000 }),
    pCBS: fc.integer({ min: 0, max: 2000 }),
    pRedIBS: fc.option(fc.integer({ min: 0, max: 10_000 }), { nil: undefined }),
    pRedCBS: fc.option(fc.integer({ min: 0, max: 10_000 }), { nil: undefined }),
  });

  it('each total is the sum of the values written on the items, to the cent', () => {
    fc.assert(fc.property(fc.array(item, { minLength: 1, maxLength: 12 }), (items) => {
      const det = items.map((i) => {
        const gross = Math.round((i.qCom * i.vUnCom) / 1000);
        return normalItem({ qCom: i.qCom, vUnCom: i.vUnCom, vDesc: Math.floor((gross * i.discountShare) / 100) },
          { CST: '000', cClassTrib: '000001', pIBSUF: i.pIBSUF, pIBSMun: i.pIBSMun, pCBS: i.pCBS, pRedIBS: i.pRedIBS, pRedCBS: i.pRedCBS });
      });
      const { xml } = buildNFeXml(crt3(makeNFeInput({ det, pag: { detPag: [{ tPag: '90', vPag: 0 }] } })));
      const items$ = [...xml.matchAll(/<gIBSCBS>(.*?)<\/gIBSCBS>/g)].map((m) => m[1]!);
      expect(items$).toHaveLength(det.length);
      const sum = (tag: string) => items$.reduce((s, x) => s + (one(x, tag) ?? 0), 0);
      const tot = section(xml, 'IBSCBSTot');
      expect(one(tot, 'vBCIBSCBS')).toBe(sum('vBC'));
      expect(one(section(tot, 'gIBSUF'), 'vIBSUF')).toBe(sum('vIBSUF'));
      expect(one(section(tot, 'gIBSMun'), 'vIBSMun')).toBe(sum('vIBSMun'));
      expect(one(section(tot, 'gCBS'), 'vCBS')).toBe(sum('vCBS'));
      expect(one(section(tot, 'gIBS'), 'vIBS')).toBe(sum('vIBSUF') + sum('vIBSMun'));
      for (const x of items$) expect(one(x, 'vIBS')).toBe((one(x, 'vIBSUF') ?? 0) + (one(x, 'vIBSMun') ?? 0));
    }), { numRuns: 200 });
  });
});
