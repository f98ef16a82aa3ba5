/**
 * A payment of an operation (000 §3.4, 001 §3) and its installments. Amounts are centavos; dates are ISO calendar
 * dates ('YYYY-MM-DD', the shop's local day).
 */
import { INSTALLMENT_INTERVAL_DAYS } from './constants.ts';
import { splitPaymentsByKind, type KindAmounts, type PaymentSplit } from './distribute.ts';
import { computeItemTotals, type ItemAmounts, type TipoItem } from './item.ts';
import { assertInteger, sum, type Cents } from './money.ts';
import type { PaymentMethod } from './payment-method.ts';
import type { OperationCosts } from './operation.ts';

export interface Installment {
  /** 1-based number of the installment. */
  parcela: number;
  valor: Cents;
  data_vencimento: string;
  is_quitado: boolean;
  juros: Cents;
}

export interface Payment {
  id_pagamento: string;
  id_operacao: string;
  /** The method as chosen (null while the cashier has not picked one). */
  meio_pagamento: PaymentMethod | null;
  valor_total: Cents;
  /** Default 1. */
  quantidade_parcelas: number;
  parcelamento: Installment[];
  /** The bank account chosen, when the method asks for one (obrigar_conta). */
  id_conta: number | null;
  /** The card operator chosen, for credit and debit cards. */
  id_operadora_cartao: number | null;
  cartao_codigo_autorizacao: string | null;
  cartao_bandeira: string | null;
  cartao_tipo_integracao: string | null;
  cartao_cnpj_instituicao: string | null;
  cartao_data_hora_transacao: string | null;
  cartao_descricao_transacao: string | null;
  txid_pix: string | null;
  /** The terminal's NSU of a captured card payment (null when typed). */
  cartao_nsu?: string | null;
  payload_tef: string | null;
  id_vale_credito: number | null;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** An ISO calendar date moved by whole days: addDays('2025-01-31', 30) === '2025-03-02'. */
export function addDays(isoDate: string, days: number): string {
  assertInteger(days);
  const match = ISO_DATE.exec(isoDate);
  // setUTCFullYear, not Date.UTC: Date.UTC reads the years 0-99 as 1900-1999.
  const time = match ? new Date(0).setUTCFullYear(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : Number.NaN;
  if (!match || new Date(time).toISOString().slice(0, 10) !== isoDate) {
    throw new RangeError(`data inválida: ${isoDate}`);
  }
  return new Date(time + days * DAY_MS).toISOString().slice(0, 10);
}

export interface InstallmentSchedule {
  /** Days after the base date of each installment (an installment plan's dias_parcela); one per installment. */
  dias?: readonly number[];
  /** Days between installments when no day list is given; the first falls this many days after the base date. */
  intervaloDias?: number;
}

/**
 * A payment value split over `quantidade` installments: equal centavos, the remainder on the last (100,00 in 3:
 * 33,33 + 33,33 + 33,34). Due dates follow the day list when given, else every 30 days from the base date.
 */
export function buildInstallments(
  valor: Cents,
  quantidade: number,
  dataBase: string,
  schedule: InstallmentSchedule = {},
): Installment[] {
  assertInteger(valor);
  assertInteger(quantidade);
  if (valor < 0) throw new RangeError(`valor de pagamento negativo: ${valor}`);
  if (quantidade < 1) throw new RangeError(`quantidade de parcelas inválida: ${quantidade}`);
  const { dias } = schedule;
  if (dias !== undefined && dias.length !== quantidade) {
    throw new RangeError(`a lista de dias tem ${dias.length} prazos para ${quantidade} parcelas`);
  }
  const interval = schedule.intervaloDias ?? INSTALLMENT_INTERVAL_DAYS;
  const each = (valor - (valor % quantidade)) / quantidade;
  return Array.from({ length: quantidade }, (_, index) => ({
    parcela: index + 1,
    valor: index === quantidade - 1 ? valor - each * (quantidade - 1) : each,
    data_vencimento: addDays(dataBase, dias?.[index] ?? interval * (index + 1)),
    is_quitado: false,
    juros: 0,
  }));
}

/** Sum of the payments' values. */
export function totalPaid(payments: readonly Pick<Payment, 'valor_total'>[]): Cents {
  return sum(payments.map((payment) => payment.valor_total));
}

/**
 * What products and what services come to in an operation: the nets of its active lines by kind. The operation's
 * freight, insurance and other costs go with the products (they belong on the goods invoice).
 */
export function kindTotals(
  items: readonly (ItemAmounts & { tipo_item: TipoItem; is_cancelado: boolean })[],
  costs: OperationCosts,
): KindAmounts {
  let produtos = costs.frete + costs.seguro + costs.outros;
  let servicos = 0;
  for (const item of items) {
    if (item.is_cancelado) continue;
    const { liquido } = computeItemTotals(item);
    if (item.tipo_item === 'Servico') servicos += liquido;
    else produtos += liquido;
  }
  return { produtos, servicos };
}

/**
 * 000 §5: the payments of a mixed sale split between the products' invoice and the services' invoice, in
 * proportion to the two totals, the remainder on the last payment and its installments (distribute.ts).
 */
export function splitPaymentsForInvoices(
  payments: readonly Pick<Payment, 'valor_total' | 'parcelamento'>[],
  totals: KindAmounts,
): PaymentSplit[] {
  return splitPaymentsByKind(
    payments.map((payment) => ({
      valor: payment.valor_total,
      parcelas: payment.parcelamento.map((installment) => installment.valor),
    })),
    totals,
  );
}
