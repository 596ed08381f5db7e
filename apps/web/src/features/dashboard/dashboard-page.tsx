import { Button, Group, Stack, Text, Title } from '@mantine/core'
import { Link } from 'react-router'
import { UnderConstruction } from '../../components/under-construction'
import { useProfile } from '../../lib/auth/profile'

export function DashboardPage() {
  const profile = useProfile()
  const name = profile.data?.name.trim() || 'there'
  return (
    <Stack gap="lg">
      <UnderConstruction
        title="Dashboard"
        description="Your preferences, calendar stats, Playroom and reports will be summarised here."
      >
        <Title order={2} fz="h3">
          Welcome, {name}!
        </Title>
        <Text>
          From here you will start exercises and follow your progress. Meanwhile you can set your preferences.
        </Text>
        <Group>
          <Button component={Link} to="/app/preferences" variant="light">
            Preferences
          </Button>
        </Group>
      </UnderConstruction>
    </Stack>
  )
}
