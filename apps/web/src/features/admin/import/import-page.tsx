import { UnderConstruction } from '../../../components/under-construction'

export function ImportPage() {
  return (
    <UnderConstruction
      title="Import Idioms (CSV)"
      description="Admins will upload a CSV file of idioms, review the parsed rows and save them."
    />
  )
}
