/**
 * SQL of the documents an operation writes: orders and invoices (their lines: modules/document-lines). Stock movements
 * and receivables are written by their owners (modules/stock, modules/finance). Amounts arrive in centavos and leave
 * as numeric.
 */
import { toDecimal } from '@pdv/domain/money';
import type { Tx } from '../../db/database.ts';
import { quoteValidUntil } from '@pdv/domain/quote-rules';
import { branchOffset } from '@pdv/domain/time-zone';

export interface DocumentHeader {
  org: number;
  id_filial: number;
  id_operacao: string;
  id_usuario: number;
  id_cliente: number | null;
  id_usuario_vendedor: number | null;
  /** The carrier (checked by buildSale: one of the organization's). */
  id_transportadora: number | null;
  bruto: number;
  desconto: number;
  desconto_subtotal: number;
  frete: number;
  seguro: number;
  outros: number;
  liquido: number;
  pago: number;
  troco: number;
  tipo_frete: number;
  observacao: string | null;
}

/** A quote made at the point of sale is valid for QUOTE_VALIDITY_DAYS shop days (quote-rules.ts), on the server's clock. */
async function quoteValidity(tx: Tx, org: number, id_filial: number): Promise<string> {
  const { rows } = await tx.query<{ fuso_horario: number }>(
    'SELECT fuso_horario FROM filial_configuracao WHERE id_organization = $1 AND id_filial = $2', [org, id_filial]);
  return quoteValidUntil(new Date(), branchOffset(rows[0]?.fuso_horario));
}

export async function insertOrder(tx: Tx, h: DocumentHeader, nsu: number, situacao: string, operacao: 'Pedido' | 'Orcamento' | 'Consignacao' = 'Pedido'): Promise<number> {
  const validade = operacao === 'Orcamento' ? await quoteValidity(tx, h.org, h.id_filial) : null;
  const { rows } = await tx.query<{ id_pedido: number }>(
    `INSERT INTO pedido (id_organization, id_filial, nsu, id_operacao, operacao, situacao, id_cliente, id_usuario,
       id_usuario_vendedor, valor_total_bruto, valor_desconto, valor_desconto_subtotal, valor_frete, valor_seguro,
       valor_outros, valor_total_liquido, valor_pago, valor_troco, tipo_frete, observacao, data_validade, id_transportadora)
     VALUES ($1, $2, $3, $4, $20, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $21, $22)
     RETURNING id_pedido`,
    [h.org, h.id_filial, nsu, h.id_operacao, situacao, h.id_cliente, h.id_usuario, h.id_usuario_vendedor,
      toDecimal(h.bruto), toDecimal(h.desconto), toDecimal(h.desconto_subtotal), toDecimal(h.frete), toDecimal(h.seguro),
      toDecimal(h.outros), toDecimal(h.liquido), toDecimal(h.pago), toDecimal(h.troco), h.tipo_frete, h.observacao, operacao, validade,
      h.id_transportadora],
  );
  return rows[0]!.id_pedido;
}

export interface InvoiceHeader extends DocumentHeader {
  modelo: string;
  /** Null for a CF-e SAT (the SAT numbers it). */
  id_serie_fiscal: number | null;
  serie: number | null;
  ambiente: number;
  cliente_nome: string | null;
  cliente_cpf_cnpj: string | null;
}

export async function insertInvoice(tx: Tx, h: InvoiceHeader): Promise<number> {
  const { rows } = await tx.query<{ id_nota_fiscal: number }>(
    `INSERT INTO nota_fiscal (id_organization, id_filial, id_operacao, id_cliente, id_usuario, id_usuario_vendedor, modelo,
       id_serie_fiscal, serie, ambiente, valor_total_produtos, valor_desconto, valor_frete, valor_seguro, valor_outros,
       valor_nota_fiscal, valor_pago, valor_troco, tipo_frete, cliente_nome, cliente_cpf_cnpj, informacoes_adicionais,
       id_transportadora)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23)
     RETURNING id_nota_fiscal`,
    [h.org, h.id_filial, h.id_operacao, h.id_cliente, h.id_usuario, h.id_usuario_vendedor, h.modelo, h.id_serie_fiscal,
      h.serie, h.ambiente, toDecimal(h.bruto), toDecimal(h.desconto), toDecimal(h.frete), toDecimal(h.seguro),
      toDecimal(h.outros), toDecimal(h.liquido), toDecimal(h.pago), toDecimal(h.troco), h.tipo_frete, h.cliente_nome,
      h.cliente_cpf_cnpj, h.observacao, h.id_transportadora],
  );
  return rows[0]!.id_nota_fiscal;
}

