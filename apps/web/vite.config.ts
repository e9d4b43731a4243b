/// <reference types="vitest/config" />
import { randomBytes } from 'node:crypto';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { PROOF_PAGE_PREFIX } from '@streckenpass/contract/proofs';
import { SHARE_PAGE_PREFIX } from '@streckenpass/contract/share-links';
import { prerenderedPaths, prerenderPage } from './src/content/prerender';

/** One id per production build; the app compares it with /build.json to notice a deploy. */
const buildId =
  process.env.BUILD_ID ??
  `${new Date()
    .toISOString()
    .replace(/[-:.TZ]/g, '')
    .slice(0, 14)}-${randomBytes(3).toString('hex')}`;

function buildManifest(): Plugin {
  return {
    name: 'streckenpass-build-manifest',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'build.json', source: JSON.stringify({ build: buildId }) });
    },
  };
}

/** Static HTML of the public pages (src/content/prerender.ts), next to index.html: dist/prerender/<page>.html. */
function prerenderPublicPages(): Plugin {
  return {
    name: 'streckenpass-prerender',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (!index || index.type !== 'asset') this.error('prerender: index.html missing from the bundle');
      const publicEntry = Object.values(bundle).find((chunk) => chunk.type === 'chunk' && chunk.name === 'public');
      if (!publicEntry) this.error('prerender: the public entry (src/public-entry.ts) is missing from the bundle');
      const indexHtml = typeof index.source === 'string' ? index.source : new TextDecoder().decode(index.source);
      // A login on a public page opens the dashboard: its chunks and styles are prefetched with the app's entry.
      const dashboard = Object.values(bundle).find(
        (chunk) => chunk.type === 'chunk' && chunk.facadeModuleId?.endsWith('/src/app/routes/dashboard.tsx'),
      );
      if (!dashboard || dashboard.type !== 'chunk') this.error('prerender: the dashboard route chunk is missing');
      const dashboardFiles = new Set<string>();
      const collect = (fileName: string) => {
        const chunk = bundle[fileName];
        if (!chunk || chunk.type !== 'chunk' || dashboardFiles.has(fileName)) return;
        dashboardFiles.add(fileName);
        for (const css of chunk.viteMetadata?.importedCss ?? []) dashboardFiles.add(css);
        chunk.imports.forEach(collect);
      };
      collect(dashboard.fileName);
      const prefetched = [...dashboardFiles].map((fileName) => `/${fileName}`);
      for (const page of Object.values(prerenderedPaths)) {
        const source = prerenderPage(indexHtml, page, `/${publicEntry.fileName}`, prefetched);
        this.emitFile({ type: 'asset', fileName: `prerender/${page}.html`, source });
      }
    },
  };
}

export default defineConfig({
  define: { __BUILD_ID__: JSON.stringify(buildId) },
  plugins: [
    react(),
    buildManifest(),
    prerenderPublicPages(),
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['favicon.svg', 'icons/apple-touch-icon-180.png', 'icons/favicon-32.png'],
      manifest: {
        id: '/',
        name: 'Streckenpass – Streckenkunde digital',
        short_name: 'Streckenpass',
        description: 'Streckenkunde schnell, einfach und unterwegs erfassen – mit Erinnerungen und Nachweis als PDF.',
        lang: 'de',
        dir: 'ltr',
        start_url: '/dashboard',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        background_color: '#1a1b1e',
        theme_color: '#c92a2a',
        categories: ['productivity', 'utilities'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: '/icons/apple-touch-icon-180.png', sizes: '180x180', type: 'image/png' },
          { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        navigateFallback: '/index.html',
        // The supervisor's page (/nachweis/{token}) and the verification page (/pruefen/{code}) are the server's,
        // also in a browser where the app is installed.
        navigateFallbackDenylist: [
          /^\/api\//,
          new RegExp(`^${SHARE_PAGE_PREFIX}(/|$)`),
          new RegExp(`^${PROOF_PAGE_PREFIX}(/|$)`),
          /^\/\.well-known\//,
        ],
        cleanupOutdatedCaches: true,
        // build.json must always come from the network: it is how a new deploy is noticed.
        // The prerendered public pages are served by the server only; offline, index.html serves every path.
        globIgnores: ['build.json', 'prerender/**'],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
        // The rail network's geometry (issue 29, decision 0052): named by its version and immutable, so kept from
        // its first load on and served from here, also offline; the previous version is dropped with the next.
        runtimeCaching: [
          {
            urlPattern: /\/api\/network\/geometry\?v=/,
            handler: 'CacheFirst',
            options: {
              cacheName: 'rail-network',
              expiration: { maxEntries: 1 },
              cacheableResponse: { statuses: [200] },
            },
          },
        ],
        // Push and notification-click handlers (public/push-sw.js) in the generated service worker.
        importScripts: ['/push-sw.js'],
      },
    }),
  ],
  build: {
    outDir: 'dist',
    // The app (index.html) and the prerendered public pages' small script (src/public-entry.ts, decision 0019).
    rollupOptions: { input: { index: 'index.html', public: 'src/public-entry.ts' } },
    sourcemap: false,
    chunkSizeWarningLimit: 800,
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  test: {
    environment: 'jsdom',
    // CI's test report (scripts/slowest-tests.mjs).
    ...(process.env.TEST_REPORT_DIR && {
      reporters: ['default', 'json'],
      outputFile: { json: `${process.env.TEST_REPORT_DIR}/web.json` },
    }),
    setupFiles: ['./vitest.setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    testTimeout: 15_000,
    // Two files at a time: vitest's default is one fewer worker than cores, a single one on CI's 2-core machine
    // (120 s → 81 s for the web suite there, 2026-12-03).
    maxWorkers: 2,
    // One module graph and one jsdom per worker, not per file (issue 39: 95 s → 36 s on this machine, 2026-12-04);
    // vitest.setup.ts resets the app's state after each file. TEST_ISOLATE=true gives each file its own again.
    isolate: process.env.TEST_ISOLATE === 'true',
  },
});
