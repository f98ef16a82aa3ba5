/**
 * The SAT's answer recorded on its invoice (001 §4, §7 Local fiscal device): the point of sale sends the sale to the
 * connector's /sat/envio and hands the answer here. 06000 makes the invoice Autorizada with the CF-e's key, number and
 * signed XML (and the SAT's session, time stamp and QR code signature) and the stock is then updated; any other code
 * (99999 included) leaves it Rejeitada with 'Erro ao autorizar SAT.'. 07000 of /sat/cancelamento makes it Cancelada
 * with the cancellation CF-e and gives the stock back; another code is 'Falha ao cancelar SAT: <reason>'.
 *
 * The server trusts no figure the request carries: the CF-e must be a signed CF-e (model 59) whose key is the answer's,
 * with a right check digit, issued for this branch's CNPJ, for exactly this invoice's total; a cancellation must name
 * this invoice's key. What cannot be checked here is the SAT's signature itself (its certificate chain is SEFAZ-SP's).
 */
import type { FiscalResult } from '@pdv/contract/invoice';
import type { SatAnswer, SatCancelData, SatSaleData } from '@pdv/contract/connector';
import { cfeFromInvoice } from '@pdv/fiscal/cfe-xml';
import { loadEmission } from './document.ts';
import { FISCAL_MESSAGES as M } from '@pdv/domain/fiscal-messages';
import { fromDecimal } from '@pdv/domain/money';
import { SAT_CODES, SAT_MESSAGES } from '@pdv/domain/sat';
import { isValidAccessKey } from '@pdv/fiscal/access-key';
import { attributeValue, childElement, parseXml, textContent, XmlParseError, type XmlElement } from '@pdv/fiscal/xml-parse';
import type { Tx } from '../../db/database.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { toSummary } from '../invoice/queries.ts';
import { notifyEvent } from '../realtime/notify.ts';
import { giveStockBack } from '../stock/service.ts';
import * as q from './queries.ts';
import { takeInvoiceStock } from './stock.ts';

type Row = Record<string, unknown>;

export interface SatContext {
  org: number;
  id_filial: number;
  id_usuario: number;
}

/** Ours: the answer's CF-e does not match the invoice (or is not a CF-e). */
export const satMismatch = (detail: string) => `O CF-e do SAT não confere com a nota fiscal: ${detail}.`;

function result(row: Row, success: boolean, message: string): FiscalResult {
  return {
    success, status: row['codigo_status'] === null || row['codigo_status'] === undefined ? null : String(Number(row['codigo_status'])).padStart(5, '0'),
    motivo: (row['motivo'] as string | null) ?? null, erros: [], message, nota_fiscal: toSummary(row),
  };
}

async function lockInvoice(tx: Tx, ctx: SatContext, id: number): Promise<Row> {
  const { rows } = await tx.query<Row>(
    `SELECT * FROM nota_fiscal WHERE id_organization = $1 AND id_filial = $2 AND id_nota_fiscal = $3 AND data_exclusao IS NULL FOR UPDATE`,
    [ctx.org, ctx.id_filial, id],
  );
  const nf = rows[0];
  if (!nf || nf['modelo'] !== '59') throw notFound();
  return nf;
}

const reload = async (tx: Tx, ctx: SatContext, id: number) =>
  (await tx.query<Row>('SELECT * FROM nota_fiscal WHERE id_organization = $1 AND id_nota_fiscal = $2', [ctx.org, id])).rows[0]!;

/** The answer's signed document: root `root`, infCFe with a CF-e key equal to the answer's. */
function signedDocument(answer: SatAnswer, root: 'CFe' | 'CFeCanc'): { inf: XmlElement; xml: string; chave: string } {
  if (!answer.ArquivoCFeSAT) throw badRequest(satMismatch('o SAT não devolveu o CF-e'));
  const xml = Buffer.from(answer.ArquivoCFeSAT, 'base64').toString('utf8');
  let doc: XmlElement;
  try {
    doc = parseXml(xml).root;
  } catch (error) {
    if (error instanceof XmlParseError) throw badRequest(satMismatch('XML ilegível'));
    throw error;
  }
  const inf = childElement(doc, 'infCFe');
  const id = inf ? attributeValue(inf, 'Id') ?? '' : '';
  if (doc.local !== root || !inf || !/^CFe\d{44}$/.test(id)) throw badRequest(satMismatch(`o documento não é um ${root} assinado pelo SAT`));
  const chave = id.slice(3);
  if (!isValidAccessKey(chave) || chave.slice(20, 22) !== '59') throw badRequest(satMismatch('chave do CF-e inválida'));
  if (answer.ChaveConsulta !== null && answer.ChaveConsulta.replace(/^CFe/, '') !== chave) throw badRequest(satMismatch('a chave da resposta não é a do CF-e'));
  return { inf, xml, chave };
}

const text = (el: XmlElement | undefined, ...path: string[]): string | null => {
  let at = el;
  for (const name of path) at = at ? childElement(at, name) : undefined;
  return at ? textContent(at).trim() : null;
};

async function signAcOf(tx: Tx, ctx: SatContext): Promise<string | undefined> {
  const { rows } = await tx.query<{ sat_assinatura_ac: string | null }>(
    'SELECT sat_assinatura_ac FROM filial_configuracao WHERE id_organization = $1 AND id_filial = $2 AND data_exclusao IS NULL', [ctx.org, ctx.id_filial]);
  const value = rows[0]?.sat_assinatura_ac?.trim();
  // Absent: the connector's configured one (satEnvioRequest.signAC).
  return value ? value.slice(0, 344) : undefined;
}

/**
 * The CF-e input of a SAT invoice awaiting the SAT (EmEdicao, or Rejeitada by an earlier failure: the retry from the
 * invoice list), rebuilt here from the invoice's rows as the NFC-e would be (loadEmission, cfeFromInvoice): the till
 * only adds its device, peripheral and till number. The till cannot change what the SAT signs without the answer
 * being refused by recordSatAuthorization (total, emitter, key).
 */
export async function satSaleData(tx: Tx, ctx: SatContext, id: number): Promise<SatSaleData> {
  const nf = await lockInvoice(tx, ctx, id);
  const situacao = String(nf['situacao']);
  if (situacao === 'Autorizada') throw badRequest(M.alreadyAuthorized(Number(nf['numero_nota_fiscal'])));
  if (situacao !== 'EmEdicao' && situacao !== 'Rejeitada') throw badRequest(SAT_MESSAGES.notPending);
  const emission = await loadEmission(tx, ctx.org, ctx.id_filial, nf);
  const input = cfeFromInvoice(emission.base, { softwareHouseCnpj: '', signAC: '', numeroCaixa: 1 });
  const signAC = await signAcOf(tx, ctx);
  return {
    ...(signAC ? { signAC } : {}),
    emit: { CNPJ: input.emit.CNPJ, IE: input.emit.IE, IM: input.emit.IM ?? null, indRatISSQN: input.emit.indRatISSQN ?? 'N' },
    dest: input.dest ?? null,
    det: input.det.map((d) => ({ ...d, vDesc: d.vDesc ?? 0, vOutro: d.vOutro ?? 0 })),
    pgto: input.pgto,
    infCpl: input.infCpl ?? null,
  };
}

/** What /sat/cancelamento needs for an authorized SAT invoice: its key and the consumer the CF-e named. */
export async function satCancelData(tx: Tx, ctx: SatContext, id: number): Promise<SatCancelData> {
  const nf = await lockInvoice(tx, ctx, id);
  const chave = nf['chave_acesso'];
  if (nf['situacao'] !== 'Autorizada' || typeof chave !== 'string') throw badRequest(M.notEditable);
  const signAC = await signAcOf(tx, ctx);
  const doc = ((nf['cliente_cpf_cnpj'] as string | null) ?? '').replace(/\D/g, '');
  return {
    ...(signAC ? { signAC } : {}),
    chave,
    dest: doc.length === 11 ? { CPF: doc } : doc.length === 14 ? { CNPJ: doc } : null,
  };
}

/** Records the answer of /sat/envio for a SAT invoice. */
export async function recordSatAuthorization(tx: Tx, ctx: SatContext, id: number, answer: SatAnswer): Promise<FiscalResult> {
  const nf = await lockInvoice(tx, ctx, id);
  const situacao = String(nf['situacao']);
  if (situacao === 'Autorizada') throw badRequest(M.alreadyAuthorized(Number(nf['numero_nota_fiscal'])));
  if (situacao !== 'EmEdicao' && situacao !== 'Rejeitada') throw badRequest(M.notEditable);

  if (answer.Codigo !== SAT_CODES.saleAuthorized) {
    const motivo = `${SAT_MESSAGES.authorizeFailed} ${answer.Mensagem}`.trim();
    await tx.query(
      `UPDATE nota_fiscal SET situacao = 'Rejeitada', codigo_status = $3, motivo = $4, sat_numero_sessao = $5, data_alteracao = now()
        WHERE id_organization = $1 AND id_nota_fiscal = $2`,
      [ctx.org, id, /^\d{5}$/.test(answer.Codigo) ? Number(answer.Codigo) : Number(SAT_CODES.failure), motivo, /^\d{1,6}$/.test(answer.NumeroSessao ?? '') ? answer.NumeroSessao : null],
    );
    return result(await reload(tx, ctx, id), false, motivo);
  }

  const { inf, xml, chave } = signedDocument(answer, 'CFe');
  const emitter = await q.findEmitter(tx, ctx.org, ctx.id_filial);
  const cnpj = text(inf, 'emit', 'CNPJ');
  if (!emitter || cnpj !== emitter.cnpj || chave.slice(6, 20) !== emitter.cnpj) throw badRequest(satMismatch('o emitente não é esta filial'));
  const total = text(inf, 'total', 'vCFe');
  if (total === null || fromDecimal(total) !== fromDecimal(String(nf['valor_nota_fiscal']))) {
    throw badRequest(satMismatch(`o total do CF-e (${total ?? '—'}) não é o da nota (${String(nf['valor_nota_fiscal'])})`));
  }
  // A genuine CF-e of another sale (same branch, same total) handed again for this one: one CF-e, one invoice.
  const reused = await tx.query('SELECT 1 FROM nota_fiscal WHERE id_organization = $1 AND chave_acesso = $2 AND id_nota_fiscal <> $3', [ctx.org, chave, id]);
  if (reused.rows.length > 0) throw badRequest(satMismatch('este CF-e já foi registrado em outra nota'));
  const numero = Number(text(inf, 'ide', 'nCFe'));
  if (!Number.isInteger(numero) || numero <= 0) throw badRequest(satMismatch('número do CF-e ausente'));
  const stamp = answer.TimeStamp && /^\d{14}$/.test(answer.TimeStamp) ? answer.TimeStamp : `${text(inf, 'ide', 'dEmi') ?? ''}${text(inf, 'ide', 'hEmi') ?? ''}`;
  const qr = text(inf, 'ide', 'assinaturaQRCODE');
  await tx.query(
    `UPDATE nota_fiscal SET situacao = 'Autorizada', codigo_status = 6000, motivo = $3, chave_acesso = $4, numero_nota_fiscal = $5,
        xml_autorizado = $6, xml_assinado = $6, data_autorizacao = now(), sat_numero_sessao = $7, sat_timestamp = $8,
        sat_assinatura_qrcode = $9, data_alteracao = now()
      WHERE id_organization = $1 AND id_nota_fiscal = $2`,
    [ctx.org, id, answer.Mensagem || SAT_MESSAGES.authorized, chave, numero, xml, /^\d{1,6}$/.test(answer.NumeroSessao ?? '') ? answer.NumeroSessao : null,
      /^\d{14}$/.test(stamp) ? stamp : null, qr && qr.length <= 344 ? qr : null],
  );
  // 001 §4: authorized, then stock is updated (a sale's invoice took it already: not twice).
  await takeInvoiceStock(tx, ctx.org, ctx.id_filial, id, ctx.id_usuario, nf);
  await notifyEvent(tx, 'invoice', ctx.org, ctx.id_filial, { id_nota_fiscal: id, situacao: 'Autorizada' });
  return result(await reload(tx, ctx, id), true, M.transmitted(numero));
}

/** Records the answer of /sat/cancelamento for an authorized SAT invoice. */
export async function recordSatCancellation(tx: Tx, ctx: SatContext, id: number, answer: SatAnswer): Promise<FiscalResult> {
  const nf = await lockInvoice(tx, ctx, id);
  if (nf['situacao'] !== 'Autorizada') throw badRequest(M.notEditable);
  if (answer.Codigo !== SAT_CODES.cancelled) {
    const message = SAT_MESSAGES.cancelFailed(answer.Mensagem || answer.Codigo);
    return result(nf, false, message);
  }
  const { inf, xml, chave } = signedDocument(answer, 'CFeCanc');
  if (attributeValue(inf, 'chCanc') !== `CFe${String(nf['chave_acesso'])}`) throw badRequest(satMismatch('o cancelamento é de outro CF-e'));
  await tx.query(
    `UPDATE nota_fiscal SET situacao = 'Cancelada', codigo_status = 7000, motivo = $3, sat_chave_cancelamento = $4, sat_xml_cancelamento = $5,
        data_alteracao = now()
      WHERE id_organization = $1 AND id_nota_fiscal = $2`,
    [ctx.org, id, answer.Mensagem || SAT_MESSAGES.cancelledOk, chave, xml],
  );
  await giveStockBack(tx, ctx.org, ctx.id_filial, id, ctx.id_usuario, 'CancelamentoNotaFiscal');
  await notifyEvent(tx, 'invoice', ctx.org, ctx.id_filial, { id_nota_fiscal: id, situacao: 'Cancelada' });
  return result(await reload(tx, ctx, id), true, `${SAT_MESSAGES.cancelledOk}.`);
}
