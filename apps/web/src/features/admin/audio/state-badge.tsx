import { Badge } from '@mantine/core'
import type { AssignmentReport } from '../../../lib/queries/assignments'

type Assigned = AssignmentReport['assigned']

const LOOK = {
  assigned: { label: 'Assigned', color: 'blue' },
  fulfilled: { label: 'Fulfilled', color: 'orange' },
  published: { label: 'Published', color: 'green' },
} as const

/** The state of an idiom's assignment with its version ("Fulfilled · v2"), or Unassigned. */
export function StateBadge({ assigned }: { assigned: Assigned }) {
  if (!assigned) {
    return (
      <Badge
        color="gray"
        variant="outline"
        data-state="unassigned"
        style={{ textTransform: 'none' }}
      >
        Unassigned
      </Badge>
    )
  }
  const look = LOOK[assigned.state]
  return (
    <Badge
      color={look.color}
      variant="light"
      data-state={assigned.state}
      style={{ textTransform: 'none', whiteSpace: 'nowrap' }}
    >
      {look.label} · v{assigned.sync}
    </Badge>
  )
}
