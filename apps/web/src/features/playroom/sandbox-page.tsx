import { UnderConstruction } from '../../components/under-construction'

export function SandboxPage() {
  return (
    <UnderConstruction
      title="Playroom"
      description="When your calendar is clear you will practise the words you misheard here, with no score."
    />
  )
}
