import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'

/** Text files worth compressing; source maps are left out (not served in production). */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest|ico|xml|wasm)$/

/**
 * Write file.br (brotli, quality 11) and file.gz (gzip -9) beside every compressible file of
 * the build that is at least 1 KiB, so the server sends them by content negotiation instead of
 * compressing on each request (@fastify/static preCompressed).
 */
function precompress(): Plugin {
  let outDir = 'dist'
  return {
    name: 'che-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const path = join(dir, name)
          return statSync(path).isDirectory() ? walk(path) : [path]
        })
      for (const file of walk(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue
        const bytes = readFileSync(file)
        if (bytes.length < 1024) continue
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(bytes, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 11,
              [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
            },
          }),
        )
        writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }))
      }
    },
  }
}

// The API server (apps/server); override with CHE_BACKEND_URL to point the dev proxy elsewhere.
const backend = process.env.CHE_BACKEND_URL ?? 'http://localhost:3000'

// The server serves dist/ on the same origin as /api and /oidc; in development Vite proxies them.
/** The app's blue (theme.ts: blue 8), also the sign-in pages' accent. */
const BRAND = '#1971c2'

/** Never answered from the service worker: the API, the identity provider, probes and metrics. */
const NETWORK_ONLY = [/^\/api\//, /^\/oidc(\/|$)/, /^\/healthz/, /^\/readyz/, /^\/metrics/]

export default defineConfig({
  plugins: [
    react(),
    // Installable app (issue 13.2, docs/decisions/030): a manifest and a Workbox service worker
    // that precaches the app shell. A new deploy waits until the learner accepts the
    // "new version — reload" prompt (registerType 'prompt', see src/app/pwa-status.tsx).
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['favicon.svg', 'icons/apple-touch-icon-180.png'],
      manifest: {
        id: '/',
        name: 'Che Idioms',
        short_name: 'Che Idioms',
        description:
          'Practise Rio de la Plata Spanish idioms by ear, with automatic evaluation and spaced review.',
        lang: 'en',
        start_url: '/app/dashboard',
        scope: '/',
        display: 'standalone',
        theme_color: BRAND,
        background_color: '#ffffff',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          {
            src: '/icons/maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
          { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
        ],
      },
      workbox: {
        // The shell: every built script, style, icon and index.html. Source maps stay out.
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        globIgnores: ['**/*.map'],
        // Client-side routes are answered with the precached index.html, offline too...
        navigateFallback: '/index.html',
        // ...but never the API, the provider's pages and the probes: those always go to the network.
        navigateFallbackDenylist: NETWORK_ONLY,
        // No runtime caching at all: /api and /oidc are never served from the worker's caches.
        runtimeCaching: [],
        cleanupOutdatedCaches: true,
        // The evaluator chunk (core evaluate() with its English lexicon, ~1.7 MB gzipped) is the
        // largest: the worker fetches it in the background after the first visit, so answers can
        // be graded offline; it is never part of a page's first load.
        maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
      },
    }),
    // Last: compresses what the plugins above wrote (the service worker among them).
    precompress(),
  ],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: backend, changeOrigin: false },
      '/oidc': { target: backend, changeOrigin: false },
    },
  },
  preview: {
    port: 4173,
    proxy: {
      '/api': { target: backend, changeOrigin: false },
      '/oidc': { target: backend, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // dist/.vite/manifest.json: bench/bundle.bench.ts reads the landing page's first-load chunks.
    manifest: true,
    rolldownOptions: {
      output: {
        // Vendor code changes less often than ours: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
            },
            // Mantine is not grouped: each screen's components travel with its lazy chunk, so the
            // landing page loads only the few it draws.
            // Only the query cache is grouped. zod (the contract's schemas) and oidc-client-ts are
            // not: a group is one chunk, so grouping them with a first-load library would put them
            // on the landing page, which loads them lazily instead (docs/decisions/039).
            { name: 'data', test: /node_modules[\\/]@tanstack[\\/]/ },
            // No group for the chart libraries: only the lazy report charts import them, so the
            // bundler already keeps them in that screen's own chunks. (A 'charts' group that left
            // its dependencies out split recharts from its helpers and broke the reports screen:
            // "b is not a function".)
          ],
        },
      },
    },
  },
})
