import { Button, Stack, Text, Title } from '@mantine/core'
import { Link } from 'react-router'

export function NotFoundPage() {
  return (
    <Stack gap="md" maw={560}>
      <Title order={1}>Page not found</Title>
      <Text>There is nothing at this address. It may have moved, or the link may be mistyped.</Text>
      <div>
        <Button component={Link} to="/">
          Go to the home page
        </Button>
      </div>
    </Stack>
  )
}
