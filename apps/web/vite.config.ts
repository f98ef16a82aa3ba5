import { defineConfig, loadEnv } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

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
        workbox: {
          globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest}'],
          navigateFallback: 'index.html',
          // The API and the socket are never answered by the app shell, and never cached.
          navigateFallbackDenylist: [/^\/api\//, /^\/socket\.io\//],
          runtimeCaching: [],
          cleanupOutdatedCaches: true,
          maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
        },
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
    server: {
      port: 5173,
      proxy,
    },
    preview: { proxy },
  };
});
