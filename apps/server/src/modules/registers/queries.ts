/**
 * The SQL of every register, built from its descriptor (packages/contract/src/registers). Identifiers come from the
 * descriptors (code, never a request); values are always parameters. Rows are the organization's (and the caller's
 * active branch's for a branch-scoped register), live ones only (data_exclusao IS NULL); delete is a tombstone.
 */
import { REGISTER_MESSAGES, rowColumns, writableColumns, type FieldDef, type RegisterDescriptor } from '@pdv/contract/registers/descriptor';
import { registerByName } from '@pdv/contract/registers/index';
import type { Tx } from '../../db/database.ts';
import { containsPattern } from '../../db/rows.ts';
import { sameText } from '@pdv/domain/same-text';
import { badRequest } from '../../http/errors.ts';

export interface Scope {
  id_organization: number;
  id_filial: number;
}

export interface FindQuery {
  search: string;
  filter: Record<string, string | number | boolean | null>;
  skip: number;
  take: number;
  column?: string | undefined;
  order?: string | undefined;
}

type Row = Record<string, unknown>;

const NUMERIC_KINDS = new Set<FieldDef['kind']>(['money', 'percent', 'quantity']);
const TEXT_KINDS = new Set<FieldDef['kind']>(['text', 'digits', 'email', 'phone', 'cep', 'color', 'cpf', 'cnpj', 'enum']);

const stamp = (c: string) => `to_char(${c} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS ${c}`;

/** A column as the wire carries it: numeric as a JSON number, a date as YYYY-MM-DD. */
function selectColumn(d: RegisterDescriptor, column: string): string {
  const field = d.fields[column];
  if (field && NUMERIC_KINDS.has(field.kind)) return `${column}::float8 AS ${column}`;
  if (field?.kind === 'date') return `to_char(${column}, 'YYYY-MM-DD') AS ${column}`;
  return column;
}

/** The SELECT list of a register's rows (also its sync source's columns). */
export function selectList(d: RegisterDescriptor): string {
  return [...rowColumns(d).map((c) => selectColumn(d, c)), stamp('data_cadastro'), stamp('data_alteracao')].join(', ');
}

/** The WHERE of the caller's live rows, with its parameters ($1 organization, $2 branch when branch-scoped). */
function scoped(d: RegisterDescriptor, scope: Scope): { where: string; params: unknown[] } {
  if (d.scope === 'branch') {
    return { where: 'id_organization = $1 AND id_filial = $2 AND data_exclusao IS NULL', params: [scope.id_organization, scope.id_filial] };
  }
  return { where: 'id_organization = $1 AND data_exclusao IS NULL', params: [scope.id_organization] };
}

export async function findRows(tx: Tx, d: RegisterDescriptor, scope: Scope, q: FindQuery): Promise<{ rows: Row[]; count: number }> {
  const { where, params } = scoped(d, scope);
  const conditions = [where];
  const searchable = Object.entries(d.fields).filter(([, f]) => f.search).map(([n]) => n);
  if (q.search !== '' && searchable.length > 0) {
    params.push(containsPattern(q.search));
    const p = `$${params.length}`;
    // Text columns as they are (their trigram index, migration 019, serves ILIKE); others as text.
    const asText = (c: string) => (d.fields[c] && TEXT_KINDS.has(d.fields[c].kind) ? c : `${c}::text`);
    conditions.push(`(${searchable.map((c) => `${asText(c)} ILIKE ${p}`).join(' OR ')})`);
  }
  for (const [column, value] of Object.entries(q.filter)) {
    // The contract allows only the descriptor's filterable columns.
    if (value === null) {
      conditions.push(`${column} IS NULL`);
    } else {
      params.push(value);
      conditions.push(`${column} = $${params.length}`);
    }
  }
  const column = q.column ?? d.list.sort.column;
  const order = (q.order ?? d.list.sort.order).toUpperCase() === 'DESC' ? 'DESC' : 'ASC';
  const whereSql = conditions.join(' AND ');
  // The page's ids first, in the list's order (the default sort walks its index, migration 019, and stops at the
  // page), then only those rows are turned into the wire's columns.
  const page = await tx.query<Row>(
    `WITH page AS MATERIALIZED (
       SELECT ${d.id} AS _id, row_number() OVER () AS _n FROM (
         SELECT ${d.id} FROM ${d.table} WHERE ${whereSql}
          ORDER BY ${sortKey(d, column)} ${order}, ${d.id} ${order}
          LIMIT $${params.length + 1} OFFSET $${params.length + 2}
       ) ordered
     )
     SELECT ${selectList(d)} FROM page p JOIN ${d.table} t ON t.id_organization = $1 AND t.${d.id} = p._id ORDER BY p._n`,
    [...params, q.take, q.skip],
  );
  const count = await tx.query<{ count: number }>(`SELECT count(*)::int AS count FROM ${d.table} WHERE ${whereSql}`, params);
  return { rows: page.rows, count: count.rows[0]?.count ?? 0 };
}

/** The expression a column sorts by: text case-insensitively (the index of migration 019 is on lower(descricao)). */
function sortKey(d: RegisterDescriptor, column: string): string {
  const field = d.fields[column];
  return field && TEXT_KINDS.has(field.kind) ? `lower(${column}::text)` : column;
}

export async function findRow(tx: Tx, d: RegisterDescriptor, scope: Scope, id: number): Promise<Row | null> {
  const { where, params } = scoped(d, scope);
  const { rows } = await tx.query<Row>(
    `SELECT ${selectList(d)} FROM ${d.table} WHERE ${where} AND ${d.id} = $${params.length + 1}`,
    [...params, id],
  );
  return rows[0] ?? null;
}

/** A value as a message quotes it. */
const shown = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

/** Refuses a value of a unique field another live row of the scope already has (case-insensitive for text). */
async function checkUnique(tx: Tx, d: RegisterDescriptor, scope: Scope, values: Row, id: number | null): Promise<void> {
  for (const [column, field] of Object.entries(d.fields)) {
    const value = values[column];
    if (!field.unique || value === undefined || value === null) continue;
    const { where, params } = scoped(d, scope);
    const text = TEXT_KINDS.has(field.kind) && typeof value === 'string';
    if (text) {
      // Text is compared here, not with SQL lower(): a server whose collation is C does not lower 'Ú' (same-text.ts).
      params.push(id ?? 0);
      const { rows } = await tx.query<{ v: string }>(
        `SELECT ${column} AS v FROM ${d.table} WHERE ${where} AND ${column} IS NOT NULL AND ${d.id} <> $${params.length}`,
        params,
      );
      if (rows.some((r) => sameText(r.v, value))) throw badRequest(REGISTER_MESSAGES.duplicate(field.label.toLowerCase(), shown(value)));
      continue;
    }
    params.push(value, id ?? 0);
    const { rows } = await tx.query(
      `SELECT 1 FROM ${d.table} WHERE ${where} AND ${column} = $${params.length - 1} AND ${d.id} <> $${params.length} LIMIT 1`,
      params,
    );
    if (rows.length > 0) throw badRequest(REGISTER_MESSAGES.duplicate(field.label.toLowerCase(), shown(value)));
  }
}

/**
 * Refuses a ref field whose id names no live row of its register in the caller's scope (another organization's row, a
 * deleted one, one that never was), naming the field: a 400 beside it, not the foreign key's error.
 */
async function checkRefs(tx: Tx, d: RegisterDescriptor, scope: Scope, values: Row, registers: Registers): Promise<void> {
  for (const [column, field] of Object.entries(d.fields)) {
    const value = values[column];
    if (field.kind !== 'ref' || value === undefined || value === null) continue;
    const target = field.ref === undefined ? undefined : registers(field.ref);
    // A descriptor's mistake (a unit test checks every ref names a register), not the caller's.
    if (!target) throw new Error(`${d.name}.${column}: ref '${String(field.ref)}' names no register`);
    const { where, params } = scoped(target, scope);
    const { rows } = await tx.query(`SELECT 1 FROM ${target.table} WHERE ${where} AND ${target.id} = $${params.length + 1}`, [...params, value]);
    if (rows.length === 0) {
      const message = REGISTER_MESSAGES.refNotFound(field.label);
      throw badRequest(message, undefined, [`${column}: ${message}`]);
    }
  }
}

/** Only one live default: the others stop being it when a row becomes the default. */
async function clearOtherDefaults(tx: Tx, d: RegisterDescriptor, scope: Scope, id: number): Promise<void> {
  const { where, params } = scoped(d, scope);
  await tx.query(
    `UPDATE ${d.table} SET is_padrao = false, data_alteracao = now() WHERE ${where} AND is_padrao AND ${d.id} <> $${params.length + 1}`,
    [...params, id],
  );
}

/**
 * Runs a write; a reference to a row the organization (or the branch) does not have (a foreign key refused it) is the
 * caller's bad input: refused as an invalid value of the ref field the key names, never a 500. The transaction is
 * rolled back with the refusal.
 */
async function refusingBadRefs<T>(d: RegisterDescriptor, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const { code, constraint } = error as { code?: unknown; constraint?: unknown };
    if (code !== '23503') throw error;
    // The key's name is the table's and its columns' (cut at 63 characters): the ref field whose name it shows the
    // most of (the application role is not shown the key's values).
    const name = typeof constraint === 'string' ? constraint : '';
    const shownOf = (column: string) => {
      for (let n = column.length; n >= 6; n -= 1) if (name.includes(column.slice(0, n))) return n;
      return 0;
    };
    // A ref field, or an id kept as a plain integer (a row of a table that is no register yet).
    const refs = Object.entries(d.fields).filter(([, f]) => f.kind === 'ref' || f.kind === 'integer').map(([column, f]) => ({ column, f, n: shownOf(column) }));
    const found = refs.filter((r) => r.n > 0).sort((a, b) => b.n - a.n)[0];
    if (!found) throw badRequest(REGISTER_MESSAGES.invalid('Referência'));
    const message = REGISTER_MESSAGES.refNotFound(found.f.label);
    throw badRequest(message, undefined, [`${found.column}: ${message}`]);
  }
}

/** The columns of `values` a write may set, in the descriptor's order. */
function written(d: RegisterDescriptor, values: Row): string[] {
  return writableColumns(d).filter((c) => values[c] !== undefined);
}

/** The descriptors a ref may name, by name (REGISTERS; a test may add its own). */
export type Registers = (name: string) => RegisterDescriptor | undefined;

export async function createRow(tx: Tx, d: RegisterDescriptor, scope: Scope, values: Row, registers: Registers = registerByName): Promise<Row> {
  await checkUnique(tx, d, scope, values, null);
  await checkRefs(tx, d, scope, values, registers);
  const withDefaults: Row = { ...values };
  for (const [column, field] of Object.entries(d.fields)) {
    if (withDefaults[column] === undefined && field.default !== undefined) withDefaults[column] = field.default;
  }
  const columns = written(d, withDefaults);
  const fixed = d.scope === 'branch' ? ['id_organization', 'id_filial'] : ['id_organization'];
  const params: unknown[] = [scope.id_organization, ...(d.scope === 'branch' ? [scope.id_filial] : []), ...columns.map((c) => withDefaults[c])];
  const { rows } = await refusingBadRefs(d, () => tx.query<{ id: number }>(
    `INSERT INTO ${d.table} (${[...fixed, ...columns].join(', ')})
     VALUES (${params.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING ${d.id} AS id`,
    params,
  ));
  const id = rows[0]!.id;
  if (d.isPadrao && withDefaults['is_padrao'] === true) await clearOtherDefaults(tx, d, scope, id);
  return (await findRow(tx, d, scope, id))!;
}

/** Updates the given columns of a live row of the scope; null when there is none. */
export async function updateRow(
  tx: Tx, d: RegisterDescriptor, scope: Scope, id: number, values: Row, registers: Registers = registerByName,
): Promise<Row | null> {
  if (!(await findRow(tx, d, scope, id))) return null;
  await checkUnique(tx, d, scope, values, id);
  await checkRefs(tx, d, scope, values, registers);
  const columns = written(d, values);
  if (columns.length > 0) {
    const { where, params } = scoped(d, scope);
    const base = params.length;
    await refusingBadRefs(d, () => tx.query(
      `UPDATE ${d.table} SET ${columns.map((c, i) => `${c} = $${base + i + 1}`).join(', ')}, data_alteracao = now()
        WHERE ${where} AND ${d.id} = $${base + columns.length + 1}`,
      [...params, ...columns.map((c) => values[c]), id],
    ));
    if (d.isPadrao && values['is_padrao'] === true) await clearOtherDefaults(tx, d, scope, id);
  }
  return findRow(tx, d, scope, id);
}

/** pt-BR nouns of the tables that reference registers, for the delete refusal. */
const TABLE_NOUNS: Record<string, string> = {
  produto: 'produtos',
  produto_grade: 'variações de produto',
  produto_grade_filial: 'produtos da filial',
  categoria: 'categorias',
  pessoa: 'pessoas',
  pedido: 'pedidos',
  nota_fiscal: 'notas fiscais',
  filial: 'filiais',
  usuario: 'usuários',
  estoque: 'saldos de estoque',
  movimentacao_estoque: 'movimentações de estoque',
  inventario_item: 'inventários',
  filial_configuracao: 'configurações de filial',
  pedido_item: 'itens de pedido',
  nota_fiscal_item: 'itens de nota fiscal',
  serie_fiscal: 'séries fiscais',
  informacao_adicional_vinculo: 'informações adicionais',
  perfil_filial: 'perfis de acesso',
  filial_email: 'contas de e-mail da filial',
  filial_logo: 'logotipo da filial',
  certificado_digital: 'certificado digital da filial',
  pedido_servico: 'serviços de pedidos',
  tabela_preco_item: 'tabelas de preço',
  meio_pagamento: 'meios de pagamento',
  operadora_cartao: 'operadoras de cartão',
  parcelamento_parcela: 'parcelas de parcelamento',
  pedido_pagamento: 'pagamentos de pedidos',
  nota_fiscal_pagamento: 'pagamentos de notas fiscais',
  centro_custo: 'centros de custo abaixo deste',
  plano_conta: 'contas abaixo desta no plano de contas',
};

/**
 * The tables whose live rows still point at the row (foreign keys to the register's table, read from the catalog, so
 * a reference added by a later migration is seen without anyone listing it).
 */
async function referencedBy(tx: Tx, d: RegisterDescriptor, scope: Scope, id: number): Promise<string[]> {
  const { rows: fks } = await tx.query<{ tabela: string; coluna: string; tombstone: boolean; excluded: boolean }>(
    `SELECT c.conrelid::regclass::text AS tabela, a.attname AS coluna,
            EXISTS (SELECT 1 FROM pg_attribute x WHERE x.attrelid = c.conrelid AND x.attname = 'data_exclusao' AND NOT x.attisdropped) AS tombstone,
            EXISTS (SELECT 1 FROM pg_attribute x WHERE x.attrelid = c.conrelid AND x.attname = 'is_excluido' AND NOT x.attisdropped) AS excluded
       FROM pg_constraint c
       JOIN pg_attribute r ON r.attrelid = c.confrelid AND r.attnum = ANY (c.confkey) AND r.attname = $1
       JOIN pg_attribute a ON a.attrelid = c.conrelid
        AND a.attnum = c.conkey[array_position(c.confkey, r.attnum)]
      WHERE c.contype = 'f' AND c.confrelid = $2::regclass`,
    [d.id, d.table],
  );
  const found: string[] = [];
  for (const fk of fks) {
    // A row marked excluded (is_excluido: an installment removed from its plan) uses nothing, like a tombstone.
    const live = `${fk.tombstone ? ' AND data_exclusao IS NULL' : ''}${fk.excluded ? ' AND NOT is_excluido' : ''}`;
    const self = fk.tabela === d.table ? ` AND ${d.id} <> $2` : '';
    const { rows } = await tx.query(
      `SELECT 1 FROM ${fk.tabela} WHERE id_organization = $1 AND ${fk.coluna} = $2${live}${self} LIMIT 1`,
      [scope.id_organization, id],
    );
    if (rows.length > 0) found.push(TABLE_NOUNS[fk.tabela] ?? fk.tabela);
  }
  return [...new Set(found)];
}

/** Tombstones a live row no live row references; null when there is none; refuses with what uses it otherwise. */
export async function deleteRow(tx: Tx, d: RegisterDescriptor, scope: Scope, id: number): Promise<boolean> {
  if (!(await findRow(tx, d, scope, id))) return false;
  const users = await referencedBy(tx, d, scope, id);
  if (users.length > 0) throw badRequest(REGISTER_MESSAGES.inUse(users.join(', ')));
  const { where, params } = scoped(d, scope);
  await tx.query(
    `UPDATE ${d.table} SET data_exclusao = now()${d.isPadrao ? ', is_padrao = false' : ''} WHERE ${where} AND ${d.id} = $${params.length + 1}`,
    [...params, id],
  );
  return true;
}
