/**
 * Till shifts on the server (issue 23). The rules are the domain's (packages/domain/src/cashier.ts), the same the till
 * runs offline; this file loads the rows, calls them and writes what they allow, one transaction per event.
 *
 * POST /api/cashier/event is idempotent on id_evento like POST /api/operacao on id_operacao: the UUID and the hash of
 * the body are claimed first; the same event sent again by the same user gets the first answer (duplicado: true),
 * other content or another caller under the same UUID a 409; a refusal rolls the claim back with the rest.
 *
 * This module owns caixa, caixa_operacao(+_lancamento), caixa_apuracao and caixa_evento (owners.test.ts): the sale
 * side calls recordSale / saleShiftRefusal below.
 */
import { createHash } from 'node:crypto';
import type { z } from 'zod';
import type { CashierEventResult, cashierEventBody } from '@pdv/contract/cashier';
import {
  CASHIER_EVENT, CASHIER_MESSAGES, CASHIER_OPERATION, CASHIER_PERMISSIONS, CASHIER_STATUS, closingNeedsAuthorization, countError, expectedByMethod,
  isDuplicateOpening, movementError, openingError, reopenError, saleLaunches, saleShiftError, shiftUseError, verification,
} from '@pdv/domain/cashier';
import { fromDecimal } from '@pdv/domain/money';
import { isCash } from '@pdv/domain/payment-method';
import { SUPERVISOR_PERMISSIONS } from '@pdv/domain/permissions';
import { branchOffset } from '@pdv/domain/time-zone';
import type { Tx } from '../../db/database.ts';
import { badRequest, forbidden, HttpError, notFound } from '../../http/errors.ts';
import type { Caller } from '../auth/caller.ts';
import { useAuthorization } from '../authorization/service.ts';
import * as q from './queries.ts';

type EventBody = z.output<typeof cashierEventBody>;

const hashOf = (body: EventBody) => createHash('sha256').update(JSON.stringify(body)).digest('hex');

/** The origem recorded on a supervisor's grant spent by a close with a difference. */
const DIFFERENCE_GRANT_ORIGIN = 'caixa';

export async function applyEvent(tx: Tx, caller: Caller, body: EventBody): Promise<CashierEventResult> {
  const org = caller.id_organization;
  // The shift belongs to the branch it was opened in, which must be one of the user's (offline events arrive later).
  const branch = caller.branches.find((b) => b.id_filial === body.id_filial);
  if (!branch) throw notFound();
  const hash = hashOf(body);
  if (!(await q.claimEvent(tx, org, { id_evento: body.id_evento, id_filial: body.id_filial, id_usuario: caller.id_usuario, tipo: body.tipo, hash }))) {
    const prior = await q.findEvent(tx, org, body.id_evento);
    if (!prior || prior.id_usuario !== caller.id_usuario || prior.id_filial !== body.id_filial || prior.hash_conteudo !== hash
      || prior.resultado === null) {
      throw new HttpError(409, CASHIER_MESSAGES.eventOtherShift);
    }
    return { ...(prior.resultado as CashierEventResult), duplicado: true };
  }
  const shift = body.tipo === CASHIER_EVENT.open
    ? await open(tx, caller, body, branch.id_empresa)
    : await onShift(tx, caller, body);
  const result: CashierEventResult = { id_evento: body.id_evento, tipo: body.tipo, duplicado: false, caixa: q.publicRow(shift) };
  await q.storeEventResult(tx, org, body.id_evento, result);
  return result;
}

async function cashMethod(tx: Tx, org: number): Promise<number | null> {
  return (await q.activeMethods(tx, org)).find((m) => isCash(m.meio_pagamento))?.id_meio_pagamento ?? null;
}

async function open(tx: Tx, caller: Caller, body: EventBody, id_empresa: number): Promise<q.Shift> {
  const org = caller.id_organization;
  if (await q.lockShiftByUuid(tx, org, body.uuid_caixa)) throw new HttpError(409, CASHIER_MESSAGES.eventOtherShift);
  const valor = fromDecimal(body.valor);
  const others = await q.openShifts(tx, org, body.id_filial, caller.id_usuario);
  const refused = openingError(valor, others.length, body.is_offline);
  if (refused) throw badRequest(refused);
  const duplicate = isDuplicateOpening(others.length);
  if (duplicate) await q.flagDuplicates(tx, org, body.id_filial, caller.id_usuario);
  const cash = await cashMethod(tx, org);
  if (valor > 0 && cash === null) throw badRequest(CASHIER_MESSAGES.noCashMethod);
  const id_caixa = await q.insertShift(tx, {
    org, uuid: body.uuid_caixa, id_empresa, id_filial: body.id_filial, id_usuario: caller.id_usuario, data: body.data, valor,
    is_offline: body.is_offline, is_duplicado: duplicate,
  });
  await q.insertOperation(tx, {
    org, id_caixa, id_filial: body.id_filial, id_usuario: caller.id_usuario, tipo: CASHIER_OPERATION.opening, data: body.data,
    observacao: body.observacao ?? null, id_evento: body.id_evento,
    lancamentos: valor > 0 && cash !== null ? [{ id_meio_pagamento: cash, valor }] : [],
  });
  await q.attachLooseOperations(tx, org, id_caixa, body.id_filial, caller.id_usuario, body.data);
  return (await q.lockShiftByUuid(tx, org, body.uuid_caixa))!;
}

/** Sangria, suprimento, count, close and reopen: on a shift of the caller's organization named by its UUID. */
async function onShift(tx: Tx, caller: Caller, body: EventBody): Promise<q.Shift> {
  const org = caller.id_organization;
  const shift = await q.lockShiftByUuid(tx, org, body.uuid_caixa);
  if (!shift || shift.id_filial !== body.id_filial) throw new HttpError(404, CASHIER_MESSAGES.notFound);
  if (body.tipo === CASHIER_EVENT.reopen) {
    if (!caller.ability.can('manage', CASHIER_PERMISSIONS.reopen)) throw forbidden();
    const refused = reopenError(shift);
    if (refused) throw badRequest(refused);
    if ((await q.openShifts(tx, org, shift.id_filial, shift.id_usuario)).length > 0) throw badRequest(CASHIER_MESSAGES.alreadyOpen);
    await q.reopenShift(tx, org, shift.id_caixa, body.data, caller.id_usuario);
    return (await q.lockShiftByUuid(tx, org, body.uuid_caixa))!;
  }
  if (body.tipo === CASHIER_EVENT.approve) {
    if (!caller.ability.can('manage', SUPERVISOR_PERMISSIONS.tillDifference)) throw forbidden();
    if (!shift.is_aguardando_autorizacao) throw badRequest(CASHIER_MESSAGES.notAwaitingApproval);
    await q.approveDifference(tx, org, shift.id_caixa, body.data, caller.id_usuario);
    return (await q.lockShiftByUuid(tx, org, body.uuid_caixa))!;
  }
  const refused = shiftUseError(shift, caller.id_usuario);
  if (refused) throw badRequest(refused);
  const valor = fromDecimal(body.valor);
  if (body.tipo === CASHIER_EVENT.supply || body.tipo === CASHIER_EVENT.withdrawal) {
    const cash = await cashMethod(tx, org);
    if (cash === null) throw badRequest(CASHIER_MESSAGES.noCashMethod);
    const expected = expectedByMethod(await q.ledger(tx, org, shift.id_caixa));
    const tipo = body.tipo === CASHIER_EVENT.supply ? CASHIER_OPERATION.supply : CASHIER_OPERATION.withdrawal;
    const error = movementError(tipo, valor, body.observacao, expected.get(cash) ?? 0);
    if (error) throw badRequest(error);
    await q.insertOperation(tx, {
      org, id_caixa: shift.id_caixa, id_filial: shift.id_filial, id_usuario: caller.id_usuario, tipo, data: body.data,
      observacao: body.observacao ?? null, id_evento: body.id_evento, lancamentos: [{ id_meio_pagamento: cash, valor }],
    });
  } else if (body.tipo === CASHIER_EVENT.count) {
    if (body.id_meio_pagamento == null) throw badRequest(CASHIER_MESSAGES.methodRequired);
    if (!(await q.activeMethods(tx, org)).some((m) => m.id_meio_pagamento === body.id_meio_pagamento)) {
      throw badRequest(CASHIER_MESSAGES.methodRequired);
    }
    const error = countError(valor);
    if (error) throw badRequest(error);
    await q.upsertCount(tx, org, shift.id_caixa, body.id_meio_pagamento, valor);
  } else if (body.tipo === CASHIER_EVENT.close) {
    const lines = verification(expectedByMethod(await q.ledger(tx, org, shift.id_caixa)), await q.counts(tx, org, shift.id_caixa));
    const settings = await q.branchSettings(tx, org, shift.id_filial);
    let id_autorizacao: number | null = null;
    let awaitingApproval = false;
    // A holder of the supervisor permission closes its own shift without asking anyone (as a discount above the limit).
    if (closingNeedsAuthorization(lines, settings.limite) && !caller.ability.can('manage', SUPERVISOR_PERMISSIONS.tillDifference)) {
      if (body.id_autorizacao != null) {
        const grant = await useAuthorization(tx, caller, body.id_autorizacao, SUPERVISOR_PERMISSIONS.tillDifference, DIFFERENCE_GRANT_ORIGIN,
          shift.uuid_caixa);
        id_autorizacao = grant.id_autorizacao;
      } else if (body.is_offline) {
        // Closed offline: no supervisor could be asked there. The shift closes (the cashier has left), and waits for
        // a supervisor's approval; online, the till asks for the grant before closing.
        awaitingApproval = true;
      } else {
        throw badRequest(CASHIER_MESSAGES.differenceNeedsAuthorization);
      }
    }
    await q.recordExpected(tx, org, shift.id_caixa, lines);
    await q.closeShift(tx, org, shift.id_caixa, body.data, caller.id_usuario, id_autorizacao, awaitingApproval);
  } else {
    throw badRequest(CASHIER_MESSAGES.unknownEvent);
  }
  return (await q.lockShiftByUuid(tx, org, body.uuid_caixa))!;
}

/** The sale's facts the shift ledger needs (amounts in centavos). */
export interface SaleFacts {
  org: number;
  id_filial: number;
  id_usuario: number;
  /** When the till finished the sale (its clock): the shift open then gets it. */
  data: string;
  id_operacao: string;
  id_pedido: number | null;
  id_nota_fiscal: number | null;
  id_pessoa: number | null;
  pagamentos: ReadonlyArray<{ id_meio_pagamento: number; valor: number; meio_pagamento: string }>;
  troco: number;
}

/**
 * POST /api/operacao with forcar_controle_caixa: why the sale is refused (null: it may go on). The shift is the user's
 * one open at the sale's time (an offline sale arriving after its shift closed still belongs to it).
 */
export async function saleShiftRefusal(tx: Tx, org: number, id_filial: number, id_usuario: number, data: string): Promise<string | null> {
  const settings = await q.branchSettings(tx, org, id_filial);
  if (!settings.forcar_controle_caixa && !settings.forcar_controle_diario_caixa) return null;
  const shift = await q.shiftAt(tx, org, id_filial, id_usuario, data);
  // The shift found was open at the sale's time, whatever it is now.
  return saleShiftError(settings, shift && { ...shift, situacao: CASHIER_STATUS.open }, data, branchOffset(settings.fuso_horario));
}

/**
 * A sale enters the ledger of the user's shift open at its time; with none known yet (its opening still in an offline
 * till's outbox) it waits unattached and the opening takes it (attachLooseOperations).
 */
export async function recordSale(tx: Tx, s: SaleFacts): Promise<void> {
  await recordTillMoney(tx, s, CASHIER_OPERATION.sale);
}

/**
 * Receivables paid at the till (mode Recebimento): the money taken, less the change, enters the ledger of the user's
 * shift open at its time, as a sale's does (the Z report lists it apart).
 */
export async function recordReceipt(tx: Tx, s: SaleFacts): Promise<void> {
  await recordTillMoney(tx, s, CASHIER_OPERATION.receipt);
}

async function recordTillMoney(tx: Tx, s: SaleFacts, tipo: typeof CASHIER_OPERATION.sale | typeof CASHIER_OPERATION.receipt): Promise<void> {
  const cash = new Set(s.pagamentos.filter((p) => isCash(p.meio_pagamento)).map((p) => p.id_meio_pagamento));
  const lancamentos = saleLaunches(s.pagamentos, s.troco, cash);
  const shift = await q.shiftAt(tx, s.org, s.id_filial, s.id_usuario, s.data);
  await q.insertOperation(tx, {
    org: s.org, id_caixa: shift?.id_caixa ?? null, id_filial: s.id_filial, id_usuario: s.id_usuario, tipo,
    data: s.data, observacao: null, id_operacao: s.id_operacao, id_pedido: s.id_pedido, id_nota_fiscal: s.id_nota_fiscal,
    id_pessoa: s.id_pessoa, lancamentos,
  });
}
