import { Text } from '@mantine/core'

/** A failed screen: red text in place of the screen (spec §8). */
export function ErrorText({ message }: { message: string }) {
  return (
    <Text c="red.7" role="alert" py="md" fw={500}>
      {message}
    </Text>
  )
}
