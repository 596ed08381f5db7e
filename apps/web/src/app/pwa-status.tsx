import { Alert, Button, Group, Text } from '@mantine/core'
import { useEffect, useState } from 'react'
import { useOnline } from '../lib/online'

/** Set by registerServiceWorker when a new deploy's worker is installed and waiting. */
type Listener = (apply: () => void) => void
let onUpdateReady: Listener | null = null
let pendingUpdate: (() => void) | null = null

/**
 * Registers the Workbox service worker of the production build (vite-plugin-pwa writes /sw.js).
 * A new deploy's worker waits until the learner accepts the "new version — reload" prompt; then
 * it takes over and the page reloads once. workbox-window is loaded lazily, off the first load.
 */
export async function registerServiceWorker(): Promise<void> {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return
  const { Workbox } = await import('workbox-window')
  const wb = new Workbox('/sw.js', { scope: '/' })
  wb.addEventListener('waiting', () => {
    const apply = () => {
      wb.addEventListener('controlling', () => window.location.reload())
      wb.messageSkipWaiting()
    }
    if (onUpdateReady) onUpdateReady(apply)
    else pendingUpdate = apply
  })
  await wb.register()
}

/**
 * Two notices above every screen: "offline" while the connection is gone (the shell and what the
 * browser kept still work), and the prompt to reload into a new version once it is installed.
 */
export function PwaStatus() {
  const online = useOnline()
  const [update, setUpdate] = useState<(() => void) | null>(() => pendingUpdate)

  useEffect(() => {
    onUpdateReady = (apply) => setUpdate(() => apply)
    if (pendingUpdate) setUpdate(() => pendingUpdate)
    return () => {
      onUpdateReady = null
    }
  }, [])

  return (
    <>
      {online ? null : (
        <Alert color="gray" variant="light" role="status" mb="md" data-testid="offline-notice">
          <Text fw={600}>You are offline.</Text>
          <Text size="sm">
            Che Idioms keeps working with what it saved on this device: exercises you kept for
            offline practice can be answered now and sync when the connection comes back.
          </Text>
        </Alert>
      )}
      {update ? (
        <Alert color="blue" variant="light" role="status" mb="md" data-testid="update-notice">
          <Group justify="space-between" gap="sm">
            <Text fw={600}>New version available — reload to update.</Text>
            <Button size="sm" onClick={update}>
              Reload
            </Button>
          </Group>
        </Alert>
      ) : null}
    </>
  )
}
