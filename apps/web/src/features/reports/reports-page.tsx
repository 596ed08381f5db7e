import { UnderConstruction } from '../../components/under-construction'

export function ReportsPage() {
  return (
    <UnderConstruction
      title="Reports"
      description="Progress reports with insights into your mistakes and strategy tips will appear here."
    />
  )
}
