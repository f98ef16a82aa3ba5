/**
 * Text measurement for the DANFE layouts, so they can cut a description to fit a column and know the height of every
 * block before pdfmake lays it out (the A4 DANFE paginates itself: each page repeats the header with "FOLHA x/y").
 *
 * The widths are the advance widths of the Roboto fonts pdfmake ships (Regular for normal text, Medium for bold), in
 * font units of a 2048-unit em, for ASCII, Latin-1 and a few punctuation marks. Kerning is ignored (Roboto's pairs
 * mostly narrow a text; the few that widen it stay well within the 1% margin added), and anything outside the table
 * counts as the widest glyph: a measured text is never narrower than what pdfmake prints.
 */

const UNITS_PER_EM = 2048;
/** Widths are overstated by 1%, for the kerning pairs that widen a text. */
const MARGIN = 1.01;
const SCALE = MARGIN / UNITS_PER_EM;
/** pdfmake's line height for Roboto: (ascender 1900 - descender -500) / 2048 of the font size. */
export const LINE_HEIGHT_RATIO = 2400 / UNITS_PER_EM;

// prettier-ignore
const REGULAR_ASCII = [
  508, 528, 656, 1261, 1151, 1500, 1274, 358, 701, 713, 882, 1162, 403, 566, 540, 845, 1151, 1151, 1151, 1151, 1151,
  1151, 1151, 1151, 1151, 1151, 496, 433, 1041, 1124, 1071, 968, 1839, 1336, 1276, 1333, 1344, 1164, 1132, 1395, 1461,
  557, 1130, 1285, 1103, 1788, 1461, 1409, 1292, 1409, 1262, 1216, 1222, 1328, 1304, 1817, 1284, 1230, 1227, 543, 841,
  543, 856, 924, 633, 1114, 1150, 1072, 1155, 1086, 712, 1150, 1128, 498, 490, 1038, 498, 1796, 1131, 1168, 1150, 1164,
  694, 1057, 670, 1129, 992, 1539, 1016, 969, 1016, 693, 500, 693, 1393,
];
// prettier-ignore
const REGULAR_LATIN1 = [
  508, 500, 1121, 1191, 1461, 1076, 492, 1256, 857, 1609, 916, 961, 1134, 566, 1610, 939, 765, 1095, 751, 751, 642, 1161,
  1002, 535, 508, 751, 932, 960, 1500, 1589, 1593, 970, 1336, 1336, 1336, 1336, 1336, 1336, 1914, 1333, 1164, 1164, 1164,
  1164, 557, 557, 557, 557, 1374, 1461, 1409, 1409, 1409, 1409, 1409, 1093, 1409, 1328, 1328, 1328, 1328, 1230, 1210,
  1218, 1114, 1114, 1114, 1114, 1114, 1114, 1730, 1072, 1086, 1086, 1086, 1086, 507, 507, 507, 507, 1201, 1131, 1168,
  1168, 1168, 1168, 1168, 1170, 1161, 1129, 1129, 1129, 1129, 969, 1180, 969,
];
// prettier-ignore
const MEDIUM_ASCII = [
  509, 542, 654, 1235, 1164, 1508, 1313, 343, 709, 716, 908, 1137, 458, 696, 569, 799, 1164, 1164, 1164, 1164, 1164,
  1164, 1164, 1164, 1164, 1164, 540, 491, 1042, 1152, 1064, 996, 1837, 1358, 1293, 1337, 1337, 1157, 1128, 1395, 1453,
  580, 1138, 1294, 1106, 1791, 1453, 1411, 1307, 1411, 1289, 1240, 1248, 1340, 1322, 1803, 1293, 1251, 1235, 556, 853,
  556, 878, 917, 656, 1104, 1151, 1069, 1154, 1097, 723, 1161, 1138, 522, 514, 1068, 522, 1784, 1140, 1162, 1151, 1159,
  724, 1054, 682, 1139, 1016, 1520, 1030, 1003, 1030, 683, 509, 683, 1357,
];
// prettier-ignore
const MEDIUM_LATIN1 = [
  509, 543, 1154, 1205, 1438, 1088, 504, 1273, 914, 1609, 912, 995, 1131, 696, 1610, 986, 783, 1098, 757, 757, 660, 1217,
  1002, 580, 531, 757, 935, 995, 1482, 1570, 1628, 997, 1358, 1358, 1358, 1358, 1358, 1358, 1918, 1337, 1157, 1157, 1157,
  1157, 580, 580, 580, 580, 1367, 1453, 1411, 1411, 1411, 1411, 1411, 1090, 1409, 1340, 1340, 1340, 1340, 1251, 1231,
  1259, 1104, 1104, 1104, 1104, 1104, 1104, 1730, 1069, 1097, 1097, 1097, 1097, 535, 535, 535, 535, 1188, 1140, 1162,
  1162, 1162, 1162, 1162, 1169, 1158, 1139, 1139, 1139, 1139, 1003, 1169, 1003,
];
/** – — ‘ ’ “ ” • … € */
const EXTRA_CODES = [8211, 8212, 8216, 8217, 8220, 8221, 8226, 8230, 8364];
const REGULAR_EXTRA = [1344, 1599, 410, 410, 724, 732, 691, 1370, 1151];
const MEDIUM_EXTRA = [1315, 1578, 447, 442, 779, 787, 716, 1450, 1164];
const WIDEST = 1918;

function advance(code: number, bold: boolean): number {
  if (code >= 32 && code <= 126) return (bold ? MEDIUM_ASCII : REGULAR_ASCII)[code - 32] ?? WIDEST;
  if (code >= 160 && code <= 255) return (bold ? MEDIUM_LATIN1 : REGULAR_LATIN1)[code - 160] ?? WIDEST;
  const extra = EXTRA_CODES.indexOf(code);
  return extra >= 0 ? ((bold ? MEDIUM_EXTRA : REGULAR_EXTRA)[extra] ?? WIDEST) : WIDEST;
}

/** Width in points of a single line of text. */
export function textWidth(text: string, fontSize: number, bold = false): number {
  let units = 0;
  for (const char of text) units += advance(char.codePointAt(0) ?? 0, bold);
  return units * fontSize * SCALE;
}

/** Height in points of `lines` lines of text at this size. */
export function linesHeight(lines: number, fontSize: number): number {
  return lines * fontSize * LINE_HEIGHT_RATIO;
}

/** Whitespace collapsed to single spaces, trimmed (XML texts may carry line breaks and indentation). */
export function cleanText(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** The longest prefix of the text that fits the width (cut, no ellipsis: a DANFE keeps every character it can). */
export function fitText(text: string, width: number, fontSize: number, bold = false): string {
  const clean = cleanText(text);
  if (textWidth(clean, fontSize, bold) <= width) return clean;
  const chars = [...clean];
  let used = 0;
  let count = 0;
  for (const char of chars) {
    const next = used + advance(char.codePointAt(0) ?? 0, bold) * fontSize * SCALE;
    if (next > width) break;
    used = next;
    count += 1;
  }
  return chars.slice(0, count).join('').trimEnd();
}

/** The text broken into lines that each fit the width: at spaces, and inside a word longer than a line. */
export function wrapText(text: string, width: number, fontSize: number, bold = false): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/).map(cleanText)) {
    if (!paragraph) continue;
    let line = '';
    for (const word of paragraph.split(' ')) {
      const candidate = line ? `${line} ${word}` : word;
      if (textWidth(candidate, fontSize, bold) <= width) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      let rest = word;
      while (textWidth(rest, fontSize, bold) > width) {
        const head = fitText(rest, width, fontSize, bold) || [...rest][0] || '';
        lines.push(head);
        rest = rest.slice(head.length);
      }
      line = rest;
    }
    if (line) lines.push(line);
  }
  return lines;
}
