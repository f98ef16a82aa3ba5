/** The finished sale as the 80 mm receipt, rendered in the browser and opened in a tab (works offline). */
import { CARD_BRANDS, isCardBrandCode } from '@pdv/domain/card-terminal';
import type { ReceiptData } from '@pdv/documents/receipt';
import type { OperationBundle, StoredItem } from '../outbox/types.ts';
import type { SaleContext } from './catalog.ts';
import { formatMoney, fromDecimal, type Cents } from '@pdv/domain/money';
import { receiptDue } from './modes/modeDraft.ts';
import { exchangeDeadline, formatDay } from '@pdv/domain/return-rules';
import { slipShowsChange, slipTitle } from '@pdv/domain/slip';
import { branchOffset } from '@pdv/domain/time-zone';
import { isCard, isCashback, MEIO_PAGAMENTO } from '@pdv/domain/payment-method';
import { PERIPHERAL_KEYS, receiptCopies } from '@pdv/domain/print-connector';
import { printThroughConnector } from '../peripherals/connector.ts';

/** What the return or receipt slip says besides its lines: the original sale, or the receivables paid off. */
function modeNote({ operation }: OperationBundle): string | null {
  if (operation.modo_operacao === 'Devolucao') {
    const credit = operation.resultado?.valor_credito;
    return `Devolução de ${operation.numero_origem ?? 'venda'}.${credit != null ? ` Crédito gerado ao cliente: ${formatMoney(fromDecimal(credit))}.` : ''}`;
  }
  if (operation.modo_operacao === 'Recebimento') {
    const docs = (operation.documentos_financeiros ?? []).map((d) => {
      const charges = (d.juros ?? 0) + (d.multa ?? 0);
      return `${d.numero}/${d.sequencia} (${formatMoney(d.saldo)}${charges > 0 ? ` + juros e multa ${formatMoney(charges)}` : ''})`;
    });
    return `Títulos recebidos: ${docs.join(', ')}.`;
  }
  return null;
}

/** The cashback the sale earned (blocked for the branch's days) and the cashback that paid it (cashback.ts). */
export function cashbackNote(bundle: OperationBundle, context: SaleContext): string | null {
  const earned = bundle.itens.filter((i) => !i.is_cancelado).reduce((t, i) => t + i.valor_cashback, 0);
  const used = bundle.pagamentos.filter((p) => isCashback(p.meio_pagamento?.meio_pagamento ?? '')).reduce((t, p) => t + p.valor_total, 0);
  const days = Number(context.config?.['dias_bloqueio_cashback'] ?? 0);
  const parts = [
    used > 0 ? `Cashback usado: ${formatMoney(used)}.` : null,
    earned > 0 ? `Cashback desta compra: ${formatMoney(earned)}${days > 0 ? `, disponível em ${days} dia${days === 1 ? '' : 's'}` : ''}.` : null,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' ') : null;
}

/**
 * 002 "Exchange": a sale prints its exchange voucher when the branch asks (impressao_comprovante_troca), valid until
 * the sale's day plus dias_tolerancia_troca (the same rule the server applies to a return), one per product line with
 * impressao_comprovante_troca_por_produto. An NFC-e's voucher is printed by the server below its DANFE.
 */
export function exchangeVoucher({ operation }: OperationBundle, context: SaleContext): { valido_ate: string; por_produto: boolean } | null {
  if (operation.modo_operacao !== 'Venda' || context.config?.['impressao_comprovante_troca'] !== true) return null;
  const days = Number(context.config['dias_tolerancia_troca'] ?? 30);
  const emitted = operation.data_fim ?? operation.data_inicio;
  return {
    valido_ate: formatDay(exchangeDeadline(emitted, Number.isInteger(days) && days >= 0 ? days : 30)),
    por_produto: context.config['impressao_comprovante_troca_por_produto'] === true,
  };
}

/** A line priced by a promotion, with the unit price of its type before it (absent on lines stored without it). */
function promotionOf(item: StoredItem): { de: Cents } | null {
  const base = item.precos?.base;
  if (item.id_promocao == null || !base) return null;
  const de = item.tipo_preco === 'Atacado' ? base.preco_atacado : base.preco_venda;
  return de > item.valor_unitario ? { de } : null;
}

export function receiptData(bundle: OperationBundle, context: SaleContext, operador: string): ReceiptData {
  const { operation } = bundle;
  const branch = context.branch;
  const text = (key: string) => (branch && typeof branch[key] === 'string' ? branch[key] : null);
  const address = [text('endereco'), text('numero'), text('bairro'), text('cidade'), text('uf')].filter(Boolean).join(', ');
  const processed = operation.resultado;
  return {
    loja: { nome: text('nome_fantasia') ?? text('razao_social') ?? 'Loja', cnpj: text('cnpj'), endereco: address || null },
    // Each mode's slip is titled by its mode; change only where money changed hands (domain slip.ts).
    titulo: slipTitle(operation.modo_operacao, operation.modelo),
    mostrar_troco: slipShowsChange(operation.modo_operacao, bundle.pagamentos.length),
    numero: processed?.nsu != null ? String(processed.nsu) : operation.id_operacao.slice(0, 8).toUpperCase(),
    data: operation.data_fim ?? operation.data_inicio,
    // The branch's wall clock (fuso_horario), not the browser's.
    fuso_horario: branchOffset(context.config?.['fuso_horario']),
    operador,
    cliente:
      operation.cliente_nome || operation.cliente_cpf_cnpj
        ? { nome: operation.cliente_nome, cpf_cnpj: operation.cliente_cpf_cnpj }
        : null,
    itens: bundle.itens
      .filter((i) => !i.is_cancelado)
      .map((i) => ({
        descricao: i.descricao,
        codigo: i.codigo_barras ?? i.sku,
        quantidade: i.quantidade,
        unidade: i.unidade_comercial,
        valor_unitario: i.valor_unitario,
        valor_desconto: i.valor_desconto,
        valor_total: i.valor_total,
        promocao: promotionOf(i),
      })),
    bruto: operation.valor_total,
    desconto: operation.valor_desconto,
    acrescimo: operation.valor_acrescimo,
    total: operation.modo_operacao === 'Recebimento'
      ? receiptDue(bundle)
      : operation.valor_total - operation.valor_desconto + operation.valor_acrescimo,
    pagamentos: bundle.pagamentos.map((p) => ({
      descricao: p.meio_pagamento?.descricao ?? 'Pagamento',
      meio_pagamento: p.meio_pagamento?.meio_pagamento ?? '',
      utilizar_captura: p.meio_pagamento?.utilizar_captura ?? false,
      valor: p.valor_total,
      parcelas: p.quantidade_parcelas,
      cartao: {
        operadora: p.operadora_nome,
        // The terminal's §9 brand code printed by name (a typed brand as typed).
        bandeira: isCardBrandCode(p.cartao_bandeira) ? CARD_BRANDS[p.cartao_bandeira] : p.cartao_bandeira,
        codigo_autorizacao: p.cartao_codigo_autorizacao,
        data_hora: p.cartao_data_hora_transacao,
        // 000 §3.4's other card fields, and the NSU the terminal cancels the transaction by (issue 28).
        nsu: p.cartao_nsu ?? null,
        cnpj_credenciadora: p.cartao_cnpj_instituicao,
        descricao: p.cartao_descricao_transacao,
        tipo_integracao: p.cartao_tipo_integracao,
      },
      pix: p.pix_brcode && p.txid_pix ? { brcode: p.pix_brcode, txid: p.txid_pix } : null,
    })),
    troca: exchangeVoucher(bundle, context),
    observacao: [modeNote(bundle), cashbackNote(bundle, context), processed ? null : 'Operação pendente de envio ao servidor.'].filter(Boolean).join(' ') || null,
  };
}

/**
 * Renders the receipt and shows it in `target` (a tab opened during the user's key press, so that no pop-up
 * blocker stops it), or in a new tab.
 */
export async function openReceipt(data: ReceiptData, target: Window | null): Promise<string> {
  const [{ receiptDocument }, { renderPdf }] = await Promise.all([
    import('@pdv/documents/receipt'),
    import('@pdv/documents/pdf'),
  ]);
  const blob = await renderPdf(receiptDocument(data));
  const url = URL.createObjectURL(blob);
  if (target && !target.closed) target.location.href = url;
  else window.open(url, '_blank');
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return url;
}

/** The receipt with its copies: two (the customer's and the shop's) for a TEF sale when the branch asks (002 imprimir_duas_vias_tef). */
export function withReceiptCopies(data: ReceiptData, config: SaleContext['config']): ReceiptData {
  const paidByTef = data.pagamentos.some((p) => p.utilizar_captura && isCard(p.meio_pagamento));
  return { ...data, vias: receiptCopies(config, paidByTef) };
}

/**
 * Prints the receipt on the branch's receipt printer through the local connector when one is chosen on this machine
 * (ESC/POS text: cut, the drawer kick when cash was paid); otherwise, or when the connector fails (its message shown),
 * the PDF opens in `target`. Either way a TEF sale comes in two copies when the branch asks (withReceiptCopies).
 */
export async function printReceipt(receipt: ReceiptData, id_filial: number, config: SaleContext['config'], target: Window | null): Promise<void> {
  const data = withReceiptCopies(receipt, config);
  const sent = await printThroughConnector(id_filial, PERIPHERAL_KEYS.ImpressoraComprovante, {
    tipo_impressao: 'comprovante',
    data: async () => {
      const { receiptText } = await import('@pdv/documents/receipt-text');
      return receiptText(data);
    },
    commmand: data.pagamentos.some((p) => p.meio_pagamento === MEIO_PAGAMENTO.Dinheiro) ? 'gaveta' : null,
  });
  if (sent === 'printed') {
    target?.close();
    return;
  }
  await openReceipt(data, target);
}
