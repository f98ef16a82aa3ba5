/**
 * The fiscal actions of an invoice, shared by the list and the invoice screen: each calls its route, shows what the
 * answer means (outcome.ts) and resolves with whether the invoice may have changed (the caller reloads).
 */
import { FISCAL_MESSAGES } from '@pdv/domain/fiscal-messages';
import { call } from '../../api/client.ts';
import { errorDisplayOf, isAbort, isUnauthorized } from '../../api/errors.ts';
import { confirm } from '../../ui/confirm.tsx';
import { showError } from '../../ui/showError.ts';
import { toast } from '../../ui/toast.ts';
import { showWarning } from '../../ui/warning.tsx';
import { cancelInvoiceCards, loadInvoiceCards, mayCancelWithoutTerminal } from './cardCancellation.tsx';
import { askText } from './modals.tsx';
import { showErrorList } from './modals.tsx';
import {
  cancelManyOutcome,
  cancelOutcome,
  consultOutcome,
  eventOutcome,
  statusText,
  transmitManyOutcome,
  transmitOutcome,
  type Outcome,
} from './outcome.ts';
import { TEXTS } from './texts.ts';
import { SAT_MODEL } from '@pdv/domain/sat';
import { readStoredSession } from '../auth/session.ts';
import { authorizeSat, cancelSat, printExtrato } from '../peripherals/sat.ts';

/** What the actions need to know of an invoice. */
export interface InvoiceRef {
  id_nota_fiscal: number;
  numero_nota_fiscal: number | null;
  modelo: string;
}

const JUSTIFICATION = { min: 15, max: 255, lengthMessage: FISCAL_MESSAGES.justificationLength };
const CORRECTION = { min: 15, max: 1000, lengthMessage: FISCAL_MESSAGES.correctionLength };

const nameOf = (ref: InvoiceRef) => ref.numero_nota_fiscal ?? ref.id_nota_fiscal;

export function showOutcome(outcome: Outcome): void {
  if (outcome.kind === 'success') toast.success(outcome.text);
  else if (outcome.kind === 'info') toast.info(outcome.text);
  else void showWarning(outcome.text, outcome.details);
}

/** The active branch (a SAT invoice goes to the SAT chosen for it on this machine). */
const activeBranch = () => readStoredSession(localStorage)?.usuario.id_filial_ativa ?? 0;

/**
 * A CF-e SAT (model 59) sent again to the SAT through the connector (the retry of a sale the SAT did not authorize),
 * its extrato printed when authorized.
 */
async function sendToSat(ref: InvoiceRef): Promise<boolean> {
  const outcome = await authorizeSat(ref.id_nota_fiscal, activeBranch());
  if (outcome.kind === 'failed') {
    void showWarning(outcome.message, outcome.details);
    return false;
  }
  toast.success(outcome.message);
  await printExtrato(ref.id_nota_fiscal, activeBranch(), null).catch((error: unknown) => showError(error));
  return true;
}

/** A CF-e SAT cancelled on the SAT through the connector (no justification: the CFeCanc has none). */
async function cancelOnSat(ref: InvoiceRef): Promise<boolean> {
  if (!(await confirm(SAT_CANCEL_QUESTION, TEXTS.cancelTitle(nameOf(ref))))) return false;
  const outcome = await cancelSat(ref.id_nota_fiscal, activeBranch());
  if (outcome.kind === 'failed') {
    void showWarning(outcome.message, outcome.details);
    return false;
  }
  toast.success(outcome.message);
  return true;
}

/** Ours: the question before cancelling a CF-e on the SAT. */
const SAT_CANCEL_QUESTION = 'Cancelar este CF-e no SAT? O SAT cancela somente a última venda, em até 30 minutos.';

/** /nfe/transmitir. Resolves with whether it was authorised (true), refused or failed (false). */
export async function transmit(ref: InvoiceRef): Promise<boolean> {
  if (ref.modelo === SAT_MODEL) return sendToSat(ref);
  try {
    const result = await call('nfeTransmitir', { id_nota_fiscal: ref.id_nota_fiscal });
    const outcome = transmitOutcome(result, nameOf(ref));
    showOutcome(outcome);
    return outcome.kind === 'success';
  } catch (error) {
    showError(error);
    return false;
  }
}

/** /invoice/invoice-reprocess: the same answers as a transmission. Resolves with whether it was authorised. */
export async function reprocess(ref: InvoiceRef): Promise<boolean> {
  try {
    const result = await call('invoiceReprocess', { id_nota_fiscal: ref.id_nota_fiscal });
    const outcome = transmitOutcome(result, nameOf(ref));
    showOutcome(outcome);
    return outcome.kind === 'success';
  } catch (error) {
    showError(error);
    return false;
  }
}

/**
 * /nfe/imprimir, then the PDF in a new tab. The tab is opened before the call, while the click still counts as the
 * user's, so that a popup blocker lets it through; it is closed again when there is nothing to show.
 */
export async function print(ref: InvoiceRef): Promise<void> {
  const tab = window.open('', '_blank');
  const fail = (reason: string) => {
    tab?.close();
    void showWarning(FISCAL_MESSAGES.printFailed(reason));
  };
  try {
    const result = await call('nfeImprimir', { id_nota_fiscal: ref.id_nota_fiscal });
    const url = result.url_pdf;
    if (!url) return fail(result.success ? TEXTS.printNoUrl : statusText(result) || TEXTS.printNoUrl);
    if (tab) {
      tab.opener = null;
      tab.location.href = url;
    } else {
      window.open(url, '_blank', 'noopener');
    }
  } catch (error) {
    if (isAbort(error) || isUnauthorized(error)) {
      tab?.close();
      return;
    }
    fail(errorDisplayOf(error).text);
  }
}

/** /nfe/consultar. */
export async function consult(ref: InvoiceRef): Promise<boolean> {
  try {
    const result = await call('nfeConsultar', { id_nota_fiscal: ref.id_nota_fiscal });
    showOutcome(consultOutcome(result, nameOf(ref)));
    return true;
  } catch (error) {
    showError(error);
    return false;
  }
}

/**
 * /nfe/cancelar with a justification of 15 to 255 characters; once cancelled, the sale's TEF card transactions are
 * cancelled on this machine's card terminal (issue 28, cardCancellation.tsx).
 */
export async function cancel(ref: InvoiceRef): Promise<boolean> {
  const cards = await loadInvoiceCards(ref.id_nota_fiscal);
  if (!(await mayCancelWithoutTerminal(cards))) return false;
  if (ref.modelo === SAT_MODEL) {
    // A CF-e cancelled on the SAT gives its card transactions back the same way.
    const cancelled = await cancelOnSat(ref);
    if (cancelled) void cancelInvoiceCards(cards);
    return cancelled;
  }
  const justificativa = await askText({
    title: TEXTS.cancelTitle(nameOf(ref)),
    label: TEXTS.justification,
    description: TEXTS.cancelDescription,
    confirmLabel: TEXTS.confirmCancel,
    ...JUSTIFICATION,
  });
  if (justificativa === null) return false;
  try {
    const result = await call('nfeCancelar', { id_nota_fiscal: ref.id_nota_fiscal, justificativa });
    const outcome = cancelOutcome(result);
    showOutcome(outcome);
    // Not awaited: the caller reloads the invoice (Cancelada) while the terminal works in its own modal.
    if (outcome.kind === 'success') void cancelInvoiceCards(cards);
    return outcome.kind === 'success';
  } catch (error) {
    if (isAbort(error) || isUnauthorized(error)) return false;
    const { text, details } = errorDisplayOf(error);
    void showWarning(FISCAL_MESSAGES.cancelFailed(text), details);
    return false;
  }
}

/** /nfe/carta_correcao with a text of 15 to 1000 characters (NF-e only). */
export async function correct(ref: InvoiceRef): Promise<boolean> {
  const texto_correcao = await askText({
    title: TEXTS.correctionTitle(nameOf(ref)),
    label: TEXTS.correction,
    description: TEXTS.correctionDescription,
    confirmLabel: TEXTS.confirmCorrection,
    ...CORRECTION,
  });
  if (texto_correcao === null) return false;
  try {
    showOutcome(eventOutcome(await call('nfeCartaCorrecao', { id_nota_fiscal: ref.id_nota_fiscal, texto_correcao })));
    return true;
  } catch (error) {
    showError(error);
    return false;
  }
}

/** /nfe/inutilizar: the number of a rejected invoice that will never be authorised. */
export async function disable(ref: InvoiceRef): Promise<boolean> {
  const justificativa = await askText({
    title: TEXTS.disableTitle(nameOf(ref)),
    label: TEXTS.justification,
    confirmLabel: TEXTS.confirmDisable,
    ...JUSTIFICATION,
  });
  if (justificativa === null) return false;
  try {
    const outcome = eventOutcome(await call('nfeInutilizar', { id_nota_fiscal: ref.id_nota_fiscal, justificativa }));
    showOutcome(outcome);
    return outcome.kind === 'success';
  } catch (error) {
    showError(error);
    return false;
  }
}

/** /invoice/delete of a draft or rejected invoice, after a yes. */
export async function remove(ref: InvoiceRef): Promise<boolean> {
  if (!(await confirm(TEXTS.deleteQuestion(nameOf(ref))))) return false;
  try {
    await call('invoiceDelete', { id_invoice: ref.id_nota_fiscal });
    toast.success(TEXTS.deleted);
    return true;
  } catch (error) {
    showError(error);
    return false;
  }
}

/** /nfe/invoice-request-list: a toast per authorised invoice, the others in a list. */
export async function transmitMany(ids: readonly number[]): Promise<boolean> {
  if (ids.length === 0) {
    void showWarning(FISCAL_MESSAGES.transmitManyEmpty);
    return false;
  }
  try {
    const outcome = transmitManyOutcome(await call('nfeRequestList', { list_ids_invoice: [...ids] }));
    outcome.successes.forEach((text) => toast.success(text));
    if (outcome.title) void showErrorList(outcome.title, outcome.failures);
    return true;
  } catch (error) {
    if (isAbort(error) || isUnauthorized(error)) return false;
    const { text, details } = errorDisplayOf(error);
    void showErrorList(FISCAL_MESSAGES.transmitNone, [text, ...details]);
    return false;
  }
}

/** /nfe/cancelar-lista with one justification; the errors listed under 'Erro ao cancelar as notas fiscais.'. */
export async function cancelMany(ids: readonly number[]): Promise<boolean> {
  if (ids.length === 0) {
    void showWarning(FISCAL_MESSAGES.transmitManyEmpty);
    return false;
  }
  const justificativa = await askText({
    title: TEXTS.cancelManyTitle(ids.length),
    label: TEXTS.justification,
    description: TEXTS.cancelDescription,
    confirmLabel: TEXTS.confirmCancel,
    ...JUSTIFICATION,
  });
  if (justificativa === null) return false;
  try {
    const result = await call('nfeCancelarLista', { list_ids_invoice: [...ids], justificativa });
    const outcome = cancelManyOutcome(result);
    if (outcome.cancelled > 0) toast.success(TEXTS.cancelledMany(outcome.cancelled));
    if (outcome.failures.length > 0) await showErrorList(FISCAL_MESSAGES.cancelManyTitle, outcome.failures);
    // The card transactions of each invoice cancelled, on this machine's terminal, one after the other (issue 28); not
    // awaited, so the list shows the invoices cancelled meanwhile.
    const cancelledIds = result.resultados
      .filter((one) => cancelOutcome(one).kind === 'success')
      .map((one) => one.nota_fiscal?.id_nota_fiscal)
      .filter((id): id is number => id != null);
    void (async () => {
      for (const id of cancelledIds) await cancelInvoiceCards(await loadInvoiceCards(id));
    })();
    return true;
  } catch (error) {
    if (isAbort(error) || isUnauthorized(error)) return false;
    const { text, details } = errorDisplayOf(error);
    void showErrorList(FISCAL_MESSAGES.cancelManyTitle, [text, ...details]);
    return false;
  }
}
