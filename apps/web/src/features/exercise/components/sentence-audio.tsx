import { Alert, Button, Group, Kbd, Stack, Text } from '@mantine/core'
import type { MouseEvent } from 'react'
import { forwardRef, useImperativeHandle, useRef, useState } from 'react'
import { useKeyboardHints } from './keyboard-hints'
import { slowRate } from './playback-speed'
import { SpeedControl, useSpeed } from './speed-control'

/** Shown when the sentence's audio cannot be loaded or played (a lost connection, a removed file). */
export const AUDIO_FAILED = 'The sentence’s audio could not be loaded.'
export const AUDIO_FAILED_HINT =
  'Check your connection and try again, or answer from what you remember.'

/**
 * Pressing a replay control with the mouse or a finger must not take the focus (and a phone's
 * keyboard) away from the field the learner is typing in.
 */
export const keepFocus = (event: MouseEvent) => event.preventDefault()

/** Whether a play() refusal means the audio itself is broken (not an autoplay refusal). */
export function isAudioBroken(audio: HTMLAudioElement, error: unknown): boolean {
  if (audio.error) return true
  return error instanceof DOMException && error.name === 'NotSupportedError'
}

/** True for the replay shortcut: Ctrl+Space (Shift for slow); never while composing text. */
export function isReplayShortcut(event: {
  ctrlKey: boolean
  metaKey?: boolean
  altKey?: boolean
  code: string
  key: string
  isComposing?: boolean
}): boolean {
  if (event.isComposing || event.altKey || event.metaKey || !event.ctrlKey) return false
  return event.code === 'Space' || event.key === ' '
}

/**
 * Play an audio element from the start at `rate`, keeping the pitch. Resolves false when the
 * browser refuses (autoplay policy, no source): the caller says so plainly.
 */
export async function playFromStart(
  audio: HTMLAudioElement,
  rate = 1,
  onRefused?: (error: unknown) => void,
): Promise<boolean> {
  audio.pause()
  audio.currentTime = 0
  audio.preservesPitch = true
  audio.playbackRate = rate
  // Some browsers reset the rate on load; keep it for this play.
  audio.defaultPlaybackRate = rate
  try {
    await audio.play()
    return true
  } catch (error: unknown) {
    onRefused?.(error)
    return false
  }
}

export interface ReplayHandle {
  replay: (slow?: boolean) => void
}

export interface ReplayButtonsProps {
  src: string
  /** Called each time the sentence starts playing (for the time to answer). */
  onPlay?: () => void
  /** Show the keyboard shortcut beside the buttons (the input phase; never on a touch-only screen). */
  showShortcut?: boolean
}

/**
 * Replay and Slow replay buttons over a hidden <audio> of the sentence: the audio stays one
 * click (or one shortcut, through the handle) away while the learner types or reads the results.
 * Replays are never limited, play at the learner's remembered speed (slow: three quarters of
 * it), and never take the focus from the field being typed in. When the audio cannot be loaded
 * the learner is told, and can try again.
 */
export const ReplayButtons = forwardRef<ReplayHandle, ReplayButtonsProps>(function ReplayButtons(
  { src, onPlay, showShortcut = false },
  ref,
) {
  const audio = useRef<HTMLAudioElement>(null)
  const keyboardHints = useKeyboardHints()
  const speed = useSpeed()
  const [failed, setFailed] = useState(false)
  const replay = (slow = false) => {
    const element = audio.current
    if (!element) return
    if (failed) {
      // Try the file again: a connection that came back, a file that is there now.
      setFailed(false)
      element.load()
    }
    void playFromStart(element, slow ? slowRate(speed) : speed, (error) => {
      if (isAudioBroken(element, error)) setFailed(true)
    })
  }
  useImperativeHandle(ref, () => ({ replay }))
  return (
    <Stack gap={6} data-testid="replay-controls">
      <Group gap="xs" wrap="wrap" align="center">
        <audio
          ref={audio}
          src={src}
          preload="auto"
          onPlay={() => {
            setFailed(false)
            onPlay?.()
          }}
          onError={() => setFailed(true)}
          hidden
        />
        <Button
          variant="light"
          size="sm"
          onMouseDown={keepFocus}
          aria-keyshortcuts={showShortcut ? 'Control+Space' : undefined}
          onClick={() => replay(false)}
          type="button"
        >
          Replay
        </Button>
        <Button
          variant="light"
          size="sm"
          onMouseDown={keepFocus}
          aria-keyshortcuts={showShortcut ? 'Control+Shift+Space' : undefined}
          onClick={() => replay(true)}
          type="button"
        >
          Slow replay
        </Button>
        <SpeedControl />
      </Group>
      {showShortcut && keyboardHints ? (
        <Text size="xs" c="dimmed" data-testid="replay-shortcut">
          <Kbd>Ctrl</Kbd>+<Kbd>Space</Kbd> replays, <Kbd>Ctrl</Kbd>+<Kbd>Shift</Kbd>+
          <Kbd>Space</Kbd> slow, while you type
        </Text>
      ) : null}
      {failed ? (
        <Alert color="yellow" variant="light" role="alert" data-testid="audio-failed" p="xs">
          <Text size="sm" fw={600}>
            {AUDIO_FAILED}
          </Text>
          <Text size="sm">{AUDIO_FAILED_HINT}</Text>
        </Alert>
      ) : null}
    </Stack>
  )
})
