/**
 * SQL of the boletos (the finance module owns boleto, boleto_remessa and boleto_retorno: owners.test.ts). Every query
 * is scoped by the caller's organization and active branch (an account is the organization's; its boletos, remessas
 * and retornos here are the branch's).
 */
import type { BoletoRow } from '@pdv/contract/boleto';
import { toDecimal } from '@pdv/domain/money';
import type { Tx } from '../../db/database.ts';
import type { BoletoAccount, BoletoConfigParts } from '@pdv/banking/bank-adapters';
import type { Scope } from './document-queries.ts';

export interface ConfigRow extends BoletoConfigParts {
  id_configuracao_boleto: number;
  id_conta: number;
  tipo_multa: 'Percentual' | 'Valor';
  valor_multa: number;
  dias_multa: number;
  tipo_juro: 'Percentual' | 'Valor';
  valor_juro: number;
  dias_expiracao: number;
  observacao: string | null;
  is_hibrido: boolean;
}

export async function configById(tx: Tx, org: number, id: number): Promise<ConfigRow | undefined> {
  const { rows } = await tx.query<Record<string, unknown>>(
    `SELECT id_configuracao_boleto, id_conta, cnab, carteira, convenio, codigo_cedente, modalidade, codigo_transmissao, tipo_multa, valor_multa::float8 AS valor_multa, dias_multa,
            tipo_juro, valor_juro::float8 AS valor_juro, dias_expiracao, observacao, is_hibrido
       FROM configuracao_boleto WHERE id_organization = $1 AND id_configuracao_boleto = $2 AND data_exclusao IS NULL`,
    [org, id],
  );
  return rows[0] as ConfigRow | undefined;
}

/** The account's configuration (the default first): what identifies the account in a retorno when it has no boleto yet. */
export async function configOfAccount(tx: Tx, org: number, id_conta: number): Promise<ConfigRow | undefined> {
  const { rows } = await tx.query<{ id: number }>(
    `SELECT id_configuracao_boleto AS id FROM configuracao_boleto WHERE id_organization = $1 AND id_conta = $2 AND data_exclusao IS NULL
      ORDER BY is_padrao DESC, id_configuracao_boleto LIMIT 1`,
    [org, id_conta],
  );
  return rows[0] ? configById(tx, org, rows[0].id) : undefined;
}

export interface AccountRow extends BoletoAccount {
  id_conta: number;
  descricao: string;
  chave_pix: string | null;
}

/** An active account the branch may use, locked when `lock` (its sequences are drawn under this lock). */
export async function accountOf(tx: Tx, s: Scope, id_conta: number, lock = false): Promise<AccountRow | undefined> {
  const { rows } = await tx.query<AccountRow>(
    `SELECT id_conta, descricao, id_banco, agencia, digito_agencia, numero, digito_conta, chave_pix FROM conta_bancaria
      WHERE id_organization = $1 AND id_conta = $2 AND situacao = 'Ativo' AND data_exclusao IS NULL AND (id_filial IS NULL OR id_filial = $3)
      ${lock ? 'FOR UPDATE' : ''}`,
    [s.org, id_conta, s.id_filial],
  );
  return rows[0];
}

/** Draws the account's next number of a sequence (the row is locked by accountOf(lock)): never reused. */
export async function drawSequence(tx: Tx, org: number, id_conta: number, column: 'sequencia_nosso_numero' | 'sequencia_arquivo_remessa'): Promise<number> {
  const { rows } = await tx.query<{ n: number }>(
    `UPDATE conta_bancaria SET ${column} = ${column} + 1 WHERE id_organization = $1 AND id_conta = $2 RETURNING ${column} - 1 AS n`,
    [org, id_conta],
  );
  return Number(rows[0]!.n);
}

/** Draws `n` consecutive numbers of the account's sequence (row locked by accountOf(lock)); answers the first. */
export async function drawSequences(tx: Tx, org: number, id_conta: number, column: 'sequencia_nosso_numero' | 'sequencia_arquivo_remessa', n: number): Promise<number> {
  const { rows } = await tx.query<{ n: number }>(
    `UPDATE conta_bancaria SET ${column} = ${column} + $3 WHERE id_organization = $1 AND id_conta = $2 RETURNING ${column} - $3 AS n`,
    [org, id_conta, n],
  );
  return Number(rows[0]!.n);
}

export async function peekSequence(tx: Tx, org: number, id_conta: number, column: 'sequencia_nosso_numero' | 'sequencia_arquivo_remessa'): Promise<number | undefined> {
  const { rows } = await tx.query<{ n: number }>(`SELECT ${column} AS n FROM conta_bancaria WHERE id_organization = $1 AND id_conta = $2 AND data_exclusao IS NULL`, [org, id_conta]);
  return rows[0] ? Number(rows[0].n) : undefined;
}

export interface Emitente { nome: string; cnpj: string; cidade?: string | null }

export async function branchOf(tx: Tx, s: Scope): Promise<Emitente | undefined> {
  const { rows } = await tx.query<Emitente>(
    `SELECT f.razao_social AS nome, f.cnpj, coalesce(c.nome, f.cidade) AS cidade FROM filial f LEFT JOIN cidade c ON c.id_cidade = f.id_cidade
      WHERE f.id_organization = $1 AND f.id_filial = $2 AND f.data_exclusao IS NULL`, [s.org, s.id_filial],
  );
  return rows[0];
}

export interface PayerRow {
  nome: string | null; tipo: 'F' | 'J'; cpf: string | null; cnpj: string | null; email: string | null;
  cep: string | null; endereco: string | null; numero: string | null; bairro: string | null; complemento: string | null; cidade: string | null; uf: string | null;
  has_address: boolean;
}

/** The person and its main (else first) live address. */
export async function payerOf(tx: Tx, org: number, id_pessoa: number): Promise<PayerRow | undefined> {
  return (await payersOf(tx, org, [id_pessoa])).get(id_pessoa);
}

/** The persons (each with its main, else first, live address) in one query. */
export async function payersOf(tx: Tx, org: number, ids: readonly number[]): Promise<Map<number, PayerRow>> {
  if (ids.length === 0) return new Map();
  const { rows } = await tx.query<PayerRow & { id_pessoa: number }>(
    `SELECT p.id_pessoa, p.nome, p.tipo, p.cpf, p.cnpj, p.email, e.cep, e.endereco, e.numero, e.bairro, e.complemento,
            coalesce(c.nome, e.cidade) AS cidade, coalesce(c.uf, e.uf) AS uf, e.id_pessoa_endereco IS NOT NULL AS has_address
       FROM pessoa p
       LEFT JOIN LATERAL (SELECT * FROM pessoa_endereco x WHERE x.id_organization = p.id_organization AND x.id_pessoa = p.id_pessoa AND x.data_exclusao IS NULL
                           ORDER BY x.is_principal DESC, x.id_pessoa_endereco LIMIT 1) e ON true
       LEFT JOIN cidade c ON c.id_cidade = e.id_cidade
      WHERE p.id_organization = $1 AND p.id_pessoa = ANY($2::int[])`,
    [org, [...new Set(ids)]],
  );
  return new Map(rows.map(({ id_pessoa, ...r }) => [Number(id_pessoa), r]));
}

export async function liveBoletoOf(tx: Tx, s: Scope, id_documento_financeiro: number): Promise<boolean> {
  return (await liveBoletosOf(tx, s, [id_documento_financeiro])).has(id_documento_financeiro);
}

/** The documents, of those given, that have a live boleto (not cancelled, not paid). */
export async function liveBoletosOf(tx: Tx, s: Scope, documentos: readonly number[]): Promise<Set<number>> {
  const { rows } = await tx.query<{ id: number }>(
    `SELECT DISTINCT id_documento_financeiro AS id FROM boleto WHERE id_organization = $1 AND id_filial = $2 AND id_documento_financeiro = ANY($3::int[])
        AND situacao <> 'Cancelado' AND data_pagamento IS NULL`,
    [s.org, s.id_filial, documentos],
  );
  return new Set(rows.map((r) => Number(r.id)));
}

export interface NewBoleto {
  id_documento_financeiro: number; id_configuracao_boleto: number; id_conta: number; nosso_numero: number; nosso_numero_banco: string;
  codigo_barra: string; linha_digitavel: string; data_vencimento: string; valor: string; data_mora_juros: string | null; valor_mora_juros: string;
  data_multa: string | null; multa_valor_fixo: string; percentual_multa: string; nome_sacado: string; tipo_sacado: 'F' | 'J'; cnpj_cpf: string;
  logradouro: string; numero: string; bairro: string; complemento: string | null; cidade: string; uf: string; cep: string; email: string | null;
  numero_documento: string; id_usuario: number; pix_brcode: string | null;
}

export async function insertBoleto(tx: Tx, s: Scope, b: NewBoleto): Promise<number> {
  return (await insertBoletos(tx, s, [b]))[0]!;
}

const INSERT_CHUNK = 250;

/** Inserts the boletos with multi-row INSERTs (250 a statement); answers their ids in the given order. */
export async function insertBoletos(tx: Tx, s: Scope, list: readonly NewBoleto[]): Promise<number[]> {
  const ids: number[] = [];
  for (let from = 0; from < list.length; from += INSERT_CHUNK) {
    const chunk = list.slice(from, from + INSERT_CHUNK);
    const cols = Object.keys(chunk[0]!) as (keyof NewBoleto)[];
    const width = cols.length + 1;
    const params: unknown[] = [s.org, s.id_filial];
    const values = chunk.map((b, r) => {
      params.push(...cols.map((c) => b[c] ?? null), b.numero_documento);
      return `($1, $2, ${Array.from({ length: width }, (_, c) => `$${3 + r * width + c}`).join(', ')})`;
    });
    const { rows } = await tx.query<{ id_boleto: number; k: string }>(
      `INSERT INTO boleto (id_organization, id_filial, ${cols.join(', ')}, seu_numero) VALUES ${values.join(', ')}
       RETURNING id_boleto, id_conta || ':' || nosso_numero AS k`, params,
    );
    // Matched by account and nosso número (unique per account), not by RETURNING's order.
    const byKey = new Map(rows.map((r) => [r.k, r.id_boleto]));
    ids.push(...chunk.map((b) => byKey.get(`${b.id_conta}:${b.nosso_numero}`)!));
  }
  return ids;
}

const ROW = `b.id_boleto, b.id_documento_financeiro, b.numero_documento, b.id_conta, c.descricao AS conta_descricao, b.situacao,
  b.nosso_numero::text AS nosso_numero, b.nosso_numero_banco, b.codigo_barra, b.linha_digitavel, b.data_criacao, b.data_vencimento::text AS data_vencimento,
  b.valor::text AS valor, b.valor_mora_juros::text AS valor_mora_juros, b.multa_valor_fixo::text AS multa_valor_fixo, b.percentual_multa::float8 AS percentual_multa,
  b.nome_sacado, b.cnpj_cpf, b.id_boleto_remessa, b.data_pagamento::text AS data_pagamento, b.valor_pago::text AS valor_pago, b.motivo_rejeicao, b.pix_brcode`;
const FROM = `boleto b JOIN conta_bancaria c ON c.id_organization = b.id_organization AND c.id_conta = b.id_conta`;

const cents = (v: unknown) => Math.round(Number(v) * 100);
function rowOut(r: Record<string, unknown>): BoletoRow {
  return {
    ...(r as unknown as BoletoRow),
    data_criacao: r['data_criacao'] instanceof Date ? r['data_criacao'].toISOString() : String(r['data_criacao']),
    valor: toDecimal(cents(r['valor'])), valor_mora_juros: toDecimal(cents(r['valor_mora_juros'])), multa_valor_fixo: toDecimal(cents(r['multa_valor_fixo'])),
    percentual_multa: Number(r['percentual_multa']), valor_pago: r['valor_pago'] === null ? null : toDecimal(cents(r['valor_pago'])),
  };
}

export interface BoletoFilter { situacao?: string | undefined; id_conta?: number | undefined; id_documento_financeiro?: number | undefined; search: string; ids?: readonly number[] | undefined; documentos?: readonly number[] | undefined }

function where(s: Scope, f: BoletoFilter): { sql: string; params: unknown[] } {
  const params: unknown[] = [s.org, s.id_filial];
  const parts = ['b.id_organization = $1', 'b.id_filial = $2'];
  const add = (sql: (n: number) => string, v: unknown) => { params.push(v); parts.push(sql(params.length)); };
  if (f.situacao) add((n) => `b.situacao = $${n}`, f.situacao);
  if (f.id_conta) add((n) => `b.id_conta = $${n}`, f.id_conta);
  if (f.id_documento_financeiro) add((n) => `b.id_documento_financeiro = $${n}`, f.id_documento_financeiro);
  if (f.ids) add((n) => `b.id_boleto = ANY($${n}::int[])`, f.ids);
  if (f.documentos) add((n) => `b.id_documento_financeiro = ANY($${n}::int[])`, f.documentos);
  if (f.search.trim()) add((n) => `(b.nome_sacado ILIKE $${n} OR b.numero_documento ILIKE $${n} OR b.nosso_numero_banco ILIKE $${n})`, `%${f.search.trim().replace(/[%_\\]/g, '\\$&')}%`);
  return { sql: parts.join(' AND '), params };
}

export async function findBoletos(tx: Tx, s: Scope, f: BoletoFilter, page = { skip: 0, take: 1000 }): Promise<{ rows: BoletoRow[]; count: number }> {
  const w = where(s, f);
  const { rows } = await tx.query<Record<string, unknown>>(
    `SELECT ${ROW} FROM ${FROM} WHERE ${w.sql} ORDER BY b.data_criacao DESC, b.id_boleto DESC LIMIT ${page.take} OFFSET ${page.skip}`, w.params,
  );
  const count = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM boleto b WHERE ${w.sql}`, w.params);
  return { rows: rows.map(rowOut), count: count.rows[0]?.n ?? 0 };
}

/** Every column of one boleto of the branch (PDF, remessa), locked when asked. */
export async function boletoFull(tx: Tx, s: Scope, ids: readonly number[], lock = false): Promise<Record<string, unknown>[]> {
  const { rows } = await tx.query<Record<string, unknown>>(
    `SELECT b.*, b.data_vencimento::text AS vencimento, b.data_criacao::date::text AS emissao, b.data_multa::text AS multa_data,
            b.data_mora_juros::text AS mora_data, b.valor::text AS valor_text, b.valor_mora_juros::text AS mora_text, b.multa_valor_fixo::text AS multa_text
       FROM boleto b WHERE b.id_organization = $1 AND b.id_filial = $2 AND b.id_boleto = ANY($3::int[]) ORDER BY b.id_boleto ${lock ? 'FOR UPDATE' : ''}`,
    [s.org, s.id_filial, ids],
  );
  return rows;
}

export async function pendingOfAccount(tx: Tx, s: Scope, id_conta: number): Promise<number[]> {
  const { rows } = await tx.query<{ id_boleto: number }>(
    `SELECT id_boleto FROM boleto WHERE id_organization = $1 AND id_filial = $2 AND id_conta = $3
        AND (situacao = 'Pendente' OR (situacao = 'Cancelado' AND id_boleto_remessa IS NULL AND codigo_integracao = 'remessa'))
      ORDER BY id_boleto FOR UPDATE`,
    [s.org, s.id_filial, id_conta],
  );
  return rows.map((r) => r.id_boleto);
}

export async function insertRemessa(tx: Tx, s: Scope, r: { id_conta: number; sequencia: number; cnab: string; nome_arquivo: string; conteudo: string; quantidade: number; id_usuario: number }): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO boleto_remessa (id_organization, id_filial, id_conta, sequencia, cnab, nome_arquivo, conteudo, quantidade, id_usuario)
     VALUES ($1, $8, $2, $3, $9, $4, $5, $6, $7) RETURNING id_boleto_remessa AS id`,
    [s.org, r.id_conta, r.sequencia, r.nome_arquivo, r.conteudo, r.quantidade, r.id_usuario, s.id_filial, r.cnab],
  );
  const id = rows[0]!.id;
  return id;
}

export async function markRemessa(tx: Tx, s: Scope, ids: readonly number[], id_boleto_remessa: number): Promise<void> {
  await tx.query(
    `UPDATE boleto SET id_boleto_remessa = $4, situacao = CASE WHEN situacao = 'Cancelado' THEN 'Cancelado' ELSE 'RemessaGerada' END,
            codigo_integracao = CASE WHEN situacao = 'Cancelado' THEN 'remessa-baixa' ELSE codigo_integracao END, data_alteracao = now()
      WHERE id_organization = $1 AND id_filial = $2 AND id_boleto = ANY($3::int[])`,
    [s.org, s.id_filial, ids, id_boleto_remessa],
  );
}

export async function remessaById(tx: Tx, s: Scope, id: number) {
  const { rows } = await tx.query<{ id_boleto_remessa: number; sequencia: number; nome_arquivo: string; conteudo: string; quantidade: number }>(
    `SELECT r.id_boleto_remessa, r.sequencia, r.nome_arquivo, r.conteudo, r.quantidade FROM boleto_remessa r
      WHERE r.id_organization = $1 AND r.id_boleto_remessa = $2 AND r.id_filial = $3`,
    [s.org, id, s.id_filial],
  );
  return rows[0];
}

export async function cancelBoleto(tx: Tx, s: Scope, id: number): Promise<boolean> {
  // Not yet in a remessa: nothing to tell the bank. Already sent: the next remessa carries its cancel occurrence.
  const { rowCount } = await tx.query(
    `UPDATE boleto SET situacao = 'Cancelado', codigo_integracao = CASE WHEN id_boleto_remessa IS NULL THEN codigo_integracao ELSE 'remessa' END,
            id_boleto_remessa = NULL, data_alteracao = now()
      WHERE id_organization = $1 AND id_filial = $2 AND id_boleto = $3 AND situacao <> 'Cancelado' AND data_pagamento IS NULL`,
    [s.org, s.id_filial, id],
  );
  return rowCount === 1;
}

/** Records a processed retorno; undefined when this file was processed already (same account, same hash). */
export async function insertRetorno(tx: Tx, s: Scope, r: { id_conta: number; hash: string; nome_arquivo: string | null; relatorio: unknown; id_usuario: number }): Promise<number | undefined> {
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO boleto_retorno (id_organization, id_conta, hash, nome_arquivo, relatorio, id_usuario) VALUES ($1, $2, $3, $4, $5::jsonb, $6)
     ON CONFLICT (id_organization, id_conta, hash) DO NOTHING RETURNING id_boleto_retorno AS id`,
    [s.org, r.id_conta, r.hash, r.nome_arquivo, JSON.stringify(r.relatorio), r.id_usuario],
  );
  return rows[0]?.id;
}

export async function retornoReport(tx: Tx, org: number, id_conta: number, hash: string): Promise<unknown> {
  const { rows } = await tx.query<{ relatorio: unknown }>(`SELECT relatorio FROM boleto_retorno WHERE id_organization = $1 AND id_conta = $2 AND hash = $3`, [org, id_conta, hash]);
  return rows[0]?.relatorio;
}

export async function updateRetornoReport(tx: Tx, org: number, id: number, relatorio: unknown): Promise<void> {
  await tx.query(`UPDATE boleto_retorno SET relatorio = $3::jsonb WHERE id_organization = $1 AND id_boleto_retorno = $2`, [org, id, JSON.stringify(relatorio)]);
}

/** The boletos of the account in this branch by the nosso número sequence (locked: a retorno settles each once). */
export async function boletosOfAccount(tx: Tx, s: Scope, id_conta: number): Promise<Array<{ id_boleto: number; nosso_numero: number; nosso_numero_banco: string; id_configuracao_boleto: number; id_documento_financeiro: number; settled: boolean }>> {
  const { rows } = await tx.query<{ id_boleto: number; nosso_numero: string; nosso_numero_banco: string; id_configuracao_boleto: number; id_documento_financeiro: number; settled: boolean }>(
    `SELECT id_boleto, nosso_numero::text AS nosso_numero, nosso_numero_banco, id_configuracao_boleto, id_documento_financeiro, id_boleto_retorno_pagamento IS NOT NULL AS settled FROM boleto
      WHERE id_organization = $1 AND id_filial = $2 AND id_conta = $3 ORDER BY id_boleto FOR UPDATE`,
    [s.org, s.id_filial, id_conta],
  );
  return rows.map((r) => ({ ...r, nosso_numero: Number(r.nosso_numero) }));
}

export async function markPaid(tx: Tx, s: Scope, id_boleto: number, p: { data_pagamento: string; valor_pago: string; id_retorno: number }): Promise<boolean> {
  const { rowCount } = await tx.query(
    `UPDATE boleto SET data_pagamento = $4, valor_pago = $5, id_boleto_retorno_pagamento = $6, data_alteracao = now()
      WHERE id_organization = $1 AND id_filial = $2 AND id_boleto = $3 AND id_boleto_retorno_pagamento IS NULL`,
    [s.org, s.id_filial, id_boleto, p.data_pagamento, p.valor_pago, p.id_retorno],
  );
  return rowCount === 1;
}

export async function markRejected(tx: Tx, s: Scope, id_boleto: number, motivo: string): Promise<void> {
  await tx.query(`UPDATE boleto SET motivo_rejeicao = $4, data_alteracao = now() WHERE id_organization = $1 AND id_filial = $2 AND id_boleto = $3`, [s.org, s.id_filial, id_boleto, motivo]);
}

/** The boletos of the documents in this branch, locked, oldest first (/demand/sync-demands-documents). */
export async function boletosOfDocuments(tx: Tx, s: Scope, documentos: readonly number[]) {
  const { rows } = await tx.query<{ id_boleto: number; id_documento_financeiro: number; nosso_numero: string; situacao: 'Pendente' | 'RemessaGerada' | 'Cancelado'; valor: string; data_pagamento: string | null; motivo_rejeicao: string | null }>(
    `SELECT id_boleto, id_documento_financeiro, nosso_numero_banco AS nosso_numero, situacao, valor::text AS valor, data_pagamento::text AS data_pagamento, motivo_rejeicao
       FROM boleto WHERE id_organization = $1 AND id_filial = $2 AND id_documento_financeiro = ANY($3::int[]) ORDER BY id_boleto FOR UPDATE`,
    [s.org, s.id_filial, documentos],
  );
  return rows;
}
