/**
 * No card data at rest (PCI DSS 3.2-3.4): the free-text fields of a sale, typed or pasted by people (its note, a
 * line's description and note) and the card fields a TEF answer fills (000 §3.4, 001 "Payment in the point of sale":
 * authorization code, brand, integration type, acquirer CNPJ, transaction date and description, the Pix txid), have
 * any card number masked, the track data after it dropped and a labelled security code hidden before the sale is
 * processed, so none reaches a table, log or answer. The acquirer CNPJ is kept as sent when it is a valid CNPJ (14
 * digits, formatted or not). The raw TEF answer (payload_tef) is no field of the contract: it never gets this far.
 * Codes (barcode, SKU) are left alone: an EAN-13 of a weighed product starts with 2 and may pass Luhn.
 */
import { maskCardData as maskText } from '@pdv/domain/card-number';
import { isValidCnpj } from '@pdv/domain/documents';

const mask = <T extends string | null | undefined>(text: T): T => (typeof text === 'string' ? maskText(text) : text) as T;

/** A CNPJ (formatted or plain) stays; anything else in the acquirer field is masked like free text. */
const maskCnpj = <T extends string | null | undefined>(text: T): T =>
  (typeof text === 'string' && /^[\d./-]{14,18}$/.test(text) && isValidCnpj(text) ? text : mask(text));

interface CardFields {
  cartao_codigo_autorizacao?: string | null | undefined;
  cartao_bandeira?: string | null | undefined;
  cartao_tipo_integracao?: string | null | undefined;
  cartao_cnpj_instituicao?: string | null | undefined;
  cartao_data_hora_transacao?: string | null | undefined;
  cartao_descricao_transacao?: string | null | undefined;
  txid_pix?: string | null | undefined;
  cartao_nsu?: string | null | undefined;
}

/** The free-text fields of a sale (the parsed body of POST /api/operacao has them all). */
interface SaleText {
  observacao?: string | null | undefined;
  itens: Array<{ descricao: string; observacao?: string | null | undefined }>;
  pagamentos: CardFields[];
}

export function maskCardData<T extends SaleText>(body: T): T {
  return {
    ...body,
    observacao: mask(body.observacao),
    itens: body.itens.map((i) => ({ ...i, descricao: mask(i.descricao), observacao: mask(i.observacao) })),
    pagamentos: body.pagamentos.map((p) => ({
      ...p,
      cartao_codigo_autorizacao: mask(p.cartao_codigo_autorizacao),
      cartao_bandeira: mask(p.cartao_bandeira),
      cartao_tipo_integracao: mask(p.cartao_tipo_integracao),
      cartao_cnpj_instituicao: maskCnpj(p.cartao_cnpj_instituicao),
      cartao_data_hora_transacao: mask(p.cartao_data_hora_transacao),
      cartao_descricao_transacao: mask(p.cartao_descricao_transacao),
      txid_pix: mask(p.txid_pix),
      cartao_nsu: mask(p.cartao_nsu),
    })),
  };
}
