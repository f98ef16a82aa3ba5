import { describe, expect, it } from 'vitest';
import { at, childrenNamed, parseXml, textAt } from './danfe-xml.ts';

describe('danfe xml reader', () => {
  it('reads elements, attributes, entities, CDATA and drops namespace prefixes and comments', () => {
    const root = parseXml(
      '<?xml version="1.0" encoding="UTF-8"?>\n<!-- generated -->' +
        '<nfe:NFe xmlns:nfe="http://www.portalfiscal.inf.br/nfe"><nfe:infNFe Id="NFe1" versao=\'4.00\'>' +
        '<xNome>A &amp; B &lt;Ltda&gt; &#233;&#xE7;</xNome><!-- note --><infCpl><![CDATA[x < y & z]]></infCpl>' +
        '<det nItem="1"/><det nItem="2"></det></nfe:infNFe></nfe:NFe>',
    );
    expect(root.name).toBe('NFe');
    const inf = at(root, 'infNFe');
    expect(inf?.attributes).toEqual({ Id: 'NFe1', versao: '4.00' });
    expect(textAt(inf, 'xNome')).toBe('A & B <Ltda> éç');
    expect(textAt(inf, 'infCpl')).toBe('x < y & z');
    expect(childrenNamed(inf, 'det').map((d) => d.attributes.nItem)).toEqual(['1', '2']);
    expect(textAt(inf, 'missing')).toBeUndefined();
  });

  it('reads an empty element as no text', () => {
    expect(textAt(parseXml('<a><cEAN/><b>  </b></a>'), 'cEAN')).toBeUndefined();
    expect(textAt(parseXml('<a><cEAN/><b>  </b></a>'), 'b')).toBeUndefined();
  });

  it.each([
    ['<a><b></a>', 'tag de fechamento </a> não corresponde a <b> (linha 1)'],
    ['<a>', 'elemento <a> sem tag de fechamento'],
    ['<a></a><b></b>', 'conteúdo após o elemento raiz'],
    ['<!DOCTYPE a><a></a>', 'DOCTYPE'],
    ['<a>&nbsp;</a>', 'entidade &nbsp; não definida'],
    ['', 'documento vazio'],
    ['texto', 'esperado o elemento raiz'],
    ['<a>\n<p:b/></a>', "prefixo de namespace 'p' não declarado (linha 2)"],
  ])('refuses malformed XML %j with a message naming the fault', (xml, message) => {
    expect(() => parseXml(xml)).toThrow(`XML da NF-e inválido: `);
    expect(() => parseXml(xml)).toThrow(message);
  });
});
