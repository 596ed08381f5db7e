import { Badge, Select } from '@mantine/core'
import { TONES, USAGE_BAND_RANGES, USAGE_BANDS } from '@che/core'
import type { Tone, UsageBand } from '@che/core'

/** Spec §2: idiom lists are filterable by tone and usage band ('' = all). */
export interface ToneUsage {
  tone: Tone | ''
  usage: UsageBand | ''
}

export const ANY_TONE_USAGE: ToneUsage = { tone: '', usage: '' }

/** True when an idiom of `tone` and `usage` (1-10) passes the filter. */
export function matchesToneUsage(row: { tone: Tone; usage: number }, filter: ToneUsage): boolean {
  if (filter.tone && row.tone !== filter.tone) return false
  if (!filter.usage) return true
  const band = USAGE_BAND_RANGES[filter.usage]
  return row.usage >= band.min && row.usage <= band.max
}

/** The Tone and Usage selects of an idiom list, as on /admin/idioms. */
export function ToneUsageSelects({
  value,
  onChange,
}: {
  value: ToneUsage
  onChange: (next: ToneUsage) => void
}) {
  return (
    <>
      <Select
        label="Tone"
        data={[{ value: '', label: 'All' }, ...TONES.map((t) => ({ value: t, label: t }))]}
        value={value.tone}
        onChange={(v) => onChange({ ...value, tone: (v ?? '') as Tone | '' })}
        allowDeselect={false}
        w={{ base: '100%', xs: 160 }}
      />
      <Select
        label="Usage"
        data={[
          { value: '', label: 'All' },
          ...USAGE_BANDS.map((b) => ({
            value: b,
            label: `${USAGE_BAND_RANGES[b].label} (${USAGE_BAND_RANGES[b].min}–${USAGE_BAND_RANGES[b].max})`,
          })),
        ]}
        value={value.usage}
        onChange={(v) => onChange({ ...value, usage: (v ?? '') as UsageBand | '' })}
        allowDeselect={false}
        w={{ base: '100%', xs: 220 }}
      />
    </>
  )
}

/** An idiom's tone and usage as two small grey badges (the assignment lists show them). */
export function ToneUsageBadges({ tone, usage }: { tone: Tone; usage: number }) {
  return (
    <>
      <Badge variant="light" color="gray" style={{ textTransform: 'none' }}>
        {tone}
      </Badge>
      <Badge variant="outline" color="gray" style={{ textTransform: 'none' }}>
        Usage {usage}
      </Badge>
    </>
  )
}
