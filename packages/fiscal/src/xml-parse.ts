/**
 * The one XML parser of the code base: small, strict and namespace-aware, for the fiscal documents. Enough to
 * canonicalize and verify signatures, to find an element by Id and to check well-formedness before schema validation;
 * the SEFAZ client and simulator (sefaz/xml.ts) and the DANFE reader (packages/documents, danfe-xml.ts) read their
 * simpler views of the same tree. Pure TypeScript without Node APIs, so it runs in the browser too. No DTD (refused: NF-e messages never
 * carry one, and refusing them closes the entity-expansion doors), no external anything.
 *
 * Every element keeps its offsets in the source text, so a signer can insert a Signature without rewriting the rest of
 * the document byte for byte.
 */

export const XML_NAMESPACE = 'http://www.w3.org/XML/1998/namespace';
export const XMLNS_NAMESPACE = 'http://www.w3.org/2000/xmlns/';

export interface XmlAttribute {
  /** Qualified name as written ('Id', 'xml:lang'). */
  name: string;
  prefix: string;
  local: string;
  /** Namespace URI ('' for an unprefixed attribute). */
  namespace: string;
  /** Value after attribute-value normalization and entity expansion. */
  value: string;
}

export interface XmlElement {
  kind: 'element';
  name: string;
  prefix: string;
  local: string;
  namespace: string;
  /** Attributes other than namespace declarations, in document order. */
  attributes: XmlAttribute[];
  /** Namespace declarations made on this element: [prefix ('' for the default), uri]. */
  namespaces: Array<[string, string]>;
  children: XmlNode[];
  parent: XmlElement | null;
  /** Offset of '<' of the start tag. */
  start: number;
  /** Offset of '</' of the end tag (of '/>' for an empty-element tag). */
  contentEnd: number;
  /** Offset just after the element. */
  end: number;
}

export interface XmlText {
  kind: 'text';
  value: string;
}

export interface XmlComment {
  kind: 'comment';
  value: string;
}

export interface XmlProcessingInstruction {
  kind: 'pi';
  target: string;
  data: string;
}

export type XmlNode = XmlElement | XmlText | XmlComment | XmlProcessingInstruction;

export interface XmlDocument {
  root: XmlElement;
  /** Comments and processing instructions before the root element (not the XML declaration). */
  before: Array<XmlComment | XmlProcessingInstruction>;
  after: Array<XmlComment | XmlProcessingInstruction>;
}

/** The text is not well-formed XML; the message (pt-BR) says where. */
export class XmlParseError extends Error {
  override readonly name = 'XmlParseError';
  readonly position: number;
  /** The 1-based line of `position`. */
  readonly line: number;
  /** What is wrong, without the line ('tag de fechamento </b> não corresponde a <a>'). */
  readonly detail: string;

  constructor(message: string, position: number, source: string) {
    const line = source.slice(0, position).split('\n').length;
    super(`XML mal formado (linha ${line}): ${message}`);
    this.position = position;
    this.line = line;
    this.detail = message;
  }
}

const NAME = /[:A-Z_a-z\u00C0-\uFFFF][:A-Z_a-z\u00C0-\uFFFF\-.0-9\u00B7]*/y;
const SPACE = /[ \t\r\n]*/y;
// eslint-disable-next-line no-control-regex -- the characters XML 1.0 forbids: finding them is the point
const INVALID_CHAR = /[\x00-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]/;
const ENTITY = /&(#x[0-9A-Fa-f]+|#[0-9]+|[A-Za-z]+);/g;
const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

interface Scope {
  map: Map<string, string>;
}

class Parser {
  private pos = 0;

  constructor(private readonly src: string) {}

  fail(message: string, at = this.pos): never {
    throw new XmlParseError(message, at, this.src);
  }

  parse(): XmlDocument {
    const src = this.src;
    const bad = INVALID_CHAR.exec(src);
    if (bad) this.fail(`caractere inválido (código ${bad[0].charCodeAt(0)})`, bad.index);
    if (src.charCodeAt(0) === 0xfeff) this.pos = 1;
    if (src.startsWith('<?xml', this.pos) && /[\s?]/.test(src[this.pos + 5] ?? '')) {
      const close = src.indexOf('?>', this.pos);
      if (close < 0) this.fail('declaração XML sem fim');
      this.pos = close + 2;
    }
    const before = this.misc();
    if (src.startsWith('<!DOCTYPE', this.pos)) this.fail('DTD (<!DOCTYPE>) não é permitido');
    if (src[this.pos] !== '<') this.fail(this.pos >= src.length ? 'documento vazio' : 'esperado o elemento raiz');
    const scope: Scope = { map: new Map([['xml', XML_NAMESPACE]]) };
    const root = this.element(null, scope);
    const after = this.misc();
    if (this.pos < src.length) this.fail('conteúdo após o elemento raiz');
    return { root, before, after };
  }

  /** Whitespace, comments and processing instructions outside the root. */
  private misc(): Array<XmlComment | XmlProcessingInstruction> {
    const out: Array<XmlComment | XmlProcessingInstruction> = [];
    for (;;) {
      this.skipSpace();
      if (this.src.startsWith('<!--', this.pos)) out.push(this.comment());
      else if (this.src.startsWith('<?', this.pos)) out.push(this.pi());
      else return out;
    }
  }

  private skipSpace(): void {
    SPACE.lastIndex = this.pos;
    SPACE.exec(this.src);
    this.pos = SPACE.lastIndex;
  }

  private name(): string {
    NAME.lastIndex = this.pos;
    const match = NAME.exec(this.src);
    if (!match) this.fail('nome de elemento ou atributo esperado');
    this.pos = NAME.lastIndex;
    return match[0];
  }

  private comment(): XmlComment {
    const close = this.src.indexOf('-->', this.pos + 4);
    if (close < 0) this.fail('comentário sem fim');
    const value = this.src.slice(this.pos + 4, close);
    if (value.includes('--')) this.fail("'--' dentro de comentário");
    this.pos = close + 3;
    return { kind: 'comment', value: normalizeNewlines(value) };
  }

  private pi(): XmlProcessingInstruction {
    this.pos += 2;
    const target = this.name();
    if (target.toLowerCase() === 'xml') this.fail('declaração XML fora do início do documento');
    const close = this.src.indexOf('?>', this.pos);
    if (close < 0) this.fail('instrução de processamento sem fim');
    const data = this.src.slice(this.pos, close).replace(/^[ \t\r\n]+/, '');
    this.pos = close + 2;
    return { kind: 'pi', target, data: normalizeNewlines(data) };
  }

  private element(parent: XmlElement | null, outer: Scope): XmlElement {
    const start = this.pos;
    this.pos += 1;
    const name = this.name();
    const raw: Array<{ name: string; value: string; at: number }> = [];
    let selfClosing = false;
    for (;;) {
      const hadSpace = this.spaceThen();
      const c = this.src[this.pos];
      if (c === '>') {
        this.pos += 1;
        break;
      }
      if (c === '/' && this.src[this.pos + 1] === '>') {
        this.pos += 2;
        selfClosing = true;
        break;
      }
      if (c === undefined) this.fail(`tag <${name}> sem fim`);
      if (!hadSpace) this.fail(`espaço esperado entre atributos em <${name}>`);
      const at = this.pos;
      const attrName = this.name();
      this.skipSpace();
      if (this.src[this.pos] !== '=') this.fail(`'=' esperado após o atributo ${attrName}`);
      this.pos += 1;
      this.skipSpace();
      const quote = this.src[this.pos];
      if (quote !== '"' && quote !== "'") this.fail(`valor do atributo ${attrName} sem aspas`);
      const close = this.src.indexOf(quote, this.pos + 1);
      if (close < 0) this.fail(`valor do atributo ${attrName} sem fim`);
      const rawValue = this.src.slice(this.pos + 1, close);
      if (rawValue.includes('<')) this.fail(`'<' no valor do atributo ${attrName}`);
      if (raw.some((a) => a.name === attrName)) this.fail(`atributo ${attrName} repetido em <${name}>`, at);
      raw.push({ name: attrName, value: this.decode(attributeWhitespace(rawValue), this.pos + 1), at });
      this.pos = close + 1;
    }

    const namespaces: Array<[string, string]> = [];
    const plain: typeof raw = [];
    for (const a of raw) {
      if (a.name === 'xmlns') namespaces.push(['', a.value]);
      else if (a.name.startsWith('xmlns:')) {
        const prefix = a.name.slice(6);
        if (a.value === '') this.fail(`prefixo ${prefix} declarado com namespace vazio`, a.at);
        namespaces.push([prefix, a.value]);
      } else plain.push(a);
    }
    let scope = outer;
    if (namespaces.length > 0) {
      scope = { map: new Map(outer.map) };
      for (const [prefix, uri] of namespaces) scope.map.set(prefix, uri);
    }
    const [prefix, local] = splitName(name);
    const namespace = this.resolve(scope, prefix, true, start);
    const attributes: XmlAttribute[] = plain.map((a) => {
      const [p, l] = splitName(a.name);
      return { name: a.name, prefix: p, local: l, namespace: p === '' ? '' : this.resolve(scope, p, false, a.at), value: a.value };
    });
    for (let i = 0; i < attributes.length; i += 1) {
      for (let j = i + 1; j < attributes.length; j += 1) {
        const x = attributes[i]!;
        const y = attributes[j]!;
        if (x.local === y.local && x.namespace === y.namespace) this.fail(`atributo ${y.name} repetido em <${name}>`);
      }
    }

    const el: XmlElement = {
      kind: 'element', name, prefix, local, namespace, attributes, namespaces, children: [], parent,
      start, contentEnd: this.pos - 2, end: this.pos,
    };
    if (selfClosing) return el;
    this.content(el, scope);
    return el;
  }

  /** Skips whitespace; answers whether there was any. */
  private spaceThen(): boolean {
    const before = this.pos;
    this.skipSpace();
    return this.pos > before;
  }

  private resolve(scope: Scope, prefix: string, element: boolean, at: number): string {
    if (prefix === '') return element ? (scope.map.get('') ?? '') : '';
    const uri = scope.map.get(prefix);
    if (uri === undefined) this.fail(`prefixo de namespace '${prefix}' não declarado`, at);
    return uri;
  }

  private content(el: XmlElement, scope: Scope): void {
    const src = this.src;
    for (;;) {
      const lt = src.indexOf('<', this.pos);
      if (lt < 0) this.fail(`elemento <${el.name}> sem tag de fechamento`, el.start);
      if (lt > this.pos) {
        const rawText = src.slice(this.pos, lt);
        if (rawText.includes(']]>')) this.fail("']]>' em texto", this.pos + rawText.indexOf(']]>'));
        this.pushText(el, this.decode(normalizeNewlines(rawText), this.pos));
        this.pos = lt;
      }
      if (src.startsWith('</', lt)) {
        this.pos = lt + 2;
        const name = this.name();
        if (name !== el.name) this.fail(`tag de fechamento </${name}> não corresponde a <${el.name}>`, lt);
        this.skipSpace();
        if (src[this.pos] !== '>') this.fail(`tag de fechamento </${name}> sem '>'`);
        this.pos += 1;
        el.contentEnd = lt;
        el.end = this.pos;
        return;
      }
      if (src.startsWith('<!--', lt)) el.children.push(this.comment());
      else if (src.startsWith('<![CDATA[', lt)) {
        const close = src.indexOf(']]>', lt + 9);
        if (close < 0) this.fail('seção CDATA sem fim', lt);
        this.pushText(el, normalizeNewlines(src.slice(lt + 9, close)));
        this.pos = close + 3;
      } else if (src.startsWith('<?', lt)) el.children.push(this.pi());
      else if (src.startsWith('<!', lt)) this.fail('declaração não permitida dentro do documento', lt);
      else el.children.push(this.element(el, scope));
    }
  }

  private pushText(el: XmlElement, value: string): void {
    if (value === '') return;
    const last = el.children[el.children.length - 1];
    if (last?.kind === 'text') last.value += value;
    else el.children.push({ kind: 'text', value });
  }

  private decode(text: string, at: number): string {
    if (!text.includes('&')) return text;
    const rest = text.replace(ENTITY, '');
    if (rest.includes('&')) this.fail("'&' solto: use &amp;", at + text.indexOf('&'));
    return text.replace(ENTITY, (_whole, ref: string) => {
      if (ref.startsWith('#')) {
        const code = ref[1] === 'x' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
        if (!isXmlChar(code)) this.fail(`referência a caractere inválido &${ref};`, at);
        return String.fromCodePoint(code);
      }
      const value = PREDEFINED[ref];
      if (value === undefined) this.fail(`entidade &${ref}; não definida`, at);
      return value;
    });
  }
}

function isXmlChar(code: number): boolean {
  return code === 0x9 || code === 0xa || code === 0xd || (code >= 0x20 && code <= 0xd7ff)
    || (code >= 0xe000 && code <= 0xfffd) || (code >= 0x10000 && code <= 0x10ffff);
}

function normalizeNewlines(text: string): string {
  return text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text;
}

/** Attribute-value normalization of literal whitespace (character references are left alone). */
function attributeWhitespace(text: string): string {
  return /[\t\n\r]/.test(text) ? text.replace(/\r\n|[\t\n\r]/g, ' ') : text;
}

function splitName(name: string): [string, string] {
  const colon = name.indexOf(':');
  return colon < 0 ? ['', name] : [name.slice(0, colon), name.slice(colon + 1)];
}

/** Parses a whole document; throws XmlParseError when it is not well-formed. */
export function parseXml(xml: string): XmlDocument {
  return new Parser(xml).parse();
}

// Small helpers over the tree ----------------------------------------------------------------------------------

export function childElements(el: XmlElement): XmlElement[] {
  return el.children.filter((c): c is XmlElement => c.kind === 'element');
}

/** The first child element with this local name (and namespace, when given). */
export function childElement(el: XmlElement, local: string, namespace?: string): XmlElement | undefined {
  for (const c of el.children) {
    if (c.kind === 'element' && c.local === local && (namespace === undefined || c.namespace === namespace)) return c;
  }
  return undefined;
}

/** Every element of the subtree (the element itself first), in document order. */
export function* descendants(el: XmlElement): Generator<XmlElement> {
  yield el;
  for (const c of el.children) if (c.kind === 'element') yield* descendants(c);
}

export function attributeValue(el: XmlElement, name: string): string | undefined {
  return el.attributes.find((a) => a.name === name)?.value;
}

/** Concatenated text of the subtree. */
export function textContent(el: XmlElement): string {
  let out = '';
  for (const c of el.children) {
    if (c.kind === 'text') out += c.value;
    else if (c.kind === 'element') out += textContent(c);
  }
  return out;
}
