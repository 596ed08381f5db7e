import { Group } from '@mantine/core'
import { CONFIDENCE_DOTS } from '@che/core'

/** How many of the three dots are lit: one per threshold reached (0.5, 0.6, 0.7; spec §9). */
export function litDots(confidence: number): number {
  return CONFIDENCE_DOTS.filter((threshold) => confidence >= threshold).length
}

/** Three dots for the recall confidence of a calendar item, with a spoken percentage. */
export function ConfidenceDots({ confidence }: { confidence: number }) {
  const lit = litDots(confidence)
  const percent = Math.round(confidence * 100)
  return (
    <Group
      gap={4}
      role="img"
      aria-label={`Confidence ${percent}%`}
      title={`Confidence ${percent}%`}
      wrap="nowrap"
    >
      {CONFIDENCE_DOTS.map((threshold, i) => (
        <span
          key={threshold}
          data-lit={i < lit ? 'true' : 'false'}
          style={{
            display: 'inline-block',
            width: 10,
            height: 10,
            borderRadius: '50%',
            background: i < lit ? 'var(--mantine-color-teal-6)' : 'transparent',
            border: `2px solid ${i < lit ? 'var(--mantine-color-teal-6)' : 'var(--mantine-color-gray-4)'}`,
          }}
        />
      ))}
    </Group>
  )
}
