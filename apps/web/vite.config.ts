import { defineConfig, loadEnv } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA, type VitePWAOptions } from 'vite-plugin-pwa';
import type { Plugin } from 'vite';

/** The module whose chunk makes the build emit the local copy's worker (see localDbWorker). */
export const LOCALDB_WORKER_URL_MODULE = '/src/localdb/workerUrl.ts';

/**
 * Builds the local copy's SQLite worker (src/localdb/worker.ts) and the sqlite3.wasm it loads although nothing in the
 * app starts it yet (issue 21: the copy is still Dexie's): Vite drops a worker no live code refers to, so its URL
 * module (src/localdb/workerUrl.ts) is emitted as a chunk of its own. The service worker then precaches both, and an
 * offline reload can open the copy once the app starts the worker. Remove when start-up starts it (tabs.ts).
 */
function localDbWorker(): Plugin {
  return {
    name: 'pdv:localdb-worker',
    apply: 'build',
    buildStart() {
      this.emitFile({ type: 'chunk', id: LOCALDB_WORKER_URL_MODULE, name: 'localdb-worker-url', preserveSignature: 'strict' });
    },
  };
}

/** The service worker's precache (generateSW): the app shell, its workers and SQLite's wasm. */
export const PWA_WORKBOX = {
  // wasm: SQLite's sqlite3.wasm, which the local copy's worker (src/localdb/worker.ts) loads, so that an
  // offline reload can open the copy.
  globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest,wasm}'],
  navigateFallback: 'index.html',
  // The API and the socket are never answered by the app shell, and never cached.
  navigateFallbackDenylist: [/^\/api\//, /^\/socket\.io\//],
  runtimeCaching: [],
  cleanupOutdatedCaches: true,
  // Above every file of the build (the vendor chunk is about 2.1 MB, sqlite3.wasm 0.88 MB, the local copy's worker
  // 0.42 MB): a file above it would be left out of the precache with only a build warning.
  maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
} satisfies VitePWAOptions['workbox'];

export default defineConfig(({ mode }) => {
  // `npm run dev` proxies the API and the socket to the server (PDV_DEV_API overrides http://localhost:3000).
  const devServer = loadEnv(mode, '.', 'PDV_')['PDV_DEV_API'] ?? 'http://localhost:3000';
  const proxy = {
    '/api': { target: devServer, changeOrigin: true },
    '/socket.io': { target: devServer, changeOrigin: true, ws: true },
  };
  return {
    plugins: [
      react(),
      localDbWorker(),
      VitePWA({
        // The page asks before activating a new version ("Atualizar agora", 002 §4).
        registerType: 'prompt',
        // Registration happens in the app through useRegisterSW (virtual:pwa-register/react).
        injectRegister: false,
        strategies: 'generateSW',
        // 002 §7: "The service worker is fetched from /service-worker.js".
        filename: 'service-worker.js',
        manifest: {
          name: 'PDV — Ponto de venda e gestão',
          short_name: 'PDV',
          description: 'Ponto de venda e gestão para lojas com filiais, funcionando também sem internet.',
          lang: 'pt-BR',
          dir: 'ltr',
          start_url: '/',
          scope: '/',
          display: 'standalone',
          background_color: '#ffffff',
          theme_color: '#7048e8',
          icons: [
            { src: 'icon-192.png', sizes: '192x192', type: 'image/png' },
            { src: 'icon-512.png', sizes: '512x512', type: 'image/png' },
            { src: 'icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
            { src: 'icon.svg', sizes: 'any', type: 'image/svg+xml' },
          ],
        },
        workbox: PWA_WORKBOX,
      }),
    ],
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      sourcemap: false,
      rolldownOptions: {
        output: {
          // Libraries change less often than the app: separate chunks keep them cached across our releases.
          codeSplitting: {
            groups: [
              { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
              {
                name: 'mantine',
                test: /node_modules[\\/](@mantine|@floating-ui|react-remove-scroll|react-number-format|react-textarea-autosize|clsx)/,
              },
              { name: 'vendor', test: /node_modules/ },
            ],
          },
        },
      },
    },
    // Pre-bundling would move SQLite's module away from its sqlite3.wasm (it finds the wasm beside itself, by
    // import.meta.url): `npm run dev` serves it from node_modules as it is.
    optimizeDeps: { exclude: ['@sqlite.org/sqlite-wasm'] },
    server: {
      port: 5173,
      proxy,
    },
    preview: { proxy },
  };
});
