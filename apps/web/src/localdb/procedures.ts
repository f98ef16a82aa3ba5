/**
 * The procedures the local copy's worker can run (client.transact names one; functions cannot be posted). Every
 * procedure the page runs on the SQLite copy is listed here, and so bundled into the worker.
 */
import { CATALOG_PROCEDURES } from '../features/checkout/catalogProcedures.ts';
import { OPERATION_PROCEDURES } from '../features/outbox/operations.ts';
import { OUTBOX_PROCEDURES } from '../features/outbox/outbox.ts';
import { PROCESS_EVENT_PROCEDURES } from '../features/outbox/processEvent.ts';
import { REFUSED_PROCEDURES } from '../features/outbox/refused.ts';
import type { AnyProcedure } from './transaction.ts';

export type ProcedureRegistry = ReadonlyMap<string, AnyProcedure>;

export function procedureRegistry(procedures: readonly AnyProcedure[]): ProcedureRegistry {
  const registry = new Map<string, AnyProcedure>();
  for (const procedure of procedures) {
    if (registry.has(procedure.name)) throw new Error(`Procedimento da cópia local repetido: ${procedure.name}.`);
    registry.set(procedure.name, procedure);
  }
  return registry;
}

/** The app's procedures. */
export const PROCEDURES: ProcedureRegistry = procedureRegistry([...OPERATION_PROCEDURES, ...OUTBOX_PROCEDURES, ...PROCESS_EVENT_PROCEDURES, ...REFUSED_PROCEDURES, ...CATALOG_PROCEDURES]);
