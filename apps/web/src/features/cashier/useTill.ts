/**
 * The cashier screen's actions over the till's event outbox (tillEvents.ts): each one queues its event, sends the
 * queue when online and reports the server's refusal; a close refused for its difference asks a supervisor
 * (FncAutorizarDiferencaCaixa) and goes again with the grant.
 */
import { useCallback, useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { CASHIER_EVENT, CASHIER_MESSAGES } from '@pdv/domain/cashier';
import { SUPERVISOR_PERMISSIONS } from '@pdv/domain/permissions';
import { toast } from '../../ui/toast.ts';
import { showWarning } from '../../ui/warning.tsx';
import { useSignedIn } from '../auth/sessionContext.ts';
import {
  CHANGED_EVENT, flushCashierEvents, localShift, pendingEvents, queueEvent, sendCashierEvent, syncLocalShift, type CashierEventBody, type LocalShift,
} from './tillEvents.ts';

const online = () => globalThis.navigator?.onLine ?? true;

/** What `run` answers for an event left in the queue (no answer from the server yet). */
const QUEUED = '';

export function useTill(ask: (permission: string, purpose?: { origem?: string; id_origem?: string }) => Promise<number | null>) {
  const { session } = useSignedIn();
  const id_usuario = session.usuario.id_usuario;
  const id_filial = session.usuario.id_filial_ativa;
  const queryClient = useQueryClient();
  const [shift, setShift] = useState<LocalShift | null>(() => localShift(id_usuario, id_filial));
  const [pending, setPending] = useState(() => pendingEvents(id_usuario).length);

  // The local shift moved (an event queued or answered, also by the outbox loop once back online): the lists follow.
  const reread = useCallback(() => {
    setShift(localShift(id_usuario, id_filial));
    setPending(pendingEvents(id_usuario).length);
    void queryClient.invalidateQueries({ queryKey: ['cashierFind'] });
  }, [id_usuario, id_filial, queryClient]);

  useEffect(() => {
    globalThis.addEventListener(CHANGED_EVENT, reread);
    globalThis.addEventListener('online', reread);
    void syncLocalShift(id_usuario, id_filial).then(reread, () => undefined);
    return () => {
      globalThis.removeEventListener(CHANGED_EVENT, reread);
      globalThis.removeEventListener('online', reread);
    };
  }, [id_usuario, id_filial, reread]);

  /** Queues the event and sends the queue; answers the refusal's message, or null (sent or left pending). */
  const run = useCallback(async (fields: Omit<CashierEventBody, 'id_evento' | 'data' | 'is_offline' | 'id_filial'>): Promise<string | null> => {
    const body = queueEvent(id_usuario, { ...fields, id_filial });
    reread();
    if (!online()) {
      toast.warning(CASHIER_MESSAGES.queued);
      return QUEUED;
    }
    const result = await flushCashierEvents(sendCashierEvent, id_usuario);
    const refused = result.refused.find((r) => r.body.id_evento === body.id_evento);
    if (result.refused.length > 0) await syncLocalShift(id_usuario, id_filial).catch(() => undefined);
    reread();
    await queryClient.invalidateQueries({ queryKey: ['cashierFind'] });
    await queryClient.invalidateQueries({ queryKey: ['cashierFindById'] });
    if (result.pending > 0) {
      toast.warning(CASHIER_MESSAGES.queued);
      return QUEUED;
    }
    return refused?.message ?? null;
  }, [id_filial, id_usuario, queryClient, reread]);

  // Queued (offline): done for the screen, the warning toast already said it waits.
  const report = async (message: string | null, success: string): Promise<boolean> => {
    if (message === QUEUED) return true;
    if (message) {
      await showWarning(message);
      return false;
    }
    toast.success(success);
    return true;
  };

  return {
    shift,
    pending,
    id_usuario,
    id_filial,
    usuario: session.usuario.nome,
    open: async (valor: number, observacao: string | null) =>
      report(await run({ tipo: CASHIER_EVENT.open, uuid_caixa: crypto.randomUUID(), valor: valor / 100, observacao }), CASHIER_MESSAGES.opened),
    movement: async (uuid_caixa: string, tipo: 'Sangria' | 'Suprimento', valor: number, observacao: string) =>
      report(await run({ tipo, uuid_caixa, valor: valor / 100, observacao }), CASHIER_MESSAGES.registered),
    count: async (uuid_caixa: string, id_meio_pagamento: number, valor: number) =>
      report(await run({ tipo: CASHIER_EVENT.count, uuid_caixa, id_meio_pagamento, valor: valor / 100 }), CASHIER_MESSAGES.registered),
    close: async (uuid_caixa: string): Promise<boolean> => {
      const refused = await run({ tipo: CASHIER_EVENT.close, uuid_caixa });
      if (refused !== CASHIER_MESSAGES.differenceNeedsAuthorization) return report(refused, CASHIER_MESSAGES.closed);
      await showWarning(refused);
      const id_autorizacao = await ask(SUPERVISOR_PERMISSIONS.tillDifference, { origem: 'caixa', id_origem: uuid_caixa });
      if (id_autorizacao === null) return false;
      return report(await run({ tipo: CASHIER_EVENT.close, uuid_caixa, id_autorizacao }), CASHIER_MESSAGES.closed);
    },
    reopen: async (uuid_caixa: string) => report(await run({ tipo: CASHIER_EVENT.reopen, uuid_caixa }), CASHIER_MESSAGES.opened),
    /** A supervisor approves the difference of a shift closed offline (online: it is another user's shift). */
    approve: async (uuid_caixa: string) => report(await run({ tipo: CASHIER_EVENT.approve, uuid_caixa }), CASHIER_MESSAGES.approved),
  };
}

/** The point of sale reads the user's open shift from the server on arrival (online), for tillSaleError offline later. */
export function useTillSync(): void {
  const { session } = useSignedIn();
  const id_usuario = session.usuario.id_usuario;
  const id_filial = session.usuario.id_filial_ativa;
  useEffect(() => {
    syncLocalShift(id_usuario, id_filial).catch(() => undefined);
  }, [id_usuario, id_filial]);
}
