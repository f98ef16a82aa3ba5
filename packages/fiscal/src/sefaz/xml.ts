// A small, strict XML reader for the known shapes exchanged with SEFAZ (SOAP envelopes, ret* answers, the
// signed documents the simulator receives). It keeps each element's offsets in the source so that a signed part
// (an NFe, an evento, a protNFe) can be sliced out byte for byte, which a re-serializing parser cannot promise.
// Strict on purpose: no DOCTYPE (no entity expansion, no external entities), unknown entities and prefixes,
// mismatched tags and text outside the root are errors.

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

export class XmlParseError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(`${message} (posição ${offset})`);
    this.name = 'XmlParseError';
  }
}

const NAME = /[A-Za-z_\u00C0-\uFFEF][\w.\-:\u00B7\u00C0-\uFFEF]*/y;
const SPACE = /[ \t\r\n]*/y;
const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
const XML_NS = 'http://www.w3.org/XML/1998/namespace';

function decodeEntities(raw: string, offset: number): string {
  if (!raw.includes('&')) return raw;
  return raw.replace(/&([^;&\s]*);?/g, (match: string, body: string, at: number) => {
    if (!match.endsWith(';')) throw new XmlParseError('Entidade sem ";"', offset + at);
    const named = PREDEFINED[body];
    if (named !== undefined) return named;
    const numeric = /^#(?:x([0-9a-fA-F]+)|([0-9]+))$/.exec(body);
    if (!numeric) throw new XmlParseError(`Entidade desconhecida "&${body};"`, offset + at);
    const code = numeric[1] !== undefined ? parseInt(numeric[1], 16) : parseInt(numeric[2] ?? '', 10);
    if (code === 0 || code > 0x10ffff) throw new XmlParseError('Referência de caractere inválida', offset + at);
    return String.fromCodePoint(code);
  });
}

interface OpenElement {
  element: XmlElement;
  namespaces: Map<string, string>;
}

function splitName(name: string): [prefix: string, local: string] {
  const colon = name.indexOf(':');
  return colon < 0 ? ['', name] : [name.slice(0, colon), name.slice(colon + 1)];
}

/** Parses a whole document and returns its root element. */
export function parseXml(source: string): XmlElement {
  let pos = source.charCodeAt(0) === 0xfeff ? 1 : 0;
  const stack: OpenElement[] = [];
  let root: XmlElement | undefined;

  const readName = (): string => {
    NAME.lastIndex = pos;
    const match = NAME.exec(source);
    if (!match) throw new XmlParseError('Nome esperado', pos);
    pos = NAME.lastIndex;
    return match[0];
  };
  const skipSpace = (): number => {
    SPACE.lastIndex = pos;
    SPACE.exec(source);
    const skipped = SPACE.lastIndex - pos;
    pos = SPACE.lastIndex;
    return skipped;
  };
  const skipPast = (terminator: string, what: string): number => {
    const at = source.indexOf(terminator, pos);
    if (at < 0) throw new XmlParseError(`${what} sem fim`, pos);
    pos = at + terminator.length;
    return at;
  };

  while (pos < source.length) {
    const top = stack[stack.length - 1];
    if (source.charCodeAt(pos) !== 0x3c /* < */) {
      const next = source.indexOf('<', pos);
      const end = next < 0 ? source.length : next;
      const raw = source.slice(pos, end);
      if (top) top.element.text += decodeEntities(raw, pos);
      else if (raw.trim() !== '') throw new XmlParseError('Texto fora do elemento raiz', pos);
      pos = end;
      continue;
    }
    if (source.startsWith('<?', pos)) {
      skipPast('?>', 'Instrução de processamento');
      continue;
    }
    if (source.startsWith('<!--', pos)) {
      skipPast('-->', 'Comentário');
      continue;
    }
    if (source.startsWith('<![CDATA[', pos)) {
      if (!top) throw new XmlParseError('CDATA fora do elemento raiz', pos);
      const begin = pos + 9;
      const at = skipPast(']]>', 'CDATA');
      top.element.text += source.slice(begin, at);
      continue;
    }
    if (source.startsWith('<!', pos)) throw new XmlParseError('DOCTYPE e declarações não são aceitos', pos);
    if (source.startsWith('</', pos)) {
      pos += 2;
      const name = readName();
      skipSpace();
      if (source[pos] !== '>') throw new XmlParseError('">" esperado', pos);
      pos += 1;
      if (!top || top.element.name !== name) throw new XmlParseError(`Fechamento inesperado </${name}>`, pos);
      top.element.end = pos;
      stack.pop();
      continue;
    }

    // Start tag.
    const start = pos;
    if (!top && root) throw new XmlParseError('Mais de um elemento raiz', pos);
    pos += 1;
    const name = readName();
    const attributes: Record<string, string> = {};
    let selfClosing = false;
    for (;;) {
      const spaced = skipSpace();
      if (source.startsWith('/>', pos)) {
        pos += 2;
        selfClosing = true;
        break;
      }
      if (source[pos] === '>') {
        pos += 1;
        break;
      }
      if (!spaced) throw new XmlParseError('Espaço esperado entre atributos', pos);
      const attrName = readName();
      skipSpace();
      if (source[pos] !== '=') throw new XmlParseError('"=" esperado', pos);
      pos += 1;
      skipSpace();
      const quote = source[pos];
      if (quote !== '"' && quote !== "'") throw new XmlParseError('Aspas esperadas', pos);
      const valueStart = pos + 1;
      const valueEnd = source.indexOf(quote, valueStart);
      if (valueEnd < 0) throw new XmlParseError('Atributo sem fim', pos);
      const rawValue = source.slice(valueStart, valueEnd);
      if (rawValue.includes('<')) throw new XmlParseError('"<" em valor de atributo', valueStart);
      if (Object.hasOwn(attributes, attrName)) throw new XmlParseError(`Atributo repetido ${attrName}`, pos);
      attributes[attrName] = decodeEntities(rawValue, valueStart);
      pos = valueEnd + 1;
    }

    const namespaces = new Map(top?.namespaces ?? [['xml', XML_NS]]);
    for (const [attrName, value] of Object.entries(attributes)) {
      if (attrName === 'xmlns') namespaces.set('', value);
      else if (attrName.startsWith('xmlns:')) namespaces.set(attrName.slice(6), value);
    }
    const [prefix, localName] = splitName(name);
    const namespace = namespaces.get(prefix);
    if (namespace === undefined && prefix !== '') throw new XmlParseError(`Prefixo não declarado "${prefix}"`, start);
    const element: XmlElement = {
      name,
      prefix,
      localName,
      namespace: namespace ?? '',
      attributes,
      children: [],
      text: '',
      start,
      end: pos,
      usesPrefix: prefix !== '',
    };
    if (top) top.element.children.push(element);
    else root = element;
    if (!selfClosing) stack.push({ element, namespaces });
    if (element.usesPrefix) for (const open of stack) open.element.usesPrefix = true;
  }

  if (stack.length > 0)
    throw new XmlParseError(`Elemento <${stack[stack.length - 1]?.element.name}> sem fechamento`, pos);
  if (!root) throw new XmlParseError('Documento sem elemento raiz', pos);
  return root;
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
