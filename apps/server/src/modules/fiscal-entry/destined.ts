/**
 * Destined invoices (issue 32; contract destined-invoice.ts; rules in packages/domain/destined-invoices.ts): the NF-e
 * issued against the active branch's CNPJ, read from the national distribution by the branch's last NSU, the
 * recipient's manifestation, and the full XML after the ciência (then imported by the purchase import, which links the
 * row back: queries.ts finishImport).
 *
 * The query, the manifestation and the download talk to the national environment outside the request transaction
 * (OUTSIDE_TRANSACTION), in short transactions around the call:
 * - NSU: read, asked, and the documents answered stored in one transaction that also moves ultimo_nsu_nfe_destinada
 *   from the value asked to the answer's ultNSU, only if it still holds the value asked (a conditional UPDATE); the
 *   documents are upserted by key, so a concurrent query stores the same rows once and the NSU never passes a document
 *   that was not stored.
 * - 656 (consumo indevido): the branch is held for an hour (nfe_destinada_bloqueio_ate) and not asked again until then.
 */
import type { z } from 'zod';
import type { destinedInvoiceFindBody, DestinedInvoiceDetail, DestinedInvoiceRow } from '@pdv/contract/destined-invoice';
import {
  canDownloadXml, currentManifestation, DESTINED_INVOICE_MESSAGES as M, MANIFESTATION_DESC, manifestationRefusal, nsuValue,
  type ManifestationType,
} from '@pdv/domain/destined-invoices';
import { ValidationError } from '@pdv/domain/errors';
import { toDecimal } from '@pdv/domain/money';
import { readResNFe, type DistAnswer } from '@pdv/fiscal/sefaz/dist-dfe';
import { buildManifestacaoXml } from '@pdv/fiscal/manifestation';
import { parsePurchaseNFe } from '@pdv/fiscal/purchase-nfe';
import { signXml } from '@pdv/fiscal/sign';
import type { Tx } from '../../db/database.ts';
import { badRequest, HttpError, notFound } from '../../http/errors.ts';
import type { SessionContext } from '../../http/handlers.ts';
import { loadTarget } from '../fiscal/document.ts';
import { distributionFor, distributionTpAmb } from '../fiscal/sefaz.ts';

type Ctx = SessionContext<'destinedInvoiceQuery' | 'destinedInvoiceManifest' | 'destinedInvoiceDownload'>;
type ReadCtx = { tx: Tx; org: number; id_filial: number };

/** Pages read in one query (50 documents each); the rest waits for the next query. */
const MAX_PAGES = 20;
const HOLD_MS = 3_600_000;

interface Row {
  id_nfe_destinada: number; nsu: string; chave_acesso: string; cnpj_emitente: string; nome_emitente: string; ie_emitente: string | null;
  data_emissao: Date | string; tipo_nf: number; valor_total: string; situacao_nfe: number; manifestacao: ManifestationType | null;
  data_manifestacao: Date | string | null; tem_xml: boolean; id_nota_fiscal_entrada: number | null; eventos_registrados: ManifestationType[] | null;
}

const ROW_SQL = `SELECT d.id_nfe_destinada, d.nsu, d.chave_acesso, d.cnpj_emitente, d.nome_emitente, d.ie_emitente, d.data_emissao, d.tipo_nf,
       d.valor_total, d.situacao_nfe, d.manifestacao, d.data_manifestacao, d.xml IS NOT NULL AS tem_xml, d.id_nota_fiscal_entrada,
       (SELECT array_agg(e.tipo_evento ORDER BY e.id_nfe_destinada_evento) FROM nfe_destinada_evento e
         WHERE e.id_organization = d.id_organization AND e.id_nfe_destinada = d.id_nfe_destinada AND e.registrado) AS eventos_registrados
  FROM nfe_destinada d`;

function toRow(r: Row): DestinedInvoiceRow {
  return {
    id_nfe_destinada: r.id_nfe_destinada, nsu: r.nsu, chave_acesso: r.chave_acesso, cnpj_emitente: r.cnpj_emitente, nome_emitente: r.nome_emitente,
    ie_emitente: r.ie_emitente, data_emissao: new Date(r.data_emissao).toISOString(), tipo_nf: Number(r.tipo_nf), valor_total: toDecimal(Math.round(Number(r.valor_total) * 100)),
    situacao_nfe: Number(r.situacao_nfe), manifestacao: r.manifestacao, data_manifestacao: r.data_manifestacao ? new Date(r.data_manifestacao).toISOString() : null,
    tem_xml: r.tem_xml, id_nota_fiscal_entrada: r.id_nota_fiscal_entrada, eventos_registrados: r.eventos_registrados ?? [],
  };
}

export async function findDestined(c: ReadCtx, body: z.output<typeof destinedInvoiceFindBody>) {
  const where = ['d.id_organization = $1', 'd.id_filial = $2', 'd.data_exclusao IS NULL'];
  const params: unknown[] = [c.org, c.id_filial];
  const add = (sql: string, value: unknown) => {
    params.push(value);
    where.push(sql.replace('?', `$${params.length}`));
  };
  if (body.data_inicio) add(`d.data_emissao >= ?::date`, body.data_inicio);
  if (body.data_fim) add(`d.data_emissao < ?::date + 1`, body.data_fim);
  if (body.manifestacao === 'pendente') where.push('d.manifestacao IS NULL');
  else if (body.manifestacao) add('d.manifestacao = ?', body.manifestacao);
  const search = body.search.trim();
  if (search) {
    params.push(search);
    const p = `$${params.length}`;
    where.push(`(d.chave_acesso LIKE '%' || ${p} || '%' OR d.nome_emitente ILIKE '%' || ${p} || '%'
      OR (regexp_replace(${p}, '\\D', '', 'g') <> '' AND d.cnpj_emitente LIKE '%' || regexp_replace(${p}, '\\D', '', 'g') || '%'))`);
  }
  const filter = where.join(' AND ');
  const { rows } = await c.tx.query<Row>(`${ROW_SQL} WHERE ${filter} ORDER BY d.data_emissao DESC, d.id_nfe_destinada DESC LIMIT ${body.take} OFFSET ${body.skip}`, params);
  const count = await c.tx.query<{ n: string }>(`SELECT count(*) AS n FROM nfe_destinada d WHERE ${filter}`, params);
  return { rows: rows.map(toRow), count: Number(count.rows[0]?.n ?? 0) };
}

export async function destinedDetail(c: ReadCtx, id: number): Promise<DestinedInvoiceDetail> {
  const { rows } = await c.tx.query<Row & { xml: string | null }>(
    `${ROW_SQL.replace('d.id_nota_fiscal_entrada,', 'd.id_nota_fiscal_entrada, d.xml,')} WHERE d.id_organization = $1 AND d.id_filial = $2 AND d.id_nfe_destinada = $3 AND d.data_exclusao IS NULL`,
    [c.org, c.id_filial, id],
  );
  const row = rows[0];
  if (!row) throw new HttpError(404, M.notFound);
  const events = await c.tx.query<{ tipo_evento: ManifestationType; justificativa: string | null; registrado: boolean; codigo_status: number; motivo: string; protocolo: string | null; data_cadastro: Date }>(
    `SELECT tipo_evento, justificativa, registrado, codigo_status, motivo, protocolo, data_cadastro FROM nfe_destinada_evento
      WHERE id_organization = $1 AND id_nfe_destinada = $2 ORDER BY id_nfe_destinada_evento`,
    [c.org, id],
  );
  return {
    ...toRow(row), xml: row.xml,
    eventos: events.rows.map((e) => ({ ...e, codigo_status: Number(e.codigo_status), data_cadastro: new Date(e.data_cadastro).toISOString() })),
  };
}

// The query --------------------------------------------------------------------------------------------------------

/** Stores the documents of one answer (summaries, full documents, the emitter's cancellation) by key. */
export async function storeDocuments(tx: Tx, org: number, id_filial: number, docs: DistAnswer['docs']): Promise<void> {
  for (const doc of docs) {
    const nsu = String(nsuValue(doc.nsu));
    if (doc.schema.startsWith('resNFe')) {
      const r = readResNFe(doc.xml);
      await tx.query(
        `INSERT INTO nfe_destinada (id_organization, id_filial, nsu, chave_acesso, cnpj_emitente, nome_emitente, ie_emitente, data_emissao,
                                    tipo_nf, valor_total, situacao_nfe, xml_resumo)
         VALUES ($1, $2, $3, $4, $5, $6, nullif($7, ''), $8, $9, $10, $11, $12)
         ON CONFLICT (id_organization, id_filial, chave_acesso) DO UPDATE SET situacao_nfe = EXCLUDED.situacao_nfe, xml_resumo = EXCLUDED.xml_resumo,
           data_alteracao = now()`,
        [org, id_filial, nsu, r.chNFe, r.cnpj, r.xNome, r.ie, r.dhEmi, r.tpNF, r.vNF, r.cSitNFe, doc.xml],
      );
    } else if (doc.schema.startsWith('procNFe')) {
      await storeFullXml(tx, org, id_filial, nsu, doc.xml);
    } else if (doc.schema.startsWith('resEvento') && /<tpEvento>110111<\/tpEvento>/.test(doc.xml)) {
      const chave = /<chNFe>(\w{44})<\/chNFe>/.exec(doc.xml)?.[1];
      if (chave) {
        await tx.query(`UPDATE nfe_destinada SET situacao_nfe = 3, data_alteracao = now() WHERE id_organization = $1 AND id_filial = $2 AND chave_acesso = $3`,
          [org, id_filial, chave]);
      }
    }
  }
}

async function storeFullXml(tx: Tx, org: number, id_filial: number, nsu: string, xml: string): Promise<void> {
  const nfe = parsePurchaseNFe(xml);
  await tx.query(
    `INSERT INTO nfe_destinada (id_organization, id_filial, nsu, chave_acesso, cnpj_emitente, nome_emitente, ie_emitente, data_emissao, tipo_nf,
                                valor_total, situacao_nfe, xml, data_download)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 1, $11, now())
     ON CONFLICT (id_organization, id_filial, chave_acesso) DO UPDATE SET xml = EXCLUDED.xml, data_download = now(), data_alteracao = now()`,
    [org, id_filial, nsu, nfe.chave, nfe.emitente.cnpj ?? nfe.emitente.cpf ?? '', nfe.emitente.nome, nfe.emitente.ie, nfe.dhEmi, nfe.tpNF,
      toDecimal(nfe.vNF), xml],
  );
}

function holdText(until: Date): string {
  return until.toLocaleTimeString('pt-BR', { hour: '2-digit', minute: '2-digit', timeZone: 'America/Sao_Paulo' });
}

export async function queryDistribution(ctx: Ctx) {
  const org = ctx.caller.id_organization;
  const id_filial = ctx.caller.id_filial;
  const now = ctx.deps.fiscal.now();
  const prep = await ctx.run(async (tx) => {
    const t = await loadTarget(tx, org, id_filial, '55');
    const cfg = (await tx.query<{ nsu: string; hold: Date | null }>(
      `SELECT ultimo_nsu_nfe_destinada AS nsu, nfe_destinada_bloqueio_ate AS hold FROM filial_configuracao WHERE id_organization = $1 AND id_filial = $2`,
      [org, id_filial],
    )).rows[0];
    if (!cfg) throw notFound();
    if (cfg.hold && new Date(cfg.hold) > now) throw badRequest(M.queryHeld(holdText(new Date(cfg.hold))));
    return { t, nsu: cfg.nsu };
  });
  const door = distributionFor(ctx.deps.fiscal, prep.t.target, prep.t.cnpj);
  let asked = prep.nsu;
  let received = 0;
  let last: DistAnswer | null = null;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const answer = await door.distNSU(asked);
    last = answer;
    if (answer.cStat === 656) {
      await ctx.run((tx) => tx.query(`UPDATE filial_configuracao SET nfe_destinada_bloqueio_ate = $3 WHERE id_organization = $1 AND id_filial = $2`,
        [org, id_filial, new Date(now.getTime() + HOLD_MS)]));
      return { success: false, status: 656, motivo: answer.xMotivo, message: M.consumoIndevido, recebidos: received, ultimo_nsu: asked, max_nsu: String(nsuValue(answer.maxNSU)) };
    }
    if (answer.cStat !== 138) break;
    const next = String(nsuValue(answer.ultNSU));
    const moved = await ctx.run(async (tx) => {
      await storeDocuments(tx, org, id_filial, answer.docs);
      const r = await tx.query(
        `UPDATE filial_configuracao SET ultimo_nsu_nfe_destinada = $4 WHERE id_organization = $1 AND id_filial = $2 AND ultimo_nsu_nfe_destinada = $3`,
        [org, id_filial, asked, next],
      );
      return (r.rowCount ?? 0) > 0;
    });
    received += answer.docs.length;
    // Another query moved the NSU meanwhile: it carries on from there.
    if (!moved) break;
    asked = next;
    if (nsuValue(answer.ultNSU) >= nsuValue(answer.maxNSU)) break;
  }
  const a = last!;
  const ok = a.cStat === 137 || a.cStat === 138;
  return {
    success: ok, status: a.cStat, motivo: a.xMotivo,
    message: ok ? (received > 0 ? M.queryReceived(received) : M.queryNothingNew) : M.queryRefused(`${a.cStat} - ${a.xMotivo}`),
    recebidos: received, ultimo_nsu: asked, max_nsu: String(nsuValue(a.maxNSU)),
  };
}

// The manifestation and the download ------------------------------------------------------------------------------

async function lockRow(tx: Tx, org: number, id_filial: number, id: number) {
  const { rows } = await tx.query<{ chave_acesso: string; eventos: ManifestationType[] | null }>(
    `SELECT d.chave_acesso, (SELECT array_agg(e.tipo_evento ORDER BY e.id_nfe_destinada_evento) FROM nfe_destinada_evento e
        WHERE e.id_organization = d.id_organization AND e.id_nfe_destinada = d.id_nfe_destinada AND e.registrado) AS eventos
       FROM nfe_destinada d WHERE d.id_organization = $1 AND d.id_filial = $2 AND d.id_nfe_destinada = $3 AND d.data_exclusao IS NULL FOR UPDATE OF d`,
    [org, id_filial, id],
  );
  const row = rows[0];
  if (!row) throw new HttpError(404, M.notFound);
  return { chave: row.chave_acesso, registered: row.eventos ?? [] };
}

export async function manifestDestined(ctx: SessionContext<'destinedInvoiceManifest'>) {
  const org = ctx.caller.id_organization;
  const id_filial = ctx.caller.id_filial;
  const { id_nfe_destinada: id, tipo_evento: tipo } = ctx.body;
  const justificativa = tipo === '210240' ? (ctx.body.justificativa ?? '').trim() : null;
  const prep = await ctx.run(async (tx) => {
    const row = await lockRow(tx, org, id_filial, id);
    const refusal = manifestationRefusal(tipo, row.registered, justificativa);
    if (refusal) throw badRequest(refusal);
    const t = await loadTarget(tx, org, id_filial, '55');
    try {
      const xml = signXml(buildManifestacaoXml({
        chNFe: row.chave, tpAmb: distributionTpAmb(ctx.deps.fiscal, t.target), CNPJ: t.cnpj, tpEvento: tipo, dhEvento: ctx.deps.fiscal.now(), xJust: justificativa,
      }), { tag: 'infEvento', certificate: t.cert });
      return { t, xml };
    } catch (error) {
      if (error instanceof ValidationError) throw badRequest(error.message);
      throw error;
    }
  });
  const answer = await distributionFor(ctx.deps.fiscal, prep.t.target, prep.t.cnpj).manifest(prep.xml);
  const outcome = answer.events[0];
  const registered = outcome?.registered ?? false;
  return ctx.run(async (tx) => {
    const row = await lockRow(tx, org, id_filial, id);
    const stillNew = !row.registered.includes(tipo);
    await tx.query(
      `INSERT INTO nfe_destinada_evento (id_organization, id_nfe_destinada, tipo_evento, justificativa, registrado, codigo_status, motivo, protocolo,
                                         xml, xml_retorno, id_usuario)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [org, id, tipo, justificativa, registered && stillNew, answer.cStat, answer.xMotivo, outcome?.nProt ?? null, prep.xml,
        outcome?.procEventoNFeXml ?? null, ctx.caller.id_usuario],
    );
    if (registered && stillNew) {
      await tx.query(
        `UPDATE nfe_destinada SET manifestacao = $4, data_manifestacao = now(), protocolo_manifestacao = $5, data_alteracao = now()
          WHERE id_organization = $1 AND id_filial = $2 AND id_nfe_destinada = $3`,
        [org, id_filial, id, currentManifestation([...row.registered, tipo]), outcome?.nProt ?? null],
      );
    }
    const nota = await destinedDetail({ tx, org, id_filial }, id);
    const label = MANIFESTATION_DESC[tipo].label;
    return {
      success: registered, status: answer.cStat, motivo: answer.xMotivo,
      message: registered ? M.manifestRegistered(label) : M.manifestRefused(`${answer.cStat} - ${answer.xMotivo}`), nota,
    };
  });
}

export async function downloadDestined(ctx: SessionContext<'destinedInvoiceDownload'>) {
  const org = ctx.caller.id_organization;
  const id_filial = ctx.caller.id_filial;
  const id = ctx.body.id_nfe_destinada;
  const prep = await ctx.run(async (tx) => {
    const row = await lockRow(tx, org, id_filial, id);
    if (!canDownloadXml(row.registered)) throw badRequest(M.xmlNeedsManifestation);
    return { chave: row.chave, t: await loadTarget(tx, org, id_filial, '55') };
  });
  const answer = await distributionFor(ctx.deps.fiscal, prep.t.target, prep.t.cnpj).consChNFe(prep.chave);
  const doc = answer.cStat === 138 ? answer.docs.find((d) => d.schema.startsWith('procNFe') && d.xml.includes(prep.chave)) : undefined;
  return ctx.run(async (tx) => {
    if (doc) await storeFullXml(tx, org, id_filial, String(nsuValue(doc.nsu)), doc.xml);
    const nota = await destinedDetail({ tx, org, id_filial }, id);
    return {
      success: doc !== undefined, status: answer.cStat, motivo: answer.xMotivo,
      message: doc ? M.xmlDownloaded : M.xmlNotAvailable(`${answer.cStat} - ${answer.xMotivo}`), nota,
    };
  });
}
