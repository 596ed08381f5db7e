import { UnderConstruction } from '../../components/under-construction'

export function ManagePage() {
  return (
    <UnderConstruction
      title="Upload Audio"
      description="Editors will see their assigned idioms here and record or upload audio and transcriptions."
    />
  )
}
