/**
 * The order's document (000 §7.6 "Upload of the order or voucher PDF to cloud file storage, then saving url_pdf on the
 * order by id_pedido"): POST /api/order/generate-pdf {id_pedido} renders the A4 pre-sale sheet, stores it at
 * `<branch CNPJ digits>/pedidos/<nsu>.pdf` (replacing an earlier one), saves url_pdf on the order and answers it.
 * url_pdf is a signed link relative to the server (it opens without a token) that lives 30 days.
 */
import { z } from 'zod';
import { id } from './common.ts';

export const orderPdfBody = z.object({ id_pedido: id }).strict();

export const orderPdfResult = z.object({
  id_pedido: z.number().int(),
  nsu: z.number().int(),
  /** Where the file is kept in the organization's storage. */
  caminho: z.string(),
  url_pdf: z.string(),
  /** What sharing needs: the operation (Pedido, Orcamento, ...), the branch's name and the customer's contacts. */
  operacao: z.string(),
  loja: z.string(),
  cliente: z.object({ nome: z.string(), telefone: z.string().nullable(), email: z.string().nullable() }).nullable(),
});

export type OrderPdfResult = z.infer<typeof orderPdfResult>;
