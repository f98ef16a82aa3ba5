/**
 * A boleto from our data: the bank's parts (free field), the value and the due date give the barcode, the linha
 * digitável and the nosso número as printed. The one entry point the server and the PDF use.
 */
import { ValidationError } from '@pdv/domain/errors';
import { buildBarcode, dueDateFactor, linhaDigitavel, MAX_VALUE } from './boleto.ts';
import { buildFreeField, nossoNumeroImpresso, type FreeFieldParts } from './free-field.ts';
import { BANKING_MESSAGES as M } from './messages.ts';

export interface BoletoInput {
  parts: FreeFieldParts;
  /** Centavos. */
  valor: number;
  /** 'yyyy-mm-dd'. */
  vencimento: string;
}

export interface BoletoCodigos {
  banco: string;
  codigoBarras: string;
  linhaDigitavel: string;
  nossoNumero: string;
  fator: string;
  campoLivre: string;
}

export function emitirBoleto(input: BoletoInput): BoletoCodigos {
  if (!Number.isInteger(input.valor) || input.valor <= 0 || input.valor > MAX_VALUE) throw new ValidationError(M.valorInvalido, 'valor');
  const parts: FreeFieldParts = input.parts.banco === '748' ? { ...input.parts, comValor: '1' } : input.parts;
  const campoLivre = buildFreeField(parts);
  const fator = dueDateFactor(input.vencimento);
  const codigoBarras = buildBarcode({ bank: parts.banco, currency: '9', factor: fator, value: input.valor, freeField: campoLivre });
  return { banco: parts.banco, codigoBarras, linhaDigitavel: linhaDigitavel(codigoBarras), nossoNumero: nossoNumeroImpresso(parts), fator, campoLivre };
}
