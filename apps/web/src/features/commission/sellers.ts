/** The organization's sellers from the local copy (user rows marked is_vendedor, live), by name: the commission screens' choices. */
import { localDb } from '../../db/database.ts';
import { useLiveQuery } from '../../db/useLiveQuery.ts';

export interface SellerOption {
  id_usuario: number;
  nome: string;
}

const readUsers = () => localDb().rows('user').toArray();

export function useSellers(): SellerOption[] {
  const rows = useLiveQuery(readUsers, []);
  return rows
    .filter((r) => !r['data_exclusao'] && r['is_vendedor'] === true)
    .map((r) => ({ id_usuario: Number(r['id_usuario']), nome: typeof r['nome'] === 'string' ? r['nome'] : `Usuário ${String(r['id_usuario'])}` }))
    .sort((a, b) => a.nome.localeCompare(b.nome, 'pt-BR'));
}
