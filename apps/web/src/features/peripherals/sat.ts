/**
 * A SAT sale from the till (issue 27; 001 §4, §7 Local fiscal device, §8 SAT). The sale reached the server as an
 * invoice of model 59 awaiting the SAT; here: the CF-e input is asked of the server (/sat/dados-venda: the invoice's
 * items, taxes and payments as the server rebuilt them), sent to the SAT peripheral's connector (/sat/envio, which
 * writes the CF-e 0.08 and hands it to the SAT), the answer handed to the server (/sat/registrar, which checks it
 * against the invoice and records it) and the extrato printed on the receipt printer through the connector (as a
 * PDF: the connector's raster mode prints it; no receipt printer, or a failure: the PDF opens). A connector that
 * cannot be reached, or a SAT failure (99999 or the SAT's own code), shows the spec's message and leaves the invoice
 * pending for a retry from the invoice list. The cancellation goes the same way (/sat/cancelamento).
 */
import { satAnswer, type SatAnswer } from '@pdv/contract/connector';
import type { FiscalResult } from '@pdv/contract/invoice';
import { PRINT_TIMEOUT_MS, PERIPHERAL_KEYS } from '@pdv/domain/print-connector';
import { SAT_MESSAGES } from '@pdv/domain/sat';
import { call } from '../../api/client.ts';
import { errorDisplayOf } from '../../api/errors.ts';
import { connectorUrl, printThroughConnector } from './connector.ts';
import { choosePeripheral } from './PeripheralModals.tsx';
import { peripheralFor, type PeripheralChoice } from './peripheralStore.ts';

export type SatOutcome =
  | { kind: 'authorized'; message: string; result: FiscalResult }
  | { kind: 'failed'; message: string; details: string[] };

/** The till number sent to the SAT (numeroCaixa, 1-999): the device's id within the range. */
export const tillNumber = (choice: PeripheralChoice) => ((choice.dispositivo.id_dispositivo - 1) % 999) + 1;

const failed = (message: string, details: string[] = []): SatOutcome => ({ kind: 'failed', message, details });

/** The SAT chosen for the branch on this machine, or the selection modal (001 §2) when none is. */
async function satPeripheral(id_filial: number): Promise<PeripheralChoice | null> {
  return peripheralFor(id_filial, PERIPHERAL_KEYS.Sat) ?? (await choosePeripheral(id_filial, 'Sat'));
}

/** POSTs to the SAT's connector; null when it cannot be reached or answers what is not a SAT answer. */
async function postSat(choice: PeripheralChoice, path: '/sat/envio' | '/sat/cancelamento', body: object): Promise<SatAnswer | null> {
  try {
    const res = await fetch(connectorUrl(choice, path), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...body, dispositivo: choice.dispositivo.id_dispositivo, id_periferico: choice.id_periferico, numeroCaixa: tillNumber(choice) }),
      // The connector gives the SAT its own time-out; this one only guards a connector that stopped answering.
      signal: AbortSignal.timeout(PRINT_TIMEOUT_MS * 3),
    });
    const parsed = satAnswer.safeParse(await res.json());
    return parsed.success ? parsed.data : null;
  } catch (error) {
    console.error('Conector local inacessível (SAT)', error);
    return null;
  }
}

/** Sends a model 59 invoice to the SAT and records the answer. */
export async function authorizeSat(id_nota_fiscal: number, id_filial: number): Promise<SatOutcome> {
  const choice = await satPeripheral(id_filial);
  if (!choice) return failed(SAT_MESSAGES.noSatPeripheral);
  let data;
  try {
    data = await call('satSaleData', { id_nota_fiscal });
  } catch (error) {
    const shown = errorDisplayOf(error);
    return failed(shown.text, shown.details);
  }
  const answer = await postSat(choice, '/sat/envio', data);
  // No answer: nothing happened on the SAT's side that the server could record; the invoice stays awaiting it.
  if (!answer) return failed(SAT_MESSAGES.unreachable);
  let result: FiscalResult;
  try {
    result = await call('satRecord', { id_nota_fiscal, resposta: answer });
  } catch (error) {
    const shown = errorDisplayOf(error);
    return failed(shown.text, shown.details);
  }
  // The server recorded the failure ('Erro ao autorizar SAT.' and the SAT's or the connector's message): Rejeitada.
  if (!result.success) return failed(result.message);
  return { kind: 'authorized', message: result.message, result };
}

/** Cancels an authorized SAT invoice (the SAT cancels only its last sale, within 30 minutes: the SAT says so). */
export async function cancelSat(id_nota_fiscal: number, id_filial: number): Promise<SatOutcome> {
  const choice = await satPeripheral(id_filial);
  if (!choice) return failed(SAT_MESSAGES.noSatPeripheral);
  let data;
  try {
    data = await call('satCancelData', { id_nota_fiscal });
  } catch (error) {
    const shown = errorDisplayOf(error);
    return failed(SAT_MESSAGES.cancelFailed(shown.text), shown.details);
  }
  const answer = await postSat(choice, '/sat/cancelamento', data);
  if (!answer) return failed(SAT_MESSAGES.unreachable);
  try {
    const result = await call('satRecordCancel', { id_nota_fiscal, resposta: answer });
    return result.success ? { kind: 'authorized', message: result.message, result } : failed(result.message);
  } catch (error) {
    const shown = errorDisplayOf(error);
    return failed(SAT_MESSAGES.cancelFailed(shown.text), shown.details);
  }
}

/**
 * The extrato of an authorized CF-e: sent as a PDF to the branch's receipt printer through the connector (its raster
 * mode draws the QR code and the barcodes), else opened in `tab` (or a new tab). Resolves with whether it printed.
 */
export async function printExtrato(id_nota_fiscal: number, id_filial: number, tab: Window | null): Promise<boolean> {
  const { url_pdf } = await call('nfeImprimir', { id_nota_fiscal });
  if (!url_pdf) return false;
  const sent = await printThroughConnector(id_filial, PERIPHERAL_KEYS.ImpressoraComprovante, {
    tipo_impressao: 'pdf',
    data: async () => new Uint8Array(await (await fetch(url_pdf)).arrayBuffer()),
  });
  if (sent === 'printed') {
    tab?.close();
    return true;
  }
  if (tab && !tab.closed) tab.location.href = url_pdf;
  else window.open(url_pdf, '_blank', 'noopener');
  return false;
}
