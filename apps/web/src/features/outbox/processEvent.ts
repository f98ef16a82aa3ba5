/**
 * The `process` socket event (000 §4.1, §7.1, §8): the server's report on an operation, emitted to the branch room
 * after POST /api/operacao commits. For an operation of this device it settles the local state even when the answer
 * to the send was lost (a closed tab, a time-out): a report without errors makes it Processado with the server's
 * ids; a report with errors sends it back to Pendente with the message "Falha ao processar a operação numero: {id}."
 * (an operation being edited on /operation-order or /operation-invoice stays in edit). Reports about other devices'
 * operations change nothing here; the stock they moved comes with the stock sync the event also starts.
 */
import { operacaoResult, type OperacaoResult } from '@pdv/contract/operation';
import { MESSAGES } from '@pdv/domain/messages';
import { applyServerReport } from '@pdv/domain/operation-state';
import { procedure, runProcedure, type LocalStore, type LocalTx, type TxRun } from '../../localdb/transaction.ts';
import { OPERATION_TABLE } from './operations.ts';
import type { StoredOperation } from './types.ts';

export type ProcessOutcome = 'processed' | 'pending' | 'unchanged' | 'not-local';

interface ErrorReport {
  id_operacao: string;
  erros: string[];
  nsu: number | null;
}

/** A report with errors: { id_operacao, erros | erro | message }. */
function errorsOf(payload: unknown): ErrorReport | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const p = payload as Record<string, unknown>;
  if (typeof p['id_operacao'] !== 'string') return null;
  const list = Array.isArray(p['erros']) ? p['erros'].filter((e): e is string => typeof e === 'string') : [];
  const single = [p['erro'], p['message']].filter((e): e is string => typeof e === 'string' && e.trim() !== '');
  const erros = [...list, ...single];
  if (erros.length === 0) return null;
  return { id_operacao: p['id_operacao'], erros, nsu: typeof p['nsu'] === 'number' ? p['nsu'] : null };
}

/** Whether the screen open edits an operation (it then stays in edit when a report with errors comes). */
export function editingScreenOpen(pathname = globalThis.location?.pathname ?? ''): boolean {
  return /^\/operation-(order|invoice)(\/|$)/.test(pathname);
}

/** Settles the local operation `id` with the server's report: its result, or the errors it reported. */
export const processReportProcedure = procedure(
  'outbox.processReport',
  'rw',
  [OPERATION_TABLE],
  function* (t: LocalTx, id: string, result: OperacaoResult | null, failure: ErrorReport | null, editing: boolean, now: string): TxRun<ProcessOutcome> {
    const current = yield* t.get<StoredOperation>(OPERATION_TABLE, id);
    if (!current) return 'not-local';
    // A refused operation the user replaced or cancelled is closed: no report sends it again (refused.ts).
    if (current.encerramento) return 'unchanged';
    let next: StoredOperation;
    if (result) {
      next = applyServerReport(current, { erros: [] }, editing);
      if (next === current) return 'unchanged';
      next = { ...next, resultado: result, nsu: result.nsu, id_pedido: result.id_pedido, id_nota_fiscal: result.id_nota_fiscal };
    } else {
      const report = failure ?? { id_operacao: id, erros: [], nsu: null };
      const title = MESSAGES.processFailed(report.nsu ?? current.nsu ?? id);
      next = applyServerReport(current, { erros: [title, ...report.erros] }, editing);
    }
    yield* t.put(OPERATION_TABLE, { ...next, atualizado_em: now });
    return next.situacao === 'Processado' ? 'processed' : next.situacao === 'Pendente' ? 'pending' : 'unchanged';
  },
);

export const PROCESS_EVENT_PROCEDURES = [processReportProcedure] as const;

/** Applies a `process` event's payload to the local operation it is about. */
export async function applyProcessEvent(
  db: LocalStore,
  payload: unknown,
  isEditing: () => boolean = () => editingScreenOpen(),
): Promise<ProcessOutcome> {
  const ok = operacaoResult.safeParse(payload);
  const failure = ok.success ? null : errorsOf(payload);
  const id = ok.success ? ok.data.id_operacao : failure?.id_operacao;
  if (id === undefined) return 'unchanged';
  const result: OperacaoResult | null = ok.success ? ok.data : null;
  return runProcedure(db, processReportProcedure, id, result, failure, isEditing(), new Date().toISOString());
}
