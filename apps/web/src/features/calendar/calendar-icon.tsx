/** The server names an icon per usage band (core scheduler/stats.ts USAGE_BAND_ICONS). */
const ICONS: Record<string, string> = {
  flame: '🔥',
  star: '⭐',
  leaf: '🍃',
  snowflake: '❄️',
}

export function CalendarIcon({ name, label }: { name: string; label: string }) {
  return (
    <span role="img" aria-label={label} title={label} data-icon={name} style={{ fontSize: 22, lineHeight: 1 }}>
      {ICONS[name] ?? '📅'}
    </span>
  )
}
