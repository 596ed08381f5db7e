import { Center, Group, Loader, Text } from '@mantine/core'

/** A wait indicator with its message ('Loading...' unless a screen says otherwise, spec §8). */
export function Loading({ message = 'Loading...' }: { message?: string }) {
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Group gap="sm">
        <Loader size="sm" aria-hidden="true" />
        <Text c="dimmed">{message}</Text>
      </Group>
    </Center>
  )
}
