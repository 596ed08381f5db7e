import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core'
import type { Example } from '@che/core'
import { AudioPlayer } from '../../../components/audio-player'
import { VoiceBadge } from '../../../components/voice-badge'

export interface PromptPhaseProps {
  example: Example
  isAdmin: boolean
  onContinue: () => void
}

/** Phase 1: listen to the sentence (or read it when it has no audio), then Continue. */
export function PromptPhase({ example, isAdmin, onContinue }: PromptPhaseProps) {
  return (
    <Stack gap="md">
      <Group gap="xs">
        {example.isNew ? <Badge color="grape">New</Badge> : <Badge variant="light">Review</Badge>}
        <Badge variant="outline" color="gray">
          {example.idiom.tone}
        </Badge>
      </Group>
      {example.audio ? (
        <Stack gap="xs">
          <Group gap="xs" justify="space-between" wrap="wrap">
            <Text>Listen to the sentence. Play it as many times as you like, then continue.</Text>
            <VoiceBadge kind={example.audio.kind} voice={example.audio.voice} />
          </Group>
          <AudioPlayer src={example.audio.url} isAdmin={isAdmin} label="Sentence audio" />
        </Stack>
      ) : (
        <Stack gap="xs">
          <Text>Read the sentence aloud, then continue and write it down from memory.</Text>
          <Paper withBorder p="md" radius="md" bg="gray.0">
            <Text size="lg" lang="es" fw={500}>
              {example.text}
            </Text>
          </Paper>
        </Stack>
      )}
      <Group>
        <Button onClick={onContinue} autoFocus>
          Continue
        </Button>
      </Group>
    </Stack>
  )
}
