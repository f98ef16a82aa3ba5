/**
 * A small XML reader for the NF-e documents the DANFE prints. The NF-e is machine-written XML of a known shape: no
 * DTD, no mixed content, UTF-8. This reads elements, attributes, text, CDATA, comments, processing instructions and
 * the predefined and numeric entities, and refuses anything malformed (a DANFE must not print a half-read note).
 * Namespace prefixes are dropped: `nfe:infNFe` and `infNFe` are the same element here.
 */
import { ValidationError } from '@pdv/domain/errors';

export interface XmlElement {
  /** Local name, without the namespace prefix. */
  name: string;
  attributes: Readonly<Record<string, string>>;
  children: XmlElement[];
  /** The element's own text (CDATA included), entities decoded, not trimmed. */
  text: string;
}

const NAME = /[A-Za-z_][\w.:-]*/y;
const ATTRIBUTE = /\s*([A-Za-z_][\w.:-]*)\s*=\s*(?:"([^"<]*)"|'([^'<]*)')/y;
const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

export function xmlError(detail: string): ValidationError {
  return new ValidationError(`XML da NF-e inválido: ${detail}`, 'xml');
}

function decodeEntities(raw: string): string {
  return raw.replace(/&(#x[0-9a-fA-F]+|#\d+|\w+);?/g, (whole, entity: string) => {
    if (!whole.endsWith(';')) throw xmlError(`entidade sem ';' em "${raw.slice(0, 40)}"`);
    if (entity.startsWith('#')) {
      const code = entity[1] === 'x' ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
      if (!Number.isInteger(code) || code > 0x10ffff) throw xmlError(`entidade numérica inválida &${entity};`);
      return String.fromCodePoint(code);
    }
    const named = ENTITIES[entity];
    if (named === undefined) throw xmlError(`entidade desconhecida &${entity};`);
    return named;
  });
}

function localName(qualified: string): string {
  const colon = qualified.indexOf(':');
  return colon < 0 ? qualified : qualified.slice(colon + 1);
}

/** Parses a whole document and returns its root element. */
export function parseXml(source: string): XmlElement {
  const xml = source.charCodeAt(0) === 0xfeff ? source.slice(1) : source;
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  let pos = 0;

  const skipUntil = (marker: string, what: string): void => {
    const end = xml.indexOf(marker, pos);
    if (end < 0) throw xmlError(`${what} sem fim`);
    pos = end + marker.length;
  };

  while (pos < xml.length) {
    const lt = xml.indexOf('<', pos);
    const textEnd = lt < 0 ? xml.length : lt;
    if (textEnd > pos) {
      const raw = xml.slice(pos, textEnd);
      const parent = stack[stack.length - 1];
      if (parent) parent.text += decodeEntities(raw);
      else if (raw.trim() !== '') throw xmlError('texto fora do elemento raiz');
      pos = textEnd;
      continue;
    }
    if (xml.startsWith('<!--', pos)) {
      skipUntil('-->', 'comentário');
    } else if (xml.startsWith('<![CDATA[', pos)) {
      const start = pos + 9;
      skipUntil(']]>', 'CDATA');
      const parent = stack[stack.length - 1];
      if (!parent) throw xmlError('CDATA fora do elemento raiz');
      parent.text += xml.slice(start, pos - 3);
    } else if (xml.startsWith('<?', pos)) {
      skipUntil('?>', 'instrução de processamento');
    } else if (xml.startsWith('<!', pos)) {
      throw xmlError('DOCTYPE e declarações não são aceitos');
    } else if (xml.startsWith('</', pos)) {
      NAME.lastIndex = pos + 2;
      const match = NAME.exec(xml);
      const open = stack.pop();
      if (!match || !open || localName(match[0]) !== open.name) {
        throw xmlError(`fechamento inesperado </${match?.[0] ?? '?'}>${open ? ` (aberto: <${open.name}>)` : ''}`);
      }
      pos = NAME.lastIndex;
      const gt = xml.indexOf('>', pos);
      if (gt < 0 || xml.slice(pos, gt).trim() !== '') throw xmlError(`fechamento malformado </${match[0]}>`);
      pos = gt + 1;
      if (stack.length === 0) root = open;
    } else {
      NAME.lastIndex = pos + 1;
      const match = NAME.exec(xml);
      if (!match) throw xmlError(`marcação inválida na posição ${pos}`);
      if (root) throw xmlError('mais de um elemento raiz');
      pos = NAME.lastIndex;
      const attributes: Record<string, string> = {};
      for (;;) {
        ATTRIBUTE.lastIndex = pos;
        const attribute = ATTRIBUTE.exec(xml);
        if (!attribute) break;
        attributes[localName(attribute[1] ?? '')] = decodeEntities(attribute[2] ?? attribute[3] ?? '');
        pos = ATTRIBUTE.lastIndex;
      }
      const close = /\s*(\/?)>/y;
      close.lastIndex = pos;
      const end = close.exec(xml);
      if (!end) throw xmlError(`elemento <${match[0]}> malformado`);
      pos = close.lastIndex;
      const element: XmlElement = { name: localName(match[0]), attributes, children: [], text: '' };
      stack[stack.length - 1]?.children.push(element);
      if (end[1] === '/') {
        if (stack.length === 0) root = element;
      } else {
        stack.push(element);
      }
    }
  }
  const unclosed = stack[stack.length - 1];
  if (unclosed) throw xmlError(`elemento <${unclosed.name}> não fechado`);
  if (!root) throw xmlError('documento vazio');
  return root;
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
