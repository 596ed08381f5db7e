import { Text } from '@mantine/core'
import { useParams } from 'react-router'
import { UnderConstruction } from '../../../components/under-construction'

export function CreateExamplePage() {
  const { idiomId } = useParams()
  return (
    <UnderConstruction
      title="Create Example"
      description="Admins will add an example sentence, with its highlighted snippet, to an idiom here."
    >
      {idiomId ? <Text c="dimmed">The example will belong to idiom {idiomId}.</Text> : null}
    </UnderConstruction>
  )
}
