import { Badge } from '@mantine/core'
import type { VoiceKind } from '@che/core'

const LABELS: Record<VoiceKind, { label: (voice: string) => string; color: string; hint: string }> =
  {
    recorded: {
      label: (voice) => (voice ? `Recorded by ${voice}` : 'Recorded by an editor'),
      color: 'teal',
      hint: 'A real voice: an editor recorded this sentence',
    },
    neural: {
      label: () => 'Neural voice',
      color: 'blue',
      hint: 'Computer speech from a neural voice',
    },
    synthetic: {
      label: () => 'Synthetic voice',
      color: 'gray',
      hint: 'Computer speech (espeak-ng); an editor has not recorded this sentence yet',
    },
  }

/** Which voice the learner hears: an editor's recording, a neural voice or espeak-ng's. */
export function VoiceBadge({ kind, voice }: { kind: VoiceKind; voice: string }) {
  const { label, color, hint } = LABELS[kind]
  const name = kind === 'recorded' ? voice : ''
  return (
    <Badge
      variant="light"
      color={color}
      size="sm"
      title={kind === 'recorded' ? hint : `${hint} (${voice})`}
      data-voice-kind={kind}
    >
      {label(name)}
    </Badge>
  )
}
