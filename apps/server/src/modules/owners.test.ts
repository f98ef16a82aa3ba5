/**
 * One owner for each balance's writes (stock, receivables, customer credit, gift cards) and for products: only the owner module's
 * files may INSERT, UPDATE or DELETE its tables; every other module calls the owner's service. The rules that keep a
 * balance right (conditional UPDATE or row lock, one movement per change, the negative-stock rule) then live once.
 * Migrations, the demo seed, tests and test rigs may write the tables directly.
 */
import { describe, expect, it } from 'vitest';
import { serverSources } from '../testing/sources.ts';

/** Table -> the folder (under apps/server/src) of its owner. */
const OWNERS: Readonly<Record<string, string>> = {
  estoque: 'modules/stock/',
  movimentacao_estoque: 'modules/stock/',
  documento_estoque: 'modules/stock/',
  documento_estoque_item: 'modules/stock/',
  documento_financeiro: 'modules/finance/',
  documento_financeiro_lancamento: 'modules/finance/',
  conta_bancaria_lancamento: 'modules/finance/',
  // Boletos, their remessas and processed retornos (001 §7 /demand): the finance module's boletos.ts.
  boleto: 'modules/finance/',
  boleto_remessa: 'modules/finance/',
  boleto_retorno: 'modules/finance/',
  boleto_email: 'modules/finance/',
  boleto_reserva: 'modules/finance/',
  // Bank conciliation lines (imported OFX statements): the finance module's reconciliation.ts.
  conta_conciliacao: 'modules/finance/',
  pessoa_conta_corrente: 'modules/credit/',
  pessoa_conta_historico: 'modules/credit/',
  // The customer's cashback and its ledger (migration 048).
  pessoa_cashback: 'modules/cashback/',
  pessoa_cashback_lancamento: 'modules/cashback/',
  vale_credito: 'modules/giftcard/',
  // Till shifts: the sale side calls the cashier's recordSale.
  caixa: 'modules/cashier/',
  caixa_operacao: 'modules/cashier/',
  caixa_operacao_lancamento: 'modules/cashier/',
  caixa_apuracao: 'modules/cashier/',
  caixa_evento: 'modules/cashier/',
  vale_credito_movimentacao: 'modules/giftcard/',
  // Inventories and their counted lines: the inventory module (its adjustments go through the stock owner).
  inventario: 'modules/inventory/',
  inventario_item: 'modules/inventory/',
  // Products and their children: the catalog module's product service (product-service.ts).
  produto: 'modules/catalog/',
  produto_grade: 'modules/catalog/',
  produto_grade_filial: 'modules/catalog/',
  produto_grade_atributo: 'modules/catalog/',
  produto_unidade_logistica: 'modules/catalog/',
  produto_codigo_barra: 'modules/catalog/',
};

/** Schema, demo data and test support (tests themselves are never scanned). */
const EXEMPT_DIRS = ['db/migrations/', 'seed/', 'testing/'];
/** Test rigs that set stock levels before a scenario runs, as the seed does (not a product path). */
const TEST_RIGS: ReadonlySet<string> = new Set(['reliability/fuzz-fixtures.ts', 'reliability/restart-rig.ts']);

const WRITE = /\b(INSERT\s+INTO|UPDATE|DELETE\s+FROM|MERGE\s+INTO|TRUNCATE(?:\s+TABLE)?)\s+(?:ONLY\s+)?(?:"?public"?\s*\.\s*)?"?([a-z_][a-z0-9_]*)"?/gi;

interface Write {
  table: string;
  verb: string;
  owner: string;
}

/** The writes of owned tables in a source text. */
function ownedWrites(text: string): Write[] {
  const found: Write[] = [];
  for (const m of text.matchAll(WRITE)) {
    const table = (m[2] ?? '').toLowerCase();
    const owner = OWNERS[table];
    if (owner !== undefined) found.push({ table, verb: (m[1] ?? '').replace(/\s+/g, ' ').toUpperCase(), owner });
  }
  return found;
}

const plain = (writes: Write[]) => writes.map(({ table, verb }) => ({ table, verb }));

const scanned = serverSources().filter((f) => !EXEMPT_DIRS.some((d) => f.path.startsWith(d)) && !TEST_RIGS.has(f.path));

describe('owned tables', () => {
  it('recognizes writes of owned tables, on one line or several, and ignores reads and look-alike names', () => {
    expect(plain(ownedWrites(`UPDATE estoque SET quantidade = 1`))).toEqual([{ table: 'estoque', verb: 'UPDATE' }]);
    expect(plain(ownedWrites(`INSERT INTO\n   movimentacao_estoque (a) VALUES (1)`))).toEqual([{ table: 'movimentacao_estoque', verb: 'INSERT INTO' }]);
    expect(plain(ownedWrites(`delete from public.vale_credito where x`))).toEqual([{ table: 'vale_credito', verb: 'DELETE FROM' }]);
    expect(plain(ownedWrites(`UPDATE "documento_financeiro" SET saldo = 0`))).toEqual([{ table: 'documento_financeiro', verb: 'UPDATE' }]);
    expect(ownedWrites(`SELECT * FROM estoque FOR UPDATE`)).toEqual([]);
    expect(ownedWrites(`UPDATE endereco_estoque SET codigo = 'A'; UPDATE estoque_reserva SET x = 1`)).toEqual([]);
    expect(ownedWrites(`INSERT INTO pedido (a) VALUES (1) ON CONFLICT DO UPDATE SET a = 2`)).toEqual([]);
  });

  it('are written only by their owner module', () => {
    const strays = scanned.flatMap((f) =>
      ownedWrites(f.text)
        .filter((w) => !f.path.startsWith(w.owner))
        .map((w) => `${f.path}: ${w.verb} ${w.table} (owner: ${w.owner})`));
    expect(strays, 'call the owner module\'s service instead of writing its table').toEqual([]);
  });

  it('are written by their owner (the scan sees the real SQL)', () => {
    for (const [table, owner] of Object.entries(OWNERS)) {
      const writers = scanned.filter((f) => f.path.startsWith(owner) && ownedWrites(f.text).some((w) => w.table === table));
      expect(writers.length, `${table} in ${owner}`).toBeGreaterThan(0);
    }
  });
});
