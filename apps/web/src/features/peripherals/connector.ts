/**
 * Printing through the shop's local connector (000 §7.5, §8; 001 §7 Local print service, §8): POST /impressao at the
 * chosen peripheral's device address and port, 30 s time-out. Every failure is told with the spec's message
 * ('Não foi possível comunicar com o ModerConnect.' when the connector cannot be reached; code 999: the connector's own
 * message) and the caller's PDF opens instead.
 */
import { PRINT_MESSAGES, PRINT_TIMEOUT_MS, printOutcome, type PeripheralKey, type PrintKind } from '@pdv/domain/print-connector';
import type { PrintRequest, ScaleReadRequest } from '@pdv/contract/connector';
import { showWarning } from '../../ui/warning.tsx';
import { peripheralFor, type PeripheralChoice } from './peripheralStore.ts';

export type PrintResult = { ok: true } | { ok: false; message: string };

/** The connector's URL of a device: its address (a host, or a whole http(s) origin) and port. */
export function connectorUrl(choice: PeripheralChoice, path = '/impressao'): string {
  const { endereco, porta_connect } = choice.dispositivo;
  const origin = /^https?:\/\//i.test(endereco) ? endereco.replace(/\/+$/, '') : `http://${endereco}`;
  return /:\d+$/.test(origin.replace(/^https?:\/\//i, '')) ? `${origin}${path}` : `${origin}:${porta_connect}${path}`;
}

export function toBase64(data: Uint8Array | string): string {
  const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : data;
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

export async function sendToConnector(
  choice: PeripheralChoice,
  tipo_impressao: PrintKind,
  data: Uint8Array | string,
  commmand: string | null = null,
): Promise<PrintResult> {
  const body: PrintRequest = {
    dispositivo: choice.dispositivo.id_dispositivo,
    id_periferico: choice.id_periferico,
    tipo_impressao,
    data_base64: toBase64(data),
    commmand,
  };
  let answer: unknown;
  try {
    const res = await fetch(connectorUrl(choice), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(PRINT_TIMEOUT_MS),
    });
    answer = await res.json();
  } catch (error) {
    console.error('Conector local inacessível', error);
    return { ok: false, message: PRINT_MESSAGES.unreachable };
  }
  return printOutcome(typeof answer === 'object' && answer !== null ? answer : null);
}

export interface ConnectorJob {
  tipo_impressao: PrintKind;
  data: () => Promise<Uint8Array | string> | Uint8Array | string;
  commmand?: string | null;
}

/**
 * Sends the job to the branch's peripheral of `key` when one is chosen on this machine. Answers 'printed', or
 * 'fallback' after telling why (the caller then opens the PDF), or 'none' when no peripheral is chosen.
 */
export async function printThroughConnector(id_filial: number, key: PeripheralKey, job: ConnectorJob): Promise<'printed' | 'fallback' | 'none'> {
  const choice = peripheralFor(id_filial, key);
  if (!choice) return 'none';
  const result = await sendToConnector(choice, job.tipo_impressao, await job.data(), job.commmand ?? null);
  if (result.ok) return 'printed';
  void showWarning(result.message);
  return 'fallback';
}

/**
 * The weight on the checkout scale (balanca_pdv) through its device's connector (POST /balanca/peso): thousandths of a
 * kilogram, or the message to show (the scale's, or 'Não foi possível comunicar com o ModerConnect.').
 */
export async function readScaleWeight(choice: PeripheralChoice): Promise<{ ok: true; milli: number } | { ok: false; message: string }> {
  const body: ScaleReadRequest = { dispositivo: choice.dispositivo.id_dispositivo, id_periferico: choice.id_periferico };
  let answer: { Codigo?: unknown; Mensagem?: unknown; peso?: unknown };
  try {
    const res = await fetch(connectorUrl(choice, '/balanca/peso'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(PRINT_TIMEOUT_MS),
    });
    answer = (await res.json()) as typeof answer;
  } catch (error) {
    console.error('Conector local inacessível', error);
    return { ok: false, message: PRINT_MESSAGES.unreachable };
  }
  const outcome = printOutcome(answer);
  if (!outcome.ok) return outcome;
  return typeof answer.peso === 'number' && answer.peso > 0 ? { ok: true, milli: Math.round(answer.peso * 1000) } : { ok: false, message: PRINT_MESSAGES.unreachable };
}
