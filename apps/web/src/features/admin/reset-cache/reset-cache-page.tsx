import { Button, List, Stack, Text, Title } from '@mantine/core'
import { Banner } from '../../../components/banner'
import { errorMessage } from '../../../lib/api-client'
import { useResetCaches } from '../api/reset-caches'

/** /admin/resetcache: clear the server's caches and show what was cleared. */
export function ResetCachePage() {
  const reset = useResetCaches()
  return (
    <Stack gap="md" maw={640}>
      <Title order={1}>Reset Caches</Title>
      <Text>
        The server keeps settings, prompts and idiom lists in memory for a short while. Reset the
        caches after changing data outside this app, so every instance reads it afresh.
      </Text>
      <div>
        <Button onClick={() => reset.mutate()} loading={reset.isPending}>
          Reset caches
        </Button>
      </div>
      {reset.isPending ? (
        <Text c="dimmed" role="status">
          Loading...
        </Text>
      ) : null}
      <Banner
        type="error"
        message={reset.isError ? errorMessage(reset.error, 'Failed to reset caches') : null}
      />
      <Banner
        title="Caches cleared"
        message={
          reset.isSuccess ? (
            reset.data.cleared.length === 0 ? (
              'There was nothing to clear.'
            ) : (
              <List size="sm">
                {reset.data.cleared.map((name) => (
                  <List.Item key={name}>{name}</List.Item>
                ))}
              </List>
            )
          ) : null
        }
      />
    </Stack>
  )
}
