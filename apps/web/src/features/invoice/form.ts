/**
 * The invoice being edited, as the screen holds it: amounts in centavos and quantities in thousandths (the money
 * module), converted to the contract's decimals only in bodyOf. The rules (checks with the spec's messages, totals)
 * are the domain's, the same the server runs: invoice-validation.ts and invoice-totals.ts.
 */
import type { InvoiceDetail, InvoicePostBody } from '@pdv/contract/invoice';
import { DEFAULT_FREIGHT_TYPE } from '@pdv/domain/constants';
import { computeInvoiceTotals, type InvoiceTotals } from '@pdv/domain/invoice-totals';
import { invoiceSaveErrors, invoiceTransmitErrors, type InvoiceDraft } from '@pdv/domain/invoice-validation';
import { fromDecimal, quantityFromDecimal, quantityToDecimal, toDecimal, type Cents, type Milli } from '@pdv/domain/money';

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

/** The form as the domain's rules read it (invoice-validation.ts). */
export function draftOf(form: InvoiceForm): InvoiceDraft {
  return {
    modelo: form.modelo,
    id_serie_fiscal: form.id_serie_fiscal,
    natureza_operacao: form.natureza_operacao,
    id_cliente: form.id_cliente,
    cliente_tem_endereco: form.cliente_tem_endereco,
    itens: form.itens,
    pagamentos: form.pagamentos,
    referenciadas: form.referenciadas,
    volumes: form.volumes,
  };
}

/** The totals the server will store for these lines (the domain's computeInvoiceTotals). */
export function totalsOf(
  form: Pick<InvoiceForm, 'itens' | 'pagamentos' | 'valor_frete' | 'valor_seguro' | 'valor_outros'>,
): InvoiceTotals {
  return computeInvoiceTotals(form.itens, form.pagamentos, { frete: form.valor_frete, seguro: form.valor_seguro, outros: form.valor_outros });
}

/** 001 §5 "Invoice save", the invoice and its lines. */
export function validateForSave(form: InvoiceForm): string[] {
  return invoiceSaveErrors(draftOf(form));
}

/** Before transmitting: what saving needs, and an NFC-e with a total needs a payment (001 §5 "Transmit NFC-e"). */
export function validateForTransmit(form: InvoiceForm): string[] {
  return invoiceTransmitErrors(draftOf(form), totalsOf(form).total);
}
