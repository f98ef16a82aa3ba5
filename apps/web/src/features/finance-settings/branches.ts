/** The organization's branches a financial setting may name: the local copy's (synced), else the signed-in user's. */
import { localDb } from '../../db/database.ts';
import { useLiveQuery } from '../../db/useLiveQuery.ts';
import { useSignedIn } from '../auth/sessionContext.ts';

export interface BranchOption {
  id_filial: number;
  nome: string;
}

const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
const nameOf = (b: Record<string, unknown>) => text(b['nome_fantasia']) ?? text(b['razao_social']) ?? `Filial ${Number(b['id_filial'])}`;

/** Every branch once, by id, with the ids the record already names (a branch not in the lists shows by its id). */
export function mergeBranches(lists: ReadonlyArray<ReadonlyArray<Record<string, unknown>>>, named: readonly number[]): BranchOption[] {
  const byId = new Map<number, BranchOption>();
  for (const list of lists) {
    for (const b of list) {
      const id = Number(b['id_filial']);
      if (Number.isInteger(id) && !byId.has(id) && !b['data_exclusao']) byId.set(id, { id_filial: id, nome: nameOf(b) });
    }
  }
  for (const id of named) if (!byId.has(id)) byId.set(id, { id_filial: id, nome: `Filial ${id}` });
  return [...byId.values()].sort((a, b) => a.id_filial - b.id_filial);
}

/** A module function: stable for useLiveQuery. */
const readBranches = () => localDb().rows('branch').toArray();

export function useBranchOptions(named: readonly number[]): BranchOption[] {
  const { session } = useSignedIn();
  const local = useLiveQuery(readBranches, []);
  return mergeBranches([local, session.usuario.filiais], named);
}
