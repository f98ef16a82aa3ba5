/**
 * A boleto from our data: the bank's parts (free field), the value and the due date give the barcode, the linha
 * digitável and the nosso número as printed. The one entry point the server and the PDF use.
 */
import { ValidationError } from '@pdv/domain/errors';
import { buildBarcode, dueDateFactor, linhaDigitavel, MAX_VALUE } from './boleto.ts';
import { buildFreeField, nossoNumeroImpresso, type FreeFieldParts } from './free-field.ts';
import { BANKING_MESSAGES as M } from './messages.ts';
import { pixDynamic, pixStatic, type PixDynamic, type PixStatic } from './pix.ts';

export interface BoletoInput {
  parts: FreeFieldParts;
  /** Centavos. */
  valor: number;
  /** 'yyyy-mm-dd'. */
  vencimento: string;
  /**
   * Hybrid boleto: the PIX the bank registered with it, a dynamic location URL (what the banks' hybrid APIs return)
   * or a static key; the amount is the boleto's.
   */
  pix?: Omit<PixDynamic, 'valor'> | Omit<PixStatic, 'valor'>;
}

export interface BoletoCodigos {
  banco: string;
  codigoBarras: string;
  linhaDigitavel: string;
  nossoNumero: string;
  fator: string;
  campoLivre: string;
  /** BR Code ("copia e cola") of a hybrid boleto. */
  pix?: string;
}

export function emitirBoleto(input: BoletoInput): BoletoCodigos {
  if (!Number.isInteger(input.valor) || input.valor <= 0 || input.valor > MAX_VALUE) throw new ValidationError(M.valorInvalido, 'valor');
  const parts: FreeFieldParts = input.parts.banco === '748' ? { ...input.parts, comValor: '1' } : input.parts;
  const campoLivre = buildFreeField(parts);
  const fator = dueDateFactor(input.vencimento);
  const codigoBarras = buildBarcode({ bank: parts.banco, currency: '9', factor: fator, value: input.valor, freeField: campoLivre });
  const out: BoletoCodigos = { banco: parts.banco, codigoBarras, linhaDigitavel: linhaDigitavel(codigoBarras), nossoNumero: nossoNumeroImpresso(parts), fator, campoLivre };
  if (input.pix) out.pix = 'url' in input.pix ? pixDynamic({ ...input.pix, valor: input.valor }) : pixStatic({ ...input.pix, valor: input.valor });
  return out;
}
