/**
 * SQL of the till shifts (migration 036): caixa, its ledger (caixa_operacao + launches), its count (caixa_apuracao)
 * and the claimed event UUIDs (caixa_evento). Every query is scoped by organization; the branch is the caller's.
 * Amounts arrive in centavos and leave as numeric.
 */
import type { CashierRow } from '@pdv/contract/cashier';
import type { CashierOperation, CashierOperationType, Launch } from '@pdv/domain/cashier';
import { fromDecimal, toDecimal } from '@pdv/domain/money';
import type { Tx } from '../../db/database.ts';
import { containsPattern, iso } from '../../db/rows.ts';

export interface Shift extends CashierRow {
  id_organization: number;
}

const SHIFT_COLUMNS = `c.id_organization, c.id_caixa, c.uuid_caixa::text AS uuid_caixa, c.id_filial, c.id_usuario, u.nome AS usuario,
  c.data_abertura, c.data_fechamento, c.situacao, c.is_aberto, c.valor_abertura, c.is_offline, c.is_duplicado,
  c.is_aguardando_autorizacao`;
const SHIFT_FROM = `caixa c JOIN usuario u ON u.id_organization = c.id_organization AND u.id_usuario = c.id_usuario`;

function toShift(r: Record<string, unknown>): Shift {
  return {
    id_organization: Number(r['id_organization']),
    id_caixa: Number(r['id_caixa']),
    uuid_caixa: String(r['uuid_caixa']),
    id_filial: Number(r['id_filial']),
    id_usuario: Number(r['id_usuario']),
    usuario: String(r['usuario']),
    data_abertura: iso(r['data_abertura']),
    data_fechamento: r['data_fechamento'] == null ? null : iso(r['data_fechamento']),
    situacao: r['situacao'] === 'Fechado' ? 'Fechado' : 'Aberto',
    is_aberto: Boolean(r['is_aberto']),
    valor_abertura: Number(r['valor_abertura']),
    is_offline: Boolean(r['is_offline']),
    is_duplicado: Boolean(r['is_duplicado']),
    is_aguardando_autorizacao: Boolean(r['is_aguardando_autorizacao']),
  };
}

export const publicRow = ({ id_organization: _org, ...row }: Shift): CashierRow => row;

/** Claims an event UUID; false when it was claimed before (the claim's row is then read with findEvent). */
export async function claimEvent(
  tx: Tx, org: number, e: { id_evento: string; id_filial: number; id_usuario: number; tipo: string; hash: string },
): Promise<boolean> {
  const { rows } = await tx.query(
    `INSERT INTO caixa_evento (id_organization, id_evento, id_filial, id_usuario, tipo, hash_conteudo)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (id_organization, id_evento) DO NOTHING RETURNING 1`,
    [org, e.id_evento, e.id_filial, e.id_usuario, e.tipo, e.hash],
  );
  return rows.length > 0;
}

export async function findEvent(tx: Tx, org: number, id_evento: string) {
  const { rows } = await tx.query<{ id_filial: number; id_usuario: number; hash_conteudo: string; resultado: unknown }>(
    'SELECT id_filial, id_usuario, hash_conteudo, resultado FROM caixa_evento WHERE id_organization = $1 AND id_evento = $2',
    [org, id_evento],
  );
  return rows[0] ?? null;
}

export async function storeEventResult(tx: Tx, org: number, id_evento: string, result: unknown): Promise<void> {
  await tx.query('UPDATE caixa_evento SET resultado = $3 WHERE id_organization = $1 AND id_evento = $2', [org, id_evento, JSON.stringify(result)]);
}

/** The shift the till names by its UUID, locked for the event's changes. */
export async function lockShiftByUuid(tx: Tx, org: number, uuid: string): Promise<Shift | null> {
  await tx.query('SELECT 1 FROM caixa WHERE id_organization = $1 AND uuid_caixa = $2 FOR UPDATE', [org, uuid]);
  const { rows } = await tx.query(`SELECT ${SHIFT_COLUMNS} FROM ${SHIFT_FROM} WHERE c.id_organization = $1 AND c.uuid_caixa = $2`, [org, uuid]);
  return rows[0] ? toShift(rows[0]) : null;
}

export async function findShift(tx: Tx, org: number, id_filial: number, id_caixa: number): Promise<Shift | null> {
  const { rows } = await tx.query(
    `SELECT ${SHIFT_COLUMNS} FROM ${SHIFT_FROM} WHERE c.id_organization = $1 AND c.id_filial = $2 AND c.id_caixa = $3 AND c.data_exclusao IS NULL`,
    [org, id_filial, id_caixa],
  );
  return rows[0] ? toShift(rows[0]) : null;
}

/** The user's open shifts in the branch, newest first (more than one only when opened offline on two devices). */
export async function openShifts(tx: Tx, org: number, id_filial: number, id_usuario: number): Promise<Shift[]> {
  const { rows } = await tx.query(
    `SELECT ${SHIFT_COLUMNS} FROM ${SHIFT_FROM}
      WHERE c.id_organization = $1 AND c.id_filial = $2 AND c.id_usuario = $3 AND c.is_aberto AND c.data_exclusao IS NULL
      ORDER BY c.data_abertura DESC`,
    [org, id_filial, id_usuario],
  );
  return rows.map(toShift);
}

/** The user's shift in the branch that was open at `at` (opened at or before it, not closed before it), newest first. */
export async function shiftAt(tx: Tx, org: number, id_filial: number, id_usuario: number, at: string): Promise<Shift | null> {
  const { rows } = await tx.query(
    `SELECT ${SHIFT_COLUMNS} FROM ${SHIFT_FROM}
      WHERE c.id_organization = $1 AND c.id_filial = $2 AND c.id_usuario = $3 AND c.data_exclusao IS NULL
        AND c.data_abertura <= $4 AND (c.is_aberto OR c.data_fechamento >= $4)
      ORDER BY c.data_abertura DESC LIMIT 1`,
    [org, id_filial, id_usuario, at],
  );
  return rows[0] ? toShift(rows[0]) : null;
}

export async function insertShift(
  tx: Tx, s: { org: number; uuid: string; id_empresa: number; id_filial: number; id_usuario: number; data: string; valor: number;
    is_offline: boolean; is_duplicado: boolean },
): Promise<number> {
  const { rows } = await tx.query<{ id_caixa: number }>(
    `INSERT INTO caixa (id_organization, uuid_caixa, id_empresa, id_filial, id_usuario, data_abertura, ultimo_aberto, valor_abertura,
       is_offline, is_duplicado)
     VALUES ($1, $2, $3, $4, $5, $6, $6, $7, $8, $9) RETURNING id_caixa`,
    [s.org, s.uuid, s.id_empresa, s.id_filial, s.id_usuario, s.data, toDecimal(s.valor), s.is_offline, s.is_duplicado],
  );
  return rows[0]!.id_caixa;
}

/** Flags the user's other open shifts in the branch as duplicated (a second one arrived from an offline till). */
export async function flagDuplicates(tx: Tx, org: number, id_filial: number, id_usuario: number): Promise<void> {
  await tx.query(
    `UPDATE caixa SET is_duplicado = true, data_alteracao = now()
      WHERE id_organization = $1 AND id_filial = $2 AND id_usuario = $3 AND is_aberto`,
    [org, id_filial, id_usuario],
  );
}

export async function closeShift(
  tx: Tx, org: number, id_caixa: number, data: string, id_usuario: number, id_autorizacao: number | null, awaitingApproval = false,
): Promise<void> {
  await tx.query(
    `UPDATE caixa SET situacao = 'Fechado', is_aberto = false, data_fechamento = $3, id_usuario_fechamento = $4,
       id_autorizacao_diferenca = $5, is_aguardando_autorizacao = $6, data_alteracao = now()
      WHERE id_organization = $1 AND id_caixa = $2`,
    [org, id_caixa, data, id_usuario, id_autorizacao, awaitingApproval],
  );
}

/** A supervisor approves the difference of a shift closed awaiting it. */
export async function approveDifference(tx: Tx, org: number, id_caixa: number, data: string, id_usuario: number): Promise<void> {
  await tx.query(
    `UPDATE caixa SET is_aguardando_autorizacao = false, id_usuario_aprovacao_diferenca = $4, data_aprovacao_diferenca = $3,
       data_alteracao = now()
      WHERE id_organization = $1 AND id_caixa = $2`,
    [org, id_caixa, data, id_usuario],
  );
}

export async function reopenShift(tx: Tx, org: number, id_caixa: number, data: string, id_usuario: number): Promise<void> {
  await tx.query(
    `UPDATE caixa SET situacao = 'Aberto', is_aberto = true, data_fechamento = NULL, ultimo_aberto = $3, id_usuario_reabertura = $4,
       data_alteracao = now()
      WHERE id_organization = $1 AND id_caixa = $2`,
    [org, id_caixa, data, id_usuario],
  );
}

export interface LedgerEntry {
  org: number;
  id_caixa: number | null;
  id_filial: number;
  id_usuario: number;
  tipo: CashierOperationType;
  data: string;
  observacao: string | null;
  lancamentos: readonly Launch[];
  id_evento?: string | null;
  id_operacao?: string | null;
  id_pedido?: number | null;
  id_nota_fiscal?: number | null;
  id_pessoa?: number | null;
  id_caixa_operacao_origem?: number | null;
}

export async function insertOperation(tx: Tx, e: LedgerEntry): Promise<number> {
  const total = e.lancamentos.reduce((s, l) => s + l.valor, 0);
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO caixa_operacao (id_organization, id_caixa, id_filial, id_usuario, tipo, data, valor_total_bruto, valor_total_liquido,
       observacao, id_evento, id_operacao, id_pedido, id_nota_fiscal, id_pessoa, id_caixa_operacao_origem)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $7, $8, $9, $10, $11, $12, $13, $14) RETURNING id_caixa_operacao AS id`,
    [e.org, e.id_caixa, e.id_filial, e.id_usuario, e.tipo, e.data, toDecimal(total), e.observacao, e.id_evento ?? null,
      e.id_operacao ?? null, e.id_pedido ?? null, e.id_nota_fiscal ?? null, e.id_pessoa ?? null, e.id_caixa_operacao_origem ?? null],
  );
  const id = rows[0]!.id;
  for (const l of e.lancamentos) {
    await tx.query(
      'INSERT INTO caixa_operacao_lancamento (id_organization, id_caixa_operacao, id_meio_pagamento, valor) VALUES ($1, $2, $3, $4)',
      [e.org, id, l.id_meio_pagamento, toDecimal(l.valor)],
    );
  }
  return id;
}

/** Sales the user made in the branch before the shift's opening reached the server, from its opening on: now its own. */
export async function attachLooseOperations(tx: Tx, org: number, id_caixa: number, id_filial: number, id_usuario: number, from: string): Promise<void> {
  await tx.query(
    `UPDATE caixa_operacao SET id_caixa = $2
      WHERE id_organization = $1 AND id_caixa IS NULL AND id_filial = $3 AND id_usuario = $4 AND data >= $5`,
    [org, id_caixa, id_filial, id_usuario, from],
  );
}

export interface LedgerRow extends CashierOperation {
  id_caixa_operacao: number;
  tipo: CashierOperationType;
  data: string;
  valor_total_liquido: number;
  is_estornado: boolean;
  observacao: string | null;
  lancamentos: Array<Launch & { meio_pagamento: string }>;
}

/** The shift's ledger, oldest first, with its launches (amounts in centavos). */
export async function ledger(tx: Tx, org: number, id_caixa: number): Promise<LedgerRow[]> {
  const { rows } = await tx.query<Record<string, unknown>>(
    `SELECT o.id_caixa_operacao, o.tipo, o.data, o.valor_total_liquido, o.is_estornado, o.observacao,
            COALESCE(json_agg(json_build_object('id_meio_pagamento', l.id_meio_pagamento, 'meio_pagamento', m.descricao, 'valor', l.valor))
              FILTER (WHERE l.id_caixa_operacao_lancamento IS NOT NULL), '[]') AS lancamentos
       FROM caixa_operacao o
       LEFT JOIN caixa_operacao_lancamento l ON l.id_organization = o.id_organization AND l.id_caixa_operacao = o.id_caixa_operacao
       LEFT JOIN meio_pagamento m ON m.id_organization = l.id_organization AND m.id_meio_pagamento = l.id_meio_pagamento
      WHERE o.id_organization = $1 AND o.id_caixa = $2
      GROUP BY o.id_organization, o.id_caixa_operacao ORDER BY o.data, o.id_caixa_operacao`,
    [org, id_caixa],
  );
  return rows.map((r) => ({
    id_caixa_operacao: Number(r['id_caixa_operacao']),
    tipo: r['tipo'] as CashierOperationType,
    data: iso(r['data']),
    valor_total_liquido: fromDecimal(Number(r['valor_total_liquido'])),
    is_estornado: Boolean(r['is_estornado']),
    observacao: (r['observacao'] as string | null) ?? null,
    lancamentos: (r['lancamentos'] as Array<{ id_meio_pagamento: number; meio_pagamento: string | null; valor: number | string }>).map((l) => ({
      id_meio_pagamento: Number(l.id_meio_pagamento), meio_pagamento: l.meio_pagamento ?? '', valor: fromDecimal(l.valor),
    })),
  }));
}

/** The counted amounts per payment method (centavos). */
export async function counts(tx: Tx, org: number, id_caixa: number): Promise<Map<number, number>> {
  const { rows } = await tx.query<{ id_meio_pagamento: number; valor: number }>(
    'SELECT id_meio_pagamento, valor FROM caixa_apuracao WHERE id_organization = $1 AND id_caixa = $2',
    [org, id_caixa],
  );
  return new Map(rows.map((r) => [r.id_meio_pagamento, fromDecimal(r.valor)]));
}

/** Adds or replaces the count of one method. */
export async function upsertCount(tx: Tx, org: number, id_caixa: number, id_meio_pagamento: number, valor: number): Promise<void> {
  await tx.query(
    `INSERT INTO caixa_apuracao (id_organization, id_caixa, id_meio_pagamento, valor) VALUES ($1, $2, $3, $4)
     ON CONFLICT (id_organization, id_caixa, id_meio_pagamento) DO UPDATE SET valor = EXCLUDED.valor, data_alteracao = now()`,
    [org, id_caixa, id_meio_pagamento, toDecimal(valor)],
  );
}

/** Records, at closing, what each method was expected to hold (a method only expected gets a count of zero). */
export async function recordExpected(tx: Tx, org: number, id_caixa: number, lines: ReadonlyArray<{ id_meio_pagamento: number; esperado: number }>): Promise<void> {
  for (const l of lines) {
    await tx.query(
      `INSERT INTO caixa_apuracao (id_organization, id_caixa, id_meio_pagamento, valor, valor_esperado) VALUES ($1, $2, $3, 0, $4)
       ON CONFLICT (id_organization, id_caixa, id_meio_pagamento) DO UPDATE SET valor_esperado = EXCLUDED.valor_esperado`,
      [org, id_caixa, l.id_meio_pagamento, toDecimal(l.esperado)],
    );
  }
}

export interface MethodRow {
  id_meio_pagamento: number;
  descricao: string;
  meio_pagamento: string;
}

/** The organization's active payment methods, by description. */
export async function activeMethods(tx: Tx, org: number): Promise<MethodRow[]> {
  const { rows } = await tx.query<MethodRow>(
    `SELECT id_meio_pagamento, descricao, meio_pagamento FROM meio_pagamento
      WHERE id_organization = $1 AND situacao = 'Ativo' AND data_exclusao IS NULL ORDER BY descricao, id_meio_pagamento`,
    [org],
  );
  return rows;
}

export async function list(
  tx: Tx, org: number, id_filial: number, q: { search: string; skip: number; take: number; situacao?: string | undefined },
): Promise<{ rows: CashierRow[]; count: number }> {
  const params: unknown[] = [org, id_filial];
  let where = 'c.id_organization = $1 AND c.id_filial = $2 AND c.data_exclusao IS NULL';
  if (q.search.trim() !== '') {
    params.push(containsPattern(q.search.trim()));
    where += ` AND (u.nome ILIKE $${params.length} OR c.id_caixa::text LIKE $${params.length})`;
  }
  if (q.situacao) {
    params.push(q.situacao);
    where += ` AND c.situacao = $${params.length}`;
  }
  const count = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${SHIFT_FROM} WHERE ${where}`, params);
  const { rows } = await tx.query(
    `SELECT ${SHIFT_COLUMNS} FROM ${SHIFT_FROM} WHERE ${where} ORDER BY c.data_abertura DESC, c.id_caixa DESC
      LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, q.take, q.skip],
  );
  return { rows: rows.map((r) => publicRow(toShift(r))), count: count.rows[0]?.n ?? 0 };
}

/** The branch's cash-shift settings. */
export async function branchSettings(tx: Tx, org: number, id_filial: number) {
  const { rows } = await tx.query<{ forcar_controle_caixa: boolean; forcar_controle_diario_caixa: boolean; valor_limite_diferenca_caixa: number;
    fuso_horario: unknown }>(
    `SELECT forcar_controle_caixa, forcar_controle_diario_caixa, valor_limite_diferenca_caixa, fuso_horario
       FROM filial_configuracao WHERE id_organization = $1 AND id_filial = $2 AND data_exclusao IS NULL`,
    [org, id_filial],
  );
  const r = rows[0];
  return {
    forcar_controle_caixa: r?.forcar_controle_caixa ?? false,
    forcar_controle_diario_caixa: r?.forcar_controle_diario_caixa ?? false,
    limite: fromDecimal(r?.valor_limite_diferenca_caixa ?? 0),
    fuso_horario: r?.fuso_horario ?? null,
  };
}

/** The sale operation of the ledger for an invoice or an order of the branch, locked. */
export async function lockSaleEntry(tx: Tx, org: number, id_filial: number, ref: { id_nota_fiscal?: number | null; id_pedido?: number | null }) {
  const { rows } = await tx.query<{ id_caixa_operacao: number; id_caixa: number | null; is_estornado: boolean; id_pessoa: number | null;
    reversed: boolean }>(
    `SELECT id_caixa_operacao, id_caixa, is_estornado, id_pessoa,
            EXISTS (SELECT 1 FROM caixa_operacao e WHERE e.id_organization = o.id_organization AND e.tipo = 'Estorno'
                     AND e.id_caixa_operacao_origem = o.id_caixa_operacao) AS reversed
       FROM caixa_operacao o
      WHERE id_organization = $1 AND id_filial = $2 AND tipo = 'Venda'
        AND (($3::int IS NOT NULL AND id_nota_fiscal = $3) OR ($4::int IS NOT NULL AND id_pedido = $4))
      FOR UPDATE`,
    [org, id_filial, ref.id_nota_fiscal ?? null, ref.id_pedido ?? null],
  );
  return rows[0] ?? null;
}

export async function launchesOf(tx: Tx, org: number, id_caixa_operacao: number): Promise<Launch[]> {
  const { rows } = await tx.query<{ id_meio_pagamento: number; valor: number }>(
    'SELECT id_meio_pagamento, valor FROM caixa_operacao_lancamento WHERE id_organization = $1 AND id_caixa_operacao = $2',
    [org, id_caixa_operacao],
  );
  return rows.map((r) => ({ id_meio_pagamento: r.id_meio_pagamento, valor: fromDecimal(r.valor) }));
}

export async function markReversed(tx: Tx, org: number, id_caixa_operacao: number): Promise<void> {
  await tx.query('UPDATE caixa_operacao SET is_estornado = true WHERE id_organization = $1 AND id_caixa_operacao = $2', [org, id_caixa_operacao]);
}

/** Whether an invoice or an order of the branch is cancelled (null: not found in the branch). */
export async function saleCancelled(tx: Tx, org: number, id_filial: number, ref: { id_nota_fiscal?: number | null; id_pedido?: number | null }) {
  const { rows } = ref.id_nota_fiscal != null
    ? await tx.query<{ situacao: string }>(
      'SELECT situacao FROM nota_fiscal WHERE id_organization = $1 AND id_filial = $2 AND id_nota_fiscal = $3', [org, id_filial, ref.id_nota_fiscal])
    : await tx.query<{ situacao: string }>(
      'SELECT situacao FROM pedido WHERE id_organization = $1 AND id_filial = $2 AND id_pedido = $3', [org, id_filial, ref.id_pedido]);
  const r = rows[0];
  return r ? /^cancel/i.test(r.situacao) : null;
}

/** The branch's name and the user's, for the Z report. */
export async function reportHeader(tx: Tx, org: number, id_filial: number) {
  const { rows } = await tx.query<{ nome_fantasia: string; cnpj: string | null }>(
    'SELECT nome_fantasia, cnpj FROM filial WHERE id_organization = $1 AND id_filial = $2', [org, id_filial]);
  return rows[0] ?? { nome_fantasia: '', cnpj: null };
}
