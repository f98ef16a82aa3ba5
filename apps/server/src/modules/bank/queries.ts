/** SQL of the bank module: the user's bank token, PIX charges, registered boletos, the integrated accounts. */
import type { Tx } from '../../db/database.ts';

export interface Scope { org: number; id_filial: number }

export async function saveToken(tx: Tx, org: number, id_usuario: number, token: string, expire: Date): Promise<void> {
  await tx.query(
    `INSERT INTO usuario_token_banco (id_organization, id_usuario, token_bank, token_bank_expire) VALUES ($1, $2, $3, $4)
     ON CONFLICT (id_organization, id_usuario) DO UPDATE SET token_bank = excluded.token_bank, token_bank_expire = excluded.token_bank_expire, data_alteracao = now()`,
    [org, id_usuario, token, expire.toISOString()],
  );
}

export async function tokenOf(tx: Tx, org: number, id_usuario: number): Promise<{ token_bank: string; token_bank_expire: string } | undefined> {
  const { rows } = await tx.query<{ token_bank: string; token_bank_expire: string }>(
    `SELECT token_bank, to_json(token_bank_expire) #>> '{}' AS token_bank_expire FROM usuario_token_banco WHERE id_organization = $1 AND id_usuario = $2`,
    [org, id_usuario],
  );
  return rows[0];
}

export interface AccountRow { id_conta: number; id_filial: number | null; agencia: string | null; numero: string | null; chave_pix: string | null; utilizar_moderbank: boolean; codigo_moderbank: string | null }

const ACCOUNT = `SELECT id_conta, id_filial, agencia, numero, chave_pix, utilizar_moderbank, codigo_moderbank FROM conta_bancaria
  WHERE id_organization = $1 AND data_exclusao IS NULL AND situacao = 'Ativo'`;

/** An account of the organization, usable by the branch (its own or shared). */
export async function accountOf(tx: Tx, s: Scope, id_conta: number): Promise<AccountRow | undefined> {
  const { rows } = await tx.query<AccountRow>(`${ACCOUNT} AND id_conta = $2 AND (id_filial IS NULL OR id_filial = $3)`, [s.org, id_conta, s.id_filial]);
  return rows[0];
}

/** An account of the organization (routes scoped by organization). */
export async function orgAccountOf(tx: Tx, org: number, id_conta: number): Promise<AccountRow | undefined> {
  const { rows } = await tx.query<AccountRow>(`${ACCOUNT} AND id_conta = $2`, [org, id_conta]);
  return rows[0];
}

/** The branch's PIX account: integrated, with a key; the branch's own before a shared one. */
export async function pixAccountOf(tx: Tx, s: Scope): Promise<AccountRow | undefined> {
  const { rows } = await tx.query<AccountRow>(
    `${ACCOUNT} AND utilizar_moderbank AND coalesce(chave_pix, '') <> '' AND (id_filial IS NULL OR id_filial = $2) ORDER BY id_filial NULLS LAST, id_conta LIMIT 1`,
    [s.org, s.id_filial],
  );
  return rows[0];
}

const PIX = `SELECT id_pix_cobranca, id_filial, id_conta, txid, valor::float8 AS valor, situacao, brcode, location, end_to_end_id, id_usuario,
  id_autorizacao, id_usuario_autorizacao, id_operacao::text AS id_operacao, to_json(data_cadastro) #>> '{}' AS data_cadastro,
  to_json(data_pagamento) #>> '{}' AS data_pagamento, remocao_situacao, remocao_tentativas, to_json(data_remocao) #>> '{}' AS data_remocao FROM pix_cobranca`;

export interface PixRow {
  id_pix_cobranca: number; id_filial: number; id_conta: number; txid: string; valor: number; situacao: 'Ativa' | 'Paga' | 'ConfirmadaManual' | 'Removida';
  brcode: string; location: string; end_to_end_id: string | null; id_usuario: number; id_autorizacao: number | null; id_usuario_autorizacao: number | null;
  id_operacao: string | null; data_cadastro: string; data_pagamento: string | null;
  /** Withdrawal at the bank of a charge confirmed by hand (migration 065). */
  remocao_situacao: RemocaoSituacao | null; remocao_tentativas: number; data_remocao: string | null;
}

export async function insertPix(tx: Tx, s: Scope, p: { id_conta: number; txid: string; valor: string; chave: string; location: string; brcode: string; id_usuario: number }): Promise<PixRow> {
  await tx.query(
    `INSERT INTO pix_cobranca (id_organization, id_filial, id_conta, txid, valor, chave, location, brcode, id_usuario) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [s.org, s.id_filial, p.id_conta, p.txid, p.valor, p.chave, p.location, p.brcode, p.id_usuario],
  );
  return (await pixByTxid(tx, s.org, p.txid))!;
}

export async function pixByTxid(tx: Tx, org: number, txid: string, lock = false): Promise<PixRow | undefined> {
  const { rows } = await tx.query<PixRow>(`${PIX} WHERE id_organization = $1 AND txid = $2${lock ? ' FOR UPDATE' : ''}`, [org, txid]);
  return rows[0];
}

export async function markPixPaid(tx: Tx, org: number, txid: string, endToEndId: string): Promise<boolean> {
  const { rows } = await tx.query(
    `UPDATE pix_cobranca SET situacao = 'Paga', end_to_end_id = $3, data_pagamento = now() WHERE id_organization = $1 AND txid = $2 AND situacao = 'Ativa' RETURNING 1`,
    [org, txid, endToEndId],
  );
  return rows.length > 0;
}

/** Confirmed by hand: the charge waits to be withdrawn at the bank (remocao_situacao 'Pendente', due now). */
export async function markPixManual(tx: Tx, org: number, txid: string, id_autorizacao: number, id_supervisor: number | null): Promise<void> {
  await tx.query(
    `UPDATE pix_cobranca SET situacao = 'ConfirmadaManual', id_autorizacao = $3, id_usuario_autorizacao = $4, data_pagamento = now(),
        remocao_situacao = 'Pendente', remocao_proxima = now()
      WHERE id_organization = $1 AND txid = $2 AND situacao = 'Ativa'`,
    [org, txid, id_autorizacao, id_supervisor],
  );
}

export type RemocaoSituacao = 'Pendente' | 'Removida' | 'PagaNoBanco';

/** The bank answered the withdrawal: withdrawn, or paid anyway (the Pix's endToEndId kept). */
export async function markWithdrawn(tx: Tx, org: number, txid: string, outcome: 'Removida' | 'PagaNoBanco', endToEndId: string | null): Promise<void> {
  await tx.query(
    `UPDATE pix_cobranca SET remocao_situacao = $3, data_remocao = now(), remocao_proxima = NULL, remocao_tentativas = remocao_tentativas + 1,
        end_to_end_id = coalesce($4, end_to_end_id)
      WHERE id_organization = $1 AND txid = $2 AND remocao_situacao = 'Pendente'`,
    [org, txid, outcome, endToEndId],
  );
}

/** No answer from the bank: one more attempt counted, the next one at `next(attempts)`. */
export async function postponeWithdrawal(tx: Tx, org: number, txid: string, next: (attempts: number) => Date): Promise<void> {
  const { rows } = await tx.query<{ n: number }>(
    `UPDATE pix_cobranca SET remocao_tentativas = remocao_tentativas + 1 WHERE id_organization = $1 AND txid = $2 AND remocao_situacao = 'Pendente'
      RETURNING remocao_tentativas AS n`,
    [org, txid],
  );
  if (rows[0]) {
    await tx.query(`UPDATE pix_cobranca SET remocao_proxima = $3 WHERE id_organization = $1 AND txid = $2`, [org, txid, next(rows[0].n).toISOString()]);
  }
}

/** Withdrawals whose next attempt is due (every organization: the background sender runs as the platform). */
export async function dueWithdrawals(tx: Tx, now: Date, limit: number): Promise<Array<{ id_organization: number; txid: string }>> {
  const { rows } = await tx.query<{ id_organization: number; txid: string }>(
    `SELECT id_organization, txid FROM pix_cobranca WHERE remocao_situacao = 'Pendente' AND remocao_proxima <= $1 ORDER BY remocao_proxima LIMIT $2`,
    [now.toISOString(), limit],
  );
  return rows;
}

/** The sale `id_operacao` spends the charge (once: a charge of another operation is refused before). */
export async function spendPix(tx: Tx, org: number, txid: string, id_operacao: string): Promise<void> {
  await tx.query(
    `UPDATE pix_cobranca SET id_operacao = $3, data_utilizacao = now() WHERE id_organization = $1 AND txid = $2 AND (id_operacao IS NULL OR id_operacao = $3)`,
    [org, txid, id_operacao],
  );
}

export async function listPix(tx: Tx, s: Scope, f: { search: string; situacao?: string | undefined; skip: number; take: number }): Promise<{ rows: PixRow[]; count: number }> {
  const params: unknown[] = [s.org, s.id_filial];
  let where = 'WHERE id_organization = $1 AND id_filial = $2';
  if (f.situacao) { params.push(f.situacao); where += ` AND situacao = $${params.length}`; }
  if (f.search) { params.push(`%${f.search}%`); where += ` AND txid ILIKE $${params.length}`; }
  const { rows: c } = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM pix_cobranca ${where}`, params);
  const { rows } = await tx.query<PixRow>(`${PIX} ${where} ORDER BY data_cadastro DESC, id_pix_cobranca DESC OFFSET ${f.skip} LIMIT ${f.take}`, params);
  return { rows, count: c[0]?.n ?? 0 };
}

const BOLETO = `SELECT id_boleto_registrado, id_filial, id_conta, id_documento_financeiro, convenio, numero, valor::float8 AS valor,
  to_char(data_vencimento, 'YYYY-MM-DD') AS data_vencimento, linha_digitavel, codigo_barra, situacao, to_json(data_cadastro) #>> '{}' AS data_cadastro,
  to_json(data_baixa) #>> '{}' AS data_baixa FROM boleto_registrado`;

export interface BoletoRow {
  id_boleto_registrado: number; id_filial: number; id_conta: number; id_documento_financeiro: number; convenio: string; numero: string; valor: number;
  data_vencimento: string; linha_digitavel: string; codigo_barra: string; situacao: 'Registrado' | 'Baixado' | 'Liquidado'; data_cadastro: string; data_baixa: string | null;
}

export async function insertBoleto(tx: Tx, s: Scope, b: Omit<BoletoRow, 'id_boleto_registrado' | 'id_filial' | 'situacao' | 'data_cadastro' | 'data_baixa' | 'valor'> & { valor: string; id_usuario: number }): Promise<BoletoRow> {
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO boleto_registrado (id_organization, id_filial, id_conta, id_documento_financeiro, convenio, numero, valor, data_vencimento, linha_digitavel, codigo_barra, id_usuario)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id_boleto_registrado AS id`,
    [s.org, s.id_filial, b.id_conta, b.id_documento_financeiro, b.convenio, b.numero, b.valor, b.data_vencimento, b.linha_digitavel, b.codigo_barra, b.id_usuario],
  );
  return (await boletoById(tx, s, rows[0]!.id))!;
}

export async function boletoById(tx: Tx, s: Scope, id: number): Promise<BoletoRow | undefined> {
  const { rows } = await tx.query<BoletoRow>(`${BOLETO} WHERE id_organization = $1 AND id_filial = $2 AND id_boleto_registrado = $3`, [s.org, s.id_filial, id]);
  return rows[0];
}

export async function liveBoletoOf(tx: Tx, s: Scope, id_documento_financeiro: number): Promise<boolean> {
  const { rows } = await tx.query(`SELECT 1 FROM boleto_registrado WHERE id_organization = $1 AND id_documento_financeiro = $2 AND situacao = 'Registrado'`, [s.org, id_documento_financeiro]);
  return rows.length > 0;
}

export async function setBoletoSituacao(tx: Tx, s: Scope, id: number, situacao: 'Baixado' | 'Liquidado'): Promise<void> {
  await tx.query(
    `UPDATE boleto_registrado SET situacao = $4, data_baixa = coalesce(data_baixa, now()) WHERE id_organization = $1 AND id_filial = $2 AND id_boleto_registrado = $3 AND situacao = 'Registrado'`,
    [s.org, s.id_filial, id, situacao],
  );
}

export async function listBoletos(tx: Tx, s: Scope, f: { search: string; id_conta?: number | undefined; situacao?: string | undefined; skip: number; take: number }): Promise<{ rows: BoletoRow[]; count: number }> {
  const params: unknown[] = [s.org, s.id_filial];
  let where = 'WHERE id_organization = $1 AND id_filial = $2';
  if (f.id_conta !== undefined) { params.push(f.id_conta); where += ` AND id_conta = $${params.length}`; }
  if (f.situacao) { params.push(f.situacao); where += ` AND situacao = $${params.length}`; }
  if (f.search) { params.push(`%${f.search}%`); where += ` AND (numero ILIKE $${params.length} OR linha_digitavel ILIKE $${params.length})`; }
  const { rows: c } = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM boleto_registrado ${where}`, params);
  const { rows } = await tx.query<BoletoRow>(`${BOLETO} ${where} ORDER BY data_cadastro DESC, id_boleto_registrado DESC OFFSET ${f.skip} LIMIT ${f.take}`, params);
  return { rows, count: c[0]?.n ?? 0 };
}
