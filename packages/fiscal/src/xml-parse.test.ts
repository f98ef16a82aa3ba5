import { describe, expect, it } from 'vitest';
import { attributeValue, childElement, childElements, parseXml, textContent, XML_NAMESPACE, XmlParseError } from './xml-parse.ts';

describe('parseXml', () => {
  it('resolves default and prefixed namespaces for elements and attributes', () => {
    const { root } = parseXml('<a xmlns="urn:x" xmlns:p="urn:p"><p:b p:c="1" d="2" xml:lang="pt"/></a>');
    expect(root).toMatchObject({ local: 'a', namespace: 'urn:x', namespaces: [['', 'urn:x'], ['p', 'urn:p']] });
    const b = childElements(root)[0]!;
    expect(b).toMatchObject({ name: 'p:b', local: 'b', prefix: 'p', namespace: 'urn:p' });
    expect(b.attributes.map((a) => [a.name, a.namespace, a.value])).toEqual([
      ['p:c', 'urn:p', '1'],
      ['d', '', '2'],
      ['xml:lang', XML_NAMESPACE, 'pt'],
    ]);
  });

  it('expands entities and character references and normalizes line ends and attribute whitespace', () => {
    const { root } = parseXml('<a t="x\ty&#10;z">1 &lt; 2 &amp; &#x41;&#66;\r\nfim<![CDATA[<c>]]></a>');
    expect(attributeValue(root, 't')).toBe('x y\nz');
    expect(textContent(root)).toBe('1 < 2 & AB\nfim<c>');
  });

  it('keeps the source offsets of each element', () => {
    const xml = '<?xml version="1.0"?>\n<r><s x="1">t</s><e/></r>';
    const { root } = parseXml(xml);
    const s = childElement(root, 's')!;
    expect(xml.slice(s.start, s.end)).toBe('<s x="1">t</s>');
    expect(xml.slice(s.contentEnd, s.end)).toBe('</s>');
    expect(xml.slice(root.contentEnd)).toBe('</r>');
  });

  it('keeps comments and processing instructions in place', () => {
    const { root, before } = parseXml('<!--antes--><?pi x?><r><!-- c --><?alvo dados?></r>');
    expect(before).toEqual([{ kind: 'comment', value: 'antes' }, { kind: 'pi', target: 'pi', data: 'x' }]);
    expect(root.children).toEqual([{ kind: 'comment', value: ' c ' }, { kind: 'pi', target: 'alvo', data: 'dados' }]);
  });

  it.each([
    ['<a><b></a>', 'não corresponde'],
    ['<a>', 'sem tag de fechamento'],
    ['<a x="1" x="2"/>', 'repetido'],
    ['<a>&nbsp;</a>', 'não definida'],
    ['<a>R&D</a>', "'&' solto"],
    ['<p:a/>', "prefixo de namespace 'p' não declarado"],
    ['<!DOCTYPE a [<!ENTITY x "y">]><a/>', 'DTD'],
    ['<a/><b/>', 'conteúdo após o elemento raiz'],
    ['', 'documento vazio'],
    ['<a>\u0001</a>', 'caractere inválido'],
    ['<a x=1/>', 'sem aspas'],
  ])('refuses %j, saying why in pt-BR', (xml, reason) => {
    expect(() => parseXml(xml)).toThrow(XmlParseError);
    expect(() => parseXml(xml)).toThrow(reason);
  });

  it('tells the line of the fault', () => {
    expect(() => parseXml('<a>\n<b>\n</c></a>')).toThrow('XML mal formado (linha 3)');
  });
});
