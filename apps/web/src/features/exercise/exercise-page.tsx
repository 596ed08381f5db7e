import { UnderConstruction } from '../../components/under-construction'

export function ExercisePage() {
  return (
    <UnderConstruction
      title="Exercise"
      description="You will hear a sentence, type it and its English translation, and get feedback."
    />
  )
}
