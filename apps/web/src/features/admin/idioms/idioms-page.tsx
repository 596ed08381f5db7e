import { UnderConstruction } from '../../../components/under-construction'

export function IdiomsPage() {
  return (
    <UnderConstruction
      title="Idioms"
      description="Admins will filter, sort, view and edit every idiom here."
    />
  )
}
