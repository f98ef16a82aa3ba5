/**
 * Where each bank's return file (retorno) keeps what we read, and what its occurrence codes mean for us.
 * CNAB 400 positions from the banks' manuals (cnab-layouts YAML for Bradesco and Itaú); CNAB 240 is FEBRABAN's
 * segments T and U, shared by Sicoob and Sicredi.
 */
export type OcorrenciaTipo = 'registrado' | 'pago' | 'rejeitado' | 'baixado' | 'tarifa' | 'outro';

export interface Ocorrencia { tipo: OcorrenciaTipo; descricao: string }

type Range = readonly [number, number];

/** The fields of a CNAB 400 retorno detail the reader takes (RETORNO_400_POSITIONS in retorno.ts holds the common places). */
export type RetornoField = 'ocorrencia' | 'dataOcorrencia' | 'numeroDocumento' | 'vencimento' | 'valorTitulo' | 'tarifa' | 'iof' | 'abatimento'
  | 'desconto' | 'valorPago' | 'juros' | 'dataCredito';

export interface Retorno400Bank {
  banco: string;
  /** The account's identifier in the header (Bradesco: código da empresa; Itaú: agência + conta). */
  headerConta: readonly Range[];
  /** The same identifier in each detail record, when the layout repeats it. */
  detailConta?: readonly Range[];
  nossoNumero: Range;
  /** Rejection reasons: consecutive codes of `motivoSize` characters (absent where no sample or manual places them). */
  motivos?: Range;
  motivoSize: number;
  ocorrencias: Record<string, Ocorrencia>;
  /** The detail record's type (position 1): '1', or '7' for BB's CBR643. */
  detailType?: string;
  /** Where this bank keeps a common field elsewhere (BB: credit date 176-181, fee 182-188). */
  positions?: Partial<Record<RetornoField, readonly [number, number] | null>>;
  /** The bank codes the header may carry in 77-79 (default: `banco`). */
  headerBancos?: readonly string[];
}

const o = (tipo: OcorrenciaTipo, descricao: string): Ocorrencia => ({ tipo, descricao });

export const BRADESCO_RETORNO_400: Retorno400Bank = {
  banco: '237',
  headerConta: [[27, 46]],
  /** 71-81; the manual's 71-82 includes the check digit (which may be 'P'), not part of our nosso número. */
  nossoNumero: [71, 81],
  motivos: [319, 328],
  motivoSize: 2,
  ocorrencias: {
    '02': o('registrado', 'Entrada confirmada'), '03': o('rejeitado', 'Entrada rejeitada'), '06': o('pago', 'Liquidação normal'),
    '09': o('baixado', 'Baixado automaticamente via arquivo'), '10': o('baixado', 'Baixado conforme instruções da agência'),
    '15': o('pago', 'Liquidação em cartório'), '16': o('pago', 'Título pago em cheque - vinculado'),
    '17': o('pago', 'Liquidação após baixa ou título não registrado'), '24': o('rejeitado', 'Entrada rejeitada por CEP irregular'),
    '28': o('tarifa', 'Débito de tarifas/custas'),
  },
};

export const ITAU_RETORNO_400: Retorno400Bank = {
  banco: '341',
  headerConta: [[27, 30], [33, 37]],
  detailConta: [[18, 21], [24, 28]],
  nossoNumero: [63, 70],
  motivos: [378, 385],
  motivoSize: 2,
  ocorrencias: {
    '02': o('registrado', 'Entrada confirmada'), '03': o('rejeitado', 'Entrada rejeitada'), '05': o('baixado', 'Alteração de dados - baixa'),
    '06': o('pago', 'Liquidação normal'), '07': o('pago', 'Liquidação parcial'), '08': o('pago', 'Liquidação em cartório'),
    '09': o('baixado', 'Baixa simples'), '10': o('baixado', 'Baixa por ter sido liquidado'),
    '23': o('outro', 'Título enviado a cartório'), '28': o('tarifa', 'Tarifa de relação das liquidações'),
  },
};

/**
 * Santander CNAB 400: the shared detail positions, agência + conta of 12 in the header (27-38) and in each detail
 * (18-29), nosso número 63-70. The sample available (brcobranca's) is Itaú's file with Santander's header; where a
 * rejection's reasons sit (here 378-385 as Itaú) is not confirmed by it.
 */
export const SANTANDER_RETORNO_400: Retorno400Bank = {
  banco: '033',
  headerConta: [[27, 38]],
  detailConta: [[18, 29]],
  nossoNumero: [63, 70],
  motivos: [378, 385],
  motivoSize: 2,
  ocorrencias: {
    '02': o('registrado', 'Entrada confirmada'), '03': o('rejeitado', 'Entrada rejeitada'), '06': o('pago', 'Liquidação normal'),
    '07': o('pago', 'Liquidação por conta'), '08': o('pago', 'Liquidação por saldo'), '09': o('baixado', 'Baixa automática'),
    '10': o('baixado', 'Baixa conforme instruções'), '17': o('pago', 'Liquidação em cartório'),
  },
};

/** Banco do Nordeste CNAB 400: agência + conta of 14 in header (27-40) and details (18-31), nosso número 63-69 + DV 70. */
export const BANCO_DO_NORDESTE_RETORNO_400: Retorno400Bank = {
  banco: '004',
  headerConta: [[27, 40]],
  detailConta: [[18, 31]],
  nossoNumero: [63, 69],
  motivos: [319, 328],
  motivoSize: 2,
  ocorrencias: {
    '02': o('registrado', 'Entrada confirmada'), '03': o('rejeitado', 'Entrada rejeitada'), '06': o('pago', 'Liquidação normal'),
    '09': o('baixado', 'Baixa simples'), '10': o('baixado', 'Baixa por ter sido liquidado'),
  },
};

/** Banco do Brasil CBR643 (convênio of 7 digits): detail type 7, 17-digit nosso número, reason of a refusal in 87-88. */
export const BANCO_DO_BRASIL_RETORNO_400: Retorno400Bank = {
  banco: '001',
  headerConta: [[27, 40]],
  detailConta: [[18, 31]],
  nossoNumero: [64, 80],
  motivos: [87, 88],
  motivoSize: 2,
  detailType: '7',
  positions: { dataCredito: [176, 181], tarifa: [182, 188] },
  ocorrencias: {
    '02': o('registrado', 'Confirmação de entrada de título'), '03': o('rejeitado', 'Comando recusado'), '05': o('pago', 'Liquidado sem registro'),
    '06': o('pago', 'Liquidação normal'), '07': o('pago', 'Liquidação por conta/parcial'), '08': o('pago', 'Liquidação por saldo'),
    '09': o('baixado', 'Baixa de título'), '10': o('baixado', 'Baixa solicitada'), '15': o('pago', 'Liquidação em cartório'),
    '28': o('tarifa', 'Manutenção de título vencido'),
  },
};

export const BANRISUL_RETORNO_400: Retorno400Bank = {
  banco: '041',
  headerConta: [[27, 39]],
  detailConta: [[18, 29]],
  nossoNumero: [63, 70],
  motivos: [383, 392],
  motivoSize: 2,
  ocorrencias: {
    '02': o('registrado', 'Confirmação de entrada'), '03': o('rejeitado', 'Entrada rejeitada'), '04': o('baixado', 'Baixa de título liquidado por edital'),
    '06': o('pago', 'Liquidação normal'), '07': o('pago', 'Liquidação parcial'), '08': o('pago', 'Baixa por pagamento, liquidação pelo saldo'),
    '09': o('baixado', 'Devolução automática'), '10': o('baixado', 'Baixado conforme instruções'), '15': o('pago', 'Pagamento em cartório'),
    '28': o('tarifa', 'Débito de tarifas/custas'),
  },
};

/**
 * Caixa SIGCB CNAB 400: agência (4) and código do beneficiário (6) in the header (27-36) and in each detail (18-27), the
 * 15-digit nosso número after the modalidade (59-73), a rejection's reason of 3 digits in 80-82 and the credit date in
 * 294-299 (the cnab-layouts YAML for 104). No Caixa retorno sample exists: the account and nosso número positions follow
 * the SIGCB remessa layout (CAIXA_400); a homologation file is the check before use.
 */
export const CAIXA_RETORNO_400: Retorno400Bank = {
  banco: '104',
  headerConta: [[27, 30], [31, 36]],
  detailConta: [[18, 21], [22, 27]],
  nossoNumero: [59, 73],
  motivos: [80, 82],
  motivoSize: 3,
  positions: { dataCredito: [294, 299] },
  ocorrencias: {
    '01': o('registrado', 'Entrada confirmada'), '02': o('baixado', 'Baixa confirmada'), '21': o('pago', 'Liquidação'),
    '22': o('pago', 'Liquidação em cartório'), '23': o('baixado', 'Baixa por devolução'), '24': o('baixado', 'Baixa por franco pagamento'),
    '25': o('baixado', 'Baixa por protesto'), '31': o('tarifa', 'Tarifa sobre título vencido'), '32': o('tarifa', 'Outras tarifas de alteração'),
    '99': o('rejeitado', 'Rejeição do título'),
  },
};

/**
 * Banco de Brasília (BRB, 070), its own CNAB 400 retorno (dates ddmmyyyy), positions read off the sample
 * CNAB400BANCOBRASILIA.RET, no manual at hand: the código do beneficiário in the header (27-46) and each detail
 * (21-37), the nosso número of 12 (categoria 1 + sequencial 6 + banco 070 + two check digits, 71-82, as the boleto's
 * free field carries it), the occurrence 109-110 and its date 111-118, seu número 119-128, vencimento 149-156, valor
 * 157-169, valor pago 258-270, credit date 300-307. The sample's '05' carries a paid amount and a credit date: a
 * payment. Fee, interest, discounts and the reasons of a refusal have no known place: not read (zero), and an
 * occurrence other than those listed is 'outro', which the server never applies. A homologation file is the check.
 */
export const BRB_RETORNO_400: Retorno400Bank = {
  banco: '070',
  headerConta: [[27, 46]],
  detailConta: [[21, 37]],
  nossoNumero: [71, 82],
  motivoSize: 2,
  positions: {
    dataOcorrencia: [111, 118], numeroDocumento: [119, 128], vencimento: [149, 156], valorTitulo: [157, 169], valorPago: [258, 270],
    dataCredito: [300, 307], tarifa: null, iof: null, abatimento: null, desconto: null, juros: null,
  },
  ocorrencias: { '05': o('pago', 'Liquidação') },
};

/** The common CNAB 400 occurrence codes (FEBRABAN's table, as BB, Bradesco and the cooperatives use them). */
const COMMON_400_OCORRENCIAS: Record<string, Ocorrencia> = {
  '02': o('registrado', 'Entrada confirmada'), '03': o('rejeitado', 'Entrada rejeitada'), '06': o('pago', 'Liquidação normal'),
  '09': o('baixado', 'Baixa'), '10': o('baixado', 'Baixa solicitada'), '15': o('pago', 'Liquidação em cartório'),
  '17': o('pago', 'Liquidação após baixa'), '28': o('tarifa', 'Débito de tarifas/custas'),
};

/**
 * Unicred (136) CNAB 400 retorno, positions read off the sample CNAB400UNICRED.RET: agência (18-21) and conta + DV
 * (24-31) in each detail, the same in the header (27-30, 31-38); nosso número 46-62; the common places for the
 * occurrence, dates and amounts except the fee (182-188, after the credit date 176-181, as BB's CBR643). The sample's
 * header names 001 BANCO DO BRASIL (Unicred's collection went through BB before its own code): both are accepted.
 */
export const UNICRED_RETORNO_400: Retorno400Bank = {
  banco: '136',
  headerBancos: ['136', '001'],
  headerConta: [[27, 30], [31, 38]],
  detailConta: [[18, 21], [24, 31]],
  nossoNumero: [46, 62],
  motivoSize: 2,
  positions: { dataCredito: [176, 181], tarifa: [182, 188] },
  ocorrencias: COMMON_400_OCORRENCIAS,
};

/**
 * CrediSIS (097) CNAB 400 retorno: conta + DV in the header (32-40) and each detail (23-31), the nosso número of 11
 * (63-73, as its remessa), the common places for the rest (checked with the sample CNAB400CREDISIS.RET, whose
 * occurrence field is blank: read as 'outro', nothing applied).
 */
export const CREDISIS_RETORNO_400: Retorno400Bank = {
  banco: '097',
  headerConta: [[32, 40]],
  detailConta: [[23, 31]],
  nossoNumero: [63, 73],
  motivoSize: 2,
  positions: { dataCredito: [176, 181], tarifa: null },
  ocorrencias: COMMON_400_OCORRENCIAS,
};

/** FEBRABAN CNAB 240 "códigos de movimento retorno" (G-C044), as Sicoob and Sicredi use them. */
export const FEBRABAN_240_OCORRENCIAS: Record<string, Ocorrencia> = {
  '02': o('registrado', 'Entrada confirmada'), '03': o('rejeitado', 'Entrada rejeitada'), '06': o('pago', 'Liquidação'),
  '09': o('baixado', 'Baixa'), '12': o('outro', 'Confirmação recebimento instrução de abatimento'),
  '14': o('outro', 'Confirmação recebimento instrução de alteração de vencimento'), '17': o('pago', 'Liquidação após baixa ou liquidação título não registrado'),
  '25': o('baixado', 'Protestado e baixado'), '26': o('rejeitado', 'Instrução rejeitada'), '28': o('tarifa', 'Débito de tarifas/custas'),
  '30': o('rejeitado', 'Alteração de dados rejeitada'),
};

/** Where a CNAB 240 return file keeps the account (header) and the título's fields (segment T). */
export interface Retorno240Bank {
  banco: string;
  headerConta: readonly Range[];
  tConta: readonly Range[];
  t: Record<'nossoNumero' | 'numeroDocumento' | 'vencimento' | 'valorTitulo' | 'tarifa' | 'motivos', Range>;
  ocorrencias: Record<string, Ocorrencia>;
}

/** FEBRABAN's segment T (Sicoob, Sicredi, Ailos, BB, Caixa). */
export const febraban240 = (banco: string): Retorno240Bank => ({
  banco,
  headerConta: [[53, 57], [59, 70]],
  tConta: [[18, 22], [24, 35]],
  t: { nossoNumero: [38, 57], numeroDocumento: [59, 73], vencimento: [74, 81], valorTitulo: [82, 96], tarifa: [199, 213], motivos: [214, 223] },
  ocorrencias: FEBRABAN_240_OCORRENCIAS,
});

/** Santander: agência and account of 4 + 1 + 9 + 1 from 18, a 13-digit nosso número from 41. */
export const SANTANDER_RETORNO_240: Retorno240Bank = {
  banco: '033',
  headerConta: [[33, 47]],
  tConta: [[18, 32]],
  t: { nossoNumero: [41, 53], numeroDocumento: [55, 69], vencimento: [70, 77], valorTitulo: [78, 92], tarifa: [194, 208], motivos: [209, 218] },
  ocorrencias: FEBRABAN_240_OCORRENCIAS,
};
