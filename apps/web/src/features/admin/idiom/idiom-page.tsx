import { UnderConstruction } from '../../../components/under-construction'

export function CreateIdiomPage() {
  return (
    <UnderConstruction
      title="Create Idiom"
      description="Admins will create a new idiom here: text, translation, tone and usage."
    />
  )
}
