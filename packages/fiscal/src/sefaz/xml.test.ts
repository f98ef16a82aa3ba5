import { describe, expect, it } from 'vitest';
import { XmlParseError } from '../xml-parse.ts';
import { child, childText, elementXml, findAll, parseXml } from './xml.ts';

describe('parseXml', () => {
  it('reads elements, attributes, entities and CDATA with their namespaces', () => {
    const source =
      '<?xml version="1.0" encoding="UTF-8"?>\n<!-- c --><a xmlns="urn:a" xmlns:p="urn:p" k=\'1 &amp; 2\'>' +
      '<b>x &lt; y &#233;&#xE9;</b><p:c/><d><![CDATA[<qr>&]]></d></a>';
    const root = parseXml(source);
    expect(root.localName).toBe('a');
    expect(root.namespace).toBe('urn:a');
    expect(root.attributes.k).toBe('1 & 2');
    expect(childText(root, 'b')).toBe('x < y éé');
    expect(child(root, 'c')?.namespace).toBe('urn:p');
    expect(childText(root, 'd')).toBe('<qr>&');
  });

  it('refuses DOCTYPE, unknown entities, undeclared prefixes, mismatched tags and two roots', () => {
    for (const bad of [
      '<!DOCTYPE a [<!ENTITY x "y">]><a>&x;</a>',
      '<a>&nbsp;</a>',
      '<p:a/>',
      '<a><b></a></b>',
      '<a/><b/>',
      '<a>',
      'texto<a/>',
      '<a x="1" x="2"/>',
    ]) {
      expect(() => parseXml(bad), bad).toThrow(XmlParseError);
    }
  });

  it('slices an element byte for byte and declares the namespace it inherited', () => {
    const source = '<r xmlns="urn:n"><NFe><infNFe Id="NFe1" versao="4.00"><x>1</x></infNFe></NFe></r>';
    const nfe = child(parseXml(source), 'NFe');
    expect(nfe && elementXml(source, nfe)).toBe(
      '<NFe xmlns="urn:n"><infNFe Id="NFe1" versao="4.00"><x>1</x></infNFe></NFe>',
    );
  });

  it('rewrites prefixed elements with default namespaces when slicing them', () => {
    const source = '<s:r xmlns:s="urn:s" xmlns:n="urn:n"><n:prot versao="4.00"><n:cStat>100</n:cStat></n:prot></s:r>';
    const prot = findAll(parseXml(source), 'prot')[0];
    expect(prot && elementXml(source, prot)).toBe('<prot xmlns="urn:n" versao="4.00"><cStat>100</cStat></prot>');
  });
});
