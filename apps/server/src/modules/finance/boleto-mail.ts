/**
 * Boletos after an invoice (000 §4.4) and by e-mail (branch configuration enviar_email_boleto, 002 §2 "Sending"):
 * - which receivables of an authorized invoice get boletos after it: open receivables of the invoice whose payment
 *   method has emitir_boleto_apos_nota and no live boleto yet, with the default configuration (the screen asks, and
 *   issues them through /demand/create);
 * - the e-mail outbox (boleto_email, migration 052): queued in the transaction when the branch says so and the
 *   payer has an e-mail; delivered by /demand/send-emails outside any transaction through the branch's e-mail account
 *   (filial_email, the branch module's SMTP adapter MailDeps), with the boleto's PDF attached.
 */
import { BOLETO_MESSAGES as M } from '@pdv/domain/boleto';
import { formatMoney, fromDecimal } from '@pdv/domain/money';
import type { Tx } from '../../db/database.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import type { MailDeps, SmtpAccount } from '../branch/smtp.ts';
import { boletoPdfOf } from './boletos.ts';
import * as bq from './boleto-queries.ts';

type Scope = { org: number; id_filial: number };
type Run = <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>;

/** After 3 failed attempts a message is left as Falha (the list shows its reason). */
const MAX_ATTEMPTS = 3;
/** Messages delivered per call. */
const BATCH = 50;

export interface InvoiceBoletos {
  numero: string;
  documentos: number[];
  id_configuracao_boleto: number | null;
  /** The question to ask (null: nothing to ask). */
  pergunta: string | null;
  /** Why nothing is asked although there are receivables (no default configuration). */
  aviso: string | null;
}

/** The receivables of an authorized invoice of the branch that get boletos after it, and the question. */
export async function invoiceBoletos(tx: Tx, s: Scope, id_nota_fiscal: number): Promise<InvoiceBoletos> {
  const { rows } = await tx.query<{ situacao: string; numero: string | null }>(
    `SELECT situacao, numero_nota_fiscal::text AS numero FROM nota_fiscal WHERE id_organization = $1 AND id_filial = $2 AND id_nota_fiscal = $3`,
    [s.org, s.id_filial, id_nota_fiscal],
  );
  const nf = rows[0];
  if (!nf) throw notFound();
  if (nf.situacao !== 'Autorizada') throw badRequest(M.invoiceNotAuthorized);
  const numero = nf.numero ?? String(id_nota_fiscal);
  const docs = await tx.query<{ id: number }>(
    `SELECT d.id_documento_financeiro AS id FROM documento_financeiro d
       JOIN meio_pagamento m ON m.id_organization = d.id_organization AND m.id_meio_pagamento = d.id_meio_pagamento
      WHERE d.id_organization = $1 AND d.id_filial = $2 AND d.id_nota_fiscal = $3 AND d.operacao = 'Entrada' AND d.situacao = 'Aberto'
        AND m.emitir_boleto_apos_nota
        AND NOT EXISTS (SELECT 1 FROM boleto b WHERE b.id_organization = d.id_organization AND b.id_documento_financeiro = d.id_documento_financeiro
                          AND b.situacao <> 'Cancelado')
      ORDER BY d.sequencia, d.id_documento_financeiro`,
    [s.org, s.id_filial, id_nota_fiscal],
  );
  const documentos = docs.rows.map((r) => r.id);
  const config = documentos.length === 0 ? undefined : (await tx.query<{ id: number }>(
    `SELECT id_configuracao_boleto AS id FROM configuracao_boleto WHERE id_organization = $1 AND is_padrao AND data_exclusao IS NULL LIMIT 1`, [s.org],
  )).rows[0];
  return {
    numero, documentos, id_configuracao_boleto: config?.id ?? null,
    pergunta: config ? M.askAfterInvoice(numero) : null,
    aviso: documentos.length > 0 && !config ? M.invoiceNoConfig : null,
  };
}

/** Queues the e-mails of issued boletos when the branch sends boletos by e-mail; answers how many were queued. */
export async function queueBoletoEmails(tx: Tx, s: Scope, issued: ReadonlyArray<{ id_boleto: number; email: string | null }>): Promise<number> {
  const withMail = issued.filter((i) => i.email && i.email.includes('@'));
  if (withMail.length === 0) return 0;
  const { rows } = await tx.query<{ enviar: boolean }>(
    `SELECT enviar_email_boleto AS enviar FROM filial_configuracao WHERE id_organization = $1 AND id_filial = $2`, [s.org, s.id_filial],
  );
  if (!rows[0]?.enviar) return 0;
  await tx.query(
    `INSERT INTO boleto_email (id_organization, id_filial, id_boleto, para)
     SELECT $1, $2, x.id_boleto, x.para FROM unnest($3::int[], $4::text[]) AS x(id_boleto, para) ON CONFLICT DO NOTHING`,
    [s.org, s.id_filial, withMail.map((i) => i.id_boleto), withMail.map((i) => i.email!.trim().slice(0, 200))],
  );
  return withMail.length;
}

async function branchAccount(tx: Tx, s: Scope): Promise<(SmtpAccount & { loja: string }) | undefined> {
  const { rows } = await tx.query<SmtpAccount & { loja: string }>(
    `SELECT e.email, e.nome_remetente, e.servidor_smtp, e.porta, e.seguranca, e.usuario, e.senha, coalesce(f.nome_fantasia, f.razao_social) AS loja
       FROM filial_email e JOIN filial f ON f.id_organization = e.id_organization AND f.id_filial = e.id_filial
      WHERE e.id_organization = $1 AND e.id_filial = $2 AND e.is_padrao AND e.data_exclusao IS NULL LIMIT 1`,
    [s.org, s.id_filial],
  );
  return rows[0];
}

export interface SendResult { enviados: number; falhas: number; pendentes: number; message: string }

/** Delivers the branch's pending boleto e-mails (a batch), each claimed before it is sent so that two calls never send one twice. */
export async function sendBoletoEmails(run: Run, s: Scope, mail: MailDeps): Promise<SendResult> {
  const account = await run((tx) => branchAccount(tx, s));
  const pending = async () => Number((await run((tx) => tx.query<{ n: string }>(
    `SELECT count(*) AS n FROM boleto_email WHERE id_organization = $1 AND id_filial = $2 AND situacao = 'Pendente'`, [s.org, s.id_filial],
  ))).rows[0]!.n);
  if (!account) return { enviados: 0, falhas: 0, pendentes: await pending(), message: M.mailNoAccount };
  const claimed = await run(async (tx) => (await tx.query<{ id: number; id_boleto: number; para: string; tentativas: number }>(
    `UPDATE boleto_email SET situacao = 'Enviando', tentativas = tentativas + 1
      WHERE id_organization = $1 AND id_boleto_email IN (
        SELECT id_boleto_email FROM boleto_email WHERE id_organization = $1 AND id_filial = $2 AND situacao = 'Pendente'
         ORDER BY id_boleto_email LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
      RETURNING id_boleto_email AS id, id_boleto, para, tentativas`,
    [s.org, s.id_filial],
  )).rows);
  let enviados = 0;
  let falhas = 0;
  for (const c of claimed) {
    try {
      const { pdf, subject, text } = await run(async (tx) => {
        const [b] = await bq.boletoFull(tx, s, [c.id_boleto]);
        if (!b) throw notFound();
        const file = await boletoPdfOf(tx, s, c.id_boleto);
        const venc = String(b['vencimento']);
        const numero = typeof b['numero_documento'] === 'string' ? b['numero_documento'] : String(c.id_boleto);
        return {
          pdf: file,
          subject: M.mailSubject(account.loja, numero),
          text: M.mailBody(String(b['nome_sacado']), account.loja, `${venc.slice(8, 10)}/${venc.slice(5, 7)}/${venc.slice(0, 4)}`,
            formatMoney(fromDecimal(String(b['valor_text']))), String(b['linha_digitavel'])),
        };
      });
      await mail.sendWithAccount(account, {
        to: c.para, subject, text,
        attachments: [{ filename: pdf.nome_arquivo, content: Buffer.from(pdf.pdf_base64, 'base64'), contentType: 'application/pdf' }],
      });
      await run((tx) => tx.query(
        `UPDATE boleto_email SET situacao = 'Enviado', data_envio = now(), erro = NULL WHERE id_organization = $1 AND id_boleto_email = $2`, [s.org, c.id],
      ));
      enviados += 1;
    } catch (error) {
      const reason = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      await run((tx) => tx.query(
        `UPDATE boleto_email SET situacao = $3, erro = $4 WHERE id_organization = $1 AND id_boleto_email = $2`,
        [s.org, c.id, c.tentativas >= MAX_ATTEMPTS ? 'Falha' : 'Pendente', reason],
      ));
      falhas += 1;
    }
  }
  return { enviados, falhas, pendentes: await pending(), message: M.mailSent(enviados, falhas) };
}
