import { describe, expect, it } from 'vitest';
import { buildNFeXml } from '../nfe-xml.ts';
import { makeItem, makeNFCeInput } from '../testing/nfe-factory.ts';
import type { IBSCBSInput } from '../types.ts';
import { ibsCbsRejection } from './simulator-ibscbs.ts';
import { child, parseXml } from './xml.ts';

function nfceXml(...groups: Array<IBSCBSInput | null>): string {
  const det = groups.map((g) => makeItem({ vUnCom: 12_345 }, {
    ICMS: { orig: 0, CST: '00', pICMS: 1800 }, PIS: { CST: '01', p: 165 }, COFINS: { CST: '01', p: 760 }, IBSCBS: g,
  }));
  const input = makeNFCeInput({ det });
  return buildNFeXml({ ...input, emit: { ...input.emit, CRT: 3 } }).xml;
}

const judge = (xml: string) => ibsCbsRejection(child(parseXml(xml), 'infNFe')!);
const TEST_2026: IBSCBSInput = { CST: '000', cClassTrib: '000001', pIBSUF: 10, pIBSMun: 0, pCBS: 90 };
/** Replaces the first occurrence of `tag`'s value inside IBSCBSTot. */
function tamperTotal(xml: string, tag: string, value: string): string {
  const at = xml.indexOf('<IBSCBSTot>');
  const rest = xml.slice(at).replace(new RegExp(`<${tag}>[^<]*</${tag}>`), `<${tag}>${value}</${tag}>`);
  return xml.slice(0, at) + rest;
}

describe('ibsCbsRejection (the simulator\'s NT 2025.002-RTC rules)', () => {
  it('accepts items whose totals are their sums, with and without the group', () => {
    expect(judge(nfceXml(TEST_2026, TEST_2026, { CST: '410', cClassTrib: '410001' }))).toBeNull();
    expect(judge(nfceXml(null))).toBeNull();
  });

  it('rejects with 1024 a classification of another CST, naming the item', () => {
    expect(judge(nfceXml(TEST_2026, { ...TEST_2026, CST: '000', cClassTrib: '200025' }))).toEqual({
      cStat: 1024, xMotivo: 'Rejeição: Classificação Tributária do IBS e da CBS incompatível com o CST informado [nItem:2]',
    });
  });

  it('rejects a total off the sum of the items by one centavo with the code of that total', () => {
    const xml = nfceXml(TEST_2026, TEST_2026);
    expect(judge(tamperTotal(xml, 'vBCIBSCBS', '0.01'))?.cStat).toBe(1076);
    expect(judge(tamperTotal(xml, 'vIBSUF', '0.01'))?.cStat).toBe(1080);
    expect(judge(tamperTotal(xml, 'vIBSMun', '0.01'))?.cStat).toBe(1084);
    expect(judge(tamperTotal(xml, 'vCBS', '0.01'))).toEqual({ cStat: 1091, xMotivo: 'Rejeição: Total de CBS difere da soma dos itens' });
  });

  it('rejects vIBS other than the UF plus the municipal share (1085)', () => {
    const xml = nfceXml(TEST_2026);
    const at = xml.indexOf('<IBSCBSTot>');
    const tampered = xml.slice(0, at) + xml.slice(at).replace(/<\/gIBSMun><vIBS>[^<]*<\/vIBS>/, '</gIBSMun><vIBS>9.99</vIBS>');
    expect(judge(tampered)?.cStat).toBe(1085);
  });

  it('rejects IBSCBSTot on a document whose items carry no IBS/CBS (1073)', () => {
    const xml = nfceXml(null);
    const withTotal = xml.replace('</ICMSTot>', '</ICMSTot><IBSCBSTot><vBCIBSCBS>0.00</vBCIBSCBS></IBSCBSTot>');
    expect(judge(withTotal)?.cStat).toBe(1073);
  });
});
