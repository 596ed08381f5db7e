import { UnderConstruction } from '../../components/under-construction'

export function PreferencesPage() {
  return (
    <UnderConstruction
      title="Preferences"
      description="You will choose how common the idioms should be and which tone to practise."
    />
  )
}
