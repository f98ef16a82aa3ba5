/**
 * The quick save of a customer with the network off (F6): the customer is kept in this device's local copy under a
 * temporary negative id, with what the quick form checked and a UUID of this till for it (cadastro_rapido). It can be
 * searched and picked at once, for this sale and the next ones; each sale carries it to the server as cliente_rapido
 * (POST /api/operacao finds the person by that UUID or its CPF/CNPJ, or creates it, in the sale's transaction). Once a
 * sale of it is processed the temporary row goes: the people sync brings the real one.
 */
import type { ClienteRapido } from '@pdv/contract/operation';
import { quickCustomerBody as quickSchema, type QuickCustomerBody } from '@pdv/contract/quick-customer';
import type { LocalRow, LocalCopy } from '../../db/localCopy.ts';

/** The member of a temporary people row holding what the server gets (cliente_rapido). */
const SAVED = 'cadastro_rapido';

/** The customer quick-saved offline that a local people row stands for (null: a row the server sent). */
export function offlineCustomerOf(row: LocalRow): ClienteRapido | null {
  const saved = row[SAVED];
  if (typeof row['id_pessoa'] !== 'number' || row['id_pessoa'] >= 0 || typeof saved !== 'object' || saved === null) return null;
  return saved as ClienteRapido;
}

/** Keeps a checked quick-save body in the local copy; answers the temporary row and what the sale will carry. */
export async function saveOfflineCustomer(db: LocalCopy, cadastro: QuickCustomerBody): Promise<{ row: LocalRow; rapido: ClienteRapido }> {
  const parsed = quickSchema.parse(cadastro);
  const rapido: ClienteRapido = { uuid: crypto.randomUUID(), cadastro };
  const table = db.rows('people');
  return db.transaction('rw', [table], async () => {
    // Below every id the server gives (positive) and every temporary one already here.
    const lowest = (await table.orderBy('id_pessoa').first())?.['id_pessoa'];
    const id = Math.min(-1, typeof lowest === 'number' ? lowest - 1 : -1);
    const address = parsed.endereco ?? null;
    const row: LocalRow = {
      id_pessoa: id, nome: parsed.nome, tipo: parsed.tipo, cpf: parsed.cpf ?? null, cnpj: parsed.cnpj ?? null,
      telefone: parsed.telefone ?? null, email: parsed.email ?? null, is_cliente: true, situacao: 'Ativo',
      ...(address ? { cep: address.cep ?? null, endereco: address.endereco ?? null, numero: address.numero ?? null,
        bairro: address.bairro ?? null, cidade: address.cidade ?? null, uf: address.uf ?? null } : {}),
      [SAVED]: rapido,
    };
    await table.put(row);
    return { row, rapido };
  });
}

/** Removes the temporary row of a customer quick-saved offline (its sale reached the server). */
export async function forgetOfflineCustomer(db: LocalCopy, uuid: string): Promise<void> {
  const table = db.rows('people');
  await table.where('id_pessoa').below(0).filter((row) => offlineCustomerOf(row)?.uuid === uuid).delete();
}
