/**
 * Finishing, performed: the steps finishSteps.ts decides, with the local copy, the outbox, the toasts and the receipt
 * tab. The operation is written as Pendente first; only then is anything sent or printed.
 */
import { ORDER_MESSAGES } from '@pdv/domain/order-messages';
import type { LocalCopy } from '../../../db/localCopy.ts';
import { toast } from '../../../ui/toast.ts';
import { showWarning } from '../../../ui/warning.tsx';
import { openOrderSheet } from '../../order/documents/orderDocuments.ts';
import { finishOperation, operationTable } from '../../outbox/operations.ts';
import { outbox } from '../../outbox/runtime.ts';
import type { OperationBundle } from '../../outbox/types.ts';
import type { SaleContext } from '../catalog.ts';
import { transmitAndPrint, type FiscalOutcome } from '../fiscal.ts';
import { SAT_MODEL } from '@pdv/domain/sat';
import { authorizeSat, printExtrato } from '../../peripherals/sat.ts';
import type { CreditInfo } from '../modes/return/CreditModal.tsx';
import { offerInvoiceBoletos } from '../../finance/invoiceBoletos.ts';
import { openVoucherPdf } from '../modes/voucher/voucherPrint.ts';
import { printReceipt, receiptData } from '../receipt.ts';
import { finishOutcome, sendStep, SUCCESS_MESSAGE, type FinishDocument, type Notice } from './finishSteps.ts';

/** How long the screen waits for the server's answer before telling the cashier the operation is pending. */
const SEND_WAIT_MS = 4000;

export interface FinishRun {
  db: LocalCopy;
  context: SaleContext;
  /** The operator's name, printed on the receipt. */
  operador: string;
  /** The draft's saves still running (finishing waits for them). */
  saving: Promise<unknown>;
  online: () => boolean;
  /** Opens the next operation (the finished one already left the screen; awaited last). */
  next: () => Promise<unknown>;
  setCredit: (credit: CreditInfo) => void;
}

/**
 * Writes `written` (already validated) as Pendente, sends it when online, tells the cashier what happened and prints.
 * A failed write shows its message, closes the receipt tab and answers false (nothing was finished).
 */
export async function runFinish(run: FinishRun, written: OperationBundle, receiptTab: Window | null): Promise<boolean> {
  await run.saving;
  let finished;
  try {
    finished = await finishOperation(run.db, written);
  } catch (error) {
    receiptTab?.close();
    void showWarning(error instanceof Error ? error.message : String(error));
    return false;
  }
  toast.success(SUCCESS_MESSAGE);
  const next = run.next();
  const send = sendStep(run.online());
  if (send === 'sendNow') {
    await Promise.race([outbox.flush(), new Promise((resolve) => setTimeout(resolve, SEND_WAIT_MS))]);
  }
  const state = await operationTable(run.db).get(finished.id_operacao);
  const outcome = finishOutcome({ written, finished, state, send, hasTab: receiptTab !== null });
  outcome.notices.forEach(notify);
  if (outcome.credit) run.setCredit(outcome.credit);
  for (const document of outcome.documents) {
    if (await takesTab(document, run, written, receiptTab)) break;
  }
  await next;
  return true;
}

function notify(notice: Notice): void {
  if (notice.kind === 'success') toast.success(notice.message);
  else if (notice.kind === 'error') toast.error(notice.message);
  else void showWarning(notice.message);
}

/** Performs one document step; true when it took the receipt tab (the later ones are skipped). */
async function takesTab(
  document: FinishDocument,
  run: FinishRun,
  written: OperationBundle,
  tab: Window | null,
): Promise<boolean> {
  switch (document.kind) {
    case 'voucherPdf':
      return openVoucherPdf(document.idValeCredito, tab).then(
        () => true,
        (error: unknown) => {
          console.error('Falha ao gerar o vale crédito', error);
          toast.error('Não foi possível gerar o vale crédito: reimprima-o pela lista de vales.');
          return false;
        },
      );
    case 'orderSheet':
      return tab ? openOrderSheet(document.idPedido, tab) : false;
    case 'invoice': {
      if (written.operation.modelo === SAT_MODEL) return satSale(document.idNotaFiscal, written.operation.id_filial, tab);
      const outcome = await transmitAndPrint(document.idNotaFiscal);
      const url = outcome.kind === 'failed' ? null : outcome.urlPdf;
      const took = Boolean(url) && tab !== null && !tab.closed;
      if (took && url && tab) tab.location.href = url;
      showFiscalOutcome(outcome);
      // 000 §4.4: after a successful transmission, a sales-return invoice opens the credit modal.
      if (document.credit && outcome.kind === 'authorized') {
        toast.success(ORDER_MESSAGES.creditGenerated);
        run.setCredit(document.credit);
      }
      // 000 §4.4: an invoice with a boleto payment whose method issues boletos after the invoice asks whether to issue them.
      if (outcome.kind === 'authorized' && !document.credit) await offerInvoiceBoletos(document.idNotaFiscal);
      return took;
    }
    case 'receipt':
      await printReceipt(
        receiptData({ ...written, operation: document.operation }, run.context, run.operador),
        written.operation.id_filial,
        run.context.config,
        tab,
      ).catch((error: unknown) => {
        console.error('Falha ao gerar o comprovante', error);
        toast.error('Não foi possível gerar o comprovante.');
      });
      return true;
  }
}

/**
 * A CF-e SAT sale (issue 27): the SAT through the connector, then its extrato on the receipt printer (peripherals/sat.ts).
 * A failure shows the spec's message and leaves the invoice for a retry from the invoice list.
 */
async function satSale(id_nota_fiscal: number, id_filial: number, tab: Window | null): Promise<boolean> {
  const outcome = await authorizeSat(id_nota_fiscal, id_filial);
  if (outcome.kind === 'failed') {
    tab?.close();
    void showWarning(outcome.message, outcome.details);
    return true;
  }
  toast.success(outcome.message);
  await printExtrato(id_nota_fiscal, id_filial, tab).catch((error: unknown) => {
    console.error('Falha ao imprimir o extrato do CF-e', error);
    toast.error('Não foi possível imprimir o extrato do CF-e: reimprima-o pela lista de notas.');
  });
  return true;
}

/** The fiscal result as the spec words it: a toast when authorized or in contingency, the warning modal otherwise. */
function showFiscalOutcome(outcome: FiscalOutcome): void {
  if (outcome.kind === 'authorized') toast.success(outcome.message);
  else if (outcome.kind === 'contingency') toast.warning(outcome.message);
  else void showWarning(outcome.message, outcome.details);
}
