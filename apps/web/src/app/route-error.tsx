import { Button, Container, Stack, Text, Title } from '@mantine/core'
import { isRouteErrorResponse, useRouteError } from 'react-router'

/** Last resort for a screen that crashed while rendering (STYLE §6: one boundary per route). */
export function RouteError() {
  const error = useRouteError()
  console.error(error)
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : null
  return (
    <Container size="sm" py="xl">
      <Stack gap="md">
        <Title order={1}>Something went wrong</Title>
        <Text>This screen ran into an error. Reloading the page usually helps.</Text>
        {detail ? <Text c="dimmed">{detail}</Text> : null}
        <div>
          <Button onClick={() => window.location.reload()}>Reload the page</Button>
        </div>
      </Stack>
    </Container>
  )
}
