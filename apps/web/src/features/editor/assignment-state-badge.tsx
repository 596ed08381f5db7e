import { Badge } from '@mantine/core'
import type { AssignmentReport } from '../../lib/queries/assignments'

type State = NonNullable<AssignmentReport['assigned']>['state']

const LOOK: Record<State, { label: string; color: string }> = {
  assigned: { label: 'Assigned', color: 'blue' },
  fulfilled: { label: 'Fulfilled', color: 'orange' },
  published: { label: 'Published', color: 'green' },
}

/** The state of an assignment at a glance, with its version: "Fulfilled · v2". */
export function AssignmentStateBadge({ state, sync }: { state: State; sync: number }) {
  const look = LOOK[state]
  return (
    <Badge color={look.color} variant="light" data-state={state} style={{ textTransform: 'none' }}>
      {look.label} · v{sync}
    </Badge>
  )
}
