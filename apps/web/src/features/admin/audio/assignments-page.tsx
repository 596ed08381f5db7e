import { UnderConstruction } from '../../../components/under-construction'

export function AssignmentsPage() {
  return (
    <UnderConstruction
      title="Manage Assignments"
      description="Admins will assign idioms to editors and publish their recordings here."
    />
  )
}
