/**
 * The DANFE's view of an NF-e document, read by the one strict XML parser (@pdv/fiscal/xml-parse: pure, runs in the
 * browser). Anything malformed is refused (a DANFE must not print a half-read note) with a ValidationError naming the
 * fault. Namespace prefixes are dropped: `nfe:infNFe` and `infNFe` are the same element here.
 */
import { ValidationError } from '@pdv/domain/errors';
import { parseXml as parseDocument, XmlParseError, type XmlElement as CoreElement } from '@pdv/fiscal/xml-parse';

export interface XmlElement {
  /** Local name, without the namespace prefix. */
  name: string;
  attributes: Readonly<Record<string, string>>;
  children: XmlElement[];
  /** The element's own text (CDATA included), entities decoded, not trimmed. */
  text: string;
}

export function xmlError(detail: string): ValidationError {
  return new ValidationError(`XML da NF-e inválido: ${detail}`, 'xml');
}

/** The DANFE's view of the one parser's tree: local names, attributes by local name, own text. */
function view(el: CoreElement): XmlElement {
  const attributes: Record<string, string> = {};
  for (const a of el.attributes) attributes[a.local] = a.value;
  const children: XmlElement[] = [];
  let text = '';
  for (const c of el.children) {
    if (c.kind === 'element') children.push(view(c));
    else if (c.kind === 'text') text += c.value;
  }
  return { name: el.local, attributes, children, text };
}

/** Parses a whole document and returns its root element; a malformed one is refused with the fault and its line. */
export function parseXml(source: string): XmlElement {
  try {
    return view(parseDocument(source).root);
  } catch (error) {
    if (error instanceof XmlParseError) throw xmlError(`${error.detail} (linha ${error.line})`);
    throw error;
  }
}

/** The first child element with this local name. */
export function child(element: XmlElement | undefined, name: string): XmlElement | undefined {
  return element?.children.find((c) => c.name === name);
}

/** Every child element with this local name. */
export function childrenNamed(element: XmlElement | undefined, name: string): XmlElement[] {
  return element ? element.children.filter((c) => c.name === name) : [];
}

/** The element reached by following child names, e.g. at(infNFe, 'emit', 'enderEmit'). */
export function at(element: XmlElement | undefined, ...path: string[]): XmlElement | undefined {
  let current = element;
  for (const name of path) current = child(current, name);
  return current;
}

/** Trimmed text of the element at the path, or undefined when it is missing or empty. */
export function textAt(element: XmlElement | undefined, ...path: string[]): string | undefined {
  const text = at(element, ...path)?.text.trim();
  return text ? text : undefined;
}
