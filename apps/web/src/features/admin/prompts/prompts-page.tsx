import { UnderConstruction } from '../../../components/under-construction'

export function PromptsPage() {
  return (
    <UnderConstruction
      title="Prompts"
      description="Admins will edit the prompts of the AI evaluation, reports and chat here."
    />
  )
}
