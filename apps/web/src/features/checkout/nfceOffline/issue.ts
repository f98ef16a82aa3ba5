/**
 * Finishing an NFC-e sale with the network off on a till whose branch enables the connector's offline NFC-e (issue 29,
 * POS side): the next reserved number (taken before anything else), the document's groups from the local copy (the
 * one rule of packages/fiscal document-input.ts), POST /nfce/contingencia to the connector of the branch's receipt
 * printer (it signs, completes the QR code and prints the contingency DANFE), and the signed XML for the operation's
 * nfce_contingencia. Any failure answers the pt-BR reason: the caller falls back to the pre-sale (000 §4.1).
 */
import { ValidationError } from '@pdv/domain/errors';
import { NFCE_OFFLINE_MESSAGES } from '@pdv/domain/nfce-offline';
import { PRINT_MESSAGES, PRINT_TIMEOUT_MS } from '@pdv/domain/print-connector';
import type { LocalCopy, LocalRow } from '../../../db/localCopy.ts';
import type { OperationBundle } from '../../outbox/types.ts';
import { connectorUrl } from '../../peripherals/connector.ts';
import { peripheralFor, type PeripheralChoice } from '../../peripherals/peripheralStore.ts';
import type { SaleContext } from '../catalog.ts';
import { localDocumentBase, type LocalFiscalCopy } from '@pdv/fiscal/local-document';
import { totalsOf } from '../draft.ts';
import { hasFreeNumber, takeNumber } from './numbers.ts';

/** The messages of the point of sale's side. */
export const NFCE_POS_MESSAGES = {
  fallback: (reason: string) => `Não foi possível emitir a NFC-e em contingência offline: ${reason} A venda foi finalizada como pré-venda.`,
  noNumbers: 'Este caixa não tem números de NFC-e reservados.',
  issued: (numero: number, serie: number) => `NFC-e ${numero} (série ${serie}) emitida em contingência offline.`,
  emitterMissing: 'Os dados da filial não estão na cópia local.',
} as const;

/** The peripheral (printer of receipts) whose connector signs and prints: the branch's choice on this machine. */
export function nfceConnector(id_filial: number): PeripheralChoice | null {
  return peripheralFor(id_filial, 'impressora_comprovante');
}

/** Whether this till issues its NFC-e offline through the connector: the branch enables it and a connector is chosen here. */
export function offlineNfceEnabled(context: SaleContext, id_filial: number): boolean {
  return context.config?.['nfce_offline_conector'] === true && nfceConnector(id_filial) !== null;
}

/** Whether this till may issue an NFC-e offline now: enabled, and a reserved number is free. */
export function offlineNfceReady(context: SaleContext, id_filial: number): boolean {
  const choice = nfceConnector(id_filial);
  return offlineNfceEnabled(context, id_filial) && choice !== null && hasFreeNumber(id_filial, choice.dispositivo.id_dispositivo);
}

/** The local copy's rows the document reads. */
export async function loadFiscalCopy(db: LocalCopy, bundle: OperationBundle, context: SaleContext): Promise<LocalFiscalCopy> {
  const products = new Map<number, LocalRow>();
  for (const item of bundle.itens) {
    if (item.id_produto_grade_filial === null || products.has(item.id_produto_grade_filial)) continue;
    const grid = await db.rows('grid').where('id_produto_grade_filial').equals(item.id_produto_grade_filial).first();
    const product = grid ? await db.rows('product').get(Number(grid['id_produto'])) : undefined;
    if (product) products.set(item.id_produto_grade_filial, product);
  }
  const id_cliente = bundle.operation.id_cliente;
  return {
    branch: context.branch, config: context.config,
    scenarios: await db.rows('fiscal_scenario').toArray(),
    products,
    customer: id_cliente !== null ? ((await db.rows('people').get(id_cliente)) ?? null) : null,
  };
}

export type OfflineNfceResult =
  | { ok: true; id_dispositivo: number; xml: string; numero: number; serie: number; message: string }
  | { ok: false; message: string };

/** Issues the contingency NFC-e of `bundle` (modelo 65, finished offline) through the connector. */
export async function issueOfflineNfce(db: LocalCopy, bundle: OperationBundle, context: SaleContext, now = new Date()): Promise<OfflineNfceResult> {
  const id_filial = bundle.operation.id_filial;
  const choice = nfceConnector(id_filial);
  if (!choice) return { ok: false, message: PRINT_MESSAGES.unreachable };
  let nfe;
  try {
    nfe = localDocumentBase({ ...bundle, liquido: totalsOf(bundle).liquido }, await loadFiscalCopy(db, bundle, context));
  } catch (error) {
    if (error instanceof ValidationError) return { ok: false, message: error.message };
    throw error;
  }
  if (!nfe) return { ok: false, message: NFCE_POS_MESSAGES.emitterMissing };
  const id_dispositivo = choice.dispositivo.id_dispositivo;
  // Taken (and written) before the connector is called: never reused, even if the page reloads or the call fails.
  const number = takeNumber(id_filial, id_dispositivo);
  if (!number) return { ok: false, message: NFCE_POS_MESSAGES.noNumbers };
  let answer: { Codigo?: unknown; Mensagem?: unknown; xml?: unknown };
  try {
    const res = await fetch(connectorUrl(choice, '/nfce/contingencia'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        dispositivo: id_dispositivo, id_periferico: choice.id_periferico, numero: number.numero, serie: number.serie,
        dhEmi: now.toISOString(), nfe,
      }),
      signal: AbortSignal.timeout(PRINT_TIMEOUT_MS),
    });
    answer = (await res.json()) as typeof answer;
  } catch (error) {
    console.error('Conector local inacessível', error);
    return { ok: false, message: PRINT_MESSAGES.unreachable };
  }
  if (typeof answer.xml !== 'string' || answer.xml === '') {
    return { ok: false, message: typeof answer.Mensagem === 'string' ? answer.Mensagem : NFCE_OFFLINE_MESSAGES.xmlInvalid };
  }
  return { ok: true, id_dispositivo, xml: answer.xml, numero: number.numero, serie: number.serie,
    message: NFCE_POS_MESSAGES.issued(number.numero, number.serie) };
}
