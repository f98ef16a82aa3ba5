/**
 * pt-BR labels of the registers' enumerations (a descriptor field's `options`): the stored values keep the spec's
 * spelling without accents (Saida, Devolucao, PrecoCustoMedio) and the NF-e codes ('17', '65'); the list and the form
 * show these. Labels the spec gives are taken from it (the payment forms of 000 §3.4, the models of 001 §3).
 */
import { MEIO_PAGAMENTO_NOME } from '@pdv/domain/payment-method';

/** The NF-e payment form codes as '17 - PIX'. */
export const PAYMENT_FORM_LABELS: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(MEIO_PAGAMENTO_NOME).map(([code, name]) => [code, `${code} - ${name}`]),
);

export const FISCAL_MODEL_LABELS = { '55': 'NF-e (55)', '65': 'NFC-e (65)', '59': 'CF-e SAT (59)' } as const;

export const ENTRY_EXIT_LABELS = { Entrada: 'Entrada', Saida: 'Saída' } as const;

/** The operation of a fiscal scenario, stored as the NF-e's tpNF (0 entry, 1 exit). */
export const TPNF_LABELS = { '0': 'Entrada', '1': 'Saída' } as const;

/** The tax regime (CRT of the NF-e). */
export const REGIME_LABELS = {
  '1': '1 - Simples Nacional',
  '2': '2 - Simples Nacional, excesso de sublimite',
  '3': '3 - Regime Normal',
  '4': '4 - MEI',
} as const;

export const NOTE_TYPE_LABELS = {
  Venda: 'Venda',
  Devolucao: 'Devolução',
  Consignacao: 'Consignação',
  Transferencia: 'Transferência',
  Outros: 'Outros',
} as const;

export const STOCK_OPERATION_TYPE_LABELS = {
  Ajuste: 'Ajuste',
  Transferencia: 'Transferência',
  Compra: 'Compra',
  Venda: 'Venda',
  Devolucao: 'Devolução',
  Perda: 'Perda',
  Consumo: 'Consumo',
  Producao: 'Produção',
  Outros: 'Outros',
} as const;

export const STOCK_VALUATION_LABELS = {
  PrecoCustoMedio: 'Preço de custo médio',
  PrecoCusto: 'Preço de custo',
  PrecoCompra: 'Preço de compra',
  PrecoVenda: 'Preço de venda',
  Informado: 'Informado',
} as const;

export const CARD_OPERATION_LABELS = { Credito: 'Crédito', Debito: 'Débito', Ambos: 'Crédito e débito' } as const;

export const ADJUSTMENT_LABELS = { Desconto: 'Desconto', Acrescimo: 'Acréscimo' } as const;

export const LABEL_SHEET_LABELS = { Pimaco6187: 'Pimaco 6187 (Carta, 80 por folha)', A4351: 'Pimaco A4351 (A4, 65 por folha)' } as const;

export const SCALE_INFO_LABELS = { Preco: 'Preço', Peso: 'Peso' } as const;

export const SERIES_PRINT_LABELS = { '80mm': 'Bobina 80mm', '58mm': 'Bobina 58mm', A4: 'A4' } as const;

/** NF-e indIEDest: the recipient's state-registration indicator (1, 2 or 9). */
export const IE_INDICATOR_LABELS = { '1': '1 - Contribuinte do ICMS', '2': '2 - Contribuinte isento', '9': '9 - Não contribuinte' } as const;
