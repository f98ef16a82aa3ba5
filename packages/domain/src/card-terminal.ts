/**
 * Card terminals through the shop's local connector (001 §3 Payment in the point of sale, §4 Card transaction through
 * the first terminal integration, §5 Card capture models, §7 Card capture, §8, §9; 000 §3.4): what the web app and the
 * connector (apps/connector) agree on, written once.
 *
 * - A payment method with utilizar_captura starts the terminal flow of its modelo_captura: 'TEF' (the shop's TEF
 *   client, e.g. SiTef, behind the connector's /venda/credito, /venda/debito, /pix, /adm/cancelamento) or 'VERO' (the
 *   "first terminal integration": /vero/link_device, create_transaction, cancel_transaction, list_transaction,
 *   check_transaction, print_request). Any other model answers '<modelo> está em Desenvolvimento/Homologação' (§5).
 * - TEF result codes (§4): 0 and 1 are success when no error flag is set; 2 to 9 are failure (the connector relaunches
 *   the terminal app on failure). Our codes: 0 approved, 1 approved with a message to show, 2 declined, 3 cancelled by
 *   the operator, 4 time-out, 5 TEF client unreachable, 6 invalid answer, 7 cancellation refused, 8 busy, 9 other.
 * - VERO polling (§4, §9): wait 4 s, then check every 1 s up to 30 times; after that ask whether to keep checking.
 * - Card brand codes (§9): 01 visa ... 99 other; they go in the NFC-e card group (tBand) as they are.
 * - No card number ever crosses: the answers carry the authorization code, brand code, acquirer CNPJ, NSU, date.
 */

/** §8 messages of the card integrations, verbatim (typos included: 'duranta'). */
export const CARD_TERMINAL_MESSAGES = {
  linkFailed: 'Não foi possível vincular o dispositivo!',
  transactionFailed: 'Não foi possível realizar a transação!',
  cancelFailed: 'Não foi possível cancelar a transação!',
  listFailed: 'Não foi possível listar as transações!',
  checkFailed: 'Não foi possível verificar o status da transação!',
  cancelledByPdv: 'Transação cancelada pelo PDV',
  cancelledByOperator: 'Transação cancelada pelo operador.',
  failure: 'Ocorreu uma falha duranta a transação',
  declined: 'Transação recusada!',
  queryError: 'Erro ao consultar a transação!',
  keepChecking: 'Não foi possível confirmar a transação. Se o pagamento foi aprovado clique em sim para iniciar uma nova verificação',
  tefFailed: 'Não foi possível realizar a transação TEF',
  tefInvalid: 'Resposta inválida do TEF.',
  linked: 'Dispositivo vinculado com sucesso!',
  cancelled: 'Transação cancelada com sucesso!',
  printRequested: 'Requisição de impressão criada com sucesso!',
  tefApproved: 'Transação TEF realizada com sucesso!',
  /** §5, verbatim. */
  veroNoPix: 'Modelo de Captura VERO não suporta PIX',
  /** §5 ("Two other integrations answer '... está em Desenvolvimento/Homologação'"). */
  inDevelopment: (modelo: string) => `${modelo} está em Desenvolvimento/Homologação`,
  /** §5 "Cancelling a terminal-integration transaction from the system is not possible": what the screen says. */
  veroCancelOnTerminal: 'O cancelamento de uma transação VERO não pode ser feito pelo sistema: cancele-a no terminal.',
  /** Our own: progress while the terminal works. */
  waitingTerminal: 'Aguardando o terminal de cartão...',
  /** Our own: no POS peripheral chosen on this machine. */
  noTerminal: 'Nenhum terminal de cartão (POS) selecionado neste caixa.',
  /** Our own, the server's check (a payment claiming capture without the terminal's data). */
  cardDataMissing: (campos: string) => `Pagamento com captura sem os dados do cartão: ${campos}`,
  /** Our own, the server's check. */
  brandInvalid: 'Bandeira do cartão inválida: use o código de duas posições (01 a 09 ou 99).',
  /** Our own, the server's check. */
  integrationInvalid: 'Tipo de integração do cartão inválido: 1 (integrado) ou 2 (não integrado).',
  /** Our own, the server's check. */
  acquirerInvalid: 'CNPJ da credenciadora do cartão inválido.',
  /** Our own, the server's check. */
  dateInvalid: 'Data da transação do cartão inválida.',
  /** Our own (issue 28): the card transactions of a cancelled invoice, while the terminal works. */
  cancellingOnTerminal: 'Cancelando no terminal a transação do cartão da nota cancelada...',
  /** Our own: asked before cancelling an invoice paid by TEF on a machine without a card terminal. */
  noTerminalForInvoice:
    'Esta nota tem pagamento com cartão (TEF) e nenhum terminal de cartão (POS) está selecionado neste caixa: a nota será cancelada e a transação do cartão ficará pendente de cancelamento no terminal. Cancelar a nota assim mesmo?',
  /** Our own: the invoice is cancelled, a card transaction is not (each listed with cardPendingLine). */
  cardCancelPending:
    'A nota fiscal foi cancelada, mas a transação do cartão abaixo NÃO foi cancelada no terminal. Cancele-a pela função administrativa do TEF (cancelamento com o NSU e a data) ou devolva o valor ao cliente.',
  /** Our own: one card transaction left to cancel on the terminal. */
  cardPendingLine: (descricao: string, valor: string, nsu: string, data: string, motivo: string) =>
    `${descricao} ${valor} · NSU ${nsu} · ${data}: ${motivo}`,
  /** Our own: the VERO transactions of a cancelled invoice (§5: the system cannot cancel them). */
  veroCancelInvoice: (linhas: string) =>
    `O cancelamento de uma transação VERO não pode ser feito pelo sistema: cancele-a no terminal. ${linhas}`,
} as const;

/** §9 "First terminal integration: initial wait 4 s; 30 polls 1 s apart ... client timeout 180000 ms". */
export const VERO_INITIAL_WAIT_MS = 4_000;
export const VERO_POLL_INTERVAL_MS = 1_000;
export const VERO_POLL_COUNT = 30;
export const VERO_CLIENT_TIMEOUT_MS = 180_000;
/** §9 "Default API timeout for TEF 180000 ms". */
export const TEF_TIMEOUT_MS = 180_000;

/** §9 card brand codes (NFC-e tBand). */
export const CARD_BRANDS = {
  '01': 'Visa',
  '02': 'Mastercard',
  '03': 'American Express',
  '04': 'Sorocred',
  '05': 'Diners Club',
  '06': 'Elo',
  '07': 'Hipercard',
  '08': 'Aura',
  '09': 'Cabal',
  '99': 'Outros',
} as const;
export type CardBrandCode = keyof typeof CARD_BRANDS;

export function isCardBrandCode(code: unknown): code is CardBrandCode {
  return typeof code === 'string' && Object.hasOwn(CARD_BRANDS, code);
}

/** A brand as a terminal names it ('VISA CREDITO', 'MASTERCARD', 'ELO DEBITO', '06') → its §9 code; unknown: 99. */
export function cardBrandCode(name: string | null | undefined): CardBrandCode {
  const text = (name ?? '').trim().toUpperCase();
  if (isCardBrandCode(text)) return text;
  const rules: Array<[RegExp, CardBrandCode]> = [
    [/VISA|ELECTRON/, '01'], [/MASTER|MAESTRO/, '02'], [/AMEX|AMERICAN/, '03'], [/SOROCRED/, '04'], [/DINERS/, '05'],
    [/\bELO\b/, '06'], [/HIPER/, '07'], [/AURA/, '08'], [/CABAL/, '09'],
  ];
  return rules.find(([re]) => re.test(text))?.[1] ?? '99';
}

/** 000 §3.4 / NFC-e tpIntegra: 1 integrated (TEF, POS integrated), 2 not integrated (typed by hand). */
export const CARD_INTEGRATION = { integrated: '1', notIntegrated: '2' } as const;

export const CAPTURE_MODELS = { TEF: 'TEF', VERO: 'VERO' } as const;
export type CaptureModel = (typeof CAPTURE_MODELS)[keyof typeof CAPTURE_MODELS];

/** The model of a method's modelo_captura (case and spaces aside), or the §5 message for one not supported. */
export function captureModel(modelo: string | null | undefined): { ok: true; model: CaptureModel } | { ok: false; message: string } {
  const text = (modelo ?? '').trim();
  const upper = text.toUpperCase();
  if (upper === 'TEF' || upper === 'SITEF') return { ok: true, model: 'TEF' };
  if (upper === 'VERO') return { ok: true, model: 'VERO' };
  return { ok: false, message: CARD_TERMINAL_MESSAGES.inDevelopment(text || 'Modelo de captura') };
}

/** What the terminal is asked for: credit (03), debit (04) or Pix (17), by the method's NF-e tPag code. */
export type TerminalKind = 'credito' | 'debito' | 'pix';

export function terminalKind(meio_pagamento: string): TerminalKind | null {
  if (meio_pagamento === '03') return 'credito';
  if (meio_pagamento === '04') return 'debito';
  if (meio_pagamento === '17') return 'pix';
  return null;
}

/** The terminal flow a payment starts, or why it cannot (§5: VERO does not take Pix). */
export function terminalFlow(method: { utilizar_captura: boolean; modelo_captura: string | null; meio_pagamento: string }):
  | { kind: 'none' }
  | { kind: 'flow'; model: CaptureModel; operation: TerminalKind }
  | { kind: 'refused'; message: string } {
  if (!method.utilizar_captura) return { kind: 'none' };
  const operation = terminalKind(method.meio_pagamento);
  if (!operation) return { kind: 'none' };
  const model = captureModel(method.modelo_captura);
  if (!model.ok) return { kind: 'refused', message: model.message };
  if (model.model === 'VERO' && operation === 'pix') return { kind: 'refused', message: CARD_TERMINAL_MESSAGES.veroNoPix };
  return { kind: 'flow', model: model.model, operation };
}

// ---------------------------------------------------------------------------------------------------------------
// TEF

/** Our TEF result codes (see the header). */
export const TEF_CODES = {
  approved: 0,
  approvedWithMessage: 1,
  declined: 2,
  cancelledByOperator: 3,
  timedOut: 4,
  unreachable: 5,
  invalidAnswer: 6,
  cancelRefused: 7,
  busy: 8,
  other: 9,
} as const;

/** The card data a TEF answer (the connector's `tef` object) carries on success; never a card number. */
export interface TefCardData {
  codigo_autorizacao: string;
  /** §9 brand code. */
  bandeira: string;
  cnpj_credenciadora: string | null;
  nsu: string;
  /** ISO 8601 date-time of the transaction. */
  data_hora: string;
  /** '1' integrated. */
  tipo_integracao: string;
  /** 'CREDITO A VISTA', 'DEBITO', 'PIX'... */
  descricao: string | null;
}

/** The connector's `tef` object (001 §7 "The response carries a tef object"). */
export interface TefAnswer extends Partial<TefCardData> {
  resultado: number;
  /** Error flags: a code 0/1 with any of them set is no success (§4). */
  erro?: boolean;
  erros?: string[];
  mensagem?: string;
  /** Receipt text(s) from the TEF client (customer's and shop's copies), card number masked by the client. */
  comprovante_cliente?: string | null;
  comprovante_estabelecimento?: string | null;
  /** The terminal app was relaunched after the failure. */
  relancado?: boolean;
}

export type TefOutcome = { ok: true; card: TefCardData; message: string } | { ok: false; message: string };

/** §4: 0 and 1 are success when no error flag is set and the card data is whole; 2-9 failure; anything else invalid. */
export function tefOutcome(answer: unknown): TefOutcome {
  const tef = (answer !== null && typeof answer === 'object' ? (answer as { tef?: unknown }).tef : undefined) as TefAnswer | undefined;
  if (!tef || typeof tef !== 'object' || !Number.isInteger(tef.resultado)) return { ok: false, message: CARD_TERMINAL_MESSAGES.tefInvalid };
  const own = typeof tef.mensagem === 'string' && tef.mensagem.trim() !== '' ? tef.mensagem.trim() : null;
  if (tef.resultado >= 2 && tef.resultado <= 9) return { ok: false, message: own ?? CARD_TERMINAL_MESSAGES.tefFailed };
  if (tef.resultado !== 0 && tef.resultado !== 1) return { ok: false, message: CARD_TERMINAL_MESSAGES.tefInvalid };
  if (tef.erro === true || (Array.isArray(tef.erros) && tef.erros.length > 0)) {
    return { ok: false, message: own ?? CARD_TERMINAL_MESSAGES.tefFailed };
  }
  const str = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
  const codigo = str(tef.codigo_autorizacao);
  const nsu = str(tef.nsu);
  const data = str(tef.data_hora);
  if (!codigo || !nsu || !data) return { ok: false, message: CARD_TERMINAL_MESSAGES.tefInvalid };
  return {
    ok: true,
    message: tef.resultado === 1 && own ? own : CARD_TERMINAL_MESSAGES.tefApproved,
    card: {
      codigo_autorizacao: codigo, bandeira: cardBrandCode(str(tef.bandeira)), cnpj_credenciadora: str(tef.cnpj_credenciadora),
      nsu, data_hora: data, tipo_integracao: str(tef.tipo_integracao) ?? CARD_INTEGRATION.integrated, descricao: str(tef.descricao),
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// VERO

export const VERO_STATUS = {
  available: 'Disponível',
  inProgress: 'Em andamento',
  approved: 'Aprovada',
  cancelledByPdv: 'Cancelada (PDV)',
  cancelledByOperator: 'Cancelada (Operador)',
  failure: 'Falha',
  declined: 'Declinada',
} as const;
export type VeroStatus = (typeof VERO_STATUS)[keyof typeof VERO_STATUS];

/** §4's table: keep polling, success, or the failure's §8 message. */
export function veroStatusOutcome(status: string): { kind: 'pending' } | { kind: 'approved' } | { kind: 'failed'; message: string } {
  switch (status) {
    case VERO_STATUS.available:
    case VERO_STATUS.inProgress:
      return { kind: 'pending' };
    case VERO_STATUS.approved:
      return { kind: 'approved' };
    case VERO_STATUS.cancelledByPdv:
      return { kind: 'failed', message: CARD_TERMINAL_MESSAGES.cancelledByPdv };
    case VERO_STATUS.cancelledByOperator:
      return { kind: 'failed', message: CARD_TERMINAL_MESSAGES.cancelledByOperator };
    case VERO_STATUS.failure:
      return { kind: 'failed', message: CARD_TERMINAL_MESSAGES.failure };
    case VERO_STATUS.declined:
      return { kind: 'failed', message: CARD_TERMINAL_MESSAGES.declined };
    default:
      return { kind: 'failed', message: CARD_TERMINAL_MESSAGES.queryError };
  }
}

/** A VERO transaction as check_transaction answers it (the card data once Aprovada). */
export interface VeroTransaction extends Partial<TefCardData> {
  id: string;
  status: string;
  /** Cents. */
  amount: number;
  method: string;
  group?: string | null;
}

export type VeroPollResult = { kind: 'approved'; transaction: VeroTransaction } | { kind: 'failed'; message: string };

export interface VeroPollDeps {
  check: () => Promise<VeroTransaction | null>;
  sleep: (ms: number) => Promise<void>;
  /** Asked after 30 checks without a final status (§4); true checks 30 more times. */
  keepChecking: () => Promise<boolean>;
  /** Each status seen, for the progress shown. */
  onStatus?: (status: string) => void;
}

/**
 * §4 polling: wait 4 s, check every 1 s up to 30 times; then ask whether to keep checking (another 30, and so on). A
 * check that fails (null) is 'Erro ao consultar a transação!' only when the user gives up: the next poll tries again.
 */
export async function pollVeroTransaction(deps: VeroPollDeps): Promise<VeroPollResult> {
  await deps.sleep(VERO_INITIAL_WAIT_MS);
  let lastError = false;
  for (;;) {
    for (let i = 0; i < VERO_POLL_COUNT; i++) {
      if (i > 0) await deps.sleep(VERO_POLL_INTERVAL_MS);
      const tx = await deps.check().catch(() => null);
      if (!tx) {
        lastError = true;
        continue;
      }
      lastError = false;
      deps.onStatus?.(tx.status);
      const outcome = veroStatusOutcome(tx.status);
      if (outcome.kind === 'approved') return { kind: 'approved', transaction: tx };
      if (outcome.kind === 'failed') return outcome;
    }
    if (!(await deps.keepChecking())) {
      return { kind: 'failed', message: lastError ? CARD_TERMINAL_MESSAGES.queryError : CARD_TERMINAL_MESSAGES.checkFailed };
    }
    await deps.sleep(VERO_POLL_INTERVAL_MS);
  }
}

/** The amount sent to VERO: cents (§9 "amount sent in cents"). */
export const veroAmount = (cents: number): number => Math.round(cents);

// ---------------------------------------------------------------------------------------------------------------
// The server's check of a payment's card fields

export interface CardPaymentFields {
  cartao_codigo_autorizacao?: string | null | undefined;
  cartao_bandeira?: string | null | undefined;
  cartao_tipo_integracao?: string | null | undefined;
  cartao_cnpj_instituicao?: string | null | undefined;
  cartao_data_hora_transacao?: string | null | undefined;
  cartao_nsu?: string | null | undefined;
}

const blank = (v: string | null | undefined) => v === null || v === undefined || v.trim() === '';

/**
 * A credit or debit payment whose method uses capture claims a terminal transaction: it must carry the terminal's
 * authorization code, brand code (§9), integration type, NSU and date; the acquirer CNPJ, when sent, must be valid
 * (checked by the caller with its CNPJ rule). Answers the message, or null. Typed card payments (no capture) may leave
 * them empty or typed (they are judged by the card-data mask only).
 */
export function cardFieldsError(p: CardPaymentFields, capture: boolean, isValidCnpj: (cnpj: string) => boolean): string | null {
  if (capture) {
    const missing = [
      blank(p.cartao_codigo_autorizacao) && 'código de autorização',
      blank(p.cartao_bandeira) && 'bandeira',
      blank(p.cartao_tipo_integracao) && 'tipo de integração',
      blank(p.cartao_nsu) && 'NSU',
      blank(p.cartao_data_hora_transacao) && 'data da transação',
    ].filter((x): x is string => typeof x === 'string');
    if (missing.length > 0) return CARD_TERMINAL_MESSAGES.cardDataMissing(missing.join(', '));
    if (p.cartao_tipo_integracao !== CARD_INTEGRATION.integrated) return CARD_TERMINAL_MESSAGES.integrationInvalid;
  }
  if (!capture) return null;
  if (!isCardBrandCode(p.cartao_bandeira)) return CARD_TERMINAL_MESSAGES.brandInvalid;
  if (!blank(p.cartao_cnpj_instituicao) && !isValidCnpj(p.cartao_cnpj_instituicao ?? '')) return CARD_TERMINAL_MESSAGES.acquirerInvalid;
  if (Number.isNaN(Date.parse(p.cartao_data_hora_transacao ?? ''))) return CARD_TERMINAL_MESSAGES.dateInvalid;
  return null;
}

/** A payment of a finished sale (its invoice's), as the invoice routes give it (issue 28). */
export interface FinishedCardPayment {
  meio_pagamento: string;
  utilizar_captura?: boolean | null | undefined;
  modelo_captura?: string | null | undefined;
  cartao_nsu?: string | null | undefined;
  cartao_data_hora_transacao?: string | null | undefined;
}

/**
 * The card transactions of a finished sale whose invoice is cancelled, by what cancelling them takes (issue 28; 001 §5):
 * `tef`, the payments captured through TEF with the NSU and date /adm/cancelamento needs; `vero`, those of the first
 * terminal integration, which only the terminal can cancel (the screen says so). Typed card payments, and any other
 * method, touch no terminal.
 */
export function terminalCancellations<P extends FinishedCardPayment>(pagamentos: readonly P[]): {
  tef: Array<P & { cartao_nsu: string; cartao_data_hora_transacao: string }>;
  vero: P[];
} {
  const tef: Array<P & { cartao_nsu: string; cartao_data_hora_transacao: string }> = [];
  const vero: P[] = [];
  for (const p of pagamentos) {
    if (!p.utilizar_captura || terminalKind(p.meio_pagamento) === null) continue;
    const model = captureModel(p.modelo_captura);
    if (!model.ok) continue;
    if (model.model === 'VERO') vero.push(p);
    else if (p.cartao_nsu && p.cartao_data_hora_transacao) {
      tef.push({ ...p, cartao_nsu: p.cartao_nsu, cartao_data_hora_transacao: p.cartao_data_hora_transacao });
    }
  }
  return { tef, vero };
}
