/**
 * Weighed-product barcodes (002 §2 branch settings "Weighed products and labels": tamanho_codigo_produto_pesavel 4 to
 * 6, default 4; identificador_produto_pesavel, the first digit, default '2'; tipo_informacao_balanca Preco or Peso).
 * A scale prints an EAN-13 whose first digit is the branch's identifier, followed by the product's scale code
 * (`tamanho` digits), then the embedded value up to the check digit (11 - tamanho digits: with 4, 7 digits, the first
 * usually 0; with 6, 5 digits), then the EAN-13 check digit:
 *
 *   2 CCCC 0VVVVVV D   (tamanho 4)     2 CCCCC VVVVVV D   (tamanho 5)     2 CCCCCC VVVVV D   (tamanho 6)
 *
 * The value is the package's total price in centavos (Preco) or its weight in grams (Peso). Written once: the point of
 * sale parses what the scanner read, the scale export (Toledo MGV, Filizola) writes each product's scale code.
 *
 * A product's scale code: its SKU when the SKU is digits only and fits, else its id; left-padded with zeros.
 */
import { isValidGtin } from './gtin.ts';
import { mulDivRound, type Cents, type Milli } from './money.ts';

export type ScaleInfo = 'Preco' | 'Peso';

export interface WeighedSettings {
  /** tamanho_codigo_produto_pesavel: 4, 5 or 6. */
  tamanho: number;
  /** identificador_produto_pesavel: one digit. */
  identificador: string;
  /** tipo_informacao_balanca. */
  tipo: ScaleInfo;
}

export const WEIGHED_DEFAULTS: WeighedSettings = { tamanho: 4, identificador: '2', tipo: 'Preco' };

/** The settings from a branch configuration row, the defaults where a value is missing or out of range. */
export function weighedSettingsOf(config: Readonly<Record<string, unknown>> | null | undefined): WeighedSettings {
  const size = Number(config?.['tamanho_codigo_produto_pesavel']);
  const raw = config?.['identificador_produto_pesavel'];
  const id = typeof raw === 'string' || typeof raw === 'number' ? String(raw) : '';
  const tipo = config?.['tipo_informacao_balanca'];
  return {
    tamanho: Number.isInteger(size) && size >= 4 && size <= 6 ? size : WEIGHED_DEFAULTS.tamanho,
    identificador: /^\d$/.test(id) ? id : WEIGHED_DEFAULTS.identificador,
    tipo: tipo === 'Peso' || tipo === 'Preco' ? tipo : WEIGHED_DEFAULTS.tipo,
  };
}

export interface WeighedBarcode {
  /** The product's scale code as printed (tamanho digits, leading zeros kept). */
  codigo: string;
  tipo: ScaleInfo;
  /** Centavos (Preco) or grams, i.e. thousandths of a kilogram (Peso). */
  valor: number;
}

/** The scanned code read as a weighed product's barcode, or null when it is not one under these settings. */
export function parseWeighedBarcode(code: string, settings: WeighedSettings): WeighedBarcode | null {
  const digits = code.trim();
  if (!/^\d{13}$/.test(digits) || digits[0] !== settings.identificador || !isValidGtin(digits)) return null;
  const codigo = digits.slice(1, 1 + settings.tamanho);
  const valor = Number(digits.slice(1 + settings.tamanho, 12));
  if (!/[1-9]/.test(codigo) || valor <= 0) return null;
  return { codigo, tipo: settings.tipo, valor };
}

/**
 * The quantity the line takes, in thousandths: the weight itself (Peso), or the total price over the unit price
 * (Preco), to three decimals. Null when a price-embedded code meets a product without a price.
 */
export function weighedQuantity(barcode: WeighedBarcode, unitPrice: Cents): Milli | null {
  if (barcode.tipo === 'Peso') return barcode.valor;
  if (unitPrice <= 0) return null;
  return Math.max(1, mulDivRound(barcode.valor, 1000, unitPrice));
}

/** A product's scale code (tamanho digits), or null when neither its SKU nor its id fits. */
export function weighedCodeOf(product: { sku: string | null; id_produto: number }, tamanho: number): string | null {
  const sku = (product.sku ?? '').trim();
  if (/^\d+$/.test(sku) && /[1-9]/.test(sku)) {
    const bare = sku.replace(/^0+/, '');
    if (bare.length <= tamanho) return bare.padStart(tamanho, '0');
  }
  const id = String(product.id_produto);
  return id.length <= tamanho ? id.padStart(tamanho, '0') : null;
}

/** What a scale code may be, as the point of sale looks it up: a SKU (as printed or without leading zeros) or an id. */
export function weighedCodeCandidates(codigo: string): { skus: string[]; id: number } {
  const bare = codigo.replace(/^0+/, '');
  return { skus: [...new Set([codigo, bare])], id: Number(bare) };
}
