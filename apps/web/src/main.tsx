import '@mantine/core/styles.css'
import '@mantine/notifications/styles.css'
import './app/global.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router'
import { Providers } from './app/providers'
import { registerServiceWorker } from './app/pwa-status'
import { createAppRouter } from './app/router'
import { repairAuthStorage } from './lib/auth/auth-storage'
import { createQueryClient } from './lib/query-client'

// Corrupt local auth storage is cleared and the page reloads (spec §5).
const reloading = repairAuthStorage(window.localStorage, () => window.location.reload())

if (!reloading) {
  const root = document.getElementById('root')
  if (!root) throw new Error('index.html has no #root element')
  const router = createAppRouter()
  createRoot(root).render(
    <StrictMode>
      <Providers queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  )
}

void registerServiceWorker().catch((error: unknown) =>
  console.warn('Service worker registration failed', error),
)
