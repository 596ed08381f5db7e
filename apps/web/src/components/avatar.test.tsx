import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderWithProviders } from '../test-utils'
import { Avatar } from './avatar'

describe('Avatar', () => {
  it('shows the picture with the name as alt text', () => {
    renderWithProviders(<Avatar name="Ana García" picture="https://example.com/ana.png" />)
    const img = screen.getByRole('img', { name: 'Ana García' })
    expect(img.tagName).toBe('IMG')
    expect(img).toHaveAttribute('src', 'https://example.com/ana.png')
  })

  it('shows up to two uppercased initials when there is no picture', () => {
    renderWithProviders(<Avatar name="juan martín del potro" />)
    expect(screen.getByRole('img', { name: 'juan martín del potro' })).toHaveTextContent('JM')
  })

  it('shows U and the alt text "User avatar" without a name', () => {
    renderWithProviders(<Avatar name={null} />)
    const avatar = screen.getByRole('img', { name: 'User avatar' })
    expect(avatar).toHaveTextContent(/^U$/)
  })

  it('falls back to "User avatar" alt text for a picture without a name', () => {
    renderWithProviders(<Avatar picture="https://example.com/x.png" />)
    expect(screen.getByRole('img', { name: 'User avatar' })).toHaveAttribute(
      'src',
      'https://example.com/x.png',
    )
  })

  it('prefers an explicit alt text', () => {
    renderWithProviders(<Avatar name="Ana" alt="Your profile picture" />)
    expect(screen.getByRole('img', { name: 'Your profile picture' })).toBeInTheDocument()
  })

  it('is medium by default and accepts small and large', () => {
    const { rerender } = renderWithProviders(<Avatar name="Ana" />)
    expect(screen.getByRole('img').closest('[data-size]')).toHaveAttribute('data-size', 'medium')
    rerender(<Avatar name="Ana" size="small" />)
    expect(screen.getByRole('img').closest('[data-size]')).toHaveAttribute('data-size', 'small')
    rerender(<Avatar name="Ana" size="large" />)
    expect(screen.getByRole('img').closest('[data-size]')).toHaveAttribute('data-size', 'large')
  })
})
