/**
 * Canonical XML 1.0 (inclusive, W3C REC-xml-c14n-20010315) of an element and its descendants, the document subset an
 * XML-DSig Reference "#Id" selects. What the NF-e signature needs, written from the W3C text:
 * - the apex element carries every namespace in scope (inherited ones included) and the xml:* attributes it inherits;
 *   descendants carry only declarations that change what their parent has in scope;
 * - namespace declarations first (default first, then by prefix), then attributes by namespace URI and local name;
 * - text escapes &, <, > and CR; attribute values escape &, <, ", TAB, LF and CR;
 * - empty elements are written as start-tag + end-tag; comments only in the "WithComments" variant.
 */
import { XML_NAMESPACE, type XmlElement, type XmlNode } from './xml-parse.ts';

export const C14N = 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315';
export const C14N_WITH_COMMENTS = 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315#WithComments';

export interface C14nOptions {
  withComments?: boolean;
  /** Elements left out with their subtree (the enveloped-signature transform passes the Signature element). */
  exclude?: (el: XmlElement) => boolean;
}

export function escapeC14nText(value: string): string {
  return value.replace(/[&<>\r]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : '&#xD;'));
}

export function escapeC14nAttribute(value: string): string {
  return value.replace(/[&<"\t\n\r]/g, (c) => {
    switch (c) {
      case '&': return '&amp;';
      case '<': return '&lt;';
      case '"': return '&quot;';
      case '\t': return '&#x9;';
      case '\n': return '&#xA;';
      default: return '&#xD;';
    }
  });
}

/** Namespaces in scope at `el` (own declarations included), as prefix -> uri; '' is the default namespace. */
export function inScopeNamespaces(el: XmlElement): Map<string, string> {
  const chain: XmlElement[] = [];
  for (let e: XmlElement | null = el; e; e = e.parent) chain.push(e);
  const map = new Map<string, string>();
  for (let i = chain.length - 1; i >= 0; i -= 1) {
    for (const [prefix, uri] of chain[i]!.namespaces) map.set(prefix, uri);
  }
  return map;
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Namespace declarations as C14N writes them: default first, then by prefix. */
export function renderNamespaces(decls: Array<[string, string]>): string {
  return [...decls]
    .sort(([a], [b]) => compare(a, b))
    .map(([prefix, uri]) => (prefix === '' ? ` xmlns="${escapeC14nAttribute(uri)}"` : ` xmlns:${prefix}="${escapeC14nAttribute(uri)}"`))
    .join('');
}

/** The canonical form of `el` and its subtree. */
export function canonicalize(el: XmlElement, options: C14nOptions = {}): string {
  const out: string[] = [];
  const inherited = el.parent ? inScopeNamespaces(el.parent) : new Map<string, string>();
  const apexScope = new Map(inherited);
  for (const [prefix, uri] of el.namespaces) apexScope.set(prefix, uri);
  const decls: Array<[string, string]> = [];
  for (const [prefix, uri] of apexScope) {
    if (prefix === 'xml') continue;
    if (prefix === '' && uri === '') continue;
    decls.push([prefix, uri]);
  }
  writeElement(el, decls, apexScope, inheritedXmlAttributes(el), options, out);
  return out.join('');
}

/** xml:* attributes of the ancestors the apex does not set itself (C14N 1.0 carries them onto the apex). */
function inheritedXmlAttributes(el: XmlElement): Array<{ local: string; value: string }> {
  const found = new Map<string, string>();
  for (const a of el.attributes) if (a.namespace === XML_NAMESPACE) found.set(a.local, a.value);
  const extra: Array<{ local: string; value: string }> = [];
  for (let p = el.parent; p; p = p.parent) {
    for (const a of p.attributes) {
      if (a.namespace === XML_NAMESPACE && !found.has(a.local)) {
        found.set(a.local, a.value);
        extra.push({ local: a.local, value: a.value });
      }
    }
  }
  return extra;
}

function writeElement(
  el: XmlElement,
  decls: Array<[string, string]>,
  scope: Map<string, string>,
  extraXml: Array<{ local: string; value: string }>,
  options: C14nOptions,
  out: string[],
): void {
  const attrs = [
    ...el.attributes.map((a) => ({ ns: a.namespace, local: a.local, name: a.name, value: a.value })),
    ...extraXml.map((a) => ({ ns: XML_NAMESPACE, local: a.local, name: `xml:${a.local}`, value: a.value })),
  ].sort((a, b) => compare(a.ns, b.ns) || compare(a.local, b.local));
  out.push(`<${el.name}${renderNamespaces(decls)}`);
  for (const a of attrs) out.push(` ${a.name}="${escapeC14nAttribute(a.value)}"`);
  out.push('>');
  for (const child of el.children) writeNode(child, scope, options, out);
  out.push(`</${el.name}>`);
}

function writeNode(node: XmlNode, parentScope: Map<string, string>, options: C14nOptions, out: string[]): void {
  switch (node.kind) {
    case 'text':
      out.push(escapeC14nText(node.value));
      return;
    case 'comment':
      if (options.withComments) out.push(`<!--${node.value}-->`);
      return;
    case 'pi':
      out.push(node.data === '' ? `<?${node.target}?>` : `<?${node.target} ${node.data}?>`);
      return;
    case 'element': {
      if (options.exclude?.(node)) return;
      let scope = parentScope;
      const decls: Array<[string, string]> = [];
      if (node.namespaces.length > 0) {
        scope = new Map(parentScope);
        for (const [prefix, uri] of node.namespaces) {
          const before = parentScope.get(prefix) ?? '';
          scope.set(prefix, uri);
          if (uri !== before) decls.push([prefix, uri]);
        }
      }
      writeElement(node, decls, scope, [], options, out);
    }
  }
}
