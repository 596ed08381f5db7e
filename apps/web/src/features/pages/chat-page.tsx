import { Anchor, Text } from '@mantine/core'
import { Link } from 'react-router'
import { UnderConstruction } from '../../components/under-construction'

export function ChatPage() {
  return (
    <UnderConstruction
      title="Help / Support (Chat)"
      description="A help chatbot that answers questions about using Che Idioms is being built."
    >
      <Text>
        Until it is ready, <Anchor component={Link} to="/about">About</Anchor> explains how the app works, and you
        can tell us about a problem through <Anchor component={Link} to="/app/bugreport">Report Bugs</Anchor>.
      </Text>
    </UnderConstruction>
  )
}
