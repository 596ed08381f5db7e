import { UnderConstruction } from '../../../components/under-construction'

export function SettingsPage() {
  return (
    <UnderConstruction
      title="Settings"
      description="Admins will edit the site settings, including the beta gate, here."
    />
  )
}
