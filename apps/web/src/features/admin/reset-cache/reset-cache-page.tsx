import { UnderConstruction } from '../../../components/under-construction'

export function ResetCachePage() {
  return (
    <UnderConstruction
      title="Reset Caches"
      description="Admins will clear the server's caches here and see the result."
    />
  )
}
