/**
 * The invoice being edited, as the screen holds it: amounts in centavos and quantities in thousandths (the money
 * module), converted to the contract's decimals only in bodyOf. Validation returns the spec's messages
 * (FISCAL_MESSAGES, 001 §5 "Invoice").
 */
import type { InvoiceDetail, InvoicePostBody } from '@pdv/contract/invoice';
import { DEFAULT_FREIGHT_TYPE } from '@pdv/domain/constants';
import { FISCAL_MESSAGES } from '@pdv/domain/fiscal-messages';
import { MESSAGES } from '@pdv/domain/messages';
import {
  fromDecimal,
  multiplyByQuantity,
  quantityFromDecimal,
  quantityToDecimal,
  sum,
  toDecimal,
  type Cents,
  type Milli,
} from '@pdv/domain/money';

export type Modelo = '55' | '65';
export type TipoFrete = 0 | 1 | 2 | 3 | 4 | 9;

export const TIPOS_FRETE: ReadonlyArray<{ value: TipoFrete; label: string }> = [
  { value: 0, label: '0 - Por conta do emitente' },
  { value: 1, label: '1 - Por conta do destinatário' },
  { value: 2, label: '2 - Por conta de terceiros' },
  { value: 3, label: '3 - Próprio, por conta do remetente' },
  { value: 4, label: '4 - Próprio, por conta do destinatário' },
  { value: 9, label: '9 - Sem frete' },
];

export const FINALIDADES: ReadonlyArray<{ value: number; label: string }> = [
  { value: 1, label: '1 - Normal' },
  { value: 2, label: '2 - Complementar' },
  { value: 3, label: '3 - Ajuste' },
  { value: 4, label: '4 - Devolução' },
];

export const DEFAULT_NATUREZA = 'Venda de mercadoria';
export const ACCESS_KEY_LENGTH = 44;

export interface ItemLine {
  key: string;
  id_produto_grade_filial: number | null;
  descricao: string;
  codigo_produto: string | null;
  unidade: string | null;
  quantidade: Milli;
  valor_unitario: Cents;
  valor_desconto: Cents;
  id_endereco_estoque: number | null;
  id_cenario_fiscal: number | null;
}

export interface PaymentLine {
  key: string;
  id_meio_pagamento: number | null;
  descricao: string;
  valor_total: Cents;
  quantidade_parcelas: number;
  id_conta: number | null;
}

export interface ReferencedLine {
  key: string;
  chave_acesso: string;
  modelo: string | null;
}

export interface VolumeLine {
  key: string;
  quantidade: number;
  especie: string;
  marca: string;
  numeracao: string;
  /** Kilograms in thousandths. */
  peso_liquido: Milli;
  peso_bruto: Milli;
}

export interface InvoiceForm {
  modelo: Modelo;
  id_serie_fiscal: number | null;
  natureza_operacao: string;
  finalidade: number;
  id_cliente: number | null;
  cliente_nome: string | null;
  cliente_cpf_cnpj: string | null;
  /** Whether the chosen customer has an address in the local copy; null when it is not known. */
  cliente_tem_endereco: boolean | null;
  tipo_frete: TipoFrete;
  valor_frete: Cents;
  valor_seguro: Cents;
  valor_outros: Cents;
  placa_veiculo: string;
  uf_placa_veiculo: string;
  informacoes_adicionais: string;
  itens: ItemLine[];
  pagamentos: PaymentLine[];
  referenciadas: ReferencedLine[];
  volumes: VolumeLine[];
}

let keys = 0;
/** A key for a new line of the form (React keys; never sent). */
export function lineKey(): string {
  keys += 1;
  return `l${keys}`;
}

export function emptyForm(defaults: { modelo?: Modelo; id_serie_fiscal?: number | null } = {}): InvoiceForm {
  return {
    modelo: defaults.modelo ?? '55',
    id_serie_fiscal: defaults.id_serie_fiscal ?? null,
    natureza_operacao: DEFAULT_NATUREZA,
    finalidade: 1,
    id_cliente: null,
    cliente_nome: null,
    cliente_cpf_cnpj: null,
    cliente_tem_endereco: null,
    tipo_frete: DEFAULT_FREIGHT_TYPE,
    valor_frete: 0,
    valor_seguro: 0,
    valor_outros: 0,
    placa_veiculo: '',
    uf_placa_veiculo: '',
    informacoes_adicionais: '',
    itens: [],
    pagamentos: [],
    referenciadas: [],
    volumes: [],
  };
}

const isTipoFrete = (value: number): value is TipoFrete => TIPOS_FRETE.some((t) => t.value === value);

/** The form of a saved invoice (find_by_id); cancelled lines are not edited. */
export function formFromDetail(detail: InvoiceDetail): InvoiceForm {
  return {
    modelo: detail.modelo === '65' ? '65' : '55',
    id_serie_fiscal: detail.id_serie_fiscal,
    natureza_operacao: detail.natureza_operacao,
    finalidade: detail.finalidade,
    id_cliente: detail.id_cliente,
    cliente_nome: detail.cliente_nome,
    cliente_cpf_cnpj: detail.cliente_cpf_cnpj,
    cliente_tem_endereco: null,
    tipo_frete: isTipoFrete(detail.tipo_frete) ? detail.tipo_frete : DEFAULT_FREIGHT_TYPE,
    valor_frete: fromDecimal(detail.valor_frete),
    valor_seguro: fromDecimal(detail.valor_seguro),
    valor_outros: fromDecimal(detail.valor_outros),
    placa_veiculo: detail.placa_veiculo ?? '',
    uf_placa_veiculo: detail.uf_placa_veiculo ?? '',
    informacoes_adicionais: detail.informacoes_adicionais ?? '',
    itens: detail.itens
      .filter((item) => !item.is_cancelado)
      .map((item) => ({
        key: lineKey(),
        id_produto_grade_filial: item.id_produto_grade_filial,
        descricao: item.descricao,
        codigo_produto: item.codigo_produto,
        unidade: item.unidade_comercial,
        quantidade: quantityFromDecimal(item.quantidade),
        valor_unitario: fromDecimal(item.valor_unitario),
        valor_desconto: fromDecimal(item.valor_desconto),
        id_endereco_estoque: item.id_endereco_estoque,
        id_cenario_fiscal: item.id_cenario_fiscal,
      })),
    pagamentos: detail.pagamentos.map((p) => ({
      key: lineKey(),
      id_meio_pagamento: p.id_meio_pagamento,
      descricao: p.descricao,
      valor_total: fromDecimal(p.valor_total),
      quantidade_parcelas: p.quantidade_parcelas,
      id_conta: p.id_conta,
    })),
    referenciadas: detail.referenciadas
      .filter((r) => !r.cancelado)
      .map((r) => ({ key: lineKey(), chave_acesso: r.chave_acesso, modelo: r.modelo })),
    volumes: detail.volumes.map((v) => ({
      key: lineKey(),
      quantidade: v.quantidade,
      especie: v.especie ?? '',
      marca: v.marca ?? '',
      numeracao: v.numeracao ?? '',
      peso_liquido: quantityFromDecimal(v.peso_liquido),
      peso_bruto: quantityFromDecimal(v.peso_bruto),
    })),
  };
}

const orNull = (text: string): string | null => (text.trim() === '' ? null : text.trim());

/** The body of /invoice/post (and of /invoice/put with the id). */
export function bodyOf(form: InvoiceForm): InvoicePostBody {
  return {
    modelo: form.modelo,
    id_serie_fiscal: form.id_serie_fiscal,
    natureza_operacao: orNull(form.natureza_operacao),
    operacao: 'Saida',
    finalidade: form.finalidade,
    id_cliente: form.id_cliente,
    tipo_frete: form.tipo_frete,
    valor_frete: toDecimal(form.valor_frete),
    valor_seguro: toDecimal(form.valor_seguro),
    valor_outros: toDecimal(form.valor_outros),
    placa_veiculo: orNull(form.placa_veiculo.toUpperCase()),
    uf_placa_veiculo: orNull(form.uf_placa_veiculo.toUpperCase()),
    informacoes_adicionais: orNull(form.informacoes_adicionais),
    itens: form.itens.map((item) => ({
      id_produto_grade_filial: item.id_produto_grade_filial,
      id_endereco_estoque: item.id_endereco_estoque,
      id_cenario_fiscal: item.id_cenario_fiscal,
      quantidade: quantityToDecimal(item.quantidade),
      valor_unitario: toDecimal(item.valor_unitario),
      valor_desconto: toDecimal(item.valor_desconto),
    })),
    pagamentos: form.pagamentos.map((p) => ({
      id_meio_pagamento: p.id_meio_pagamento,
      valor_total: toDecimal(p.valor_total),
      quantidade_parcelas: p.quantidade_parcelas,
      id_conta: p.id_conta,
    })),
    referenciadas: form.referenciadas.map((r) => ({ chave_acesso: r.chave_acesso, modelo: r.modelo })),
    volumes: form.volumes.map((v) => ({
      quantidade: v.quantidade,
      especie: orNull(v.especie),
      marca: orNull(v.marca),
      numeracao: orNull(v.numeracao),
      peso_liquido: quantityToDecimal(v.peso_liquido),
      peso_bruto: quantityToDecimal(v.peso_bruto),
    })),
  };
}

/** Gross of a line: unit price × quantity, rounded half-up to the centavo. */
export function lineGross(item: Pick<ItemLine, 'valor_unitario' | 'quantidade'>): Cents {
  return multiplyByQuantity(item.valor_unitario, item.quantidade);
}

export function lineTotal(item: Pick<ItemLine, 'valor_unitario' | 'quantidade' | 'valor_desconto'>): Cents {
  return lineGross(item) - item.valor_desconto;
}

export interface InvoiceTotals {
  produtos: Cents;
  desconto: Cents;
  frete: Cents;
  seguro: Cents;
  outros: Cents;
  /** valor_nota_fiscal: products - discounts + freight + insurance + other costs. */
  total: Cents;
  pago: Cents;
  /** What is still to be paid (never negative). */
  saldo: Cents;
}

export function totalsOf(form: Pick<InvoiceForm, 'itens' | 'pagamentos' | 'valor_frete' | 'valor_seguro' | 'valor_outros'>): InvoiceTotals {
  const produtos = sum(form.itens.map(lineGross));
  const desconto = sum(form.itens.map((i) => i.valor_desconto));
  const total = sum([produtos, -desconto, form.valor_frete, form.valor_seguro, form.valor_outros]);
  const pago = sum(form.pagamentos.map((p) => p.valor_total));
  return {
    produtos,
    desconto,
    frete: form.valor_frete,
    seguro: form.valor_seguro,
    outros: form.valor_outros,
    total,
    pago,
    saldo: Math.max(0, total - pago),
  };
}

/** 001 §5 "Invoice save": series and nature always (no SAT here); for an NF-e, a recipient with an address. */
export function validateForSave(form: InvoiceForm): string[] {
  const errors: string[] = [];
  if (form.id_serie_fiscal === null) errors.push(FISCAL_MESSAGES.seriesMissing);
  if (form.natureza_operacao.trim() === '') errors.push(FISCAL_MESSAGES.natureMissing);
  if (form.modelo === '55') {
    if (form.id_cliente === null) errors.push(FISCAL_MESSAGES.recipientMissing);
    else if (form.cliente_tem_endereco === false) errors.push(FISCAL_MESSAGES.recipientAddressMissing);
  }
  return errors;
}

/** Before transmitting: what saving needs, and an NFC-e with a total needs a payment (001 §5 "Transmit NFC-e"). */
export function validateForTransmit(form: InvoiceForm): string[] {
  const errors = validateForSave(form);
  if (form.modelo === '65' && form.pagamentos.length === 0 && totalsOf(form).total !== 0) {
    errors.push(FISCAL_MESSAGES.nfcePaymentMissing);
  }
  return errors;
}

/** Ours: a line discount above the line's gross. */
export const DISCOUNT_ABOVE_GROSS = 'O desconto não pode ser maior que o valor do item.';
/** The contract's quantity message. */
export const QUANTITY_NOT_POSITIVE = MESSAGES.quantityNotPositive;

/** 001 §5 "Invoice item". */
export function validateItem(item: Omit<ItemLine, 'key'>): string[] {
  const errors: string[] = [];
  if (item.id_produto_grade_filial === null) errors.push(FISCAL_MESSAGES.itemProductMissing);
  if (item.quantidade <= 0) errors.push(QUANTITY_NOT_POSITIVE);
  if (item.valor_unitario <= 0) errors.push(FISCAL_MESSAGES.valueNotPositive);
  else if (item.valor_desconto > lineGross(item)) errors.push(DISCOUNT_ABOVE_GROSS);
  if (item.id_endereco_estoque === null) errors.push(FISCAL_MESSAGES.itemStockAddressMissing);
  return errors;
}

/** 001 §5 "Invoice payment" (the invoice is saved along with its payments here, so 'ainda não foi salva' never applies). */
export function validatePaymentLine(payment: Omit<PaymentLine, 'key'>, requiresAccount: boolean): string[] {
  const errors: string[] = [];
  if (payment.id_meio_pagamento === null) errors.push(FISCAL_MESSAGES.paymentMethodMissing);
  if (payment.valor_total <= 0) errors.push(FISCAL_MESSAGES.valueNotPositive);
  if (requiresAccount && payment.id_conta === null) errors.push(FISCAL_MESSAGES.paymentAccountMissing);
  return errors;
}

/** The key as typed, without spaces and dots (keys are often pasted formatted in groups of four). */
export function normalizeKey(text: string): string {
  return text.replace(/[\s.\-/]/g, '').toUpperCase();
}

/** The model (positions 21-22) written in an access key: cUF(2) AAMM(4) CNPJ(14) mod(2) … */
export function modeloOfKey(key: string): string | null {
  return key.length === ACCESS_KEY_LENGTH ? key.slice(20, 22) : null;
}

/** 001 §5: 'Chave não informada'; 'a Chave deve conter 44 carácteres'; 'Chave já cadastrada' (same modelo and key). */
export function referencedKeyError(list: readonly ReferencedLine[], key: string, modelo: string | null): string | null {
  if (key === '') return FISCAL_MESSAGES.keyMissing;
  if (key.length !== ACCESS_KEY_LENGTH) return FISCAL_MESSAGES.keyLength;
  if (list.some((r) => r.chave_acesso === key && r.modelo === modelo)) return FISCAL_MESSAGES.keyDuplicated;
  return null;
}

/** Ours: a volume needs a positive whole quantity. */
export const VOLUME_QUANTITY = 'Informe a quantidade de volumes (número inteiro maior que zero).';
export const VOLUME_WEIGHT = 'O peso bruto não pode ser menor que o peso líquido.';

export function validateVolume(volume: Omit<VolumeLine, 'key'>): string[] {
  const errors: string[] = [];
  if (!Number.isInteger(volume.quantidade) || volume.quantidade < 1) errors.push(VOLUME_QUANTITY);
  if (volume.peso_bruto > 0 && volume.peso_bruto < volume.peso_liquido) errors.push(VOLUME_WEIGHT);
  return errors;
}
