import { UnderConstruction } from '../../components/under-construction'

export function CalendarPage() {
  return (
    <UnderConstruction
      title="Calendar"
      description="Your scheduled reviews, with their tone and your confidence, will be listed here."
    />
  )
}
