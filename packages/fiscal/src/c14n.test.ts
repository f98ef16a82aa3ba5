import { describe, expect, it } from 'vitest';
import { canonicalize } from './c14n.ts';
import { childElement, descendants, parseXml, type XmlElement } from './xml-parse.ts';

function find(xml: string, local: string): XmlElement {
  for (const el of descendants(parseXml(xml).root)) if (el.local === local) return el;
  throw new Error(`sem ${local}`);
}

describe('canonicalize (C14N 1.0, inclusive)', () => {
  it('declares the inherited default namespace on the apex of a subset', () => {
    const xml = '<NFe xmlns="http://www.portalfiscal.inf.br/nfe"><infNFe versao="4.00" Id="NFe1"><ide><cUF>35</cUF></ide></infNFe></NFe>';
    expect(canonicalize(find(xml, 'infNFe'))).toBe(
      '<infNFe xmlns="http://www.portalfiscal.inf.br/nfe" Id="NFe1" versao="4.00"><ide><cUF>35</cUF></ide></infNFe>',
    );
  });

  it('carries every namespace in scope onto the apex, default first, then by prefix', () => {
    const xml = '<r xmlns:z="urn:z" xmlns:a="urn:a" xmlns="urn:d"><s><t/></s></r>';
    expect(canonicalize(find(xml, 's'))).toBe('<s xmlns="urn:d" xmlns:a="urn:a" xmlns:z="urn:z"><t></t></s>');
  });

  it('drops declarations a descendant repeats and keeps those that change something', () => {
    const xml = '<r xmlns="urn:d"><s xmlns="urn:d" xmlns:p="urn:p"><p:t xmlns:p="urn:p"/><u xmlns="urn:other"/><v xmlns=""/></s></r>';
    expect(canonicalize(parseXml(xml).root)).toBe(
      '<r xmlns="urn:d"><s xmlns:p="urn:p"><p:t></p:t><u xmlns="urn:other"></u><v xmlns=""></v></s></r>',
    );
  });

  it('never writes xmlns="" on the apex', () => {
    expect(canonicalize(find('<r><s xmlns=""><t/></s></r>', 's'))).toBe('<s><t></t></s>');
  });

  it('sorts attributes by namespace URI, then local name, unqualified first', () => {
    const xml = '<r xmlns:b="urn:b" xmlns:a="urn:a"><e z="1" b:y="2" a:y="3" a="4" b:a="5"/></r>';
    expect(canonicalize(find(xml, 'e'))).toBe(
      '<e xmlns:a="urn:a" xmlns:b="urn:b" a="4" z="1" a:y="3" b:a="5" b:y="2"></e>',
    );
  });

  it('escapes text and attribute values the C14N way', () => {
    const xml = '<e a="&lt;&amp;&quot;&#9;&#10;&#13;&gt;\'">&lt;&amp;&gt;"\'&#13;</e>';
    expect(canonicalize(parseXml(xml).root)).toBe('<e a="&lt;&amp;&quot;&#x9;&#xA;&#xD;>\'">&lt;&amp;&gt;"\'&#xD;</e>');
  });

  it('writes empty elements with an end tag and CDATA as escaped text', () => {
    expect(canonicalize(parseXml('<e><f/><![CDATA[a<b]]></e>').root)).toBe('<e><f></f>a&lt;b</e>');
  });

  it('keeps whitespace text as it is', () => {
    expect(canonicalize(parseXml('<e>\n  <f> x </f>\n</e>').root)).toBe('<e>\n  <f> x </f>\n</e>');
  });

  it('leaves comments out unless asked, and keeps processing instructions', () => {
    const root = parseXml('<e><!--c--><?pi d?></e>').root;
    expect(canonicalize(root)).toBe('<e><?pi d?></e>');
    expect(canonicalize(root, { withComments: true })).toBe('<e><!--c--><?pi d?></e>');
  });

  it('carries xml:lang of an ancestor onto the apex', () => {
    expect(canonicalize(find('<r xml:lang="pt"><s a="1"/></r>', 's'))).toBe('<s a="1" xml:lang="pt"></s>');
  });

  it('leaves out the excluded subtree (enveloped signature)', () => {
    const root = parseXml('<e><a>1</a><Signature xmlns="urn:sig"><x/></Signature></e>').root;
    const signature = childElement(root, 'Signature')!;
    expect(canonicalize(root, { exclude: (el) => el === signature })).toBe('<e><a>1</a></e>');
  });
});
