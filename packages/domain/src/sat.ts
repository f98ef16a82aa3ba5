/**
 * The fiscal device (SAT CF-e, model 59) reached through the shop's local connector (001 §4, §7 Local fiscal device,
 * §8 SAT): what the web app, the server and the connector (apps/connector sat.ts) agree on.
 *
 * - POST /sat/envio and /sat/cancelamento at the SAT peripheral's device carry the emitter, recipient, items, taxes and
 *   payments; the answer holds Codigo, Mensagem, NumeroDocFiscal, ChaveConsulta, TimeStamp, AssinaturaQRCODE,
 *   NumeroSessao (001 §7).
 * - Authorization succeeds on code 06000 (the invoice becomes Autorizada and stock is then updated); 99999 is a
 *   failure and the invoice stays Rejeitada; cancellation succeeds on 07000 (Cancelada) (001 §4). The SAT's own
 *   failure codes (06001-06010, 06098, 06099, 07001-07007...) are failures too; 99999 is not a SAT code, it is the
 *   product's own failure (the device could not be reached, the answer could not be read).
 * - signAC is signed with a fixed 14-digit company number, the software house's CNPJ (001 §7).
 * - PIX and bank deposit are sent to SAT as 'other' (99) (001 §7): the CF-e's cMP has no code for them.
 * - São Paulo has accepted no new CF-e-SAT since 01/01/2026 (SEFAZ-SP): SAT is offered only to a branch that still
 *   uses it; NFC-e stays the default.
 */
import { MEIO_PAGAMENTO } from './payment-method.ts';

/** The CF-e-SAT's model. */
export const SAT_MODEL = '59';

/** The SEFAZ actions of the invoice list a CF-e SAT does not have (SAT_MESSAGES.notForSat names them). */
export const SAT_NO_SEFAZ_ACTION = {
  consultar: 'A consulta na SEFAZ',
  inutilizar: 'A inutilização de número',
  carta: 'A carta de correção',
} as const;

export const SAT_CODES = {
  /** EnviarDadosVenda: CF-e-SAT emitted. */
  saleAuthorized: '06000',
  /** CancelarUltimaVenda: CF-e-SAT cancelled. */
  cancelled: '07000',
  /** Ours: the device could not be reached or its answer could not be read. */
  failure: '99999',
} as const;

export const SAT_MESSAGES = {
  /** 001 §8 SAT, verbatim (spelled without the final dot, unlike the print connector's message). */
  unreachable: 'Não foi possível conectar com o ModerConnect',
  /** 001 §8 SAT, verbatim. */
  authorizeFailed: 'Erro ao autorizar SAT.',
  /** 001 §8 SAT, verbatim: the prefix of a cancellation's failure, followed by the device's message. */
  cancelFailedPrefix: 'Falha ao cancelar SAT:',
  cancelFailed: (reason: string) => `Falha ao cancelar SAT: ${reason}`,
  /** Ours: the body sent to /sat/envio or /sat/cancelamento is not a sale the connector can write. */
  invalidRequest: (detail: string) => `Requisição do SAT inválida: ${detail}`,
  /** Ours: the branch asked for model 59 after the state stopped accepting new CF-e-SAT. */
  satClosed: 'O SAT (CF-e, modelo 59) não é mais aceito para novas filiais: São Paulo encerrou o CF-e-SAT em 01/01/2026. Use a NFC-e (modelo 65).',
  /** Ours: a sale sent with model 59 by a branch whose default sale model is not the SAT. */
  notSatBranch: 'Esta filial não emite CF-e SAT (modelo 59): a venda deve ser NFC-e (modelo 65) ou NF-e (modelo 55).',
  /** Ours: the point of sale has no SAT chosen for the branch on this machine. */
  noSatPeripheral: 'Nenhum SAT selecionado para esta filial neste computador: escolha-o em Impressoras.',
  /** Ours: the invoice the till asks to send to the SAT is not a SAT sale waiting for it. */
  notPending: 'A nota não é um CF-e SAT pendente de envio.',
  /**
   * Ours: consultation, number disablement and correction letter are SEFAZ events of the NF-e/NFC-e; a CF-e SAT is
   * authorized and cancelled by the SAT itself (its number is the SAT's, never skipped; it has no CC-e).
   */
  notForSat: (acao: string) => `${acao} não se aplica ao CF-e SAT (modelo 59): o CF-e é autorizado e cancelado pelo próprio SAT.`,
  /** Ours: what the emulator and the real library answer on success, for the connector's log. */
  authorized: 'Emitido com sucesso',
  cancelledOk: 'Cupom cancelado com sucesso',
} as const;

/**
 * 001 §7 "A fixed 14-digit company number is used for SAT authorization signing": the software house's CNPJ written in
 * ide/CNPJ of every CF-e and signed, with the taxpayer's CNPJ, into signAC. 16716114000172 is the software house
 * number SEFAZ-SP publishes for the SAT's test environment (its emulator and the vendors' kits accept it); a shop in
 * production replaces it by the developer's own CNPJ registered at SEFAZ-SP (one constant, here).
 */
export const SAT_SOFTWARE_HOUSE_CNPJ = '16716114000172';

/** The CF-e layout the connector writes (CfeDadosVendaAPL_0008). */
export const SAT_LAYOUT_VERSION = '0.08';

/** The CF-e's cMP codes (MP group): the rest of the NFC-e's tPag are sent as 99, 'outros'. */
export const SAT_PAYMENT_CODES = ['01', '02', '03', '04', '05', '10', '11', '12', '13', '99'] as const;
export type SatPaymentCode = (typeof SAT_PAYMENT_CODES)[number];

/** The cMP of a payment method (meio_pagamento): PIX, bank deposit and anything the CF-e has no code for are 99. */
export function satPaymentCode(meio_pagamento: string): SatPaymentCode {
  if (meio_pagamento === MEIO_PAGAMENTO.Pix || meio_pagamento === MEIO_PAGAMENTO.PixEstatico || meio_pagamento === MEIO_PAGAMENTO.DepositoBancario) return '99';
  return (SAT_PAYMENT_CODES as readonly string[]).includes(meio_pagamento) ? (meio_pagamento as SatPaymentCode) : '99';
}

/** The day São Paulo stopped accepting new CF-e-SAT (SEFAZ-SP). */
export const SAT_SP_END = '2026-01-01';

/**
 * Whether a branch may choose model 59 (CF-e SAT) as a default model: only a branch already using it (a value it
 * holds now), or one outside São Paulo's end before the end date. NFC-e (65) stays the default offered.
 */
export function satOffered(o: { uf: string | null | undefined; current: string | null | undefined; today: string }): boolean {
  if (o.current === '59') return true;
  if ((o.uf ?? '').toUpperCase() === 'SP') return o.today < SAT_SP_END;
  // The SAT (CF-e) is São Paulo's device; Ceará's MF-e is another protocol: no other state issues CF-e-SAT.
  return false;
}

/**
 * A sale sent with model 59: only a branch whose default sale model is the SAT (002 §3 codigo_modelo_padrao_venda,
 * which the branch configuration offers only to a branch that holds it, satOffered) sells with it. Null: allowed.
 */
export function satSaleError(modelo: string | null, defaultSaleModel: string | null | undefined): string | null {
  return modelo === SAT_MODEL && defaultSaleModel !== SAT_MODEL ? SAT_MESSAGES.notSatBranch : null;
}
