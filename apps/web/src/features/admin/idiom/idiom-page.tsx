import { Stack, Title } from '@mantine/core'
import { CreateIdiom } from './create-idiom'

/** /admin/idiom: create one idiom. */
export function CreateIdiomPage() {
  return (
    <Stack gap="md" maw={640}>
      <Title order={1}>Create Idiom</Title>
      <CreateIdiom />
    </Stack>
  )
}
