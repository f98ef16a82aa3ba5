/**
 * Reading a spreadsheet's text (002 §2 data import): the bytes of a CSV are decoded as UTF-8 when they are valid
 * UTF-8 and as Windows-1252 otherwise (what Excel in pt-BR saves as "CSV"), the separator (';' or ',') is the one
 * found more often outside quotes in the first line, and fields are split as RFC 4180 says (quotes, doubled quotes,
 * separators and line breaks inside quotes). Every cell stays text: '00123' keeps its zeros.
 */

/** The text of a file: UTF-8 when the bytes are valid UTF-8 (a BOM is dropped), Windows-1252 otherwise. */
export function decodeText(bytes: Uint8Array): { text: string; encoding: 'utf-8' | 'windows-1252' } {
  try {
    const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
    return { text, encoding: 'utf-8' };
  } catch {
    return { text: new TextDecoder('windows-1252').decode(bytes), encoding: 'windows-1252' };
  }
}

/** ';' or ',': whichever appears more often outside quotes in the first line (';' on a tie, Excel pt-BR's). */
export function detectSeparator(text: string): ';' | ',' {
  let semicolons = 0;
  let commas = 0;
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && ch === ';') semicolons++;
    else if (!quoted && ch === ',') commas++;
  }
  return commas > semicolons ? ',' : ';';
}

/** The records of a CSV text, each an array of its fields as text. Blank lines are dropped. */
export function parseCsv(text: string, separator: string = detectSeparator(text)): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  const end = () => {
    record.push(field);
    field = '';
  };
  const endRecord = () => {
    end();
    if (record.length > 1 || record[0] !== '') records.push(record);
    record = [];
  };
  while (i < text.length) {
    const ch = text[i] as string;
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += ch;
    } else if (ch === '"' && field === '') quoted = true;
    else if (ch === separator) end();
    else if (ch === '\n') endRecord();
    else if (ch === '\r') {
      if (text[i + 1] === '\n') i++;
      endRecord();
    } else field += ch;
    i++;
  }
  if (field !== '' || record.length > 0) endRecord();
  return records;
}

/** A CSV file's records, decoded (UTF-8 or Windows-1252) and split by its own separator. */
export function readCsv(bytes: Uint8Array): { records: string[][]; encoding: 'utf-8' | 'windows-1252'; separator: ';' | ',' } {
  const { text, encoding } = decodeText(bytes);
  const separator = detectSeparator(text);
  return { records: parseCsv(text, separator), encoding, separator };
}

/** One CSV field, quoted when it holds the separator, a quote or a line break (the error report's download). */
export function csvField(value: string, separator = ';'): string {
  return /[";\r\n,]/.test(value) || value.includes(separator) ? `"${value.replace(/"/g, '""')}"` : value;
}
