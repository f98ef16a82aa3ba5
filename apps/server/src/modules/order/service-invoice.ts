/**
 * POST /invoice/invoice-service-order {invoice, list_services, list_payments, process_financial} (000 §7.4; issue 31):
 * a service order's services invoiced, on the domain's rules (service-order-invoice.ts) and the order rules
 * (invoicingError: a Liberado service order). Lives in the order module because the service lines are the order's
 * (the invoice module must not import the order module: module-cycles.test.ts).
 *
 * - The lines: those named (all not yet invoiced when none is named), each of this order; they are marked invoiced
 *   (data_faturamento), once.
 * - The payments: those given, or the services' share of the order's payments (000 §5 splitPaymentsForInvoices, the
 *   share the goods invoice leaves out, order/invoice-list.ts); they must add up to the lines' total.
 * - process_financial: the receivables of the payments through the finance owner (insertReceivable), one per
 *   installment, numbered OS-{nsu}-S, due monthly from invoice.data_vencimento (default the branch's today); the
 *   order's customer owes them.
 * Services move no stock and no NF-e is issued for them (an NFS-e is outside this product). One transaction.
 */
import type { z } from 'zod';
import type { invoiceServiceOrderBody } from '@pdv/contract/invoice';
import { fromDecimal, sum, toDecimal } from '@pdv/domain/money';
import { FISCAL_MESSAGES } from '@pdv/domain/fiscal-messages';
import { ORDER_MESSAGES } from '@pdv/domain/order-messages';
import { splitPaymentsForInvoices } from '@pdv/domain/payment';
import { installments, serviceInvoiceError, SERVICE_INVOICE_MESSAGES } from '@pdv/domain/service-order-invoice';
import type { Tx } from '../../db/database.ts';
import { badRequest, HttpError } from '../../http/errors.ts';
import type { Caller } from '../auth/caller.ts';
import { branchToday } from '../finance/documents.ts';
import { insertReceivable } from '../finance/service.ts';
import { loadServiceLines } from './service-queries.ts';
import { lockOrder } from './writes.ts';

type Body = z.output<typeof invoiceServiceOrderBody>;

/** The date `months` months after an ISO date (day clamped to the month's end). */
function addMonths(isoDate: string, months: number): string {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, last));
  return target.toISOString().slice(0, 10);
}

export async function invoiceServiceOrder(tx: Tx, caller: Caller, body: Body) {
  const org = caller.id_organization;
  const id_filial = caller.id_filial;
  const order = await lockOrder(tx, org, id_filial, body.invoice.id_pedido);
  if (!order) throw new HttpError(404, ORDER_MESSAGES.notFound);
  const lines = await loadServiceLines(tx, org, order.id_pedido);
  const invoicedRows = await tx.query<{ id: number }>(
    `SELECT id_pedido_servico AS id FROM pedido_servico WHERE id_organization = $1 AND id_pedido = $2 AND data_faturamento IS NOT NULL`,
    [org, order.id_pedido],
  );
  const invoiced = new Set(invoicedRows.rows.map((r) => Number(r.id)));
  const all = lines.map((l) => ({ id_pedido_servico: l.id_pedido_servico, descricao: l.descricao, valor_total: l.valor_total,
    faturado: invoiced.has(l.id_pedido_servico) }));
  const named = body.list_services.length > 0;
  const chosen = named ? all.filter((l) => body.list_services.includes(l.id_pedido_servico)) : all.filter((l) => !l.faturado);
  const missing = named && chosen.length !== new Set(body.list_services).size;
  const total = sum(chosen.map((l) => l.valor_total));

  let payments = body.list_payments.map((p) => ({ id_meio_pagamento: p.id_meio_pagamento, valor: fromDecimal(p.valor_total), quantidade_parcelas: p.quantidade_parcelas }));
  if (payments.length === 0) {
    const own = await tx.query<{ id_meio_pagamento: number; valor_total: string; quantidade_parcelas: number }>(
      `SELECT id_meio_pagamento, valor_total::text, quantidade_parcelas FROM pedido_pagamento
        WHERE id_organization = $1 AND id_pedido = $2 AND data_exclusao IS NULL ORDER BY id_pedido_pagamento`,
      [org, order.id_pedido],
    );
    const servicos = sum(lines.map((l) => l.valor_total));
    // The goods' share is what the order's net total (freight and costs included, as the goods invoice takes them) leaves.
    const net = await tx.query<{ v: string }>('SELECT valor_total_liquido::text AS v FROM pedido WHERE id_organization = $1 AND id_pedido = $2',
      [org, order.id_pedido]);
    const produtos = Math.max(0, fromDecimal(net.rows[0]?.v ?? '0') - servicos);
    const split = own.rows.length > 0
      ? splitPaymentsForInvoices(own.rows.map((p) => ({ valor_total: fromDecimal(p.valor_total), parcelamento: [] })), { produtos, servicos })
      : [];
    // The share of the lines chosen, when only some are invoiced: in proportion, exact to the centavo on the last.
    const shares = split.map((s) => s.servicos);
    const scaled = servicos === 0 || sum(shares) === 0 ? shares.map(() => 0) : shares.map((s) => Math.floor((s * total) / servicos));
    if (scaled.length > 0) scaled[scaled.length - 1]! += total - sum(scaled);
    payments = own.rows.flatMap((p, i) => ((scaled[i] ?? 0) > 0
      ? [{ id_meio_pagamento: p.id_meio_pagamento, valor: scaled[i]!, quantidade_parcelas: p.quantidade_parcelas }] : []));
  }
  const refused = serviceInvoiceError(order, chosen, missing, payments.map((p) => p.valor));
  if (refused) throw badRequest(refused);
  for (const p of payments) {
    const method = await tx.query('SELECT 1 FROM meio_pagamento WHERE id_organization = $1 AND id_meio_pagamento = $2 AND data_exclusao IS NULL',
      [org, p.id_meio_pagamento]);
    if (method.rows.length === 0) throw badRequest(FISCAL_MESSAGES.paymentMethodMissing);
  }

  await tx.query(
    `UPDATE pedido_servico SET data_faturamento = now(), id_usuario_faturamento = $3, data_alteracao = now()
      WHERE id_organization = $1 AND id_pedido_servico = ANY($2::int[]) AND data_faturamento IS NULL`,
    [org, chosen.map((l) => l.id_pedido_servico), caller.id_usuario],
  );

  const documentos: Array<{ id_documento_financeiro: number; numero: string; sequencia: number; valor: number; data_vencimento: string }> = [];
  if (body.process_financial) {
    const numero = `OS-${order.nsu}-S`;
    const first = body.invoice.data_vencimento ?? (await branchToday(tx, { org, id_filial })).date;
    const previous = await tx.query<{ n: number }>(
      `SELECT coalesce(max(sequencia), 0)::int AS n FROM documento_financeiro WHERE id_organization = $1 AND id_filial = $2 AND numero = $3`,
      [org, id_filial, numero],
    );
    let sequencia = Number(previous.rows[0]?.n ?? 0);
    for (const p of payments) {
      for (const [k, valor] of installments(p.valor, p.quantidade_parcelas).entries()) {
        sequencia += 1;
        const vencimento = k === 0 ? first : addMonths(first, k);
        await insertReceivable(tx, { org, id_filial, numero, sequencia, valor, vencimento, id_pessoa: order.id_cliente,
          id_meio_pagamento: p.id_meio_pagamento, id_pedido: order.id_pedido, id_nota_fiscal: null, id_operacao: null });
      }
    }
    const docs = await tx.query<{ id: number; sequencia: number; valor: string; venc: string }>(
      `SELECT id_documento_financeiro AS id, sequencia, valor_documento::text AS valor, data_vencimento::text AS venc FROM documento_financeiro
        WHERE id_organization = $1 AND id_filial = $2 AND numero = $3 AND sequencia > $4 ORDER BY sequencia`,
      [org, id_filial, numero, Number(previous.rows[0]?.n ?? 0)],
    );
    documentos.push(...docs.rows.map((d) => ({ id_documento_financeiro: Number(d.id), numero, sequencia: Number(d.sequencia),
      valor: Number(d.valor), data_vencimento: d.venc })));
  }
  return {
    message: SERVICE_INVOICE_MESSAGES.invoiced(chosen.length, total),
    id_pedido: order.id_pedido, nsu: order.nsu, valor_servicos: toDecimal(total),
    servicos: chosen.map((l) => ({ id_pedido_servico: l.id_pedido_servico, descricao: l.descricao, valor_total: toDecimal(l.valor_total) })),
    pagamentos: payments.map((p) => ({ id_meio_pagamento: p.id_meio_pagamento, valor_total: toDecimal(p.valor), quantidade_parcelas: p.quantidade_parcelas })),
    documentos,
  };
}
