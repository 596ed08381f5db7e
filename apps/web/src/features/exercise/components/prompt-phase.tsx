import { Alert, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core'
import type { Example } from '@che/core'
import { useEffect, useRef, useState } from 'react'
import { AudioPlayer } from '../../../components/audio-player'
import { VoiceBadge } from '../../../components/voice-badge'
import { slowRate } from './playback-speed'
import { AUDIO_FAILED, AUDIO_FAILED_HINT, isAudioBroken, playFromStart } from './sentence-audio'
import { SpeedControl, useSpeed } from './speed-control'

export const AUTOPLAY_BLOCKED =
  'Your browser did not let the sentence play by itself. Press play (or Slow replay) to hear it.'
export const AUDIO_MUTED = 'The sound is off in the player. Turn it on to hear the sentence.'

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
  const [failed, setFailed] = useState(false)
  const [muted, setMuted] = useState(false)
  const speed = useSpeed()
  const speedRef = useRef(speed)
  speedRef.current = speed
  const src = example.audio?.url

  /** Play from the start; a refusal is either the browser's autoplay rule or broken audio. */
  const play = async (rate: number) => {
    const element = audio.current
    if (!element) return false
    return playFromStart(element, rate, (error) => {
      if (isAudioBroken(element, error)) setFailed(true)
    })
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: plays once per sentence, at the speed chosen then.
  useEffect(() => {
    if (!src || !autoPlay || !audio.current) return
    let cancelled = false
    void play(speedRef.current).then((played) => {
      if (!cancelled && !played && !audio.current?.error) setBlocked(true)
    })
    return () => {
      cancelled = true
      audio.current?.pause()
    }
  }, [src, autoPlay])

  // A new speed applies at once, also to the player's own play button.
  useEffect(() => {
    const element = audio.current
    if (!element) return
    element.preservesPitch = true
    element.defaultPlaybackRate = speed
    element.playbackRate = speed
  }, [speed])

  const playing = () => {
    setBlocked(false)
    setFailed(false)
    onPlay?.()
  }

  const tryAgain = () => {
    setFailed(false)
    audio.current?.load()
    void play(speed)
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
            onError={() => {
              setBlocked(false)
              setFailed(true)
            }}
            onVolumeChange={(element) => setMuted(element.muted || element.volume === 0)}
          >
            <Button
              variant="light"
              size="sm"
              type="button"
              onClick={() => void play(slowRate(speed))}
            >
              Slow replay
            </Button>
            <SpeedControl />
          </AudioPlayer>
          {failed ? (
            <Alert color="yellow" variant="light" role="alert" data-testid="audio-failed">
              <Stack gap={6}>
                <Text size="sm" fw={600}>
                  {AUDIO_FAILED}
                </Text>
                <Text size="sm">{AUDIO_FAILED_HINT}</Text>
                <Group>
                  <Button size="xs" variant="default" type="button" onClick={tryAgain}>
                    Try again
                  </Button>
                </Group>
              </Stack>
            </Alert>
          ) : null}
          {muted && !failed ? (
            <Alert color="yellow" variant="light" role="status" data-testid="audio-muted">
              {AUDIO_MUTED}
            </Alert>
          ) : null}
          {blocked && !failed ? (
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
