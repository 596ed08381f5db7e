import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderWithProviders } from '../test-utils'
import { AudioPlayer } from './audio-player'

describe('AudioPlayer', () => {
  it('hides the download control from a non-admin', () => {
    const { container } = renderWithProviders(<AudioPlayer src="/media/a.mp3" isAdmin={false} />)
    const audio = container.querySelector('audio')!
    expect(audio).toHaveAttribute('controls')
    expect(audio).toHaveAttribute('src', '/media/a.mp3')
    expect(audio.getAttribute('controlslist')).toBe('nodownload')
    expect(screen.queryByRole('link', { name: 'Download' })).toBeNull()
  })

  it('gives an admin the download control and a Download link', () => {
    const { container } = renderWithProviders(<AudioPlayer src="/media/a.mp3" isAdmin />)
    expect(container.querySelector('audio')!.hasAttribute('controlslist')).toBe(false)
    const link = screen.getByRole('link', { name: 'Download' })
    expect(link).toHaveAttribute('href', '/media/a.mp3')
    expect(link).toHaveAttribute('download')
  })
})
