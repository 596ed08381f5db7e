import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderWithProviders } from '../test-utils'
import { VoiceBadge } from './voice-badge'

describe('VoiceBadge', () => {
  it.each([
    ['recorded', 'Sofía', 'Recorded by Sofía'],
    ['recorded', '', 'Recorded by an editor'],
    ['neural', 'tts-1 nova', 'Neural voice'],
    ['synthetic', 'espeak-ng es-419', 'Synthetic voice'],
  ] as const)('says a %s voice (%s) as "%s"', (kind, voice, text) => {
    renderWithProviders(<VoiceBadge kind={kind} voice={voice} />)
    const badge = screen.getByText(text)
    expect(badge.closest('[data-voice-kind]')?.getAttribute('data-voice-kind')).toBe(kind)
  })

  it('names the computer voice in its hint', () => {
    renderWithProviders(<VoiceBadge kind="synthetic" voice="espeak-ng es-419" />)
    expect(screen.getByText('Synthetic voice').closest('[title]')?.getAttribute('title')).toMatch(
      /espeak-ng es-419/,
    )
  })
})
