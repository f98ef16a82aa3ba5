/**
 * The person form's addresses as pure steps (002 §3 Person, Address): a new address takes the default label
 * 'Endereço Padrão' and is the main one when it is the first; exactly one live address is the main (choosing one
 * clears the others; removing the main passes it to the first left). A stored address removed is sent with
 * is_excluido, so the server tombstones it.
 */
import { DEFAULT_ADDRESS_LABEL } from '@pdv/domain/person';

export interface AddressValues {
  id_pessoa_endereco?: number;
  tipo?: string | null;
  descricao?: string | null;
  is_principal?: boolean;
  nome?: string | null;
  cep?: string | null;
  endereco?: string | null;
  numero?: string | null;
  complemento?: string | null;
  bairro?: string | null;
  cidade?: string | null;
  uf?: string | null;
  telefone?: string | null;
  is_excluido?: boolean;
}

export function addressRows(value: unknown): AddressValues[] {
  return Array.isArray(value) ? (value as AddressValues[]) : [];
}

const live = (rows: readonly AddressValues[]) => rows.filter((r) => r.is_excluido !== true);

export function addAddress(rows: readonly AddressValues[]): AddressValues[] {
  const first = live(rows).length === 0;
  return [...rows, { descricao: live(rows).length === 0 ? DEFAULT_ADDRESS_LABEL : '', is_principal: first, cep: '', endereco: '', numero: '', bairro: '', cidade: '', uf: '' }];
}

export function editAddress(rows: readonly AddressValues[], index: number, change: Partial<AddressValues>): AddressValues[] {
  return rows.map((r, i) => (i === index ? { ...r, ...change } : r));
}

export function setMainAddress(rows: readonly AddressValues[], index: number): AddressValues[] {
  return rows.map((r, i) => ({ ...r, is_principal: i === index && r.is_excluido !== true }));
}

export function removeAddress(rows: readonly AddressValues[], index: number): AddressValues[] {
  const target = rows[index];
  if (!target) return [...rows];
  const next = target.id_pessoa_endereco !== undefined
    ? rows.map((r, i) => (i === index ? { ...r, is_excluido: true, is_principal: false } : r))
    : rows.filter((_, i) => i !== index);
  if (target.is_principal === true) {
    const firstLive = next.findIndex((r) => r.is_excluido !== true);
    return firstLive < 0 ? next : setMainAddress(next, firstLive);
  }
  return next;
}
