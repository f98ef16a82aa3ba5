// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FINANCE_MESSAGES } from '@pdv/domain/financial-document';
import { routes } from '@pdv/contract/routes';
import { FINANCIAL_DOCUMENT_ROUTES, financialCall, wrapped } from './financialCall.ts';

const answer = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the financial documents wrappers (001 §7: issuccess false plus the server message on failure)', () => {
  it('cover exactly the routes 001 §7 lists under financial documents', () => {
    const paths = FINANCIAL_DOCUMENT_ROUTES.map((n) => routes[n].path).sort();
    expect(paths).toEqual([
      '/document-financial/cancel_document_financial', '/document-financial/create', '/document-financial/discharge_document_checkout',
      '/document-financial/discharge_document_financial', '/document-financial/find', '/document-financial/find-values',
      '/document-financial/find_by_id', '/document-financial/find_by_number', '/document-financial/find_invoice_by_document_financial',
      '/document-financial/find_next_number_doc', '/document-financial/find_report', '/document-financial/get_documents_by_invoice',
      '/document-financial/split_document', '/document-financial/update', '/document_financial/cancel_many_document_financial',
      '/document_financial_launch/cancel_document_launch', '/document_financial_launch/create', '/document_financial_launch/find_by_document_financial',
      '/document_financial_launch/update',
    ]);
  });

  it('answers issuccess false with the server\'s pt-BR message on a refusal, without throwing', async () => {
    const fetch = vi.fn(() => Promise.resolve(answer(400, { message: FINANCE_MESSAGES.dischargeAboveOpen })));
    vi.stubGlobal('fetch', fetch);
    const r = await financialCall('documentFinancialDischarge', { documentos: [1], valor_total: 10, id_conta: 1 });
    expect(r).toMatchObject({ issuccess: false, message: FINANCE_MESSAGES.dischargeAboveOpen });
    expect(fetch).toHaveBeenCalledOnce();
  });

  it('answers issuccess true with the parsed data on success', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(answer(200, { numero: '42' }))));
    expect(await financialCall('documentFinancialNextNumber', {})).toEqual({ issuccess: true, data: { numero: '42' } });
  });

  it('answers issuccess false with the client\'s message when the server cannot be reached, and throws an abort on', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    const r = await financialCall('documentFinancialNextNumber', {});
    expect(r.issuccess).toBe(false);
    expect(r.issuccess === false && r.message).toMatch(/conex|servidor|rede/i);
    const abort = new DOMException('aborted', 'AbortError');
    await expect(wrapped(() => Promise.reject(abort))).rejects.toBe(abort);
  });
});
