/**
 * The local copy's SQLite worker and its sqlite3.wasm must reach the offline precache (issue 21): the build emits them
 * (vite.config.ts localDbWorker) and the service worker's manifest must take them in. Checked with workbox-build's own
 * getManifest (what generateSW runs over dist/) on files named and sized as the build names them, and on the built
 * dist/ itself when it was built after the configuration last changed.
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin, UserConfig } from 'vite';
import { afterEach, describe, expect, it } from 'vitest';
import { getManifest } from 'workbox-build';
import config, { LOCALDB_WORKER_URL_MODULE, PWA_WORKBOX } from '../../vite.config.ts';

const webRoot = join(dirname(fileURLToPath(import.meta.url)), '../..');
const sqliteDist = dirname(createRequire(import.meta.url).resolve('@sqlite.org/sqlite-wasm/sqlite3.wasm'));

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the SQLite worker in the offline precache', () => {
  it('takes sqlite3.wasm and the worker, at their real sizes, into the manifest', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'pdv-precache-'));
    dirs.push(dist);
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html>');
    copyFileSync(join(sqliteDist, 'sqlite3.wasm'), join(dist, 'assets/sqlite3-k2cTanUO.wasm'));
    // The worker bundles SQLite's module (minified: smaller than this unminified copy of it).
    copyFileSync(join(sqliteDist, 'index.mjs'), join(dist, 'assets/worker-Doeb4yq1.js'));
    const { manifestEntries, warnings } = await getManifest({
      globDirectory: dist,
      globPatterns: PWA_WORKBOX.globPatterns,
      maximumFileSizeToCacheInBytes: PWA_WORKBOX.maximumFileSizeToCacheInBytes,
    });
    expect(warnings).toEqual([]);
    expect((manifestEntries ?? []).map((entry) => entry.url).sort()).toEqual([
      'assets/sqlite3-k2cTanUO.wasm',
      'assets/worker-Doeb4yq1.js',
      'index.html',
    ]);
  });

  it('keeps SQLite out of the dev pre-bundling and emits the worker in a build', () => {
    const resolved = (config as (env: { mode: string; command: 'build' }) => UserConfig)({ mode: 'production', command: 'build' });
    expect(resolved.optimizeDeps?.exclude).toContain('@sqlite.org/sqlite-wasm');
    const plugins = (resolved.plugins ?? []).flat(3) as Plugin[];
    expect(plugins.map((plugin) => plugin?.name)).toContain('pdv:localdb-worker');
    // The module emitted names the worker the way Vite bundles it as a worker.
    expect(readFileSync(join(webRoot, LOCALDB_WORKER_URL_MODULE), 'utf8')).toContain("from './worker.ts?worker&url'");
  });

  const serviceWorker = join(webRoot, 'dist/service-worker.js');
  const builtAfterConfig =
    existsSync(serviceWorker) && statSync(serviceWorker).mtimeMs > statSync(join(webRoot, 'vite.config.ts')).mtimeMs;

  it.skipIf(!builtAfterConfig)('the built service worker precaches the worker the build emitted and its wasm', () => {
    const assets = readdirSync(join(webRoot, 'dist/assets'));
    const urlChunk = assets.find((name) => name.startsWith('localdb-worker-url-'));
    expect(urlChunk).toBeDefined();
    const workerUrl = /"\/(assets\/[^"]+\.js)"|`\/(assets\/[^`]+\.js)`/.exec(readFileSync(join(webRoot, 'dist/assets', urlChunk ?? ''), 'utf8'));
    const worker = workerUrl?.[1] ?? workerUrl?.[2];
    expect(worker).toBeDefined();
    const wasm = assets.find((name) => name.endsWith('.wasm'));
    expect(wasm).toBeDefined();
    const manifest = readFileSync(serviceWorker, 'utf8');
    expect(manifest).toContain(`url:"${worker}"`);
    expect(manifest).toContain(`url:"assets/${wasm}"`);
    // The worker finds its wasm under the name the build gave it.
    expect(readFileSync(join(webRoot, 'dist', worker ?? ''), 'utf8')).toContain(`/assets/${wasm}`);
  });
});
