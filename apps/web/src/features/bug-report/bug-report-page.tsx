import { Text } from '@mantine/core'
import { useParams } from 'react-router'
import { UnderConstruction } from '../../components/under-construction'

export function BugReportPage() {
  const { exampleID } = useParams()
  return (
    <UnderConstruction
      title="Report Bugs"
      description="You will describe a problem here and send it to the team."
    >
      {exampleID ? <Text c="dimmed">The report will be about exercise example {exampleID}.</Text> : null}
    </UnderConstruction>
  )
}
