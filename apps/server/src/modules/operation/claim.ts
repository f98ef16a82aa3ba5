/**
 * The claim of an operation's UUID, first thing in POST /api/operacao's transaction (service.ts). The claim row holds
 * who sent the operation (branch, user) and the SHA-256 of its meaningful content (packages/domain/src/operation-content.ts).
 * When the UUID was already claimed in the organization (an earlier or a parallel request that committed):
 *
 * - by another user or another branch: 409, and nothing of the first operation is shown;
 * - by the same caller with the same content: the first answer, duplicado: true (a resend after a time-out or a crash);
 * - by the same caller with other content (other lines, quantities, prices, discounts, payments or amounts): 409, and
 *   nothing is written (the transaction ends with the error; the conflicting claim inserted nothing);
 * - claimed before the hash was kept (migration 015; hash NULL): the content cannot be compared, so the same caller
 *   gets the stored answer, as before. Those are operations the outbox finished before the update: their replays are
 *   its resends of the same stored operation.
 */
import { createHash } from 'node:crypto';
import type { OperacaoResult } from '@pdv/contract/operation';
import { OPERATION_REPLAY_MESSAGES, operationContentHash, type ContentBody } from '@pdv/domain/operation-content';
import type { Tx } from '../../db/database.ts';
import { HttpError } from '../../http/errors.ts';
import type { Caller } from '../auth/caller.ts';
import * as q from './queries.ts';

const sha256 = (data: Uint8Array) => Promise.resolve(createHash('sha256').update(data).digest());

interface ClaimedBody extends ContentBody {
  id_operacao: string;
  id_filial: number;
}

/** What a replay gets from the stored claim: the first answer, or the 409's message. */
export function replayAnswer(
  claim: q.Claim,
  replay: { id_filial: number; id_usuario: number; hash_conteudo: string },
): { ok: true; result: OperacaoResult } | { ok: false; message: string } {
  if (claim.id_filial !== replay.id_filial || claim.id_usuario !== replay.id_usuario) {
    return { ok: false, message: OPERATION_REPLAY_MESSAGES.otherCaller };
  }
  if (claim.hash_conteudo !== null && claim.hash_conteudo !== replay.hash_conteudo) {
    return { ok: false, message: OPERATION_REPLAY_MESSAGES.otherContent };
  }
  if (claim.resultado === null || typeof claim.resultado !== 'object') return { ok: false, message: OPERATION_REPLAY_MESSAGES.noResult };
  return { ok: true, result: { ...(claim.resultado as OperacaoResult), duplicado: true } };
}

/**
 * Claims the body's UUID for the caller. Null: claimed now, the operation goes on. An answer: the UUID was claimed
 * before and this is the same operation sent again. Throws 409 for a replay that is not (see the header).
 */
export async function claimOperation(tx: Tx, caller: Caller, body: ClaimedBody): Promise<OperacaoResult | null> {
  const org = caller.id_organization;
  const hash_conteudo = await operationContentHash(body, sha256);
  const replay = { id_filial: body.id_filial, id_usuario: caller.id_usuario, hash_conteudo };
  if (await q.claimOperation(tx, org, { ...replay, id_operacao: body.id_operacao, modo_operacao: body.modo_operacao })) return null;
  const claim = await q.findClaim(tx, org, body.id_operacao);
  // The insert found a committed row, so it is there; null only if it vanished since (nothing deletes claims).
  const answer = claim ? replayAnswer(claim, replay) : { ok: false as const, message: OPERATION_REPLAY_MESSAGES.noResult };
  if (!answer.ok) throw new HttpError(409, answer.message);
  return answer.result;
}
