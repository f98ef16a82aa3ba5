import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidPath } from './file-storage.ts';
import { createLocalStorage } from './local.ts';
import { createS3Client, createS3Storage, S3Error } from './s3.ts';
import { fileLink, storageFromEnv, verifyFileLink } from './storage.ts';
import { startFakeS3, type FakeS3 } from './fake-s3.ts';
import type { FileStorage } from './file-storage.ts';

const PDF = new TextEncoder().encode('%PDF-1.7 conteúdo de teste');
const KEYS = { accessKeyId: 'AKIDTESTE', secretAccessKey: 'segredo/de+teste=123' };

/** The behaviour both backends share. */
function storageContract(name: string, make: () => FileStorage) {
  describe(name, () => {
    it('stores a file and reads it back with its content type', async () => {
      const s = make();
      await s.put(1, '12345678000195/pedidos/7.pdf', PDF, 'application/pdf');
      const file = await s.get(1, '12345678000195/pedidos/7.pdf');
      expect(file?.contentType).toBe('application/pdf');
      expect(new TextDecoder().decode(file?.bytes)).toBe('%PDF-1.7 conteúdo de teste');
    });

    it('replaces a file written again at the same path', async () => {
      const s = make();
      await s.put(1, 'a/b.txt', new TextEncoder().encode('primeiro'), 'text/plain');
      await s.put(1, 'a/b.txt', new TextEncoder().encode('segundo'), 'text/plain');
      expect(new TextDecoder().decode((await s.get(1, 'a/b.txt'))?.bytes)).toBe('segundo');
    });

    it("keeps organizations apart: the same path of another organization is another file", async () => {
      const s = make();
      await s.put(1, 'x/mesmo.pdf', PDF, 'application/pdf');
      expect(await s.get(2, 'x/mesmo.pdf')).toBeNull();
    });

    it('answers null for a missing file and deletes without error twice', async () => {
      const s = make();
      expect(await s.get(1, 'nada/aqui.pdf')).toBeNull();
      await s.put(1, 'apagar/este.jpg', PDF, 'image/jpeg');
      await s.delete(1, 'apagar/este.jpg');
      await s.delete(1, 'apagar/este.jpg');
      expect(await s.get(1, 'apagar/este.jpg')).toBeNull();
    });

    it('refuses unsafe paths before touching the backend', async () => {
      const s = make();
      for (const path of ['../fora.pdf', '/abs.pdf', 'a/../b.pdf', 'a/.oculto', '', 'a//b', 'a/b c.pdf']) {
        await expect(s.put(1, path, PDF, 'application/pdf'), path).rejects.toThrow(/caminho de arquivo inválido/);
      }
      await expect(s.get(0, 'a.pdf')).rejects.toThrow(/organização inválida/);
    });
  });
}

let root = '';
let fake: FakeS3;
beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'pdv-storage-test-'));
  fake = await startFakeS3({ bucket: 'pdv-docs', ...KEYS });
});
afterAll(async () => {
  rmSync(root, { recursive: true, force: true });
  await fake.close();
});

storageContract('local disk storage', () => createLocalStorage(root));
storageContract('S3 storage (against the fake S3 server)', () =>
  createS3Storage({ endpoint: fake.endpoint, bucket: 'pdv-docs', region: 'sa-east-1', ...KEYS }));

describe('local disk storage files', () => {
  it('writes under <root>/<org>/<path> and leaves no temporary file behind', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pdv-storage-layout-'));
    await createLocalStorage(dir).put(3, '11222333000181/pedidos/9.pdf', PDF, 'application/pdf');
    expect(readdirSync(join(dir, '3', '11222333000181', 'pedidos')).sort()).toEqual(['.9.pdf.type', '9.pdf']);
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('S3 client against the fake S3 server', () => {
  it('sends requests whose SigV4 signature the server recomputes and accepts, keys encoded per segment', async () => {
    const client = createS3Client({ endpoint: fake.endpoint, bucket: 'pdv-docs', region: 'sa-east-1', ...KEYS });
    const before = fake.requests.length;
    await client.putObject('1/pasta com espaço/ação+1.pdf', PDF, 'application/pdf');
    expect(fake.objects.get('1/pasta com espaço/ação+1.pdf')?.contentType).toBe('application/pdf');
    expect((await client.getObject('1/pasta com espaço/ação+1.pdf'))?.bytes).toEqual(PDF);
    const sent = fake.requests.slice(before);
    expect(sent.map((r) => [r.method, r.signed])).toEqual([['PUT', true], ['GET', true]]);
    expect(sent[0]?.path).toBe('/pdv-docs/1/pasta%20com%20espa%C3%A7o/a%C3%A7%C3%A3o%2B1.pdf');
  });

  it('fails with S3\'s SignatureDoesNotMatch when the secret is wrong, and stores nothing', async () => {
    const client = createS3Client({
      endpoint: fake.endpoint, bucket: 'pdv-docs', region: 'sa-east-1', accessKeyId: KEYS.accessKeyId, secretAccessKey: 'outro',
    });
    const error = await client.putObject('1/negado.pdf', PDF, 'application/pdf').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(S3Error);
    expect((error as S3Error).code).toBe('SignatureDoesNotMatch');
    expect((error as S3Error).status).toBe(403);
    expect(fake.objects.has('1/negado.pdf')).toBe(false);
  });

  it('reports a missing bucket with S3\'s code', async () => {
    const client = createS3Client({ endpoint: fake.endpoint, bucket: 'outro-balde', region: 'sa-east-1', ...KEYS });
    await expect(client.getObject('1/x.pdf')).rejects.toThrow('Armazenamento S3 respondeu 404 NoSuchBucket');
  });
});

describe('storage from the environment', () => {
  it('picks S3 when S3_ENDPOINT is set and local disk otherwise', () => {
    const s3 = storageFromEnv({
      S3_ENDPOINT: 'https://s3.sa-east-1.amazonaws.com', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's',
    });
    expect(s3.description).toBe('s3:https://s3.sa-east-1.amazonaws.com/b');
    expect(storageFromEnv({ DATA_DIR: '/tmp/pdv-dados' }).description).toBe('local:/tmp/pdv-dados/arquivos');
  });

  it('refuses incomplete S3 settings at start instead of failing at the first upload', () => {
    expect(() => storageFromEnv({ S3_ENDPOINT: 'http://minio:9000', S3_BUCKET: 'b' })).toThrow(
      'S3_ENDPOINT definido sem S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY.',
    );
    expect(() => storageFromEnv({ S3_ENDPOINT: 'minio:9000', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' }))
      .toThrow(/S3_ENDPOINT deve ser/);
  });
});

describe('signed file links', () => {
  const now = new Date('2026-03-01T12:00:00Z');
  const parse = (link: string) => {
    const url = new URL(link, 'http://x');
    return { exp: Number(url.searchParams.get('exp')), sig: url.searchParams.get('sig') ?? '' };
  };

  it('accepts its own link until it expires, for that organization and path only', () => {
    const link = fileLink('chave', 5, '12345678000195/pedidos/3.pdf', now);
    expect(link).toMatch(/^\/api\/arquivo\/5\/12345678000195\/pedidos\/3\.pdf\?exp=\d+&sig=[\w-]+$/);
    const { exp, sig } = parse(link);
    expect(verifyFileLink('chave', 5, '12345678000195/pedidos/3.pdf', exp, sig, now)).toBe(true);
    expect(verifyFileLink('chave', 6, '12345678000195/pedidos/3.pdf', exp, sig, now)).toBe(false);
    expect(verifyFileLink('chave', 5, '12345678000195/pedidos/4.pdf', exp, sig, now)).toBe(false);
    expect(verifyFileLink('outra', 5, '12345678000195/pedidos/3.pdf', exp, sig, now)).toBe(false);
    expect(verifyFileLink('chave', 5, '12345678000195/pedidos/3.pdf', exp + 1, sig, now)).toBe(false);
    expect(verifyFileLink('chave', 5, '12345678000195/pedidos/3.pdf', exp, sig, new Date((exp + 1) * 1000))).toBe(false);
  });

  it('validates paths: segments of safe characters, no dots in front, at most eight', () => {
    expect(isValidPath('12345678000195/pedidos/12.pdf')).toBe(true);
    expect(isValidPath('a/b/c/d/e/f/g/h')).toBe(true);
    expect(isValidPath('a/b/c/d/e/f/g/h/i')).toBe(false);
    expect(isValidPath('..')).toBe(false);
  });
});
