/**
 * Boletos of receivable documents (001 §5 Boleto generation, §7 /demand, §4 Boleto): issue one per document with the
 * configuration (the account's nosso número sequence drawn under its row lock, never reused), the PDF
 * (packages/documents), the remessa of the account's pending boletos (RemessaGerada; cancelled ones with the cancel
 * occurrence) and the retorno that settles documents through this module's discharge. A retorno file is processed once
 * (its hash is stored), a boleto is settled once (the retorno that settled it is stored on it).
 */
import { createHash } from 'node:crypto';
import { emitirBoleto } from '@pdv/banking/emitir';
import { boletoHybridPix, type HybridPixReceiver } from '@pdv/banking/pix';
import type { Titulo } from '@pdv/banking/cnab-model';
import type { BoletoRow as DemandRow, RetornoResult } from '@pdv/contract/boleto';
import { BOLETO_MESSAGES as M, boletoAmount, boletoDocumentIssue, boletoSyncAction, type BoletoAmountType } from '@pdv/domain/boleto';
import { ValidationError } from '@pdv/domain/errors';
import { canDischarge } from '@pdv/domain/financial-document';
import { fromDecimal, toDecimal, toDecimalString, type Cents } from '@pdv/domain/money';
import { addDays } from '@pdv/domain/payment';
import { boletoPdf } from '@pdv/documents/boleto-pdf';
import type { Tx } from '../../db/database.ts';
import { badRequest, HttpError, notFound } from '../../http/errors.ts';
import { bankAdapter, bankAdapterOf, configProblem, nnKey, readRetorno, retornoNossoNumero, writeRemessa, type BankAdapter } from '@pdv/banking/bank-adapters';
import * as bq from './boleto-queries.ts';
import * as q from './document-queries.ts';
import { branchToday, discharge } from './documents.ts';

type Scope = q.Scope;

export interface IssueInput {
  id_configuracao_boleto?: number | null | undefined;
  documentos: readonly number[];
  tipo_multa?: BoletoAmountType | undefined;
  valor_multa?: number | undefined;
  dias_multa?: number | undefined;
  tipo_juro?: BoletoAmountType | undefined;
  valor_juro?: number | undefined;
}

export interface Ready { config: bq.ConfigRow; account: bq.AccountRow; adapter: BankAdapter; emitente: bq.Emitente }

/** The overall checks of 001 §5, in its order: documents, configuration, account, branch, bank. */
export async function prepare(tx: Tx, s: Scope, input: IssueInput, lock: boolean): Promise<Ready> {
  if (input.documentos.length === 0) throw badRequest(M.noDocuments);
  if (input.id_configuracao_boleto == null) throw badRequest(M.noConfig);
  const stored = await bq.configById(tx, s.org, input.id_configuracao_boleto);
  if (!stored) throw badRequest(M.noConfig);
  const config: bq.ConfigRow = {
    ...stored,
    tipo_multa: input.tipo_multa ?? stored.tipo_multa, valor_multa: input.valor_multa ?? stored.valor_multa, dias_multa: input.dias_multa ?? stored.dias_multa,
    tipo_juro: input.tipo_juro ?? stored.tipo_juro, valor_juro: input.valor_juro ?? stored.valor_juro,
  };
  for (const [t, v, label] of [[config.tipo_multa, config.valor_multa, 'Valor da multa'], [config.tipo_juro, config.valor_juro, 'Valor do juro']] as const) {
    const cents = Math.round(v * 1000);
    if (t === 'Valor' && Math.abs(v * 100 - Math.round(v * 100)) > 1e-9) throw badRequest(M.valuePlaces(label));
    if (t === 'Percentual' && (Math.abs(v * 1000 - cents) > 1e-9)) throw badRequest(M.percentPlaces(label));
    if (t === 'Percentual' && v > 100) throw badRequest(M.percentMax(label));
  }
  const account = await bq.accountOf(tx, s, config.id_conta, lock);
  if (!account) throw badRequest(M.accountMissing);
  const emitente = await bq.branchOf(tx, s);
  if (!emitente) throw badRequest(M.branchMissing);
  const adapter = bankAdapter(account.id_banco, config.cnab);
  if (!adapter || configProblem(adapter, config) || !account.agencia || !account.numero) throw badRequest(M.bankNotCertified);
  if (config.is_hibrido && !account.chave_pix?.trim()) throw badRequest(M.hybridNoPixKey);
  if (config.is_hibrido && !emitente.cidade?.trim()) throw badRequest(M.hybridNoCity);
  return { config, account, adapter, emitente };
}

const money = (c: Cents) => toDecimalString(c);

export interface Eligible { doc: q.DocumentRow; numero: string; payer: bq.PayerRow }

/** The per-document checks of 001 §5 (the document of the branch, Entrada and Aberto, no live boleto, the payer). */
export async function eligibleDocument(tx: Tx, s: Scope, id: number, lock: boolean): Promise<Eligible | { error: string; numero: string }> {
  return (await eligibleDocuments(tx, s, [id], lock))[0]!;
}

/** The same checks for many documents in four queries (documents locked in id order when `lock`); one answer per id, in order. */
export async function eligibleDocuments(tx: Tx, s: Scope, ids: readonly number[], lock: boolean): Promise<Array<Eligible | { error: string; numero: string }>> {
  const docs = new Map((await q.documentsByIds(tx, s, ids, lock)).map((d) => [d.id_documento_financeiro, d]));
  const live = await bq.liveBoletosOf(tx, s, [...docs.keys()]);
  const payers = await bq.payersOf(tx, s.org, [...docs.values()].flatMap((d) => (d.id_pessoa === null ? [] : [d.id_pessoa])));
  return ids.map((id) => {
    const doc = docs.get(id);
    if (!doc) return { error: M.noFinancialDocument, numero: String(id) };
    const numero = doc.sequencia > 1 ? `${doc.numero}/${doc.sequencia}` : doc.numero;
    if (doc.operacao !== 'Entrada' || doc.situacao !== 'Aberto') return { error: M.notEligible, numero };
    if (live.has(id)) return { error: M.alreadyIssued, numero };
    const payer = doc.id_pessoa === null ? undefined : payers.get(doc.id_pessoa);
    const issue = boletoDocumentIssue(doc.saldo, payer ? {
      nome: payer.nome, cpf: payer.cpf, cnpj: payer.cnpj,
      endereco: payer.has_address ? { cep: payer.cep, endereco: payer.endereco, numero: payer.numero, bairro: payer.bairro, cidade: payer.cidade, uf: payer.uf } : null,
    } : null);
    if (issue || !payer) return { error: issue ?? M.payerMissing, numero };
    return { doc, numero, payer };
  });
}

/** The due date of a document's boleto: its own, or today plus the configuration's expiration when it is past. */
export const boletoDueDate = (r: Ready, doc: q.DocumentRow, today: string) => (doc.data_vencimento >= today ? doc.data_vencimento : addDays(today, r.config.dias_expiracao));

/** The boleto row of an eligible document with its codes (the server's issue and the connector's record write the same). */
export function newBoleto(r: Ready, e: Eligible, seq: number, codes: { nossoNumero: string; codigoBarras: string; linhaDigitavel: string }, vencimento: string, valor: Cents, id_usuario: number): bq.NewBoleto {
  const { payer, numero } = e;
  const multa = boletoAmount(r.config.tipo_multa, r.config.valor_multa, valor);
  const juroMes = boletoAmount(r.config.tipo_juro, r.config.valor_juro, valor);
  return {
    id_documento_financeiro: e.doc.id_documento_financeiro, id_configuracao_boleto: r.config.id_configuracao_boleto, id_conta: r.account.id_conta, nosso_numero: seq,
    nosso_numero_banco: codes.nossoNumero, codigo_barra: codes.codigoBarras, linha_digitavel: codes.linhaDigitavel, data_vencimento: vencimento,
    valor: money(valor),
    // Interest: a percentage is a month's rate of the value (Valor: an amount a month), charged a day from the day after the due date.
    data_mora_juros: juroMes > 0 ? addDays(vencimento, 1) : null, valor_mora_juros: money(r.config.tipo_juro === 'Valor' ? juroMes : Math.round(juroMes / 30)),
    data_multa: multa > 0 ? addDays(vencimento, Math.max(1, r.config.dias_multa)) : null,
    multa_valor_fixo: money(r.config.tipo_multa === 'Valor' ? multa : 0), percentual_multa: String(r.config.tipo_multa === 'Percentual' ? r.config.valor_multa : 0),
    pix_brcode: hybridPix(r, codes.nossoNumero, valor),
    nome_sacado: (payer.nome ?? '').slice(0, 200), tipo_sacado: payer.cnpj ? 'J' : 'F', cnpj_cpf: (payer.cnpj || payer.cpf || '').replace(/[^0-9A-Z]/g, '').slice(0, 14),
    logradouro: (payer.endereco ?? '').slice(0, 100), numero: (payer.numero ?? '').slice(0, 20), bairro: (payer.bairro ?? '').slice(0, 80),
    complemento: payer.complemento?.slice(0, 80) ?? null, cidade: (payer.cidade ?? '').slice(0, 100), uf: (payer.uf ?? '').slice(0, 2),
    cep: (payer.cep ?? '').replace(/\D/g, '').slice(0, 8), email: payer.email?.slice(0, 80) ?? null, numero_documento: numero.slice(0, 10), id_usuario,
  };
}

/**
 * The static PIX BR Code of a hybrid configuration's boleto (Manual de Padrões para Iniciação do Pix): the account's
 * key, the boleto's value, the branch's name and city, and a txid derived from the nosso número; null for a plain one.
 */
/** The PIX receiver of a hybrid configuration (the account's key, the branch's name and city); null for a plain one. */
export function hybridReceiver(r: Ready): HybridPixReceiver | null {
  return r.config.is_hibrido ? { chave: r.account.chave_pix ?? '', nome: r.emitente.nome, cidade: r.emitente.cidade ?? '' } : null;
}

export function hybridPix(r: Ready, nossoNumero: string, valor: Cents): string | null {
  if (!r.config.is_hibrido) return null;
  return boletoHybridPix(hybridReceiver(r)!, r.adapter.banco, nossoNumero, valor);
}

/**
 * Issues (or, with write false, validates) one boleto per document; failures are results, not refusals. The documents
 * are read and checked together, the eligible ones draw consecutive nossos números in one update of the account (in
 * the order given) and their boletos are written by multi-row inserts: a code the bank cannot take rolls back the whole
 * issue (the numbers were drawn), as before.
 */
export async function issueBoletos(tx: Tx, s: Scope, id_usuario: number, input: IssueInput, write: boolean) {
  const ready = await prepare(tx, s, input, write);
  const today = (await branchToday(tx, s)).date;
  const ids = [...new Set(input.documentos)];
  const checked = await eligibleDocuments(tx, s, ids, write);
  const eligible = checked.filter((e): e is Eligible => !('error' in e));
  const first = eligible.length === 0 ? 0 : write
    ? await bq.drawSequences(tx, s.org, ready.account.id_conta, 'sequencia_nosso_numero', eligible.length)
    : (await bq.peekSequence(tx, s.org, ready.account.id_conta, 'sequencia_nosso_numero') ?? 1);
  const errors = new Map<number, string>();
  const rows: bq.NewBoleto[] = [];
  for (const [i, e] of eligible.entries()) {
    const vencimento = boletoDueDate(ready, e.doc, today);
    const seq = first + i;
    try {
      const codes = emitirBoleto({ parts: ready.adapter.parts(ready.account, ready.config, seq, today.slice(2, 4)), valor: e.doc.saldo, vencimento });
      rows.push(newBoleto(ready, e, seq, codes, vencimento, e.doc.saldo, id_usuario));
    } catch (err) {
      if (!(err instanceof ValidationError)) throw err;
      if (write) throw badRequest(M.perDocument(e.numero, err.message)); // the sequence was drawn: roll back the whole issue
      errors.set(e.doc.id_documento_financeiro, err.message);
    }
  }
  const inserted = write ? await bq.insertBoletos(tx, s, rows) : [];
  const idOf = new Map(rows.map((r, i) => [r.id_documento_financeiro, inserted[i] ?? null]));
  const resultados = [];
  const emails: Array<{ id_boleto: number; email: string | null }> = [];
  for (const [n, id] of ids.entries()) {
    const c = checked[n]!;
    const error = 'error' in c ? c.error : errors.get(id) ?? null;
    const id_boleto = error === null ? idOf.get(id) ?? null : null;
    if (id_boleto !== null && !('error' in c)) emails.push({ id_boleto, email: c.payer.email });
    resultados.push({
      id_documento_financeiro: id, numero: c.numero, success: error === null, id_boleto,
      error_message: error === null ? null : M.perDocument(c.numero, error),
    });
  }
  return { resultados, emails };
}

export async function boletoById(tx: Tx, s: Scope, id: number): Promise<DemandRow> {
  const { rows } = await bq.findBoletos(tx, s, { search: '', ids: [id] });
  if (!rows[0]) throw notFound();
  return rows[0];
}

const cents = (v: unknown) => fromDecimal(String(v));
const txt = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

export async function boletoPdfOf(tx: Tx, s: Scope, id: number): Promise<{ nome_arquivo: string; pdf_base64: string }> {
  const [b] = await bq.boletoFull(tx, s, [id]);
  if (!b) throw notFound();
  const account = await tx.query<bq.AccountRow>(`SELECT id_conta, descricao, id_banco, agencia, digito_agencia, numero, digito_conta FROM conta_bancaria WHERE id_organization = $1 AND id_conta = $2`, [s.org, b['id_conta']]);
  const config = await bq.configById(tx, s.org, Number(b['id_configuracao_boleto']));
  const emitente = await bq.branchOf(tx, s);
  const a = account.rows[0]!;
  const banco = String(a.id_banco).padStart(3, '0');
  const instrucoes: string[] = [];
  if (Number(b['percentual_multa']) > 0) instrucoes.push(`Após o vencimento cobrar multa de ${String(b['percentual_multa']).replace('.', ',')}%.`);
  if (cents(b['multa_text']) > 0) instrucoes.push(`Após o vencimento cobrar multa de ${toDecimal(cents(b['multa_text'])).toFixed(2).replace('.', ',')}.`);
  if (cents(b['mora_text']) > 0) instrucoes.push(`Juros de mora de R$ ${toDecimal(cents(b['mora_text'])).toFixed(2).replace('.', ',')} por dia de atraso.`);
  if (config?.observacao) instrucoes.push(config.observacao);
  const pdf = await boletoPdf({
    banco, codigoBarras: String(b['codigo_barra']), linhaDigitavel: String(b['linha_digitavel']), nossoNumero: String(b['nosso_numero_banco']),
    beneficiario: { nome: emitente?.nome ?? '', documento: emitente?.cnpj ?? '' },
    agenciaCodigo: `${a.agencia}${a.digito_agencia ? `-${a.digito_agencia}` : ''} / ${a.numero}${a.digito_conta ? `-${a.digito_conta}` : ''}`,
    pagador: { nome: String(b['nome_sacado']), documento: String(b['cnpj_cpf']), endereco: `${String(b['logradouro'])}, ${String(b['numero'])} - ${String(b['bairro'])} - ${String(b['cidade'])}/${String(b['uf'])} - CEP ${String(b['cep'])}` },
    numeroDocumento: txt(b['numero_documento']), vencimento: String(b['vencimento']), emissao: String(b['emissao']), processamento: String(b['emissao']),
    valor: cents(b['valor_text']), carteira: config?.carteira ?? '', especieDocumento: 'DM', aceite: 'N', instrucoes,
    ...(typeof b['pix_brcode'] === 'string' && b['pix_brcode'] ? { pix: b['pix_brcode'] } : {}),
  });
  return { nome_arquivo: `boleto-${txt(b['numero_documento']) || String(id)}.pdf`, pdf_base64: Buffer.from(pdf).toString('base64') };
}

/** What a remessa of the account's pending boletos of the branch holds (locked): its títulos, adapter and codes. */
export async function remessaPlan(tx: Tx, s: Scope, id_conta: number) {
  const account = await bq.accountOf(tx, s, id_conta, true);
  if (!account) throw notFound();
  const ids = await bq.pendingOfAccount(tx, s, id_conta);
  if (ids.length === 0) throw badRequest(M.remessaEmpty);
  const rows = await bq.boletoFull(tx, s, ids, true);
  const config = await bq.configById(tx, s.org, Number(rows[0]!['id_configuracao_boleto']));
  const emitente = await bq.branchOf(tx, s);
  if (!config || !emitente) throw badRequest(M.noConfig);
  const adapter = bankAdapter(account.id_banco, config.cnab);
  if (!adapter) throw badRequest(M.bankNotCertified);
  const titulos: Titulo[] = rows.map((b) => {
    const multaPct = Number(b['percentual_multa']);
    const multaFixo = cents(b['multa_text']);
    const cancel = b['situacao'] === 'Cancelado';
    const seq = Number(b['nosso_numero']);
    const impresso = String(b['nosso_numero_banco']);
    const titulo: Titulo = {
      ...adapter.titulo(config, seq, impresso), ocorrencia: cancel ? '02' : '01', nossoNumero: adapter.fileNossoNumero(config, seq, impresso),
      numeroDocumento: txt(b['numero_documento']), usoEmpresa: String(b['id_boleto']), vencimento: String(b['vencimento']), emissao: String(b['emissao']),
      valor: cents(b['valor_text']), especie: '01', aceite: 'N', instrucao1: '00', instrucao2: '00', jurosDia: cents(b['mora_text']),
      ...(b['mora_data'] ? { jurosData: txt(b['mora_data']) } : {}),
      ...(multaPct > 0 || multaFixo > 0 ? { multaCodigo: multaPct > 0 ? '2' : '1', multa: multaPct > 0 ? Math.round(multaPct * 100) : multaFixo, multaData: String(b['multa_data']) } : {}),
      pagadorTipo: b['tipo_sacado'] === 'J' ? '02' : '01', pagadorDocumento: String(b['cnpj_cpf']), pagadorNome: String(b['nome_sacado']),
      pagadorEndereco: `${String(b['logradouro'])} ${String(b['numero'])}`, pagadorBairro: String(b['bairro']), pagadorCep: String(b['cep']),
      pagadorCidade: String(b['cidade']), pagadorUf: String(b['uf']), diasProtesto: '00',
    };
    return adapter.finish ? adapter.finish(titulo) : titulo;
  });
  return { account, ids, rows, config, emitente, adapter, titulos };
}
export type RemessaPlan = Awaited<ReturnType<typeof remessaPlan>>;

/** The remessa file of a plan (a bad field of a boleto is a 400 with its message). */
export function remessaText(p: RemessaPlan, today: string, sequencia: number, hora: string): string {
  try {
    return writeRemessa(p.adapter, p.adapter.beneficiario(p.account, p.config, p.emitente), today, sequencia, p.titulos, hora);
  } catch (e) {
    if (e instanceof ValidationError) throw badRequest(e.message);
    throw e;
  }
}

/** Stores a remessa of a plan under the account's drawn sequence; its boletos become RemessaGerada. */
export async function storeRemessa(tx: Tx, s: Scope, id_usuario: number, p: RemessaPlan, today: string, sequencia: number, conteudo: string) {
  const id_conta = p.account.id_conta;
  const nome_arquivo = `CB${today.slice(8, 10)}${today.slice(5, 7)}${String(sequencia % 100).padStart(2, '0')}.REM`;
  const id_boleto_remessa = await bq.insertRemessa(tx, s, { id_conta, sequencia, cnab: p.adapter.format.cnab, nome_arquivo, conteudo, quantidade: p.titulos.length, id_usuario });
  await bq.markRemessa(tx, s, p.ids, id_boleto_remessa);
  return { id_boleto_remessa, sequencia, nome_arquivo, conteudo, quantidade: p.titulos.length };
}

/** The remessa of the account's pending boletos of the branch (and the cancel occurrence of the cancelled sent ones). */
export async function generateRemessa(tx: Tx, s: Scope, id_usuario: number, id_conta: number) {
  const p = await remessaPlan(tx, s, id_conta);
  const sequencia = await bq.drawSequence(tx, s.org, id_conta, 'sequencia_arquivo_remessa');
  const today = (await branchToday(tx, s)).date;
  const conteudo = remessaText(p, today, sequencia, new Date().toISOString().slice(11, 19).replace(/:/g, ''));
  return storeRemessa(tx, s, id_usuario, p, today, sequencia, conteudo);
}

export async function remessaFile(tx: Tx, s: Scope, id: number) {
  const r = await bq.remessaById(tx, s, id);
  if (!r) throw notFound();
  return r;
}

export async function cancel(tx: Tx, s: Scope, id: number): Promise<DemandRow> {
  await boletoById(tx, s, id);
  if (!(await bq.cancelBoleto(tx, s, id))) throw badRequest(M.noBoletoSelected);
  return boletoById(tx, s, id);
}

/**
 * /demand/sync-demands-documents: the boletos of the documents follow them (packages/domain boletoSyncAction). Every
 * id must be a document of the caller's branch (else a 400 and nothing is written); the documents and their boletos
 * are locked, a live boleto whose document is no longer open or whose balance changed is cancelled (a sent one is
 * written off in the next remessa), and what a retorno recorded is reported.
 */
export async function syncDocuments(tx: Tx, s: Scope, documentos: readonly number[]) {
  const ids = [...new Set(documentos)];
  const docs = await q.documentsByIds(tx, s, ids, true);
  const found = new Set(docs.map((d) => d.id_documento_financeiro));
  const missing = ids.find((id) => !found.has(id));
  if (missing !== undefined) throw badRequest(M.syncDocumentNotFound(missing));
  const boletos = await bq.boletosOfDocuments(tx, s, ids);
  let cancelados = 0;
  const resultados = [];
  for (const doc of docs) {
    const out = [];
    for (const b of boletos.filter((x) => x.id_documento_financeiro === doc.id_documento_financeiro)) {
      const { cancelar, acao } = boletoSyncAction(doc, { situacao: b.situacao, valor: cents(b.valor), pago: b.data_pagamento !== null, motivo_rejeicao: b.motivo_rejeicao });
      const done = cancelar && (await bq.cancelBoleto(tx, s, b.id_boleto));
      if (done) cancelados += 1;
      out.push({ id_boleto: b.id_boleto, nosso_numero: b.nosso_numero, situacao_anterior: b.situacao, situacao: done ? 'Cancelado' as const : b.situacao, acao });
    }
    resultados.push({
      id_documento_financeiro: doc.id_documento_financeiro, numero: doc.sequencia > 1 ? `${doc.numero}/${doc.sequencia}` : doc.numero, situacao: doc.situacao, boletos: out,
    });
  }
  return { resultados, cancelados };
}

/**
 * Reads a retorno of the account and, when the file is sound (packages/banking: right bank and account, complete,
 * every nosso número ours), settles each paid boleto's document once (value less interest discharged, the interest
 * as such) and records rejections. The same file again: its stored report, nothing applied.
 */
export async function processRetorno(tx: Tx, s: Scope, id_usuario: number, input: { id_conta: number; nome_arquivo?: string | undefined; conteudo: string }): Promise<RetornoResult> {
  const account = await bq.accountOf(tx, s, input.id_conta, true);
  if (!account) throw notFound();
  const adapter = bankAdapterOf(account.id_banco);
  if (!adapter) throw badRequest(M.bankNotCertified);
  const text = input.conteudo.replace(/\r\n/g, '\n');
  const hash = createHash('sha256').update(text).digest('hex');
  const before = await bq.retornoReport(tx, s.org, input.id_conta, hash);
  if (before) return { ...(before as RetornoResult), ja_processado: true, aplicado: false, baixados: 0 };
  const configs = new Map<number, bq.ConfigRow | undefined>();
  const boletos = await bq.boletosOfAccount(tx, s, input.id_conta);
  const byNn = new Map<string, (typeof boletos)[number]>();
  let latest: bq.ConfigRow | undefined;
  for (const b of boletos) {
    const id = b.id_configuracao_boleto;
    if (!configs.has(id)) configs.set(id, await bq.configById(tx, s.org, id));
    const cfg = configs.get(id);
    if (cfg) byNn.set(nnKey(retornoNossoNumero(adapter, cfg, b.nosso_numero, b.nosso_numero_banco)), b);
    latest = cfg ?? latest;
  }
  // The account's codes the retorno's header names (Bradesco's company code...): the newest boleto's configuration, else the account's.
  const accountConfig = latest ?? await bq.configOfAccount(tx, s.org, input.id_conta);
  if (!accountConfig) throw badRequest(M.bankNotCertified);
  const report = readRetorno(adapter, account, accountConfig, input.conteudo, (nn) => byNn.has(nnKey(nn)));
  const result: RetornoResult = {
    ja_processado: false, aplicado: report.aplicavel, banco: report.banco, erros: report.erros, baixados: 0, rejeitados: 0,
    itens: report.itens.map((i) => ({
      linha: i.linha, nosso_numero: i.nossoNumero, ocorrencia: i.ocorrencia, tipo: i.tipo, descricao: i.descricao, motivos: i.motivos,
      valor_pago: toDecimal(i.valorPago), juros: toDecimal(i.juros), tarifa: toDecimal(i.tarifa), resultado: report.aplicavel ? '' : 'Não aplicado',
    })),
  };
  if (!report.aplicavel) return result;
  const id_retorno = await bq.insertRetorno(tx, s, { id_conta: input.id_conta, hash, nome_arquivo: input.nome_arquivo ?? null, relatorio: result, id_usuario });
  if (id_retorno === undefined) return { ...result, ja_processado: true, aplicado: false };
  const today = (await branchToday(tx, s)).date;
  for (const [n, item] of report.itens.entries()) {
    const out = result.itens[n]!;
    const b = byNn.get(nnKey(item.nossoNumero))!;
    if (item.tipo === 'rejeitado') {
      await bq.markRejected(tx, s, b.id_boleto, [item.descricao, ...item.motivos].join(' - '));
      result.rejeitados += 1;
      out.resultado = 'Rejeição registrada';
      continue;
    }
    if (item.tipo !== 'pago') { out.resultado = item.descricao; continue; }
    if (b.settled) { out.resultado = 'Boleto já baixado'; continue; }
    const [doc] = await q.documentsByIds(tx, s, [b.id_documento_financeiro], true);
    if (!doc || !canDischarge(doc.situacao)) { out.resultado = 'Documento não está em aberto'; continue; }
    const juros = Math.min(item.juros, item.valorPago);
    const principal = item.valorPago - juros;
    if (principal <= 0) { out.resultado = 'Valor pago inválido'; continue; }
    const baixado = Math.min(principal, doc.saldo);
    const acrescimo = principal - baixado;
    const on = item.dataOcorrencia ?? item.dataCredito ?? today;
    await discharge(tx, s, id_usuario, {
      documentos: [doc.id_documento_financeiro], valor_total: toDecimal(item.valorPago), valor_desconto: 0, valor_acrescimo: toDecimal(acrescimo),
      calcular_juros_multa: false, typedCharges: { juros, multa: 0 }, id_conta: input.id_conta, data_pagamento: on > today ? today : on,
      observacao: `Boleto ${b.nosso_numero} - retorno`,
    });
    if (!(await bq.markPaid(tx, s, b.id_boleto, { data_pagamento: on, valor_pago: money(item.valorPago), id_retorno }))) throw new HttpError(409, M.retornoAlreadyProcessed);
    b.settled = true;
    result.baixados += 1;
    out.resultado = 'Documento baixado';
  }
  await bq.updateRetornoReport(tx, s.org, id_retorno, result);
  return result;
}
