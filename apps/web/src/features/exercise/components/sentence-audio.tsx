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

/**
 * True for a replay shortcut (Shift for slow); never while composing text:
 * - Ctrl+Space (Ctrl+Shift+Space), the first one, which macOS (and iPadOS, and some Linux input
 *   methods) keep for switching the input source, so a page never sees it there;
 * - Alt+R (Option+R on a Mac; Alt+Shift+R), which works everywhere: Option+R types "®" and
 *   Option+Shift+R "‰" on a Mac, no Spanish letter or accent (those are Option+E, N, U, 1 and ?),
 *   and no browser keeps Alt+R. Ctrl+Alt (Windows' AltGr, which types characters) is not it. The
 *   key is read from its place (`code`) too: on a Mac, `key` is the character Option makes.
 */
export function isReplayShortcut(event: {
  ctrlKey: boolean
  metaKey?: boolean
  altKey?: boolean
  code: string
  key: string
  isComposing?: boolean
}): boolean {
  if (event.isComposing || event.metaKey) return false
  if (event.ctrlKey && !event.altKey) return event.code === 'Space' || event.key === ' '
  if (event.altKey && !event.ctrlKey)
    return event.code === 'KeyR' || event.key.toLowerCase() === 'r'
  return false
}

/**
 * Apple keyboards: a Mac, or an iPad (which calls itself a Mac) with a keyboard. Ctrl+Space
 * switches the input source there, so the page offers Option+R.
 */
export function appleKeyboard(): boolean {
  const platform =
    (navigator as Navigator & { userAgentData?: { platform?: string } }).userAgentData?.platform ||
    navigator.platform ||
    ''
  return /mac|iphone|ipad|ipod/i.test(platform)
}

/** The replay shortcuts, as `aria-keyshortcuts` names them, for this keyboard. */
export function replayShortcuts(apple: boolean): { replay: string; slow: string } {
  return apple
    ? { replay: 'Alt+R', slow: 'Alt+Shift+R' }
    : { replay: 'Control+Space Alt+R', slow: 'Control+Shift+Space Alt+Shift+R' }
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
  const [apple] = useState(appleKeyboard)
  const shortcuts = replayShortcuts(apple)
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
          aria-keyshortcuts={showShortcut ? shortcuts.replay : undefined}
          onClick={() => replay(false)}
          type="button"
        >
          Replay
        </Button>
        <Button
          variant="light"
          size="sm"
          onMouseDown={keepFocus}
          aria-keyshortcuts={showShortcut ? shortcuts.slow : undefined}
          onClick={() => replay(true)}
          type="button"
        >
          Slow replay
        </Button>
        <SpeedControl />
      </Group>
      {showShortcut && keyboardHints ? (
        <Text size="xs" c="dimmed" data-testid="replay-shortcut">
          {apple ? (
            <>
              <Kbd>⌥ Option</Kbd>+<Kbd>R</Kbd> replays, <Kbd>⌥ Option</Kbd>+<Kbd>Shift</Kbd>+
              <Kbd>R</Kbd> slow, while you type
            </>
          ) : (
            <>
              <Kbd>Ctrl</Kbd>+<Kbd>Space</Kbd> replays, <Kbd>Ctrl</Kbd>+<Kbd>Shift</Kbd>+
              <Kbd>Space</Kbd> slow, while you type (or <Kbd>Alt</Kbd>+<Kbd>R</Kbd>, <Kbd>Alt</Kbd>+
              <Kbd>Shift</Kbd>+<Kbd>R</Kbd>)
            </>
          )}
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
