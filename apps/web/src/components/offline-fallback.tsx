import { Button, Group, Paper, Stack, Text } from '@mantine/core'
import { Link } from 'react-router'

/**
 * In place of a screen's figures that need the server, while the browser is offline: says so
 * plainly (not as an error), and leads to the exercises this device kept (docs/decisions/032).
 */
export function OfflineFallback({ needs }: { needs: string }) {
  return (
    <Paper withBorder p="md" radius="md" data-testid="offline-fallback">
      <Stack gap="xs">
        <Text fw={600}>{needs} a connection.</Text>
        <Text size="sm">
          Exercises kept on this device can be practised now; your answers sync, and this shows
          again, when you are back online.
        </Text>
        <Group>
          <Button component={Link} to="/app/exercise">
            Practise offline
          </Button>
        </Group>
      </Stack>
    </Paper>
  )
}
