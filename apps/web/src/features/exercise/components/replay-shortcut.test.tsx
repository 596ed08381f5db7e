import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '../../../test-utils'
import { InputPhase } from './input-phase'
import { isReplayShortcut } from './sentence-audio'

/** The key events a keyboard sends, as the browser reports them. */
const key = (
  k: string,
  code: string,
  mods: Partial<Record<'ctrl' | 'alt' | 'shift', boolean>>,
) => ({
  key: k,
  code,
  ctrlKey: mods.ctrl ?? false,
  altKey: mods.alt ?? false,
  shiftKey: mods.shift ?? false,
  metaKey: false,
})

describe('isReplayShortcut', () => {
  it('takes Ctrl+Space and Alt+R (Option+R on a Mac, where the key is "®"), with Shift too', () => {
    expect(isReplayShortcut(key(' ', 'Space', { ctrl: true }))).toBe(true)
    expect(isReplayShortcut(key(' ', 'Space', { ctrl: true, shift: true }))).toBe(true)
    expect(isReplayShortcut(key('r', 'KeyR', { alt: true }))).toBe(true)
    expect(isReplayShortcut(key('R', 'KeyR', { alt: true, shift: true }))).toBe(true)
    expect(isReplayShortcut(key('®', 'KeyR', { alt: true }))).toBe(true)
    expect(isReplayShortcut(key('‰', 'KeyR', { alt: true, shift: true }))).toBe(true)
  })

  it('leaves alone every key that types Spanish, AltGr, and text being composed', () => {
    // A Mac's accents and ñ are Option dead keys; ¡ and ¿ are Option+1 and Option+Shift+?.
    expect(isReplayShortcut(key('Dead', 'KeyE', { alt: true }))).toBe(false)
    expect(isReplayShortcut(key('Dead', 'KeyN', { alt: true }))).toBe(false)
    expect(isReplayShortcut(key('Dead', 'KeyU', { alt: true }))).toBe(false)
    expect(isReplayShortcut(key('¡', 'Digit1', { alt: true }))).toBe(false)
    expect(isReplayShortcut(key('¿', 'Slash', { alt: true, shift: true }))).toBe(false)
    // Windows' AltGr is Ctrl+Alt and types characters (AltGr+R is "®" on US-International).
    expect(isReplayShortcut(key('®', 'KeyR', { ctrl: true, alt: true }))).toBe(false)
    expect(isReplayShortcut(key(' ', 'Space', { ctrl: true, alt: true }))).toBe(false)
    // Plain letters and spaces, and the browser's own Cmd shortcuts.
    expect(isReplayShortcut(key('r', 'KeyR', {}))).toBe(false)
    expect(isReplayShortcut(key(' ', 'Space', {}))).toBe(false)
    expect(isReplayShortcut({ ...key('r', 'KeyR', { alt: true }), metaKey: true })).toBe(false)
    expect(isReplayShortcut({ ...key(' ', 'Space', { ctrl: true }), isComposing: true })).toBe(
      false,
    )
  })
})

/** What each play() was asked for: the element's rate at the time. */
let plays: number[] = []

beforeEach(() => {
  plays = []
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {})
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (
    this: HTMLMediaElement,
  ) {
    plays.push(this.playbackRate)
    return Promise.resolve()
  })
})
afterEach(() => {
  vi.restoreAllMocks()
})

function Fields() {
  const [transcription, setTranscription] = useState('')
  const [translation, setTranslation] = useState('')
  return (
    <InputPhase
      transcription={transcription}
      translation={translation}
      onTranscriptionChange={setTranscription}
      onTranslationChange={setTranslation}
      onSubmit={() => {}}
      onGiveUp={() => {}}
      audioSrc="/media/ex.mp3"
    />
  )
}

describe('the replay shortcut on a Mac', { timeout: 20_000 }, () => {
  it('offers Option+R, which replays (Shift: slow) while typing Spanish, and types nothing', async () => {
    vi.spyOn(navigator, 'platform', 'get').mockReturnValue('MacIntel')
    const user = userEvent.setup()
    renderWithProviders(<Fields />)
    const hint = screen.getByTestId('replay-shortcut')
    expect(hint).toHaveTextContent('⌥ Option+R replays, ⌥ Option+Shift+R slow, while you type')
    expect(hint).not.toHaveTextContent('Ctrl')
    expect(screen.getByRole('button', { name: 'Replay' })).toHaveAttribute(
      'aria-keyshortcuts',
      'Alt+R',
    )
    expect(screen.getByRole('button', { name: 'Slow replay' })).toHaveAttribute(
      'aria-keyshortcuts',
      'Alt+Shift+R',
    )
    const spanish = screen.getByLabelText('What you heard (Spanish)')
    expect(spanish).toHaveFocus()
    await user.keyboard('¿Cómo andás?')
    await user.keyboard('{Alt>}r{/Alt}')
    expect(plays).toEqual([1])
    await user.keyboard('{Alt>}{Shift>}R{/Shift}{/Alt}')
    expect(plays).toEqual([1, 0.75])
    // Nothing typed by the shortcut, the focus (and a phone's keyboard) where it was.
    expect(spanish).toHaveValue('¿Cómo andás?')
    expect(spanish).toHaveFocus()
    // From the English field too.
    await user.click(screen.getByLabelText('English translation'))
    await user.keyboard('How are you?{Alt>}r{/Alt}')
    expect(plays).toEqual([1, 0.75, 1])
    expect(screen.getByLabelText('English translation')).toHaveValue('How are you?')
  })

  it('elsewhere shows Ctrl+Space first and Alt+R as the other way', () => {
    vi.spyOn(navigator, 'platform', 'get').mockReturnValue('Win32')
    renderWithProviders(<Fields />)
    expect(screen.getByTestId('replay-shortcut')).toHaveTextContent(
      'Ctrl+Space replays, Ctrl+Shift+Space slow, while you type (or Alt+R, Alt+Shift+R)',
    )
  })
})
