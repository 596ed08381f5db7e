import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'

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
export default defineConfig({
  plugins: [react(), precompress()],
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
    rolldownOptions: {
      output: {
        // Vendor code changes less often than ours: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
            },
            {
              name: 'mantine',
              test: /node_modules[\\/](@mantine[\\/](?!charts[\\/])[a-z-]+|@floating-ui|react-transition-group|react-remove-scroll.*|react-number-format|clsx)[\\/]/,
            },
            {
              name: 'data',
              test: /node_modules[\\/](@tanstack|zod|oidc-client-ts|jwt-decode)[\\/]/,
            },
            // Charts are drawn only by the lazy-loaded report charts: their own chunk, fetched with them.
            {
              name: 'charts',
              test: /node_modules[\\/](@mantine[\\/]charts|recharts|d3-[a-z-]+|victory-vendor|internmap|decimal\.js-light|immer|redux|redux-thunk|reselect|react-redux|@reduxjs)[\\/]/,
            },
          ],
        },
      },
    },
  },
})
