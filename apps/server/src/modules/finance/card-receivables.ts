/**
 * Card sales become receivables of the card operator (issue 24; rule in @pdv/domain card-receivables.ts): for each
 * credit or debit card payment of a sale that names its operator, one receivable per installment, owed by the
 * operator's person (its acquirer, operadora_cartao.id_pessoa), due on its credit days, gross or net of the fee per
 * the branch's descontar_taxa_cartao_credito. The finance module owns documento_financeiro's writes (owners.test).
 * A payment without an operator takes its method's default one; none there either, or an operator without a person,
 * leaves none: there is nobody to collect from.
 */
import { cardReceivables, type CardOperatorTerms } from '@pdv/domain/card-receivables';
import { isCard } from '@pdv/domain/payment-method';
import type { Cents } from '@pdv/domain/money';
import type { Tx } from '../../db/database.ts';
import * as q from './queries.ts';

export interface CardPayment {
  meio_pagamento: string;
  id_meio_pagamento: number;
  id_operadora_cartao: number | null;
  valor: Cents;
  quantidade_parcelas: number;
}

export interface CardSale {
  org: number;
  id_filial: number;
  numero: string;
  /** The first sequence number to use (after the sale's customer receivables). */
  sequencia: number;
  /** The sale's day in the branch (YYYY-MM-DD). */
  dia: string;
  id_pedido: number | null;
  id_nota_fiscal: number | null;
  id_operacao: string | null;
}

/** Writes the operator receivables of the sale's card payments; answers how many. */
export async function insertCardReceivables(tx: Tx, sale: CardSale, payments: readonly CardPayment[]): Promise<number> {
  const given = payments.filter((p) => isCard(p.meio_pagamento) && p.valor > 0);
  if (given.length === 0) return 0;
  // A payment that names no operator is the method's default operator's (meio_pagamento.id_operadora_cartao).
  const { rows: defaults } = await tx.query<{ id: number; op: number | null }>(
    'SELECT id_meio_pagamento AS id, id_operadora_cartao AS op FROM meio_pagamento WHERE id_organization = $1 AND id_meio_pagamento = ANY($2::int[])',
    [sale.org, [...new Set(given.map((p) => p.id_meio_pagamento))]],
  );
  const defaultOf = new Map(defaults.map((d) => [d.id, d.op]));
  const cards = given
    .map((p) => ({ ...p, id_operadora_cartao: p.id_operadora_cartao ?? defaultOf.get(p.id_meio_pagamento) ?? null }))
    .filter((p) => p.id_operadora_cartao !== null);
  if (cards.length === 0) return 0;
  const ids = [...new Set(cards.map((p) => p.id_operadora_cartao!))];
  const { rows } = await tx.query<{ id: number; id_pessoa: number | null; taxa: string; dias_credito: number; taxas_parcela: unknown;
    tipo: 'Total' | 'Parcela' | null }>(
    `SELECT id_operadora_cartao AS id, id_pessoa, taxa::text, dias_credito, taxas_parcela, tipo_calculo_taxa_cartao_credito AS tipo
       FROM operadora_cartao WHERE id_organization = $1 AND id_operadora_cartao = ANY($2::int[])`,
    [sale.org, ids],
  );
  const operators = new Map(rows.map((r) => [r.id, r]));
  const { rows: config } = await tx.query<{ descontar: boolean }>(
    'SELECT descontar_taxa_cartao_credito AS descontar FROM filial_configuracao WHERE id_organization = $1 AND id_filial = $2',
    [sale.org, sale.id_filial],
  );
  const net = config[0]?.descontar === true;
  let sequencia = sale.sequencia;
  for (const payment of cards) {
    const operator = operators.get(payment.id_operadora_cartao!);
    if (!operator || operator.id_pessoa === null) continue;
    const terms: CardOperatorTerms = {
      taxa: Number(operator.taxa), dias_credito: operator.dias_credito, tipo_calculo_taxa_cartao_credito: operator.tipo,
      taxas_parcela: Array.isArray(operator.taxas_parcela) ? (operator.taxas_parcela as CardOperatorTerms['taxas_parcela']) : [],
    };
    for (const r of cardReceivables(payment.valor, payment.quantidade_parcelas, sale.dia, terms, net)) {
      await q.insertReceivable(tx, {
        org: sale.org, id_filial: sale.id_filial, numero: sale.numero, sequencia: sequencia++, valor: r.valor, vencimento: r.data_vencimento,
        id_pessoa: operator.id_pessoa, id_meio_pagamento: payment.id_meio_pagamento, id_pedido: sale.id_pedido,
        id_nota_fiscal: sale.id_nota_fiscal, id_operacao: sale.id_operacao,
      });
    }
  }
  return sequencia - sale.sequencia;
}
