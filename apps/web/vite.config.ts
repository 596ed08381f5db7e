import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

// The API server (apps/server); override with CHE_BACKEND_URL to point the dev proxy elsewhere.
const backend = process.env.CHE_BACKEND_URL ?? 'http://localhost:3000'

// The server serves dist/ on the same origin as /api and /oidc; in development Vite proxies them.
export default defineConfig({
  plugins: [react()],
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
