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
 * - Toledo INFNUTRI.TXT for RDC 429/2020 (MGV7's version 4 nutrition line, `toledoInfNutri429`; docs/decisions.md
 *   "Toledo MGV nutrition file under RDC 429"): the 45 characters above, '0000', '|', then the new table: automatic
 *   portions 1, portions per package 3, portion 3, portion unit 1, household measure integer 2, fraction 1 and code 2
 *   (00-28), energy 4, carbohydrates 4, total sugars 3, added sugars 3, proteins 3, total fat 3, saturated fat 3, trans
 *   fat 3, fibre 3 (grams, one decimal), sodium 5 (mg, one decimal), high in added sugars 1, saturated fat 1, sodium 1
 *   (RDC 429 Annex XV), lactose 5 and galactose 5 (one decimal), print lactose/galactose 1, then added sugars, total
 *   sugars, total fat and proteins again with two decimals (5 each): 131 characters.
 * - Filizola CADTXT.TXT, one line per product: code 6, type 1 (P weight, U unit), description 22, price 7 (centavos),
 *   validity days 3.
 *
 * A value that does not fit its width is refused (RangeError with a pt-BR message) rather than cut into another number.
 */
import { fromDecimal } from '@pdv/domain/money';
import { highIn } from '@pdv/domain/nutrition';

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
    /** Under RDC 429, the added sugars (grams). */
    acucares: number;
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

/**
 * The household measure's code in the Toledo table, from the measure's text ('1 fatia', '2 colheres de sopa'...);
 * the RDC 429 table adds 27 (xícara de chá) and 28 (prato raso).
 */
function householdMeasure(text: string | null, rdc429 = false): { whole: number; code: string } {
  const t = scaleText(text ?? '').toLowerCase();
  const whole = Math.min(99, Math.max(1, Number(/\d+/.exec(t)?.[0] ?? 1)));
  const table: Array<[RegExp, string]> = [
    [/colher(es)? de sopa/, '00'], [/colher(es)? de cafe/, '01'], [/colher(es)? de cha/, '02'],
    ...(rdc429 ? [[/xicaras? de cha/, '27'], [/prato raso/, '28']] as Array<[RegExp, string]> : []),
    [/xicara/, '03'], [/unidade/, '05'],
    [/pacote/, '06'], [/fatia fina/, '08'], [/fatia/, '07'], [/pedaco/, '09'], [/folha/, '10'], [/copo/, '15'], [/tablete/, '17'],
    [/sache/, '18'], [/bife/, '20'], [/file/, '21'], [/concha/, '22'], [/prato fundo/, '24'], [/pitada/, '25'], [/lata/, '26'],
  ];
  return { whole, code: table.find(([pattern]) => pattern.test(t))?.[1] ?? '16' };
}

/** The RDC 360 part of a nutrition line (45 characters), which the RDC 429 line also starts with. */
function infNutri360(p: ScaleProductRow & { nutricional: NonNullable<ScaleProductRow['nutricional']> }): string {
  const n = p.nutricional;
  const measure = householdMeasure(n.medida_caseira);
  return [
      'N', zeros(Number(p.codigo_balanca), 6, `O código ${p.codigo_balanca}`), '0', zeros(n.quantidade_porcao, 3, `A porção de ${p.descricao}`),
      n.unidade_porcao === 'ml' ? '1' : '0', zeros(measure.whole, 2, 'A medida caseira'), '0', measure.code,
      zeros(n.valor_energetico, 4, `O valor energético de ${p.descricao}`), zeros(tenths(n.carboidratos), 4, `Os carboidratos de ${p.descricao}`),
      zeros(tenths(n.proteinas), 3, `As proteínas de ${p.descricao}`), zeros(tenths(n.gorduras_totais), 3, `As gorduras totais de ${p.descricao}`),
      zeros(tenths(n.gorduras_saturadas), 3, `As gorduras saturadas de ${p.descricao}`), zeros(tenths(n.gorduras_trans), 3, `As gorduras trans de ${p.descricao}`),
      zeros(tenths(n.fibra_alimentar), 3, `A fibra alimentar de ${p.descricao}`), zeros(tenths(n.sodio), 5, `O sódio de ${p.descricao}`),
  ].join('');
}

type WithTable = ScaleProductRow & { nutricional: NonNullable<ScaleProductRow['nutricional']> };
const withTable = (rows: readonly ScaleProductRow[]) => rows.filter((p): p is WithTable => p.nutricional !== null);

export function toledoInfNutri(rows: readonly ScaleProductRow[]): string {
  return lines(withTable(rows).map(infNutri360));
}

/** Hundredths of the amount (two decimals), as the RDC 429 line's extended fields carry them. */
const hundredths = (value: number) => Math.round(value * 100);

/**
 * INFNUTRI.TXT lines for RDC 429 (Toledo MGV7, nutrition line version 4). The product's table keeps one sugars amount,
 * the added sugars of RDC 429 (its daily value is IN 75's 50 g of added sugars): it fills the added sugars, and the
 * total sugars too (at least the added ones; the register has no separate total). A weighed product's portions per
 * package are counted by the scale (automatic portions 1); a unit product's package is one portion here.
 */
export function toledoInfNutri429(rows: readonly ScaleProductRow[]): string {
  return lines(withTable(rows).map((p) => {
    const n = p.nutricional;
    const measure = householdMeasure(n.medida_caseira, true);
    const high = highIn(n);
    const what = (name: string) => `${name} de ${p.descricao}`;
    return [
      infNutri360(p), '0000', '|',
      p.tipo_venda === 'Peso' ? '1' : '0', p.tipo_venda === 'Peso' ? '000' : '001',
      zeros(n.quantidade_porcao, 3, what('A porção')), n.unidade_porcao === 'ml' ? '1' : '0',
      zeros(measure.whole, 2, 'A medida caseira'), '0', measure.code,
      zeros(n.valor_energetico, 4, what('O valor energético')), zeros(tenths(n.carboidratos), 4, what('Os carboidratos')),
      zeros(tenths(n.acucares), 3, what('Os açúcares totais')), zeros(tenths(n.acucares), 3, what('Os açúcares adicionados')),
      zeros(tenths(n.proteinas), 3, what('As proteínas')), zeros(tenths(n.gorduras_totais), 3, what('As gorduras totais')),
      zeros(tenths(n.gorduras_saturadas), 3, what('As gorduras saturadas')), zeros(tenths(n.gorduras_trans), 3, what('As gorduras trans')),
      zeros(tenths(n.fibra_alimentar), 3, what('A fibra alimentar')), zeros(tenths(n.sodio), 5, what('O sódio')),
      high.acucares ? '1' : '0', high.gorduras_saturadas ? '1' : '0', high.sodio ? '1' : '0',
      '00000', '00000', '0',
      zeros(hundredths(n.acucares), 5, what('Os açúcares adicionados')), zeros(hundredths(n.acucares), 5, what('Os açúcares totais')),
      zeros(hundredths(n.gorduras_totais), 5, what('As gorduras totais')), zeros(hundredths(n.proteinas), 5, what('As proteínas')),
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

/**
 * The files of a brand, by name: Toledo's items and nutrition files (the RDC 360 layout, or MGV7's RDC 429 one when the
 * tables asked follow RDC 429), Filizola's items file.
 */
export function scaleFiles(brand: ScaleBrand, rows: readonly ScaleProductRow[], law: '360' | '429' = '360'): Record<string, string> {
  if (brand === 'Filizola') return { 'CADTXT.TXT': filizolaCadTxt(rows) };
  return { 'ITENSMGV.TXT': toledoItensMgv(rows), 'INFNUTRI.TXT': law === '429' ? toledoInfNutri429(rows) : toledoInfNutri(rows) };
}
