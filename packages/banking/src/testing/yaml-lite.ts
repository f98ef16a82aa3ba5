/**
 * A reader for the small YAML subset of the CNAB layout files (cnab-layouts/): nested maps by indentation, scalars
 * (quoted or plain, trailing comments dropped) and flow lists of scalars ([1, 10]). No dependency: the repository
 * has no YAML parser of its own (js-yaml is only a transitive dependency of tooling).
 */
export type YamlValue = string | number | YamlValue[] | { [key: string]: YamlValue };
export type YamlMap = { [key: string]: YamlValue };

function scalar(raw: string): YamlValue {
  const s = raw.trim();
  if (s.startsWith("'")) return s.slice(1, s.indexOf("'", 1));
  if (s.startsWith('"')) return s.slice(1, s.indexOf('"', 1));
  const plain = s.replace(/\s+#.*$/, '').trim();
  if (plain.startsWith('[')) return plain.slice(1, plain.lastIndexOf(']')).split(',').map((x) => scalar(x));
  return /^-?\d+$/.test(plain) ? Number(plain) : plain;
}

export function readYaml(text: string): YamlMap {
  const root: YamlMap = {};
  const stack: { indent: number; map: YamlMap }[] = [{ indent: -1, map: root }];
  for (const line of text.split(/\r?\n/)) {
    if (/^\s*(#|$)/.test(line)) continue;
    const m = /^(\s*)([^:#]+?):(?:\s+(.*))?$/.exec(line);
    if (!m) continue;
    const indent = m[1]!.length;
    while (stack[stack.length - 1]!.indent >= indent) stack.pop();
    const parent = stack[stack.length - 1]!.map;
    const value = m[3]?.trim();
    if (value === undefined || value === '' || value.startsWith('#')) {
      const child: YamlMap = {};
      parent[m[2]!] = child;
      stack.push({ indent, map: child });
    } else parent[m[2]!] = scalar(value);
  }
  return root;
}

export interface YamlField { name: string; start: number; end: number; picture: string; default?: string }

/** The fields (maps with a pos) directly under `map`, sorted by position. */
export function yamlFields(map: YamlMap): YamlField[] {
  const out: YamlField[] = [];
  for (const [name, v] of Object.entries(map)) {
    if (typeof v !== 'object' || Array.isArray(v) || !Array.isArray(v.pos)) continue;
    const [start, end] = v.pos as number[];
    const picture = v.picture;
    const f: YamlField = { name, start: Number(start), end: Number(end), picture: typeof picture === 'string' ? picture : 'X' };
    if (typeof v.default === 'string' || typeof v.default === 'number') f.default = String(v.default);
    out.push(f);
  }
  return out.sort((a, b) => a.start - b.start);
}
