import { Alert, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core'
import type { Example } from '@che/core'
import { useEffect, useRef, useState } from 'react'
import { AudioPlayer } from '../../../components/audio-player'
import { VoiceBadge } from '../../../components/voice-badge'
import { playFromStart, SLOW_RATE } from './sentence-audio'

export const AUTOPLAY_BLOCKED =
  'Your browser did not let the sentence play by itself. Press play (or Slow replay) to hear it.'

export interface PromptPhaseProps {
  example: Example
  isAdmin: boolean
  onContinue: () => void
  /** Called each time the sentence starts playing. */
  onPlay?: () => void
  /** Try to play the sentence as the phase opens (off when coming back to a kept answer). */
  autoPlay?: boolean
}

/**
 * Phase 1: listen to the sentence (or read it when it has no audio), then Continue. The sentence
 * plays by itself where the browser allows it; when it refuses, a plain notice says so.
 */
export function PromptPhase({
  example,
  isAdmin,
  onContinue,
  onPlay,
  autoPlay = true,
}: PromptPhaseProps) {
  const audio = useRef<HTMLAudioElement>(null)
  const [blocked, setBlocked] = useState(false)
  const src = example.audio?.url

  useEffect(() => {
    if (!src || !autoPlay || !audio.current) return
    let cancelled = false
    void playFromStart(audio.current).then((played) => {
      if (!cancelled && !played) setBlocked(true)
    })
    return () => {
      cancelled = true
      audio.current?.pause()
    }
  }, [src, autoPlay])

  const playing = () => {
    setBlocked(false)
    onPlay?.()
  }

  return (
    <Stack gap="md">
      <Group gap="xs">
        {example.isNew ? <Badge color="grape">New</Badge> : <Badge variant="light">Review</Badge>}
        <Badge variant="outline" color="gray">
          {example.idiom.tone}
        </Badge>
      </Group>
      {src ? (
        <Stack gap="xs">
          <Group gap="xs" justify="space-between" wrap="wrap">
            <Text>Listen to the sentence. Play it as many times as you like, then continue.</Text>
            {example.audio ? (
              <VoiceBadge kind={example.audio.kind} voice={example.audio.voice} />
            ) : null}
          </Group>
          <AudioPlayer
            src={src}
            isAdmin={isAdmin}
            label="Sentence audio"
            audioRef={audio}
            onPlay={playing}
          >
            <Button
              variant="light"
              size="sm"
              type="button"
              onClick={() => {
                if (audio.current) void playFromStart(audio.current, SLOW_RATE)
              }}
            >
              Slow replay
            </Button>
          </AudioPlayer>
          {blocked ? (
            <Alert color="yellow" variant="light" role="status" data-testid="autoplay-blocked">
              {AUTOPLAY_BLOCKED}
            </Alert>
          ) : null}
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
