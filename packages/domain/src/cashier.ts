/**
 * Till shifts (caixa, 002 §3 Cashier, §4 "Cashier situacao starts Aberto"), written once for the point of sale and the
 * server.
 *
 * - A shift is opened by one user in one branch with an opening float (Abertura, cash); it is Aberto until closed
 *   (Fechado); a closed shift reopens (Aberto again) only under CASHIER_PERMISSIONS.reopen.
 * - One open shift per user and branch: a second opening is refused when the first is known (online). Two opened
 *   offline on two devices both reach the server and are flagged (is_duplicado), never merged nor dropped.
 * - Its operations (caixa_operacao) each carry launches per payment method: the opening float, the sales, suprimentos
 *   add; sangrias, returns paid back and reversals of cancelled sales take away. `expectedByMethod` sums them.
 * - The verification (caixa_apuracao) is counted per method, blind: the count is typed without seeing the expected
 *   amounts (shown only to holders of CASHIER_PERMISSIONS.seeExpected). A method not counted counts zero.
 * - Closing records, per method, expected, counted and difference; a total difference (in absolute value) above the
 *   branch's limit needs a supervisor's authorization (SUPERVISOR_PERMISSIONS.tillDifference).
 * - A sangria cannot take more cash than the shift's expected cash.
 * - With forcar_controle_caixa the point of sale refuses to sell without an open shift; with
 *   forcar_controle_diario_caixa also with one opened on a previous day (the branch's calendar day).
 *
 * Amounts are integer centavos.
 */
import type { Cents } from './money.ts';

export const CASHIER_STATUS = { open: 'Aberto', closed: 'Fechado' } as const;
export type CashierStatus = (typeof CASHIER_STATUS)[keyof typeof CASHIER_STATUS];

/** caixa_operacao.tipo. */
export const CASHIER_OPERATION = {
  opening: 'Abertura',
  sale: 'Venda',
  supply: 'Suprimento',
  withdrawal: 'Sangria',
  saleReturn: 'Devolucao',
  reversal: 'Estorno',
  /** Receivables paid at the till (Recebimento mode): the money enters the shift like a sale's. */
  receipt: 'Recebimento',
} as const;
export type CashierOperationType = (typeof CASHIER_OPERATION)[keyof typeof CASHIER_OPERATION];

/**
 * The point-of-sale modes whose money the till takes, so that forcar_controle_caixa wants a shift open: a sale, a sold
 * voucher and a receipt of receivables (a return gives customer credit, an order or a quote takes nothing at the till).
 */
export function modeTakesTillMoney(modo_operacao: string): boolean {
  return modo_operacao === 'Venda' || modo_operacao === 'ValeCredito' || modo_operacao === 'Recebimento';
}

/** The sign each operation type gives its launches in the expected amounts. */
const SIGN: Readonly<Record<CashierOperationType, 1 | -1>> = {
  Abertura: 1,
  Venda: 1,
  Suprimento: 1,
  Sangria: -1,
  Devolucao: -1,
  Estorno: -1,
  Recebimento: 1,
};

/** The events a till sends (the outbox's cashier operations), by name. Names only grow (a protocol). */
export const CASHIER_EVENT = {
  open: 'Abertura',
  supply: 'Suprimento',
  withdrawal: 'Sangria',
  count: 'Apuracao',
  close: 'Fechamento',
  reopen: 'Reabertura',
  /** A supervisor approves the difference of a shift closed offline awaiting it. */
  approve: 'AprovacaoDiferenca',
} as const;
export type CashierEventType = (typeof CASHIER_EVENT)[keyof typeof CASHIER_EVENT];

/** Permissions of the cashier beyond FncListarCaixa (listed in docs/cashier.md and the permission catalogue). */
export const CASHIER_PERMISSIONS = {
  /** The screen and its operations (open, sangria, suprimento, verification, close). */
  list: 'FncListarCaixa',
  /** Seeing the expected amounts of a shift (the count is blind without it). */
  seeExpected: 'FncVerValoresEsperadosCaixa',
  /** Reopening a closed shift. */
  reopen: 'FncReabrirCaixa',
} as const;

export const CASHIER_MESSAGES = {
  noOpenShift: 'Nenhum caixa aberto: abra o caixa antes de vender.',
  previousDay: 'O caixa aberto é de um dia anterior: feche-o e abra um novo caixa antes de vender.',
  alreadyOpen: 'Já existe um caixa aberto para este usuário nesta filial.',
  notOpen: 'O caixa não está aberto.',
  notClosed: 'Somente um caixa fechado pode ser reaberto.',
  otherUser: 'Este caixa pertence a outro usuário.',
  amountRequired: 'Informe um valor maior que zero.',
  openingNegative: 'O valor de abertura não pode ser negativo.',
  reasonRequired: 'Informe o motivo.',
  withdrawalAboveCash: 'O valor da sangria é maior que o saldo em dinheiro do caixa.',
  differenceNeedsAuthorization: 'Diferença de caixa acima do limite: é necessária a autorização de um supervisor.',
  notFound: 'Caixa não encontrado.',
  saleNotInShift: 'A venda não está registrada em nenhum caixa.',
  saleAlreadyReversed: 'A venda já foi estornada no caixa.',
  saleNotCancelled: 'Somente uma venda cancelada pode ser estornada no caixa.',
  noCashMethod: 'Nenhum meio de pagamento em dinheiro ativo para movimentar o caixa.',
  methodRequired: 'Informe um meio de pagamento ativo.',
  unknownEvent: 'Tipo de operação de caixa inválido.',
  reversalNeedsShift: 'Abra o caixa para registrar o estorno da venda.',
  reportNeedsClose: 'O relatório Z fica disponível após o fechamento do caixa.',
  reversalNote: 'Estorno de venda cancelada após o fechamento do caixa.',
  eventOtherShift: 'Esta operação de caixa já foi registrada com outro conteúdo.',
  opened: 'Caixa aberto com sucesso.',
  closed: 'Caixa fechado com sucesso.',
  closedAwaitingApproval: 'Caixa fechado sem conexão com diferença acima do limite: aguarda a autorização de um supervisor.',
  notAwaitingApproval: 'Este caixa não aguarda autorização.',
  approved: 'Diferença do caixa autorizada.',
  registered: 'Operação de caixa registrada.',
  queued: 'Sem conexão: a operação de caixa ficará pendente e será enviada assim que possível.',
} as const;

export interface Launch {
  id_meio_pagamento: number;
  valor: Cents;
}

export interface CashierOperation {
  tipo: CashierOperationType;
  is_estornado?: boolean;
  lancamentos: readonly Launch[];
}

/** The expected amount per payment method id: the signed sum of every launch (reversed operations left out). */
export function expectedByMethod(operations: readonly CashierOperation[]): Map<number, Cents> {
  const expected = new Map<number, Cents>();
  for (const op of operations) {
    if (op.is_estornado) continue;
    for (const l of op.lancamentos) {
      expected.set(l.id_meio_pagamento, (expected.get(l.id_meio_pagamento) ?? 0) + SIGN[op.tipo] * l.valor);
    }
  }
  return expected;
}

export interface VerificationLine {
  id_meio_pagamento: number;
  esperado: Cents;
  apurado: Cents;
  diferenca: Cents;
}

/**
 * Expected, counted and difference (counted less expected) per method: every method expected or counted, in id order.
 * A method not counted counts zero.
 */
export function verification(expected: ReadonlyMap<number, Cents>, counted: ReadonlyMap<number, Cents>): VerificationLine[] {
  const ids = [...new Set([...expected.keys(), ...counted.keys()])].sort((a, b) => a - b);
  return ids.map((id) => {
    const esperado = expected.get(id) ?? 0;
    const apurado = counted.get(id) ?? 0;
    return { id_meio_pagamento: id, esperado, apurado, diferenca: apurado - esperado };
  });
}

/** The total difference of a verification (signed). */
export const totalDifference = (lines: readonly VerificationLine[]): Cents => lines.reduce((s, l) => s + l.diferenca, 0);

/**
 * Whether closing needs a supervisor: the absolute difference of the whole count, or of any one method (a shortage in
 * cash hidden by a surplus on card is still a shortage), above the limit (centavos, 0: any difference).
 */
export function closingNeedsAuthorization(lines: readonly VerificationLine[], limit: Cents): boolean {
  return lines.some((l) => Math.abs(l.diferenca) > limit) || Math.abs(totalDifference(lines)) > limit;
}

/** Adds or replaces the count of one method (the verification side panel, any number of times before closing). */
export function replaceCount(counted: ReadonlyMap<number, Cents>, id_meio_pagamento: number, valor: Cents): Map<number, Cents> {
  const next = new Map(counted);
  next.set(id_meio_pagamento, valor);
  return next;
}

export interface ShiftFacts {
  situacao: string;
  id_usuario: number;
  /** ISO instant. */
  data_abertura: string;
}

export interface SaleShiftConfig {
  forcar_controle_caixa: boolean;
  forcar_controle_diario_caixa: boolean;
}

const HOUR_MS = 3_600_000;
/** The calendar day (AAAA-MM-DD) of an instant at a branch's offset from UTC. */
export function branchDay(instant: string | Date, offsetHours: number): string {
  const t = (instant instanceof Date ? instant : new Date(instant)).getTime();
  return new Date(t + offsetHours * HOUR_MS).toISOString().slice(0, 10);
}

/**
 * Why a sale cannot be made now (null: it can). `shift`: the user's open shift in the branch, or null. Only the
 * configuration forces a shift: without it a sale needs none.
 */
export function saleShiftError(config: SaleShiftConfig, shift: ShiftFacts | null, now: string | Date, offsetHours: number): string | null {
  if (!config.forcar_controle_caixa && !config.forcar_controle_diario_caixa) return null;
  if (!shift || shift.situacao !== CASHIER_STATUS.open) return CASHIER_MESSAGES.noOpenShift;
  if (config.forcar_controle_diario_caixa && branchDay(shift.data_abertura, offsetHours) !== branchDay(now, offsetHours)) {
    return CASHIER_MESSAGES.previousDay;
  }
  return null;
}

/** Why an opening is refused (null: allowed). `openShifts`: the user's shifts known open in the branch. */
export function openingError(valor: Cents, openShifts: number, offline: boolean): string | null {
  if (valor < 0) return CASHIER_MESSAGES.openingNegative;
  // Offline the till cannot know another device's shift: both are kept and flagged (isDuplicateOpening).
  if (openShifts > 0 && !offline) return CASHIER_MESSAGES.alreadyOpen;
  return null;
}

/** An opening that arrives while the user already has an open shift in the branch (only offline ones get here). */
export const isDuplicateOpening = (openShifts: number): boolean => openShifts > 0;

/** Why an operation on a shift by a user is refused (null: allowed). */
export function shiftUseError(shift: ShiftFacts, id_usuario: number): string | null {
  if (shift.id_usuario !== id_usuario) return CASHIER_MESSAGES.otherUser;
  if (shift.situacao !== CASHIER_STATUS.open) return CASHIER_MESSAGES.notOpen;
  return null;
}

/** Why a sangria or a suprimento is refused (null: allowed). `cash`: the shift's expected cash now. */
export function movementError(tipo: 'Sangria' | 'Suprimento', valor: Cents, observacao: string | null | undefined, cash: Cents): string | null {
  if (!(valor > 0)) return CASHIER_MESSAGES.amountRequired;
  if (!observacao || observacao.trim() === '') return CASHIER_MESSAGES.reasonRequired;
  if (tipo === CASHIER_OPERATION.withdrawal && valor > cash) return CASHIER_MESSAGES.withdrawalAboveCash;
  return null;
}

/** Why a count is refused (null: allowed). */
export function countError(valor: Cents): string | null {
  return valor < 0 ? CASHIER_MESSAGES.amountRequired : null;
}

/** Why a reopening is refused (null: allowed); the permission is checked by the caller. */
export function reopenError(shift: ShiftFacts): string | null {
  return shift.situacao === CASHIER_STATUS.closed ? null : CASHIER_MESSAGES.notClosed;
}

/**
 * The launches a sale brings to the shift, per payment method: what was paid, less the change (given in cash, from the
 * cash method). `cashMethods`: the ids of the cash methods among the payments.
 */
export function saleLaunches(
  pagamentos: ReadonlyArray<{ id_meio_pagamento: number; valor: Cents }>, troco: Cents, cashMethods: ReadonlySet<number>,
): Launch[] {
  const byMethod = new Map<number, Cents>();
  for (const p of pagamentos) byMethod.set(p.id_meio_pagamento, (byMethod.get(p.id_meio_pagamento) ?? 0) + p.valor);
  let change = troco;
  for (const [id, valor] of byMethod) {
    if (change > 0 && cashMethods.has(id)) {
      const taken = Math.min(change, valor);
      byMethod.set(id, valor - taken);
      change -= taken;
    }
  }
  return [...byMethod].filter(([, v]) => v !== 0).map(([id_meio_pagamento, valor]) => ({ id_meio_pagamento, valor }));
}
