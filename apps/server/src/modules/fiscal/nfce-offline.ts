/**
 * NFC-e issued with the network off by a till's local connector (issue 29; docs/decisions.md "NFC-e offline signed by
 * the connector").
 *
 * - POST /nfce/offline/reservar: while online, a till reserves a block of numbers of its own NFC-e series (the series
 *   bound to the device, settings/fiscal-series-hooks.ts). The series' counter jumps past the block under the series'
 *   row lock (the lock nextInvoiceNumber takes too), so the server's own numbering, its contingency included, and
 *   every other till's blocks never reach those numbers.
 * - POST /operacao with nfce_contingencia: the sale's invoice is the connector's signed XML, stored as it came after
 *   these checks (a refusal rolls the whole sale back): the branch enables it; the XML is a signed NFC-e of this
 *   branch's CNPJ and certificate in offline contingency; its QR code is the one the branch's CSC gives; its series
 *   and number lie in a block reserved for that device and no other invoice holds that number; its items and totals
 *   are the sale's as the server decided it (domain nfceSummaryMismatch). The invoice then waits in Contingencia with
 *   its next attempt due now: the contingency sender (service.ts) transmits that same XML when SEFAZ answers.
 */
import { fromDecimal, multiplyByQuantity, quantityFromDecimal } from '@pdv/domain/money';
import { ValidationError } from '@pdv/domain/errors';
import {
  blockOf, blockSizeError, NFCE_BLOCK_DEFAULT, NFCE_OFFLINE_MESSAGES as M, nfceSummaryMismatch, type NfceSummary,
} from '@pdv/domain/nfce-offline';
import { loadCertificate } from '@pdv/fiscal/certificate';
import { readOfflineNfce, type OfflineNfceReading } from '@pdv/fiscal/offline-nfce';
import { nfceQrCode } from '@pdv/fiscal/qrcode';
import { digestOf, verifyXmlSignature } from '@pdv/fiscal/sign';
import { ufFromCode } from '@pdv/fiscal/access-key';
import { toDecimal } from '@pdv/domain/money';
import type { Tx } from '../../db/database.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import type { Caller } from '../auth/caller.ts';
import { CONTINGENCY_DEADLINE_HOURS } from './service.ts';
import * as q from './queries.ts';

export interface NfceBlock {
  id_nfce_reserva: number;
  id_dispositivo: number;
  id_serie_fiscal: number;
  serie: number;
  numero_inicial: number;
  numero_final: number;
  usados: number[];
}

async function enabled(tx: Tx, org: number, id_filial: number): Promise<boolean> {
  const { rows } = await tx.query<{ on: boolean }>(
    'SELECT nfce_offline_conector AS on FROM filial_configuracao WHERE id_organization = $1 AND id_filial = $2 AND data_exclusao IS NULL',
    [org, id_filial],
  );
  return rows[0]?.on === true;
}

async function deviceInBranch(tx: Tx, org: number, id_filial: number, id_dispositivo: number): Promise<boolean> {
  const { rows } = await tx.query(
    'SELECT 1 FROM dispositivo WHERE id_organization = $1 AND id_filial = $2 AND id_dispositivo = $3 AND data_exclusao IS NULL',
    [org, id_filial, id_dispositivo],
  );
  return rows.length > 0;
}

async function blocksOf(tx: Tx, org: number, id_filial: number, id_dispositivo: number): Promise<NfceBlock[]> {
  const { rows } = await tx.query<Omit<NfceBlock, 'usados'> & { usados: number[] | null }>(
    `SELECT r.id_nfce_reserva, r.id_dispositivo, r.id_serie_fiscal, r.serie, r.numero_inicial, r.numero_final,
            (SELECT array_agg(n.numero_nota_fiscal ORDER BY n.numero_nota_fiscal) FROM nota_fiscal n
              WHERE n.id_organization = r.id_organization AND n.id_filial = r.id_filial AND n.modelo = '65' AND n.serie = r.serie
                AND n.numero_nota_fiscal BETWEEN r.numero_inicial AND r.numero_final) AS usados
       FROM nfce_reserva r
      WHERE r.id_organization = $1 AND r.id_filial = $2 AND r.id_dispositivo = $3
      ORDER BY r.numero_inicial`,
    [org, id_filial, id_dispositivo],
  );
  return rows.map((r) => ({ ...r, usados: r.usados ?? [] }));
}

/** POST /nfce/offline/blocos: whether the branch enables it and the device's blocks with their used numbers. */
export async function listBlocks(tx: Tx, caller: Caller, id_dispositivo: number) {
  const org = caller.id_organization;
  // Another branch's or organization's device answers like one that does not exist.
  if (!(await deviceInBranch(tx, org, caller.id_filial, id_dispositivo))) throw notFound();
  return { habilitado: await enabled(tx, org, caller.id_filial), blocos: await blocksOf(tx, org, caller.id_filial, id_dispositivo) };
}

/** POST /nfce/offline/reservar: a new block of the device's NFC-e series. */
export async function reserveBlock(tx: Tx, caller: Caller, body: { id_dispositivo: number; quantidade?: number | undefined }): Promise<NfceBlock> {
  const org = caller.id_organization;
  const id_filial = caller.id_filial;
  if (!(await deviceInBranch(tx, org, id_filial, body.id_dispositivo))) throw notFound();
  const quantidade = body.quantidade ?? NFCE_BLOCK_DEFAULT;
  const sizeError = blockSizeError(quantidade);
  if (sizeError) throw badRequest(sizeError);
  if (!(await enabled(tx, org, id_filial))) throw badRequest(M.notEnabled);
  const series = await tx.query<{ id_serie_fiscal: number; codigo_serie: number; ultima_numeracao: number }>(
    `SELECT id_serie_fiscal, codigo_serie, ultima_numeracao FROM serie_fiscal
      WHERE id_organization = $1 AND id_filial = $2 AND id_dispositivo = $3 AND codigo_modelo = '65' AND situacao = 'Ativo'
        AND data_exclusao IS NULL
      FOR UPDATE`,
    [org, id_filial, body.id_dispositivo],
  );
  const s = series.rows[0];
  if (!s) throw badRequest(M.deviceSeriesMissing);
  if (s.ultima_numeracao + quantidade > 999_999_999) throw badRequest(M.seriesFull);
  const { rows } = await tx.query<{ ultima_numeracao: number }>(
    `UPDATE serie_fiscal SET ultima_numeracao = ultima_numeracao + $3, data_alteracao = now()
      WHERE id_organization = $1 AND id_serie_fiscal = $2 RETURNING ultima_numeracao`,
    [org, s.id_serie_fiscal, quantidade],
  );
  const numero_final = rows[0]!.ultima_numeracao;
  const numero_inicial = numero_final - quantidade + 1;
  const inserted = await tx.query<{ id_nfce_reserva: number }>(
    `INSERT INTO nfce_reserva (id_organization, id_filial, id_dispositivo, id_serie_fiscal, serie, numero_inicial, numero_final, id_usuario)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id_nfce_reserva`,
    [org, id_filial, body.id_dispositivo, s.id_serie_fiscal, s.codigo_serie, numero_inicial, numero_final, caller.id_usuario],
  );
  return {
    id_nfce_reserva: inserted.rows[0]!.id_nfce_reserva, id_dispositivo: body.id_dispositivo, id_serie_fiscal: s.id_serie_fiscal,
    serie: s.codigo_serie, numero_inicial, numero_final, usados: [],
  };
}

/** The sale's invoice as the comparison reads it: its lines (the NFC-e's det, in order) and totals. */
async function saleSummary(tx: Tx, org: number, id_nota_fiscal: number): Promise<NfceSummary> {
  const items = await q.findItems(tx, org, id_nota_fiscal, 'Venda');
  const nf = await tx.query<{ valor_total_produtos: string; valor_desconto: string; valor_nota_fiscal: string }>(
    'SELECT valor_total_produtos, valor_desconto, valor_nota_fiscal FROM nota_fiscal WHERE id_organization = $1 AND id_nota_fiscal = $2',
    [org, id_nota_fiscal],
  );
  const row = nf.rows[0]!;
  const itens = items.map((r) => ({
    codigo: r.codigo, quantidade: quantityFromDecimal(r.quantidade),
    valor_total: multiplyByQuantity(fromDecimal(r.valor_unitario), quantityFromDecimal(r.quantidade)), valor_desconto: fromDecimal(r.valor_desconto),
  }));
  return {
    itens, valor_produtos: itens.reduce((a, i) => a + i.valor_total, 0), valor_desconto: itens.reduce((a, i) => a + i.valor_desconto, 0),
    valor_total: fromDecimal(row.valor_nota_fiscal),
  };
}

function read(xml: string): OfflineNfceReading {
  try {
    return readOfflineNfce(xml);
  } catch (error) {
    if (error instanceof ValidationError) throw badRequest(M.xmlInvalid, undefined, [error.message]);
    throw error;
  }
}

/**
 * The sale's invoice (just written by processOperation, modelo 65) becomes the connector's signed NFC-e, or the whole
 * operation is refused with a pt-BR message.
 */
export async function acceptOfflineNfce(tx: Tx, caller: Caller, sale: { id_filial: number; id_nota_fiscal: number; modelo: string },
  sent: { id_dispositivo: number; xml: string }): Promise<void> {
  const org = caller.id_organization;
  if (sale.modelo !== '65') throw badRequest(M.notNfce);
  if (!(await enabled(tx, org, sale.id_filial))) throw badRequest(M.notEnabled);
  if (!(await deviceInBranch(tx, org, sale.id_filial, sent.id_dispositivo))) throw badRequest(M.deviceNotFound);
  const doc = read(sent.xml);
  if (doc.mod !== '65' || doc.tpEmis !== 9) throw badRequest(M.notContingency);

  const emitter = await q.findEmitter(tx, org, sale.id_filial);
  const stored = await q.findCertificate(tx, org, sale.id_filial);
  if (!emitter || !stored || !emitter.csc || !emitter.id_csc) throw badRequest(M.notEnabled);
  if (doc.cnpj !== emitter.cnpj || doc.chave.slice(6, 20) !== emitter.cnpj) throw badRequest(M.notOwnBranch);
  if (doc.tpAmb !== (emitter.ambiente_emissao === 1 ? 1 : 2)) throw badRequest(M.notOwnBranch);
  // Signed by the branch's own certificate, the signature intact.
  let check: ReturnType<typeof verifyXmlSignature>;
  let certificate: ReturnType<typeof loadCertificate>;
  try {
    check = verifyXmlSignature(sent.xml);
    // Valid when the document was signed (a certificate that expired since still signed it then).
    certificate = loadCertificate(stored.pfx, stored.senha, { now: new Date(doc.dhEmi) });
  } catch (error) {
    if (error instanceof ValidationError) throw badRequest(M.xmlInvalid, undefined, [error.message]);
    throw error;
  }
  if (!check.valid || check.signatures[0]?.certificateBase64?.replace(/\s/g, '') !== certificate.certificateBase64) {
    throw badRequest(M.xmlInvalid, undefined, check.reason ? [check.reason] : []);
  }
  // The QR code the branch's CSC gives for this document (the offline form: day, vNF and DigestValue).
  const uf = ufFromCode(doc.chave.slice(0, 2));
  const expectedQr = uf ? nfceQrCode({
    uf, chave: doc.chave, tpAmb: doc.tpAmb, idCSC: emitter.id_csc, csc: emitter.csc,
    offline: { day: Number(doc.dhEmi.slice(8, 10)), vNF: (doc.summary.valor_total / 100).toFixed(2), digestValue: digestOf(sent.xml, 'infNFe') },
  }) : null;
  if (!expectedQr || doc.qrCode !== expectedQr) throw badRequest(M.mismatch('QR code'));

  // The number: inside a block reserved for this device, and no other invoice of the branch holds it.
  const blocks = (await blocksOf(tx, org, sale.id_filial, sent.id_dispositivo)).filter((b) => b.serie === doc.serie);
  const block = blockOf(blocks, doc.numero);
  if (!block) throw badRequest(M.outOfBlock(doc.serie, doc.numero));
  const taken = await tx.query(
    `SELECT 1 FROM nota_fiscal WHERE id_organization = $1 AND id_filial = $2 AND modelo = '65' AND serie = $3 AND numero_nota_fiscal = $4
        AND id_nota_fiscal <> $5`,
    [org, sale.id_filial, doc.serie, doc.numero, sale.id_nota_fiscal],
  );
  if (taken.rows.length > 0) throw badRequest(M.numberUsed(doc.serie, doc.numero));

  // The document is the sale: the same items and totals the server decided.
  const mismatch = nfceSummaryMismatch(await saleSummary(tx, org, sale.id_nota_fiscal), doc.summary);
  if (mismatch) throw badRequest(mismatch);

  const dhCont = doc.dhCont ?? doc.dhEmi;
  const deadline = new Date(new Date(dhCont).getTime() + CONTINGENCY_DEADLINE_HOURS * 3600_000);
  await tx.query(
    `UPDATE nota_fiscal SET numero_nota_fiscal = $3, id_serie_fiscal = $4, serie = $5, chave_acesso = $6, codigo_numerico = $7,
        xml_assinado = $8, digest_value = $9, tipo_emissao = 9, ambiente = $10, data_hora_emissao = $11, situacao = 'Contingencia',
        valor_icms = $12, valor_pis = $13, valor_cofins = $14, data_contingencia = $15, justificativa_contingencia = $16,
        prazo_contingencia = $17, tentativas_transmissao = 0, proxima_transmissao = now(), id_nfce_reserva = $18, data_alteracao = now()
      WHERE id_organization = $1 AND id_nota_fiscal = $2`,
    [org, sale.id_nota_fiscal, doc.numero, block.id_serie_fiscal, doc.serie, doc.chave, doc.cNF, sent.xml, digestOf(sent.xml, 'infNFe'),
      doc.tpAmb, doc.dhEmi, toDecimal(doc.totals.vICMS), toDecimal(doc.totals.vPIS), toDecimal(doc.totals.vCOFINS), dhCont, doc.xJust,
      deadline.toISOString(), block.id_nfce_reserva],
  );
}
