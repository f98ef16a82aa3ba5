import { afterEach, describe, expect, it } from 'vitest';
import { pdfText } from '@pdv/documents/pdf-text';
import type { PoolTestJob } from './pool-test-worker.ts';
import type { PdfJob } from './render-jobs.ts';
import { PdfBusyError, PdfRenderError, RenderPool, type RenderPoolOptions } from './render-pool.ts';

const TEST_WORKER = new URL('./pool-test-worker.ts', import.meta.url);
const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

let pools: Array<RenderPool<unknown>> = [];
function pool<J = PoolTestJob>(options: Partial<RenderPoolOptions> = {}): RenderPool<J> {
  const made = new RenderPool<J>({ size: 1, maxQueue: 10, entry: TEST_WORKER, ...options });
  pools.push(made);
  return made;
}
afterEach(async () => {
  await Promise.all(pools.map((p) => p.close()));
  pools = [];
});

// Worker threads start slowly on a busy machine (tsx, then the entry's modules): generous limits.
describe('RenderPool', { timeout: 30_000 }, () => {
  it('answers each job with the bytes its worker rendered, on at most `size` workers', async () => {
    const p = pool({ size: 2 });
    const answers = await Promise.all(['a', 'b', 'c', 'd', 'e'].map((t) => p.render({ op: 'echo', text: t, waitMs: 20 })));
    expect(answers.map(text)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(answers[0]).toBeInstanceOf(Uint8Array);
    expect(p.stats()).toMatchObject({ workers: 2, busy: 0, queued: 0, started: 2 });
  });

  it('refuses a job with PdfBusyError when maxQueue jobs already wait, and still answers the ones it took', async () => {
    const p = pool({ size: 1, maxQueue: 2 });
    const taken = [1, 2, 3].map((i) => p.render({ op: 'echo', text: `job ${i}`, waitMs: 200 }));
    expect(p.stats()).toMatchObject({ busy: 1, queued: 2 });
    await expect(p.render({ op: 'echo', text: 'one too many' })).rejects.toBeInstanceOf(PdfBusyError);
    expect((await Promise.all(taken)).map(text)).toEqual(['job 1', 'job 2', 'job 3']);
    // Room again once the queue drained.
    expect(text(await p.render({ op: 'echo', text: 'later' }))).toBe('later');
  });

  it('fails a job that throws with its message and keeps the worker for the next job', async () => {
    const p = pool();
    await expect(p.render({ op: 'throw', message: 'XML sem infNFe' })).rejects.toThrow(new PdfRenderError('XML sem infNFe'));
    expect(text(await p.render({ op: 'echo', text: 'next' }))).toBe('next');
    expect(p.stats().started).toBe(1);
  });

  it('fails the job of a worker that dies, replaces the worker and answers the jobs queued behind it', async () => {
    const p = pool({ size: 1 });
    const crash = p.render({ op: 'crash' });
    const behind = p.render({ op: 'echo', text: 'queued behind the crash' });
    await expect(crash).rejects.toBeInstanceOf(PdfRenderError);
    await expect(crash).rejects.toThrow(/código de saída 7/);
    expect(text(await behind)).toBe('queued behind the crash');
    expect(text(await p.render({ op: 'echo', text: 'next' }))).toBe('next');
    expect(p.stats()).toMatchObject({ workers: 1, started: 2 });
  });

  it('terminates a worker that does not answer within timeoutMs and fails only its job', async () => {
    const p = pool({ timeoutMs: 500 });
    await expect(p.render({ op: 'hang' })).rejects.toThrow(/sem resposta em 0.5 s/);
    expect(text(await p.render({ op: 'echo', text: 'next' }))).toBe('next');
    expect(p.stats().started).toBe(2);
  });

  it('fails a job whose data cannot be sent to a worker, without losing the worker', async () => {
    const p = pool<{ op: 'echo'; text: string; f?: () => void }>();
    await expect(p.render({ op: 'echo', text: 'x', f: () => undefined })).rejects.toThrow(/não transferíveis/);
    expect(text(await p.render({ op: 'echo', text: 'next' }))).toBe('next');
  });

  it('fails the running and queued jobs when closed, and refuses new ones', async () => {
    const p = pool();
    const running = p.render({ op: 'echo', text: 'slow', waitMs: 5_000 });
    const queued = p.render({ op: 'echo', text: 'queued' });
    const outcomes = Promise.all([running, queued].map((job) => job.then(() => null, (error: unknown) => error)));
    await p.close();
    const [a, b] = await outcomes;
    expect(a).toBeInstanceOf(PdfRenderError);
    expect(b).toBeInstanceOf(PdfRenderError);
    await expect(p.render({ op: 'echo', text: 'after' })).rejects.toBeInstanceOf(PdfRenderError);
    expect(p.stats().workers).toBe(0);
  });

  it('renders the server documents in its default worker (render-worker.ts)', { timeout: 60_000 }, async () => {
    const p = new RenderPool<PdfJob>({ size: 1, maxQueue: 1 });
    pools.push(p);
    const pdf = await p.render({
      kind: 'voucher',
      data: {
        loja: { nome: 'Loja Centro', cnpj: '12345678000195', endereco: 'Rua A, 10' }, codigo: 'VC7Q2K', valor: 5000, saldo: 3250,
        data: '2026-03-10T14:30:00Z', validade: '2026-09-10', cliente: 'Maria Souza', numero: '1042',
      },
    });
    expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe('%PDF-');
    const lines = pdfText(pdf);
    expect(lines).toContain('VC7Q2K');
    expect(lines).toContain('Loja Centro');
  });
});
