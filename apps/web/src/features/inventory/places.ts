/**
 * What the counting screen lists: one row per (variation, address) counted, with this device's line and the total of
 * every phone's lines (this device's as counted here, the others' as the server last sent them).
 */
import { quantityFromDecimal, type Milli } from '@pdv/domain/money';
import type { LocalRow } from '../../db/database.ts';
import type { LocalCount } from './countStore.ts';

export interface CountedPlace {
  key: string;
  id_produto_grade_filial: number;
  id_endereco_estoque: number;
  descricao: string;
  endereco: string;
  /** This device's live line of the place, if any. */
  mine: LocalCount | null;
  /** Every phone's count of the place. */
  total: Milli;
  /** Lines of other phones in the total. */
  others: number;
  pending: boolean;
  /** The latest count here (orders the list: the last counted first). */
  changed: number;
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');
const num = (v: unknown) => (typeof v === 'number' ? v : typeof v === 'string' && v !== '' ? Number(v) : 0);

export function countedPlaces(mine: readonly LocalCount[], server: readonly LocalRow[]): CountedPlace[] {
  const places = new Map<string, CountedPlace>();
  const place = (g: number, a: number, descricao: string, endereco: string) => {
    const key = `${g}:${a}`;
    let p = places.get(key);
    if (!p) {
      p = { key, id_produto_grade_filial: g, id_endereco_estoque: a, descricao, endereco, mine: null, total: 0, others: 0, pending: false, changed: 0 };
      places.set(key, p);
    }
    return p;
  };
  const own = new Set(mine.map((l) => l.uuid));
  for (const line of mine) {
    if (line.situacao === 'Excluido') continue;
    const p = place(line.id_produto_grade_filial, line.id_endereco_estoque, line.descricao_produto, line.descricao_endereco_estoque);
    p.mine = line;
    p.total += line.quantidade;
    p.pending ||= line.situacao !== 'Sincronizado';
    p.changed = Math.max(p.changed, line.data_alteracao);
  }
  for (const row of server) {
    if (row['data_exclusao'] || own.has(String(row['uuid']))) continue;
    const p = place(num(row['id_produto_grade_filial']), num(row['id_endereco_estoque']), text(row['descricao_produto']),
      text(row['descricao_endereco_estoque']));
    p.total += quantityFromDecimal(num(row['quantidade']));
    p.others += 1;
  }
  return [...places.values()].sort((a, b) => b.changed - a.changed || a.descricao.localeCompare(b.descricao));
}
