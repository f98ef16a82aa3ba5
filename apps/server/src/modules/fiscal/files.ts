/**
 * GET /api/nfe/arquivo/{pdf|xml}/{organization}/{invoice}?exp=&sig=: the DANFE PDF and the authorized XML
 * (url_pdf, url_xml_distribuicao). The link is signed (invoice/links.ts) because a tab opened on it carries no token.
 */
import type { FastifyInstance } from 'fastify';
import { FISCAL_MESSAGES as M } from '@pdv/domain/fiscal-messages';
import { isDraftSituacao } from '@pdv/domain/invoice-rules';
import { exchangeDeadline, exchangeExpiredError, formatDay } from '@pdv/domain/return-rules';
import type { ExchangeVoucherOptions } from '@pdv/documents/exchange-voucher';
import type { Tx } from '../../db/database.ts';
import type { Deps } from '../../http/handlers.ts';
import { HttpError } from '../../http/errors.ts';
import { renderPdf } from '../../pdf/renderer.ts';
import { draftXml } from './document.ts';
import { verifyLink, type LinkKind } from '../invoice/links.ts';

/**
 * 002 impressao_comprovante_troca: a sale's NFC-e prints its exchange voucher below the DANFE (one per product with
 * impressao_comprovante_troca_por_produto), valid until emission + dias_tolerancia_troca; not once that day has passed
 * (000 §5), nor on a return or an entry.
 */
async function exchangeVoucherOf(tx: Tx, org: number, nf: Record<string, unknown>, now: Date): Promise<ExchangeVoucherOptions | null> {
  if (String(nf['modelo']) !== '65' || nf['operacao'] !== 'Saida' || Number(nf['finalidade']) !== 1) return null;
  const { rows } = await tx.query<{ impressao_comprovante_troca: boolean; impressao_comprovante_troca_por_produto: boolean; dias_tolerancia_troca: number }>(
    `SELECT impressao_comprovante_troca, impressao_comprovante_troca_por_produto, dias_tolerancia_troca FROM filial_configuracao
      WHERE id_organization = $1 AND id_filial = $2 AND data_exclusao IS NULL`,
    [org, nf['id_filial']],
  );
  const config = rows[0];
  if (!config?.impressao_comprovante_troca) return null;
  const days = Number(config.dias_tolerancia_troca);
  const at = nf['data_hora_emissao'];
  if (at == null) return null;
  const emitted = at instanceof Date ? at : typeof at === 'string' ? at : null;
  if (emitted === null) return null;
  if (exchangeExpiredError(emitted, days, now)) return null;
  return { valido_ate: formatDay(exchangeDeadline(emitted, days)), por_produto: config.impressao_comprovante_troca_por_produto };
}

const LINK_KINDS: readonly LinkKind[] = ['pdf', 'xml', 'inut', 'cce', 'ccepdf'];
const isLinkKind = (k: string): k is LinkKind => (LINK_KINDS as readonly string[]).includes(k);

/** A disablement's procInutNFe, or a registered correction letter's procEventoNFe (with its issuer, for the DACCe). */
async function eventDocument(tx: Tx, org: number, kind: 'inut' | 'cce' | 'ccepdf', id: number) {
  if (kind === 'inut') {
    const { rows } = await tx.query<{ xml_retorno: string | null; modelo: string; serie: number; numero_inicial: number; numero_final: number }>(
      'SELECT xml_retorno, modelo, serie, numero_inicial, numero_final FROM inutilizacao WHERE id_organization = $1 AND id_inutilizacao = $2',
      [org, id],
    );
    const r = rows[0];
    return r?.xml_retorno ? { xml: r.xml_retorno, emitente: '', name: `inutilizacao-${r.modelo}-${r.serie}-${r.numero_inicial}-${r.numero_final}` } : null;
  }
  const { rows } = await tx.query<{ xml_retorno: string | null; chave_acesso: string | null; sequencia: number; razao_social: string }>(
    `SELECT e.xml_retorno, n.chave_acesso, e.sequencia, f.razao_social FROM nota_fiscal_evento e
       JOIN nota_fiscal n ON n.id_organization = e.id_organization AND n.id_nota_fiscal = e.id_nota_fiscal
       JOIN filial f ON f.id_organization = n.id_organization AND f.id_filial = n.id_filial
      WHERE e.id_organization = $1 AND e.id_nota_fiscal_evento = $2 AND e.tipo_evento = '110110'`,
    [org, id],
  );
  const r = rows[0];
  return r?.xml_retorno ? { xml: r.xml_retorno, emitente: r.razao_social, name: `cce-${r.chave_acesso ?? id}-${r.sequencia}` } : null;
}

export function registerFiscalFiles(app: FastifyInstance, deps: Deps): void {
  app.get<{ Params: { kind: string; org: string; id: string }; Querystring: { exp?: string; sig?: string } }>(
    '/api/nfe/arquivo/:kind/:org/:id',
    async (request, reply) => {
      const { kind, org, id } = request.params;
      const exp = Number(request.query.exp);
      const orgId = Number(org);
      const invoiceId = Number(id);
      if (!isLinkKind(kind) || !Number.isInteger(orgId) || !Number.isInteger(invoiceId)
        || !verifyLink(deps.fiscal.linkSecret, kind, orgId, invoiceId, exp, String(request.query.sig ?? ''), deps.fiscal.now())) {
        throw new HttpError(404, M.notFound);
      }
      if (kind === 'inut' || kind === 'cce' || kind === 'ccepdf') {
        const doc = await deps.db.tenant({ id_organization: orgId }, (tx) => eventDocument(tx, orgId, kind, invoiceId));
        if (!doc) throw new HttpError(404, M.notFound);
        if (kind === 'ccepdf') {
          const pdf = await renderPdf({ kind: 'dacce', xml: doc.xml, emitente: doc.emitente });
          return reply.header('content-type', 'application/pdf').header('content-disposition', `inline; filename="${doc.name}.pdf"`)
            .send(Buffer.from(pdf));
        }
        return reply.header('content-type', 'application/xml; charset=utf-8')
          .header('content-disposition', `attachment; filename="${doc.name}.xml"`).send(doc.xml);
      }
      const file = await deps.db.tenant({ id_organization: orgId }, async (tx) => {
        const { rows } = await tx.query<Record<string, unknown>>(
          'SELECT * FROM nota_fiscal WHERE id_organization = $1 AND id_nota_fiscal = $2 AND data_exclusao IS NULL',
          [orgId, invoiceId],
        );
        const nf = rows[0];
        if (!nf) return null;
        const xml = (nf['xml_autorizado'] ?? nf['xml_assinado'] ?? null) as string | null;
        if (kind === 'xml') return xml ? { xml, nf } : null;
        // A CF-e SAT has a document only once the SAT signed it (its extrato); no draft.
        if (String(nf['modelo']) === '59') return typeof nf['xml_autorizado'] === 'string' ? { xml: nf['xml_autorizado'], nf, troca: null } : null;
        return { xml: xml ?? (await draftXml(tx, orgId, nf)), nf, troca: await exchangeVoucherOf(tx, orgId, nf, deps.fiscal.now()) };
      });
      if (!file) throw new HttpError(404, M.notFound);
      const name = (file.nf['chave_acesso'] as string | null) ?? `rascunho-${invoiceId}`;
      if (kind === 'xml') {
        return reply.header('content-type', 'application/xml; charset=utf-8')
          .header('content-disposition', `attachment; filename="${name}-nfe.xml"`).send(file.xml);
      }
      const draft = isDraftSituacao(String(file.nf['situacao'])) || !file.nf['xml_assinado'];
      const troca = 'troca' in file ? file.troca : null;
      const pdf = String(file.nf['modelo']) === '59' ? await renderPdf({ kind: 'extrato', xml: file.xml })
        : await renderPdf({ kind: 'danfe', xml: file.xml, modelo: String(file.nf['modelo']), draft, troca });
      return reply.header('content-type', 'application/pdf').header('content-disposition', `inline; filename="${name}.pdf"`)
        .send(Buffer.from(pdf));
    },
  );
}
