import { Button, Group, Kbd, Text } from '@mantine/core'
import { forwardRef, useImperativeHandle, useRef } from 'react'
import { useKeyboardHints } from './keyboard-hints'

/** Slow replay speed, as Duolingo's turtle: slower, with the pitch kept (preservesPitch). */
export const SLOW_RATE = 0.75

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
export async function playFromStart(audio: HTMLAudioElement, rate = 1): Promise<boolean> {
  audio.pause()
  audio.currentTime = 0
  audio.preservesPitch = true
  audio.playbackRate = rate
  // Some browsers reset the rate on load; keep it for this play.
  audio.defaultPlaybackRate = rate
  try {
    await audio.play()
    return true
  } catch {
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
 * Replays are never limited.
 */
export const ReplayButtons = forwardRef<ReplayHandle, ReplayButtonsProps>(function ReplayButtons(
  { src, onPlay, showShortcut = false },
  ref,
) {
  const audio = useRef<HTMLAudioElement>(null)
  const keyboardHints = useKeyboardHints()
  const replay = (slow = false) => {
    if (audio.current) void playFromStart(audio.current, slow ? SLOW_RATE : 1)
  }
  useImperativeHandle(ref, () => ({ replay }))
  return (
    <Group gap="xs" wrap="wrap" align="center" data-testid="replay-controls">
      <audio ref={audio} src={src} preload="auto" onPlay={onPlay} hidden />
      <Button variant="light" size="sm" onClick={() => replay(false)} type="button">
        Replay
      </Button>
      <Button variant="light" size="sm" onClick={() => replay(true)} type="button">
        Slow replay
      </Button>
      {showShortcut && keyboardHints ? (
        <Text size="xs" c="dimmed" data-testid="replay-shortcut">
          <Kbd>Ctrl</Kbd>+<Kbd>Space</Kbd> replays, <Kbd>Ctrl</Kbd>+<Kbd>Shift</Kbd>+
          <Kbd>Space</Kbd> slow, while you type
        </Text>
      ) : null}
    </Group>
  )
})
