/**
 * The lists the point of sale's return and receipt modes read from the server (000 §1 modes devolução and
 * recebimento): a customer's recent sales with what is still returnable, the customer's open receivables, and the
 * customer's store-credit balance. Amounts travel as decimals with 2 places, quantities with 3.
 */
import { z } from 'zod';
import { id } from './common.ts';

export const customerBody = z.object({
  id_cliente: id,
});

export const returnSalesBody = z.object({
  id_cliente: id,
  /** Part of the number (nsu or invoice number) or of a product's description. */
  search: z.string().max(100, { error: 'A pesquisa pode ter no máximo 100 caracteres.' }).optional().default(''),
});

export const returnSaleLine = z.object({
  /** The pedido_item or nota_fiscal_item id (the line's id_item_origem when returned). */
  id_item_origem: z.number().int(),
  id_produto_grade_filial: z.number().int(),
  id_endereco_estoque: z.number().int(),
  descricao: z.string(),
  sku: z.string().nullable(),
  codigo_barras: z.string().nullable(),
  unidade_comercial: z.string().nullable(),
  quantidade: z.number(),
  quantidade_devolvida: z.number(),
  valor_unitario: z.number(),
  /** The line's net total as sold (discounts included). */
  valor_total: z.number(),
});

export const returnSale = z.object({
  origem: z.enum(['Pedido', 'NotaFiscal']),
  /** id_pedido or id_nota_fiscal. */
  id: z.number().int(),
  /** The order's nsu or the invoice's number (null for an invoice not yet numbered). */
  numero: z.number().int().nullable(),
  modelo: z.string().nullable(),
  chave_acesso: z.string().nullable(),
  situacao: z.string(),
  data_emissao: z.string(),
  valor_total: z.number(),
  /** The last day of the exchange tolerance (YYYY-MM-DD) and whether it has passed. */
  prazo_troca: z.string(),
  troca_expirada: z.boolean(),
  itens: z.array(returnSaleLine),
});
export type ReturnSale = z.infer<typeof returnSale>;

export const returnSalesResult = z.object({ rows: z.array(returnSale) });

export const openReceivable = z.object({
  id_documento_financeiro: z.number().int(),
  numero: z.string(),
  sequencia: z.number().int(),
  data_emissao: z.string(),
  data_vencimento: z.string(),
  valor_documento: z.number(),
  saldo: z.number(),
  /** Late interest and fine if received today (the branch's settings, 002 §4): the till collects them with the balance. */
  valor_juros: z.number(),
  valor_multa: z.number(),
  situacao: z.string(),
});
export type OpenReceivable = z.infer<typeof openReceivable>;

export const openReceivablesResult = z.object({ rows: z.array(openReceivable) });

export const customerCreditResult = z.object({
  id_cliente: z.number().int(),
  /** The store-credit balance (0 when the customer has no account). */
  saldo: z.number(),
});
