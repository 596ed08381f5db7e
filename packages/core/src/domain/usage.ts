import { z } from 'zod'

/** Usage scale 1–10 (10 = super common) and its bands (spec §3, §9). */
export const USAGE_MIN = 1
export const USAGE_MAX = 10
export const USAGE_DEFAULT = 8

export const USAGE_BANDS = ['super_common', 'common', 'uncommon', 'super_rare'] as const
export const UsageBand = z.enum(USAGE_BANDS)
export type UsageBand = z.infer<typeof UsageBand>

export const USAGE_BAND_RANGES: Record<UsageBand, { min: number; max: number; label: string }> = {
  super_common: { min: 8, max: 10, label: 'Super common' },
  common: { min: 5, max: 7, label: 'Common' },
  uncommon: { min: 3, max: 4, label: 'Uncommon' },
  super_rare: { min: 1, max: 2, label: 'Super rare' },
}

/** The band a usage value (1–10) falls in. */
export function usageBand(usage: number): UsageBand {
  for (const band of USAGE_BANDS) {
    const r = USAGE_BAND_RANGES[band]
    if (usage >= r.min && usage <= r.max) return band
  }
  throw new RangeError(`usage ${usage} is outside ${USAGE_MIN}-${USAGE_MAX}`)
}
