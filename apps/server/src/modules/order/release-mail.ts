/**
 * POST /order/send-release-mail {id_pedido, email?}: the released order's summary (number, items, total) to the
 * customer's e-mail, or to the address given, through the SMTP server of the environment (mailer.ts). Records when and
 * to whom it went; a failed send writes nothing and answers 400 with the reason. The route is in OUTSIDE_TRANSACTION:
 * the order is read in one short transaction, the SMTP conversation (up to its time-outs) holds no transaction or
 * lock, and the send is recorded in another.
 */
import type { z } from 'zod';
import type { orderSendMailBody } from '@pdv/contract/order';
import { formatMoney, formatQuantity, fromDecimal, quantityFromDecimal } from '@pdv/domain/money';
import { ORDER_MESSAGES } from '@pdv/domain/order-messages';
import { ORDER_OPERATION_NAME, type OrderOperation } from '@pdv/domain/order-rules';
import type { Tx } from '../../db/database.ts';
import { badRequest, HttpError } from '../../http/errors.ts';
import type { Caller } from '../auth/caller.ts';
import { sendMail, smtpUrl, type MailMessage } from './mailer.ts';

type Body = z.output<typeof orderSendMailBody>;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

type Run = <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>;

export async function sendReleaseMail(run: Run, caller: Caller, body: Body, send: (m: MailMessage) => Promise<void> = sendMail) {
  const org = caller.id_organization;
  const message = await run((tx) => composeMail(tx, caller, body));
  try {
    await send(message);
  } catch (error) {
    throw badRequest(ORDER_MESSAGES.mailFailed(error instanceof Error ? error.message : String(error)));
  }
  await run((tx) =>
    tx.query(
      'UPDATE pedido SET data_envio_email = now(), email_enviado_para = $3 WHERE id_organization = $1 AND id_pedido = $2',
      [org, body.id_pedido, message.to],
    ),
  );
  return { message: ORDER_MESSAGES.mailSent, email: message.to };
}

/** The released order's e-mail, or the reason it cannot be sent. */
async function composeMail(tx: Tx, caller: Caller, body: Body): Promise<MailMessage> {
  const org = caller.id_organization;
  const { rows } = await tx.query<Record<string, string | number | null>>(
    `SELECT p.id_pedido, p.nsu, p.operacao, p.situacao, p.valor_total_liquido::text, pe.nome AS cliente_nome, pe.email,
            coalesce(f.nome_fantasia, f.razao_social) AS loja
       FROM pedido p
       JOIN filial f ON f.id_organization = p.id_organization AND f.id_filial = p.id_filial
       LEFT JOIN pessoa pe ON pe.id_organization = p.id_organization AND pe.id_pessoa = p.id_cliente
      WHERE p.id_organization = $1 AND p.id_filial = $2 AND p.id_pedido = $3 AND p.data_exclusao IS NULL`,
    [org, caller.id_filial, body.id_pedido],
  );
  const order = rows[0];
  if (!order) throw new HttpError(404, ORDER_MESSAGES.notFound);
  const name = ORDER_OPERATION_NAME[order['operacao'] as OrderOperation];
  if (order['situacao'] !== 'Liberado') throw badRequest(`Somente ${name.many} liberados podem ser enviados por e-mail.`);
  const to = body.email ?? (order['email'] ? String(order['email']) : null);
  if (!to) throw badRequest(ORDER_MESSAGES.mailCustomerWithoutEmail);
  if (!smtpUrl()) throw new HttpError(503, ORDER_MESSAGES.mailNotConfigured);
  const items = await tx.query<{ descricao: string; quantidade: string; valor_total: string }>(
    `SELECT descricao, quantidade::text, valor_total::text FROM pedido_item
      WHERE id_organization = $1 AND id_pedido = $2 AND data_exclusao IS NULL AND NOT is_cancelado ORDER BY id_pedido_item`,
    [org, body.id_pedido],
  );
  const title = `${name.one} ${order['nsu']} liberado - ${order['loja']}`;
  const lines = items.rows.map((i) => `${formatQuantity(quantityFromDecimal(i.quantidade))} x ${i.descricao}: ${formatMoney(fromDecimal(i.valor_total))}`);
  const total = `Total: ${formatMoney(fromDecimal(String(order['valor_total_liquido'])))}`;
  const greeting = `Olá${order['cliente_nome'] ? `, ${String(order['cliente_nome'])}` : ''}!`;
  const intro = `Seu ${name.one.toLowerCase()} número ${order['nsu']} foi liberado.`;
  return {
    to,
    subject: title,
    text: [greeting, '', intro, '', ...lines, '', total].join('\n'),
    html: `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(intro)}</p><ul>${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>`
      + `<p><strong>${escapeHtml(total)}</strong></p>`,
  };
}
