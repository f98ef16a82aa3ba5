/**
 * The files the scales' loaders read (001 §7 /product/list-to-balance; 002 §2 "generate balance file"), fixed-width
 * ASCII lines ended by CR LF, numbers right-aligned with zeros, texts left-aligned with spaces, accents dropped:
 *
 * - Toledo MGV (MGV5 and MGV6 read it) ITENSMGV.TXT, one line per product: department 2 ('01'), type 1 (0 weight,
 *   1 unit), code 6, price 6 (centavos, per kg for weight), validity days 3, description 50 (two lines of 25), extra
 *   information code 6, image code 4, nutrition code 6 (the product's code when it has a table, else zeros), print
 *   validity 1, print packing date 1, supplier 4, lot 12, special EAN code 11, price version 1, sound 4, tare 4,
 *   fractioner 4, extra fields 1 and 2 (4 each), conservation 4, EAN-13 12 (the MGV6 fields after it may be absent).
 * - Toledo INFNUTRI.TXT (RDC 360 table), one line per product with a table: 'N', code 6, '0', portion 3, portion unit
 *   1 (0 g, 1 ml), household measure integer 2 and fraction 1, household measure code 2, energy 4 (kcal), carbohydrates
 *   4, proteins 3, total fat 3, saturated fat 3, trans fat 3, fibre 3 (grams, one decimal), sodium 5 (mg, one decimal).
 * - Filizola CADTXT.TXT, one line per product: code 6, type 1 (P weight, U unit), description 22, price 7 (centavos),
 *   validity days 3.
 *
 * A value that does not fit its width is refused (RangeError with a pt-BR message) rather than cut into another number.
 */
import { fromDecimal } from '@pdv/domain/money';

/** A product as the files need it (the rows of /product/list-to-balance, contract scale.ts, have this shape). */
export interface ScaleProductRow {
  codigo_balanca: string;
  descricao: string;
  tipo_venda: 'Peso' | 'Unidade';
  /** Decimal reais. */
  preco_venda: number;
  imprimir_data_embalagem: boolean;
  nutricional: {
    quantidade_porcao: number;
    unidade_porcao: 'g' | 'ml';
    medida_caseira: string | null;
    valor_energetico: number;
    carboidratos: number;
    proteinas: number;
    gorduras_totais: number;
    gorduras_saturadas: number;
    gorduras_trans: number;
    fibra_alimentar: number;
    sodio: number;
  } | null;
}

const CRLF = '\r\n';

/** ASCII text: accents dropped, anything else outside printable ASCII made a space. */
export function scaleText(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^\x20-\x7e]/g, ' ');
}

const right = (text: string, width: number) => scaleText(text).slice(0, width).padEnd(width, ' ');

function zeros(value: number, width: number, what: string): string {
  const text = String(Math.round(value));
  if (value < 0 || text.length > width) throw new RangeError(`${what} não cabe no arquivo da balança (${width} dígitos).`);
  return text.padStart(width, '0');
}

/** Tenths of the amount (one decimal), as the nutrition fields carry them. */
const tenths = (value: number) => Math.round(value * 10);

const lines = (rows: string[]) => (rows.length === 0 ? '' : rows.join(CRLF) + CRLF);

export function toledoItensMgv(rows: readonly ScaleProductRow[]): string {
  return lines(rows.map((p) => {
    const code = zeros(Number(p.codigo_balanca), 6, `O código ${p.codigo_balanca}`);
    const name = scaleText(p.descricao);
    return [
      '01', p.tipo_venda === 'Peso' ? '0' : '1', code, zeros(fromDecimal(p.preco_venda), 6, `O preço de ${p.descricao}`), '000',
      right(name, 25), right(name.slice(25), 25), '000000', '0000', p.nutricional ? code : '000000', '0', p.imprimir_data_embalagem ? '1' : '0',
      '0000', '0'.repeat(12), '0'.repeat(11), '0', '0000', '0000', '0000', '0000', '0000', '0000', '0'.repeat(12),
    ].join('');
  }));
}

/** The household measure's code in the Toledo table, from the measure's text ('1 fatia', '2 colheres de sopa'...). */
function householdMeasure(text: string | null): { whole: number; code: string } {
  const t = scaleText(text ?? '').toLowerCase();
  const whole = Math.min(99, Math.max(1, Number(/\d+/.exec(t)?.[0] ?? 1)));
  const table: Array<[RegExp, string]> = [
    [/colher(es)? de sopa/, '00'], [/colher(es)? de cafe/, '01'], [/colher(es)? de cha/, '02'], [/xicara/, '03'], [/unidade/, '05'],
    [/pacote/, '06'], [/fatia fina/, '08'], [/fatia/, '07'], [/pedaco/, '09'], [/folha/, '10'], [/copo/, '15'], [/tablete/, '17'],
    [/sache/, '18'], [/bife/, '20'], [/file/, '21'], [/concha/, '22'], [/lata/, '26'],
  ];
  return { whole, code: table.find(([pattern]) => pattern.test(t))?.[1] ?? '16' };
}

export function toledoInfNutri(rows: readonly ScaleProductRow[]): string {
  return lines(rows.filter((p) => p.nutricional !== null).map((p) => {
    const n = p.nutricional!;
    const measure = householdMeasure(n.medida_caseira);
    return [
      'N', zeros(Number(p.codigo_balanca), 6, `O código ${p.codigo_balanca}`), '0', zeros(n.quantidade_porcao, 3, `A porção de ${p.descricao}`),
      n.unidade_porcao === 'ml' ? '1' : '0', zeros(measure.whole, 2, 'A medida caseira'), '0', measure.code,
      zeros(n.valor_energetico, 4, `O valor energético de ${p.descricao}`), zeros(tenths(n.carboidratos), 4, `Os carboidratos de ${p.descricao}`),
      zeros(tenths(n.proteinas), 3, `As proteínas de ${p.descricao}`), zeros(tenths(n.gorduras_totais), 3, `As gorduras totais de ${p.descricao}`),
      zeros(tenths(n.gorduras_saturadas), 3, `As gorduras saturadas de ${p.descricao}`), zeros(tenths(n.gorduras_trans), 3, `As gorduras trans de ${p.descricao}`),
      zeros(tenths(n.fibra_alimentar), 3, `A fibra alimentar de ${p.descricao}`), zeros(tenths(n.sodio), 5, `O sódio de ${p.descricao}`),
    ].join('');
  }));
}

export function filizolaCadTxt(rows: readonly ScaleProductRow[]): string {
  return lines(rows.map((p) => [
    zeros(Number(p.codigo_balanca), 6, `O código ${p.codigo_balanca}`), p.tipo_venda === 'Peso' ? 'P' : 'U', right(p.descricao, 22),
    zeros(fromDecimal(p.preco_venda), 7, `O preço de ${p.descricao}`), '000',
  ].join('')));
}

export type ScaleBrand = 'Toledo' | 'Filizola';

/** The files of a brand, by name: Toledo's items and (RDC 360) nutrition files, Filizola's items file. */
export function scaleFiles(brand: ScaleBrand, rows: readonly ScaleProductRow[], law: '360' | '429' = '360'): Record<string, string> {
  if (brand === 'Filizola') return { 'CADTXT.TXT': filizolaCadTxt(rows) };
  // The INFNUTRI layout here is the RDC 360 table's; a 429 table (added sugars, new daily values) has no field in it,
  // so under 429 no nutrition file is written and no item points to one.
  if (law !== '360') return { 'ITENSMGV.TXT': toledoItensMgv(rows.map((r) => ({ ...r, nutricional: null }))) };
  return { 'ITENSMGV.TXT': toledoItensMgv(rows), 'INFNUTRI.TXT': toledoInfNutri(rows) };
}
