/**
 * A manager's store credit to a customer (POST /people_account_history/create without a return invoice): the server
 * wants a reason and a supervisor's grant of SUPERVISOR_PERMISSIONS.managerCredit, so the modal asks for it first.
 * Resolves null when the supervisor step is cancelled. A return's credit (with id_nota_fiscal) needs no grant.
 */
import type { BodyOf, ResultOf } from '@pdv/contract/routes';
import { SUPERVISOR_PERMISSIONS } from '@pdv/domain/permissions';
import { call } from '../../api/client.ts';

type Ask = (permission: string, purpose?: { origem?: string | null; id_origem?: string | null; observacao?: string | null }) => Promise<number | null>;
export type ManagerCredit = { id_pessoa: number; valor: number; observacao: string };

export async function createManagerCredit(
  ask: Ask, credit: ManagerCredit,
  send: (body: BodyOf<'peopleAccountHistoryCreate'>) => Promise<ResultOf<'peopleAccountHistoryCreate'>> = (body) => call('peopleAccountHistoryCreate', body),
): Promise<ResultOf<'peopleAccountHistoryCreate'> | null> {
  const id_autorizacao = await ask(SUPERVISOR_PERMISSIONS.managerCredit, {
    origem: 'people_account_history', id_origem: String(credit.id_pessoa), observacao: credit.observacao,
  });
  if (id_autorizacao === null) return null;
  return send({ ...credit, operacao: 'Entrada', id_autorizacao });
}
