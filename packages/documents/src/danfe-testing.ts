/**
 * Test helpers of the DANFE tests: the public NF-e / NFC-e samples kept in packages/fiscal/test-data, small XML
 * edits that turn one sample into the case a test needs, and the texts of a pdfmake definition.
 */
import { readdirSync, readFileSync } from 'node:fs';

const SAMPLES = new URL('../../fiscal/test-data/samples/', import.meta.url);

/** A sample's XML, by its path under test-data/samples ('sped-nfe/nfce.xml'). */
export function sampleXml(path: string): string {
  return readFileSync(new URL(path, SAMPLES), 'utf8');
}

/** Every NF-e / NFC-e sample (sped-nfe and nfelib), as paths under test-data/samples. */
export function nfeSamples(): string[] {
  return ['sped-nfe', 'nfelib'].flatMap((dir) =>
    readdirSync(new URL(`${dir}/`, SAMPLES))
      .filter((name) => name.endsWith('.xml'))
      .sort()
      .map((name) => `${dir}/${name}`),
  );
}

/** The note with `count` items, repeating its own det elements in turn (nItem renumbered). */
export function withItems(xml: string, count: number): string {
  const dets = [...xml.matchAll(/<det nItem="\d+">[\s\S]*?<\/det>/g)].map((m) => m[0]);
  if (dets.length === 0) throw new Error('sample without det');
  const items = Array.from({ length: count }, (_, i) =>
    (dets[i % dets.length] ?? '').replace(/nItem="\d+"/, `nItem="${i + 1}"`),
  );
  return xml.slice(0, xml.indexOf('<det ')) + items.join('') + xml.slice(xml.lastIndexOf('</det>') + '</det>'.length);
}

/** Replaces the text of the first <tag> element. */
export function setTag(xml: string, tag: string, value: string): string {
  const pattern = new RegExp(`<${tag}>[^<]*</${tag}>`);
  if (!pattern.test(xml)) throw new Error(`no <${tag}> in the sample`);
  return xml.replace(pattern, `<${tag}>${value}</${tag}>`);
}

/** Wraps an <NFe> document in an nfeProc with an authorisation protocol. */
export function authorized(xml: string, nProt = '141200000012345', dhRecbto = '2020-03-11T15:33:01-03:00'): string {
  const nfe = xml.replace(/^<\?xml[^>]*>\s*/, '');
  const chave = /Id="NFe(\w{44})"/.exec(nfe)?.[1] ?? '';
  return (
    '<nfeProc xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00">' +
    nfe +
    `<protNFe versao="4.00"><infProt><tpAmb>1</tpAmb><chNFe>${chave}</chNFe><dhRecbto>${dhRecbto}</dhRecbto>` +
    `<nProt>${nProt}</nProt><cStat>100</cStat><xMotivo>Autorizado o uso da NF-e</xMotivo></infProt></protNFe>` +
    '</nfeProc>'
  );
}

/** Every text of a pdfmake definition (or part of one), flattened; table cells and stacks included. */
export function texts(node: unknown): string[] {
  if (typeof node === 'string') return [node];
  if (Array.isArray(node)) return node.flatMap(texts);
  if (node && typeof node === 'object') {
    const record = node as Record<string, unknown>;
    return ['text', 'stack', 'columns', 'content', 'table', 'body'].flatMap((key) =>
      key in record ? texts(record[key]) : [],
    );
  }
  return [];
}

/** Every node of a definition having this property (e.g. 'qr', 'canvas'). */
export function nodesWith(node: unknown, key: string): Record<string, unknown>[] {
  if (Array.isArray(node)) return node.flatMap((n) => nodesWith(n, key));
  if (!node || typeof node !== 'object') return [];
  const record = node as Record<string, unknown>;
  const own = key in record ? [record] : [];
  return [...own, ...Object.values(record).flatMap((value) => nodesWith(value, key))];
}

/** Number of pages of a PDF produced by pdfkit (page objects are not compressed). */
export function pdfPageCount(pdf: Uint8Array): number {
  return (new TextDecoder('latin1').decode(pdf).match(/\/Type \/Page\b(?!s)/g) ?? []).length;
}
