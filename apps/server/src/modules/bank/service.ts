/**
 * Bank integration (001 §7): the operator's internet banking login (two steps; the token is the user's for 1 hour,
 * usuario_token_banco), boletos registered online (Cobranças API), the statement and the Pix received. Every call to
 * the bank runs outside a transaction (OUTSIDE_TRANSACTION): short transactions before and after it.
 */
import { randomBytes } from 'node:crypto';
import { BankApiError } from '@pdv/banking/bank-api/http';
import { BANK_MESSAGES as M, BANK_TOKEN_TTL_MS, bankCodeError, bankLoginError } from '@pdv/domain/bank-integration';
import { toDecimalString } from '@pdv/domain/money';
import type { Tx } from '../../db/database.ts';
import { badRequest, HttpError, notFound } from '../../http/errors.ts';
import type { Caller } from '../auth/caller.ts';
import { drawSequence } from '../finance/boleto-queries.ts';
import { branchToday } from '../finance/documents.ts';
import { eligibleDocument } from '../finance/boletos.ts';
import type { BankDeps } from './deps.ts';
import * as q from './queries.ts';

type Run = <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>;
const scope = (c: Caller): q.Scope => ({ org: c.id_organization, id_filial: c.id_filial });

/** A bank's refusal is a 400 in its words; an unreachable bank a 502. */
export async function atBank<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (e) {
    if (e instanceof BankApiError) throw new HttpError(e.status === 0 ? 502 : 400, e.message);
    throw e;
  }
}

export function need<T>(client: T | null): T {
  if (client === null) throw badRequest(M.notConfigured);
  return client;
}

/** Step one: the bank checks CNPJ, CPF and password and answers a challenge (token) for the code. */
export async function authCompany(deps: BankDeps, body: { cnpj: string; cpf: string; senha: string }) {
  const error = bankLoginError(body);
  if (error) throw badRequest(error);
  const ib = need(deps.ib);
  try {
    const { desafio } = await ib.login(body.cnpj.replace(/\D/g, ''), body.cpf.replace(/\D/g, ''), body.senha);
    return { success: true, error_message: null, token: desafio };
  } catch (e) {
    if (e instanceof BankApiError && e.status !== 0) return { success: false, error_message: e.message, token: null };
    throw new HttpError(502, e instanceof Error ? e.message : String(e));
  }
}

/** Step two: the code; the bank's token becomes the user's for 1 hour (tokenBank, tokenBankExpire). */
export async function validateAuthCompany(deps: BankDeps, run: Run, caller: Caller, body: { token: string; data: string }, now = () => new Date()) {
  const error = bankCodeError(body.data);
  if (error) throw badRequest(error);
  const ib = need(deps.ib);
  let token: string;
  try {
    token = (await ib.validarCodigo(body.token, body.data)).token;
  } catch (e) {
    if (e instanceof BankApiError && e.status !== 0) return { success: false, error_message: e.message, token: null, tokenBankExpire: null };
    throw new HttpError(502, e instanceof Error ? e.message : String(e));
  }
  const expire = new Date(now().getTime() + BANK_TOKEN_TTL_MS);
  await run((tx) => q.saveToken(tx, caller.id_organization, caller.id_usuario, token, expire));
  return { success: true, error_message: null, token, tokenBankExpire: expire.toISOString() };
}

export async function bankSession(tx: Tx, caller: Caller, now = new Date()) {
  const t = await q.tokenOf(tx, caller.id_organization, caller.id_usuario);
  const logged = t !== undefined && Date.parse(t.token_bank_expire) > now.getTime();
  return { logged, tokenBankExpire: logged ? t.token_bank_expire : null };
}

/** The calls of the bank screen need the user's bank login, less than an hour old. */
export async function requireBankLogin(tx: Tx, caller: Caller, now = new Date()): Promise<void> {
  if (!(await bankSession(tx, caller, now)).logged) throw badRequest(M.bankLoginRequired);
}

async function integratedAccount(tx: Tx, caller: Caller, id_conta: number, branch: boolean): Promise<q.AccountRow> {
  const account = branch ? await q.accountOf(tx, scope(caller), id_conta) : await q.orgAccountOf(tx, caller.id_organization, id_conta);
  if (!account) throw notFound();
  if (!account.utilizar_moderbank) throw badRequest(M.accountNotIntegrated);
  return account;
}

/** invoice: the receivable's boleto registered online; the nosso número is drawn from the account's sequence. */
export async function registerBoleto(deps: BankDeps, run: Run, caller: Caller, body: { data?: string | null | undefined; id_documento_financeiro: number; id_conta: number }) {
  const cobranca = need(deps.cobranca);
  const s = scope(caller);
  const prepared = await run(async (tx) => {
    await requireBankLogin(tx, caller);
    const account = await integratedAccount(tx, caller, body.id_conta, true);
    if (!account.codigo_moderbank) throw badRequest(M.accountNotIntegrated);
    const e = await eligibleDocument(tx, s, body.id_documento_financeiro, false);
    if ('error' in e) throw badRequest(e.error);
    if (await q.liveBoletoOf(tx, s, body.id_documento_financeiro)) throw badRequest(M.boletoNotOpen);
    const today = (await branchToday(tx, s)).date;
    const vencimento = body.data ?? (e.doc.data_vencimento >= today ? e.doc.data_vencimento : today);
    if (vencimento < today) throw badRequest(M.dueDatePast);
    const sequencial = await drawSequence(tx, s.org, body.id_conta, 'sequencia_nosso_numero');
    return { account, e, today, vencimento, sequencial, convenio: account.codigo_moderbank };
  });
  const { e, payer } = { e: prepared.e, payer: prepared.e.payer };
  const registered = await atBank(() => cobranca.registrar({
    convenio: prepared.convenio, sequencial: prepared.sequencial, valor: e.doc.saldo, vencimento: prepared.vencimento, emissao: prepared.today, seuNumero: e.numero,
    pagador: {
      tipoInscricao: payer.cnpj ? 2 : 1, numeroInscricao: (payer.cnpj ?? payer.cpf ?? '').replace(/\D/g, ''), nome: payer.nome ?? '',
      endereco: `${payer.endereco ?? ''}, ${payer.numero ?? ''}`, cep: payer.cep ?? '', cidade: payer.cidade ?? '', bairro: payer.bairro ?? '', uf: payer.uf ?? '',
    },
  }));
  const row = await run((tx) => q.insertBoleto(tx, s, {
    id_conta: body.id_conta, id_documento_financeiro: body.id_documento_financeiro, convenio: prepared.convenio, numero: registered.numero,
    valor: toDecimalString(e.doc.saldo), data_vencimento: prepared.vencimento, linha_digitavel: registered.linhaDigitavel, codigo_barra: registered.codigoBarras,
    id_usuario: caller.id_usuario,
  }).catch((err: unknown) => {
    if ((err as { code?: string }).code === '23505') throw badRequest(M.boletoNotOpen);
    throw err;
  }));
  return { ...publicBoleto(row), success: true as const };
}

export const publicBoleto = ({ id_filial: _f, ...b }: q.BoletoRow) => b;

async function boletoOf(tx: Tx, caller: Caller, id: number): Promise<q.BoletoRow> {
  await requireBankLogin(tx, caller);
  const b = await q.boletoById(tx, scope(caller), id);
  if (!b) throw new HttpError(404, M.boletoNotFound);
  return b;
}

/** invoice_find_by_code: the boleto as the bank sees it now (a paid or written-off one is recorded so). */
export async function findBoleto(deps: BankDeps, run: Run, caller: Caller, id: number) {
  const cobranca = need(deps.cobranca);
  const b = await run((tx) => boletoOf(tx, caller, id));
  const at = await atBank(() => cobranca.consultar(b.numero, b.convenio));
  if (b.situacao === 'Registrado' && (at.codigoEstado === 6 || at.codigoEstado === 7)) {
    return publicBoleto(await run(async (tx) => {
      await q.setBoletoSituacao(tx, scope(caller), id, at.codigoEstado === 6 ? 'Liquidado' : 'Baixado');
      return (await q.boletoById(tx, scope(caller), id))!;
    }));
  }
  return publicBoleto(b);
}

/** invoice_cancel: the bank writes the boleto off (baixa), then it is recorded Baixado. */
export async function cancelBoleto(deps: BankDeps, run: Run, caller: Caller, id: number) {
  const cobranca = need(deps.cobranca);
  const b = await run((tx) => boletoOf(tx, caller, id));
  if (b.situacao !== 'Registrado') throw badRequest(M.boletoNotOpen);
  await atBank(() => cobranca.baixar(b.numero, b.convenio));
  return publicBoleto(await run(async (tx) => {
    await q.setBoletoSituacao(tx, scope(caller), id, 'Baixado');
    return (await q.boletoById(tx, scope(caller), id))!;
  }));
}

export async function statements(deps: BankDeps, run: Run, caller: Caller, id_conta: number) {
  const cobranca = need(deps.cobranca);
  const account = await run(async (tx) => {
    await requireBankLogin(tx, caller);
    return integratedAccount(tx, caller, id_conta, false);
  });
  if (!account.agencia || !account.numero) throw badRequest(M.accountNotIntegrated);
  return { rows: await atBank(() => cobranca.extrato(account.agencia!, account.numero!)) };
}

export async function instantPayments(deps: BankDeps, run: Run, caller: Caller, body: { id_conta: number; inicio: string; fim: string }) {
  const pix = need(deps.pix);
  if (body.fim < body.inicio) throw badRequest(M.periodInvalid);
  await run(async (tx) => {
    await requireBankLogin(tx, caller);
    await integratedAccount(tx, caller, body.id_conta, false);
  });
  const rows = await atBank(() => pix.listPix(`${body.inicio}T00:00:00-03:00`, `${body.fim}T23:59:59-03:00`));
  return { rows };
}

/** A txid of ours: 32 letters and digits. */
export const newTxid = () => randomBytes(24).toString('base64').replace(/[^a-zA-Z0-9]/g, '').padEnd(32, '0').slice(0, 32);
