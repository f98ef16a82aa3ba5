/**
 * Our own layout checker of an EFD ICMS/IPI file, driven by the reference files of ../shared/fiscal/sped/ (nfephp-org
 * sped-efd): structure_EFDICMS_310.txt gives every register's fields in order, structure_EFDICMS_ELEMENTS_310.json
 * each field's type, regex and size (`15v2`: up to 15 digits, 2 of them decimals). Many entries of that JSON are left
 * as placeholders ('{type}', '{regex}'); for those the checker applies a few rules of ours from the Guia Prático
 * (DT_* a date ddmmyyyy, VL_/QTD/ALIQ numbers with a comma). Block 9 is not in the structure file: its four registers
 * are added here. Structure checks: 0000 first and 9999 last, every block closer's count, 9900 counts and 9999.
 */

export interface SpedElement {
  type: string;
  regex: string;
  format: string;
}

export interface SpedLayout {
  /** Register code → its fields (without REG). */
  registers: Map<string, string[]>;
  elements: Record<string, SpedElement>;
}

const BLOCK9: Record<string, string[]> = {
  '9001': ['IND_MOV'],
  '9900': ['REG_BLC', 'QTD_REG_BLC'],
  '9990': ['QTD_LIN_9'],
  '9999': ['QTD_LIN'],
};

/** Reads structure_EFDICMS_*.txt (`|REG|FIELD|...|` per line) and the elements JSON. */
export function loadSpedLayout(structureTxt: string, elementsJson: string): SpedLayout {
  const registers = new Map<string, string[]>();
  for (const line of structureTxt.split(/\r?\n/)) {
    if (!line.startsWith('|')) continue;
    const [reg, ...fields] = line.replace(/^\||\|$/g, '').split('|');
    if (reg) registers.set(reg, fields);
  }
  for (const [reg, fields] of Object.entries(BLOCK9)) if (!registers.has(reg)) registers.set(reg, fields);
  return { registers, elements: JSON.parse(elementsJson) as Record<string, SpedElement> };
}

const isPlaceholder = (s: string) => /^\{.*\}$/.test(s);

function validDate(v: string): boolean {
  const m = /^(\d{2})(\d{2})(\d{4})$/.exec(v);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[3]), Number(m[2]) - 1, Number(m[1])));
  return d.getUTCDate() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1;
}

/** A SPED number: digits, optionally a comma and decimals (no thousands separator, no dot). */
const NUMBER = /^-?\d+(,\d+)?$/;

/** Why a field's value does not fit its element; null when it does (an empty field always fits: requiredness is the Guia's). */
export function checkField(layout: SpedLayout, name: string, value: string): string | null {
  if (value === '') return null;
  if (/[|\r\n]/.test(value)) return 'contains a pipe or a line break';
  const el = layout.elements[name];
  const numericByName = /^(VL_|QTD|ALIQ_|QUANT_)/.test(name);
  const type = el && !isPlaceholder(el.type) ? el.type : numericByName ? 'numeric' : 'string';
  const format = el && !isPlaceholder(el.format) ? el.format : '';
  const regex = el && !isPlaceholder(el.regex) ? el.regex : '';
  if (/^DT_/.test(name) && !validDate(value)) return 'not a date ddmmyyyy';
  const sized = /^(\d+)v(\d+)$/.exec(format);
  if (type === 'numeric' && (sized || numericByName)) {
    if (!NUMBER.test(value)) return 'not a number with a comma';
    if (sized) {
      const [int, dec = ''] = value.replace('-', '').split(',');
      if (dec.length > Number(sized[2])) return `more than ${sized[2]} decimals`;
      if ((int ?? '').length + dec.length > Number(sized[1])) return `more than ${sized[1]} digits`;
    }
    return null;
  }
  if (regex && !sized) {
    // The JSON's numeric regexes are written for dotted input (nfephp formats later); a string regex applies as is.
    if (!new RegExp(regex).test(value)) return `does not match ${regex}`;
  }
  return null;
}

/** Every problem of a file's registers; empty when it passes. */
export function checkSped(layout: SpedLayout, records: readonly (readonly string[])[]): string[] {
  const problems: string[] = [];
  const at = (i: number, msg: string) => problems.push(`line ${i + 1} (${records[i]?.[0] ?? '?'}): ${msg}`);
  records.forEach((r, i) => {
    const reg = r[0] ?? '';
    const fields = layout.registers.get(reg);
    if (!fields) { at(i, 'unknown register'); return; }
    if (r.length - 1 !== fields.length) { at(i, `${r.length - 1} fields, the layout has ${fields.length}`); return; }
    fields.forEach((name, k) => {
      const why = checkField(layout, name, r[k + 1]!);
      if (why) at(i, `${name} '${r[k + 1]}' ${why}`);
    });
  });
  if (records[0]?.[0] !== '0000') problems.push('the file does not start with 0000');
  if (records[records.length - 1]?.[0] !== '9999') problems.push('the file does not end with 9999');
  // Block closers: x990 counts its block's lines, from x001 to itself.
  const blockLines = new Map<string, number>();
  records.forEach((r, i) => {
    const block = (r[0] ?? '').charAt(0);
    const key = (r[0] ?? '') === '9999' ? '' : block;
    blockLines.set(key, (blockLines.get(key) ?? 0) + 1);
    // 9990 also counts the 9999 that follows it.
    const expected = (blockLines.get(block) ?? 0) + (r[0] === '9990' ? 1 : 0);
    if (/^.990$/.test(r[0] ?? '') && Number(r[1]) !== expected) at(i, `block ${block} has ${expected} lines, not ${r[1]}`);
  });
  // 9900: one per register present, with its count.
  const counts = new Map<string, number>();
  for (const r of records) counts.set(r[0]!, (counts.get(r[0]!) ?? 0) + 1);
  const declared = new Map<string, number>();
  for (const r of records) if (r[0] === '9900') declared.set(r[1]!, Number(r[2]));
  for (const [reg, n] of counts) {
    if (!declared.has(reg)) problems.push(`9900: ${reg} not counted`);
    else if (declared.get(reg) !== n) problems.push(`9900: ${reg} counted ${declared.get(reg)}, the file has ${n}`);
  }
  for (const reg of declared.keys()) if (!counts.has(reg)) problems.push(`9900: ${reg} counted but absent`);
  const last = records[records.length - 1];
  if (last?.[0] === '9999' && Number(last[1]) !== records.length) problems.push(`9999: ${last[1]} lines, the file has ${records.length}`);
  return problems;
}

/** The 9900 counts of a file, register → count. */
export function spedCounts(records: readonly (readonly string[])[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const r of records) if (r[0] === '9900') m.set(r[1]!, Number(r[2]));
  return m;
}
