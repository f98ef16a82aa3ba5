// The view of XML used with SEFAZ (SOAP envelopes, ret* answers, the signed documents the simulator receives), over
// the one strict parser (../xml-parse.ts: no DOCTYPE, unknown entities and prefixes, mismatched tags and text
// outside the root are errors). It keeps each element's offsets in the source so that a signed part (an NFe, an
// evento, a protNFe) can be sliced out byte for byte, which a re-serializing parser cannot promise.
import { parseXml as parseDocument, type XmlElement as CoreElement } from '../xml-parse.ts';

export interface XmlElement {
  /** Qualified name as written (`soap12:Body`, `infProt`). */
  readonly name: string;
  readonly prefix: string;
  readonly localName: string;
  /** Namespace URI the element is in ('' when none). */
  readonly namespace: string;
  /** Attributes by qualified name as written (namespace declarations included), values decoded. */
  readonly attributes: Readonly<Record<string, string>>;
  readonly children: XmlElement[];
  /** The element's own text and CDATA, decoded and concatenated (the shapes read here have no mixed content). */
  text: string;
  /** Offset of the element's '<' in the source. */
  readonly start: number;
  /** Offset just after the element's closing '>'. */
  end: number;
  /** True when this element or a descendant is written with a namespace prefix. */
  usesPrefix: boolean;
}

/** The element view of the one parser's tree (xml-parse.ts): same offsets, attributes by name, own text. */
function view(el: CoreElement): XmlElement {
  const attributes: Record<string, string> = {};
  for (const [prefix, uri] of el.namespaces) attributes[prefix === '' ? 'xmlns' : `xmlns:${prefix}`] = uri;
  for (const a of el.attributes) attributes[a.name] = a.value;
  const children: XmlElement[] = [];
  let text = '';
  for (const c of el.children) {
    if (c.kind === 'element') children.push(view(c));
    else if (c.kind === 'text') text += c.value;
  }
  return {
    name: el.name,
    prefix: el.prefix,
    localName: el.local,
    namespace: el.namespace,
    attributes,
    children,
    text,
    start: el.start,
    end: el.end,
    usesPrefix: el.prefix !== '' || children.some((c) => c.usesPrefix),
  };
}

/** Parses a whole document and returns its root element; throws XmlParseError (xml-parse.ts) when malformed. */
export function parseXml(source: string): XmlElement {
  return view(parseDocument(source).root);
}

/** First direct child with this local name. */
export function child(element: XmlElement, localName: string): XmlElement | undefined {
  return element.children.find((c) => c.localName === localName);
}

/** All direct children with this local name. */
export function childrenNamed(element: XmlElement, localName: string): XmlElement[] {
  return element.children.filter((c) => c.localName === localName);
}

/** Text of the first direct child with this local name, or undefined. */
export function childText(element: XmlElement, localName: string): string | undefined {
  return child(element, localName)?.text;
}

/** First element with this local name in document order (the element itself included). */
export function findFirst(element: XmlElement, localName: string): XmlElement | undefined {
  if (element.localName === localName) return element;
  for (const c of element.children) {
    const found = findFirst(c, localName);
    if (found) return found;
  }
  return undefined;
}

/** All elements with this local name in document order (the element itself included). */
export function findAll(element: XmlElement, localName: string, into: XmlElement[] = []): XmlElement[] {
  if (element.localName === localName) into.push(element);
  for (const c of element.children) findAll(c, localName, into);
  return into;
}

export function escapeXmlText(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function escapeXmlAttribute(value: string): string {
  return escapeXmlText(value).replace(/"/g, '&quot;');
}

/** `<name>text</name>` with the text escaped. */
export function tag(name: string, text: string): string {
  return `<${name}>${escapeXmlText(text)}</${name}>`;
}

/**
 * The element as a standalone document fragment in its default namespace: the exact source slice when it is
 * written without prefixes (so signatures inside stay valid), with the namespace declared on it when it was
 * inherited from an ancestor.
 */
export function elementXml(source: string, element: XmlElement): string {
  if (element.usesPrefix) return serializeWithoutPrefixes(element, '');
  const raw = source.slice(element.start, element.end);
  if (element.namespace === '' || Object.hasOwn(element.attributes, 'xmlns')) return raw;
  const nameEnd = element.start + 1 + element.name.length;
  return `${source.slice(element.start, nameEnd)} xmlns="${escapeXmlAttribute(element.namespace)}"${source.slice(nameEnd, element.end)}`;
}

/** Writes an element tree with default namespaces only (for answers whose elements come with prefixes). */
function serializeWithoutPrefixes(element: XmlElement, parentNamespace: string): string {
  let out = `<${element.localName}`;
  if (element.namespace !== parentNamespace) out += ` xmlns="${escapeXmlAttribute(element.namespace)}"`;
  for (const [name, value] of Object.entries(element.attributes)) {
    if (name === 'xmlns' || name.startsWith('xmlns:')) continue;
    out += ` ${name}="${escapeXmlAttribute(value)}"`;
  }
  if (element.children.length === 0 && element.text === '') return `${out}/>`;
  out += '>';
  out +=
    element.children.length > 0
      ? element.children.map((c) => serializeWithoutPrefixes(c, element.namespace)).join('')
      : escapeXmlText(element.text);
  return `${out}</${element.localName}>`;
}
