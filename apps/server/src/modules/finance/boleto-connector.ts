/**
 * Boletos through the shop's local connector (001 §7 Local boleto connector, issue 25). The connector builds the
 * boleto and its PDF with packages/banking; the server keeps what must not be lost or duplicated:
 * - reserve: the checks of /demand/create (001 §5, Entrada and Aberto only, the configuration's account of the branch)
 *   and one nosso número per document from the account's sequence, kept in boleto_reserva: sent again, the same
 *   number (nothing consumed twice);
 * - record: the connector's barcode and linha digitável must be what packages/banking builds for the reserved number,
 *   value and due date (a client's digits are never stored unchecked), then the boleto is stored as a server-issued
 *   one (Pendente, in the list and the next remessa). A retry of a recorded one answers the same boleto.
 * - remessa: the server hands the connector the pending boletos and the account's next file number, and stores the
 *   connector's file only when it is byte for byte the one the server would write (the sequence drawn then);
 * - retorno: the connector reads the file for the shop; settling stays /demand/ler-retorno (once per file).
 */
import type { DemandReserveResult } from '@pdv/contract/boleto';
import type { BoletoRemessaRequest } from '@pdv/contract/connector';
import { emitirBoleto } from '@pdv/banking/emitir';
import { bankAdapter, nnKey, retornoNossoNumero } from '@pdv/banking/bank-adapters';
import { BOLETO_MESSAGES as M } from '@pdv/domain/boleto';
import { tipoCobrancaOf } from '@pdv/domain/boleto-connector';
import { ValidationError } from '@pdv/domain/errors';
import { fromDecimal, toDecimal, toDecimalString } from '@pdv/domain/money';
import type { Tx } from '../../db/database.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import * as cq from './boleto-connector-queries.ts';
import * as bq from './boleto-queries.ts';
import { boletoDueDate, eligibleDocument, hybridReceiver, newBoleto, prepare, remessaPlan, remessaText, storeRemessa, type IssueInput, type Ready } from './boletos.ts';
import type { Scope } from './document-queries.ts';
import * as q from './document-queries.ts';
import { branchToday } from './documents.ts';

const digits = (v: string) => v.replace(/\D/g, '');
const failed = (id: number, numero: string, error: string) =>
  ({ id_documento_financeiro: id, numero, success: false, id_boleto: null, error_message: M.perDocument(numero, error) });

export async function reserve(tx: Tx, s: Scope, id_usuario: number, input: IssueInput): Promise<DemandReserveResult> {
  const r = await prepare(tx, s, input, true);
  const today = (await branchToday(tx, s)).date;
  const resultados: DemandReserveResult['resultados'] = [];
  const documentos: DemandReserveResult['documentos'] = [];
  for (const id of [...new Set(input.documentos)]) {
    const e = await eligibleDocument(tx, s, id, true);
    if ('error' in e) {
      resultados.push(failed(id, e.numero, e.error));
      continue;
    }
    const vencimento = boletoDueDate(r, e.doc, today);
    const open = await cq.openReservation(tx, s, id);
    if (open && open.id_conta !== r.account.id_conta) await cq.discardReservation(tx, s.org, open.id_boleto_reserva);
    const same = open && open.id_conta === r.account.id_conta ? open : undefined;
    const seq = same ? same.nosso_numero : await bq.drawSequence(tx, s.org, r.account.id_conta, 'sequencia_nosso_numero');
    try {
      emitirBoleto({ parts: r.adapter.parts(r.account, r.config, seq, today.slice(2, 4)), valor: e.doc.saldo, vencimento });
    } catch (err) {
      if (err instanceof ValidationError) throw badRequest(M.perDocument(e.numero, err.message));
      throw err;
    }
    const values: cq.ReservationValues = {
      id_configuracao_boleto: r.config.id_configuracao_boleto, id_conta: r.account.id_conta, nosso_numero: seq, data_documento: today, data_vencimento: vencimento,
      valor: toDecimalString(e.doc.saldo), tipo_multa: r.config.tipo_multa, valor_multa: r.config.valor_multa, dias_multa: r.config.dias_multa,
      tipo_juro: r.config.tipo_juro, valor_juro: r.config.valor_juro, id_usuario,
    };
    if (same) await cq.refreshReservation(tx, s.org, same.id_boleto_reserva, values);
    else await cq.insertReservation(tx, s, id, values);
    resultados.push({ id_documento_financeiro: id, numero: e.numero, success: true, id_boleto: null, error_message: null });
    const p = e.payer;
    documentos.push({
      id_documento_financeiro: id, nosso_numero: seq, numero: e.numero, data_vencimento: vencimento, valor: toDecimal(e.doc.saldo),
      pagador: {
        nome: p.nome ?? '', cpf_cnpj: p.cnpj || p.cpf || '', endereco: p.endereco ?? '', numero: p.numero ?? '', bairro: p.bairro ?? '',
        cidade: p.cidade ?? '', uf: p.uf ?? '', cep: p.cep ?? '',
      },
    });
  }
  const { config: c, account: a } = r;
  return {
    resultados, documentos, data_documento: today, emitente: { nome: r.emitente.nome, cnpj: r.emitente.cnpj },
    config: {
      cnab: c.cnab, carteira: c.carteira, convenio: c.convenio, codigo_cedente: c.codigo_cedente, modalidade: c.modalidade ?? null, codigo_transmissao: c.codigo_transmissao ?? null,
      tipo_multa: c.tipo_multa, valor_multa: c.valor_multa, dias_multa: c.dias_multa, tipo_juro: c.tipo_juro, valor_juro: c.valor_juro,
      dias_expiracao: c.dias_expiracao, observacao: c.observacao,
      // A hybrid configuration's PIX receiver: the connector prints the same BR Code the server stores (hybridPix).
      pix: hybridReceiver(r),
    },
    conta: { id_banco: a.id_banco, agencia: a.agencia ?? '', digito_agencia: a.digito_agencia, numero: a.numero ?? '', digito_conta: a.digito_conta },
  };
}

export interface RecordInput { boletos: ReadonlyArray<{ id_documento_financeiro: number; nosso_numero: number; codigo_barras: string; linha_digitavel: string }> }

/** Stores the connector's boletos after checking each against its reservation; any tampered one refuses the whole call. */
export async function record(tx: Tx, s: Scope, id_usuario: number, input: RecordInput) {
  const resultados = [];
  const emails: Array<{ id_boleto: number; email: string | null }> = [];
  const readies = new Map<string, Ready>();
  for (const b of input.boletos) {
    const id = b.id_documento_financeiro;
    const [visible] = await q.documentsByIds(tx, s, [id]);
    const label = visible ? (visible.sequencia > 1 ? `${visible.numero}/${visible.sequencia}` : visible.numero) : String(id);
    const res = visible ? await cq.reservationOf(tx, s, id, b.nosso_numero) : undefined;
    if (!res) throw badRequest(M.reservationMissing(label, b.nosso_numero));
    if (res.id_boleto !== null) {
      // Recorded already (a retry after a lost answer): the same boleto, if it is the same one.
      const stored = await cq.boletoCodes(tx, s, res.id_boleto);
      if (!stored || stored.codigo_barra !== digits(b.codigo_barras)) throw badRequest(M.barcodeMismatch(label));
      resultados.push({ id_documento_financeiro: id, numero: label, success: true, id_boleto: res.id_boleto, error_message: null });
      continue;
    }
    const key = JSON.stringify([res.id_configuracao_boleto, res.tipo_multa, res.valor_multa, res.dias_multa, res.tipo_juro, res.valor_juro]);
    let r = readies.get(key);
    if (!r) {
      r = await prepare(tx, s, {
        id_configuracao_boleto: res.id_configuracao_boleto, documentos: [id], tipo_multa: res.tipo_multa, valor_multa: res.valor_multa, dias_multa: res.dias_multa,
        tipo_juro: res.tipo_juro, valor_juro: res.valor_juro,
      }, true);
      readies.set(key, r);
    }
    if (r.account.id_conta !== res.id_conta) throw badRequest(M.reservationMissing(label, b.nosso_numero));
    const e = await eligibleDocument(tx, s, id, true);
    const valor = fromDecimal(res.valor);
    if ('error' in e || e.doc.saldo !== valor) {
      await cq.discardReservation(tx, s.org, res.id_boleto_reserva);
      resultados.push(failed(id, label, 'error' in e ? e.error : M.balanceChanged));
      continue;
    }
    let codes;
    try {
      codes = emitirBoleto({ parts: r.adapter.parts(r.account, r.config, res.nosso_numero, res.data_documento.slice(2, 4)), valor, vencimento: res.data_vencimento });
    } catch (err) {
      if (err instanceof ValidationError) throw badRequest(M.perDocument(label, err.message));
      throw err;
    }
    if (digits(b.codigo_barras) !== codes.codigoBarras) throw badRequest(M.barcodeMismatch(label));
    if (digits(b.linha_digitavel) !== digits(codes.linhaDigitavel)) throw badRequest(M.lineMismatch(label));
    const id_boleto = await bq.insertBoleto(tx, s, newBoleto(r, e, res.nosso_numero, codes, res.data_vencimento, valor, id_usuario));
    await cq.markRecorded(tx, s.org, res.id_boleto_reserva, id_boleto);
    emails.push({ id_boleto, email: e.payer.email });
    resultados.push({ id_documento_financeiro: id, numero: label, success: true, id_boleto, error_message: null });
  }
  return { resultados, emails };
}

/** The account's connector header: collection type, cedente (the branch and the configuration's codes), account. */
function header(p: { account: bq.AccountRow; config: bq.ConfigRow; emitente: bq.Emitente }): Pick<BoletoRemessaRequest, 'banco' | 'cedente' | 'conta'> {
  const { account: a, config: c } = p;
  const tipo = tipoCobrancaOf(a.id_banco);
  if (tipo === undefined || a.id_banco === null || !bankAdapter(a.id_banco, c.cnab)) throw badRequest(M.bankNotCertified);
  return {
    banco: { tipo_cobranca: tipo, id_banco: a.id_banco, cnab: c.cnab === '240' ? '240' : '400' },
    cedente: {
      nome: p.emitente.nome, cnpj: digits(p.emitente.cnpj), carteira: c.carteira, convenio: c.convenio, codigo_cedente: c.codigo_cedente,
      modalidade: c.modalidade ?? null, codigo_transmissao: c.codigo_transmissao ?? null,
    },
    conta: { agencia: a.agencia ?? '', digito_agencia: a.digito_agencia, numero: a.numero ?? '', digito_conta: a.digito_conta },
  };
}

const txt = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const reais = (v: unknown) => toDecimal(fromDecimal(String(v)));

/** The /boleto/gerar_remessa body of the account's pending boletos, under the account's next file number. Writes nothing. */
export async function remessaRequest(tx: Tx, s: Scope, id_conta: number): Promise<BoletoRemessaRequest> {
  const p = await remessaPlan(tx, s, id_conta);
  const numero_remessa = (await bq.peekSequence(tx, s.org, id_conta, 'sequencia_arquivo_remessa')) ?? 1;
  const today = (await branchToday(tx, s)).date;
  return {
    ...header(p), numero_remessa, data_geracao: today, hora_geracao: new Date().toISOString().slice(11, 19).replace(/:/g, ''),
    lista_titulos: p.rows.map((b) => ({
      nosso_numero: Number(b['nosso_numero']), nosso_numero_impresso: txt(b['nosso_numero_banco']), uso_empresa: txt(b['id_boleto']),
      numero_documento: txt(b['numero_documento']).slice(0, 10), data_documento: txt(b['emissao']), data_vencimento: txt(b['vencimento']), valor: reais(b['valor_text']),
      especie: 'DM' as const, aceite: 'N' as const, codigo_mora: '1' as const, valor_mora_juros: reais(b['mora_text']), data_mora_juros: b['mora_data'] ? txt(b['mora_data']) : null,
      percentual_multa: Number(b['percentual_multa']), valor_multa: reais(b['multa_text']), data_multa: b['multa_data'] ? txt(b['multa_data']) : null,
      dias_protesto: 0 as const, ocorrencia: b['situacao'] === 'Cancelado' ? 'B' as const : 'R' as const,
      sacado: {
        nome: txt(b['nome_sacado']), cnpj_cpf: txt(b['cnpj_cpf']), logradouro: txt(b['logradouro']), numero: txt(b['numero']), bairro: txt(b['bairro']),
        cidade: txt(b['cidade']), uf: txt(b['uf']), cep: txt(b['cep']),
      },
      instrucoes: [],
    })),
  };
}

const lines = (text: string) => text.replace(/\r\n/g, '\n').replace(/\n+$/, '');

/** Stores the connector's remessa when it is the one the server writes for the same boletos, number, date and time. */
export async function recordRemessa(tx: Tx, s: Scope, id_usuario: number, input: { id_conta: number; numero_remessa: number; data_geracao: string; hora_geracao: string; conteudo: string }) {
  const p = await remessaPlan(tx, s, input.id_conta);
  const next = await bq.peekSequence(tx, s.org, input.id_conta, 'sequencia_arquivo_remessa');
  const today = (await branchToday(tx, s)).date;
  if (next !== input.numero_remessa || input.data_geracao !== today) throw badRequest(M.remessaChanged);
  const ours = remessaText(p, today, input.numero_remessa, input.hora_geracao);
  if (lines(ours) !== lines(input.conteudo)) throw badRequest(M.remessaMismatch);
  const sequencia = await bq.drawSequence(tx, s.org, input.id_conta, 'sequencia_arquivo_remessa');
  return storeRemessa(tx, s, id_usuario, p, today, sequencia, ours);
}

/** The /boleto/ler_retorno header of the account and the nossos números of its boletos in the branch. */
export async function retornoRequest(tx: Tx, s: Scope, id_conta: number) {
  const account = await bq.accountOf(tx, s, id_conta);
  if (!account) throw notFound();
  const config = await bq.configOfAccount(tx, s.org, id_conta);
  const emitente = await bq.branchOf(tx, s);
  if (!config || !emitente) throw badRequest(M.bankNotCertified);
  const adapter = bankAdapter(account.id_banco, config.cnab);
  if (!adapter) throw badRequest(M.bankNotCertified);
  const conhecidos = [];
  for (const b of await bq.boletosOfAccount(tx, s, id_conta)) {
    const cfg = b.id_configuracao_boleto === config.id_configuracao_boleto ? config : (await bq.configById(tx, s.org, b.id_configuracao_boleto)) ?? config;
    conhecidos.push(nnKey(retornoNossoNumero(adapter, cfg, b.nosso_numero, b.nosso_numero_banco)));
  }
  return { ...header({ account, config, emitente }), conhecidos };
}
