/**
 * POST /api/operacao: a finished operation from the point of sale (000 §3.2-3.4). The body is a protocol between
 * app versions in the field at once: add fields, never rename or remove them. Amounts travel as decimals with 2
 * places, quantities with 3; the domain converts them to centavos and thousandths.
 */
import { z } from 'zod';
import { id } from './common.ts';

const decimals = (places: number) => (v: number) => Math.abs(Math.round(v * 10 ** places) - v * 10 ** places) < 1e-6;
const money = z
  .number({ error: 'Informe um valor numérico.' })
  .min(0, { error: 'O valor não pode ser negativo.' })
  .max(999_999_999.99, { error: 'Valor acima do permitido.' })
  .refine(decimals(2), { error: 'O valor deve ter no máximo 2 casas decimais.' });
const quantity = z
  .number({ error: 'Informe uma quantidade numérica.' })
  .positive({ error: 'A quantidade tem que ser maior que 0.' })
  .max(999_999.999, { error: 'Quantidade acima do permitido.' })
  .refine(decimals(3), { error: 'A quantidade deve ter no máximo 3 casas decimais.' });
const text = (max: number) => z.string().max(max, { error: `Texto com mais de ${max} caracteres.` });
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Data inválida (use AAAA-MM-DD).' });

export const operacaoItem = z.object({
  id_item: z.uuid({ error: 'id_item deve ser um UUID.' }),
  tipo_item: z.literal('Produto', { error: "tipo_item deve ser 'Produto'." }),
  id_produto_grade_filial: id,
  id_endereco_estoque: id,
  descricao: text(200).min(1, { error: 'Produto não informado.' }),
  sku: text(60).nullish(),
  codigo_barras: text(30).nullish(),
  unidade_comercial: text(6).nullish(),
  quantidade: quantity,
  valor_unitario: money,
  valor_desconto_item: money.optional().default(0),
  tipo_preco: z.enum(['Varejo', 'Atacado']).optional().default('Varejo'),
  is_atacarejo: z.boolean().optional().default(false),
  id_cenario_fiscal: id.nullish(),
  id_usuario_vendedor: id.nullish(),
  observacao: text(500).nullish(),
});
export type OperacaoItem = z.input<typeof operacaoItem>;

export const operacaoParcela = z.object({
  parcela: z.number().int().min(1).max(120),
  valor: money,
  data_vencimento: isoDate,
});

export const operacaoPagamento = z.object({
  id_pagamento: z.uuid({ error: 'id_pagamento deve ser um UUID.' }),
  id_meio_pagamento: id,
  valor_total: money,
  quantidade_parcelas: z.number().int().min(1, { error: 'Informe a quantidade de parcelas' }).max(120).optional().default(1),
  parcelamento: z.array(operacaoParcela).max(120).optional().default([]),
  id_operadora_cartao: id.nullish(),
  id_conta: id.nullish(),
  cartao_codigo_autorizacao: text(40).nullish(),
  cartao_bandeira: text(20).nullish(),
  cartao_tipo_integracao: text(2).nullish(),
  cartao_cnpj_instituicao: text(18).nullish(),
  cartao_data_hora_transacao: text(40).nullish(),
  cartao_descricao_transacao: text(100).nullish(),
  txid_pix: text(60).nullish(),
});
export type OperacaoPagamento = z.input<typeof operacaoPagamento>;

export const operacaoBody = z.object({
  /** The client's UUID of the operation: sending it again never makes a second sale. */
  id_operacao: z.uuid({ error: 'id_operacao deve ser um UUID.' }),
  /** Venda: a sale (pre-sale order or invoice); Pedido: an order, released; Orcamento: a quote (no stock, no payment). */
  modo_operacao: z.enum(['Venda', 'Pedido', 'Orcamento'], { error: "modo_operacao deve ser 'Venda', 'Pedido' ou 'Orcamento'." }),
  /** '65' NFC-e, '55' NF-e, null: pre-sale (an order). */
  modelo: z.enum(['55', '65'], { error: "modelo deve ser '55', '65' ou nulo." }).nullable(),
  id_filial: id,
  id_cliente: id.nullish(),
  id_usuario_vendedor: id.nullish(),
  cliente_cpf_cnpj: z.string().regex(/^(\d{11}|[0-9A-Z]{12}\d{2})$/, { error: 'CPF/CNPJ inválido.' }).nullish(),
  data_inicio: z.iso.datetime({ offset: true, error: 'data_inicio inválida.' }),
  data_fim: z.iso.datetime({ offset: true, error: 'data_fim inválida.' }).nullish(),
  frete: money.optional().default(0),
  seguro: money.optional().default(0),
  outros: money.optional().default(0),
  /** Discount on the subtotal, spread over the lines proportionally (remainder on the first line). */
  valor_desconto_subtotal: money.optional().default(0),
  tipo_frete: z.number().int().min(0).max(9).optional().default(9),
  observacao: text(2000).nullish(),
  itens: z.array(operacaoItem).min(1, { error: 'Adicione ao menos um item para concluir a operação.' }).max(500),
  pagamentos: z.array(operacaoPagamento).max(20),
});
export type OperacaoBody = z.input<typeof operacaoBody>;

export const operacaoResult = z.object({
  id_operacao: z.string(),
  situacao: z.literal('Processado'),
  /** true when this UUID had already been processed: the answer is the first one's. */
  duplicado: z.boolean(),
  id_pedido: z.number().int().nullable(),
  nsu: z.number().int().nullable(),
  id_nota_fiscal: z.number().int().nullable(),
  valor_total: z.number(),
  valor_troco: z.number(),
});
export type OperacaoResult = z.infer<typeof operacaoResult>;
