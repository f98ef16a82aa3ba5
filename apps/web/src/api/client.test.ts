import { afterEach, describe, expect, it, vi } from 'vitest';
import { callText } from './client.ts';
import { ApiError } from './errors.ts';

const page = (text: string, status = 200) =>
  vi.fn(() => Promise.resolve(new Response(text, { status, headers: { 'Content-Type': 'application/json' } })));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('callText', () => {
  const body = { date_change: '', offset: 0, limit: 10 };
  const read = (text: string) => (text.startsWith('{"rows":') ? { fast: text.length } : null);

  it('answers what `read` makes of the text of a successful answer', async () => {
    const text = '{"rows":[],"date_change":"","offset":0,"has_more":false}';
    vi.stubGlobal('fetch', page(text));
    const answer = await callText('sync_product', body, { loading: false }, read, () => ({ fast: -1 }));
    expect(answer).toEqual({ fast: text.length });
  });

  it('parses and checks the answer against the contract when `read` cannot, and refuses one outside it', async () => {
    vi.stubGlobal('fetch', page('{"has_more":false,"offset":3,"date_change":"x","rows":[{"id_produto":1}]}'));
    const answer = await callText('sync_product', body, { loading: false }, read, (result) => ({ fast: result.rows.length }));
    expect(answer).toEqual({ fast: 1 });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubGlobal('fetch', page('{"has_more":"não"}'));
    const error = await callText('sync_product', body, { loading: false }, read, () => ({ fast: 0 })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).kind).toBe('response');
    expect(logged).toHaveBeenCalledTimes(1);
    logged.mockRestore();
  });

  it('throws an error answer as call() does, with the server’s message', async () => {
    vi.stubGlobal('fetch', page('{"statusCode":400,"error":"Bad Request","message":"limit pode ser no máximo 5000."}', 400));
    const error = await callText('sync_product', body, { loading: false }, read, () => ({ fast: 0 })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).message).toBe('limit pode ser no máximo 5000.');
  });
});
