/**
 * No card number at rest (PCI DSS 3.3/3.4): the free-text fields of a sale, typed or pasted by people (its note, a
 * line's description and note, the TEF authorization code and transaction description), have any card number in them
 * masked before the sale is processed, so it reaches no table, log or answer. Codes (barcode, SKU) are left alone: an
 * EAN-13 of a weighed product starts with 2 and may pass Luhn.
 */
import { maskCardNumbers } from '@pdv/domain/card-number';

const mask = <T extends string | null | undefined>(text: T): T => (typeof text === 'string' ? maskCardNumbers(text) : text) as T;

/** The free-text fields of a sale (the parsed body of POST /api/operacao has them all). */
interface SaleText {
  observacao?: string | null | undefined;
  itens: Array<{ descricao: string; observacao?: string | null | undefined }>;
  pagamentos: Array<{ cartao_codigo_autorizacao?: string | null | undefined; cartao_descricao_transacao?: string | null | undefined }>;
}

export function maskCardData<T extends SaleText>(body: T): T {
  return {
    ...body,
    observacao: mask(body.observacao),
    itens: body.itens.map((i) => ({ ...i, descricao: mask(i.descricao), observacao: mask(i.observacao) })),
    pagamentos: body.pagamentos.map((p) => ({
      ...p, cartao_codigo_autorizacao: mask(p.cartao_codigo_autorizacao), cartao_descricao_transacao: mask(p.cartao_descricao_transacao),
    })),
  };
}
