/**
 * The wrappers of the financial documents' routes (001 §7 "Financial documents": /document-financial/*,
 * /document_financial_launch/*, /document_financial/cancel_many_document_financial): "Wrappers return issuccess false
 * plus the server message on failure". `financialCall` answers `{ issuccess: true, data }` with the route's parsed
 * answer, or `{ issuccess: false, message }` with the server's pt-BR message (the client's own text when the server
 * said nothing: no connection, an unexpected answer); it never rejects, but for an aborted call (a closed screen), which
 * is thrown on as before. The failed answer keeps the error so the screen shows it the usual way (showFailure: the
 * "Aviso" modal with the complement, 002 §8).
 */
import type { ResultOf, RouteName } from '@pdv/contract/routes';
import { call, type CallOptions } from '../../api/client.ts';
import { isAbort, isApiError } from '../../api/errors.ts';
import { showError } from '../../ui/showError.ts';

/** The routes 001 §7 lists under "Financial documents", by their names in the contract's table. */
export const FINANCIAL_DOCUMENT_ROUTES = [
  'documentFinancialFind', 'documentFinancialFindValues', 'documentFinancialDischargeCheckout', 'documentFinancialCreate',
  'documentFinancialSplit', 'documentFinancialUpdate', 'documentFinancialCancel', 'documentFinancialFindById',
  'documentFinancialDischarge', 'documentFinancialFindByNumber', 'documentFinancialFindReport', 'documentFinancialNextNumber',
  'documentFinancialByInvoice', 'documentFinancialFindInvoice',
  'documentFinancialLaunchCreate', 'documentFinancialLaunchUpdate', 'documentFinancialLaunchCancel', 'documentFinancialLaunchFind',
  'documentFinancialCancelMany',
] as const satisfies readonly RouteName[];

export type FinancialRoute = (typeof FINANCIAL_DOCUMENT_ROUTES)[number];

export type Wrapped<T> = { issuccess: true; data: T } | { issuccess: false; message: string; error: unknown };

/** The answer of a call as the spec's wrapper gives it: the data, or issuccess false with the server's message. */
export async function wrapped<T>(run: () => Promise<T>): Promise<Wrapped<T>> {
  try {
    return { issuccess: true, data: await run() };
  } catch (error) {
    if (isAbort(error)) throw error;
    const message = isApiError(error) ? (error.body?.message || error.message) : error instanceof Error ? error.message : String(error);
    return { issuccess: false, message, error };
  }
}

/** Calls a route of the financial documents through the spec's wrapper. */
export function financialCall<N extends FinancialRoute>(name: N, body: Parameters<typeof call<N>>[1], options?: CallOptions): Promise<Wrapped<ResultOf<N>>> {
  return wrapped(() => (call as (n: N, b: unknown, o?: CallOptions) => Promise<ResultOf<N>>)(name, body, options));
}

/** Shows a failed wrapper's answer as every failed call is shown (the server's message in the "Aviso" modal). */
export function showFailure(result: { issuccess: false; error: unknown }): void {
  showError(result.error);
}
