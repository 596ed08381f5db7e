import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderWithProviders } from '../test-utils'
import { ConfidenceDots, litDots } from './confidence-dots'

describe('ConfidenceDots', () => {
  it('lights one dot per threshold reached: 0.5, 0.6 and 0.7', () => {
    expect([0, 0.49, 0.5, 0.59, 0.6, 0.69, 0.7, 1].map(litDots)).toEqual([0, 0, 1, 1, 2, 2, 3, 3])
  })

  it('draws three dots with the lit ones marked and a spoken percentage', () => {
    renderWithProviders(<ConfidenceDots confidence={0.62} />)
    const dots = screen.getByRole('img', { name: 'Confidence 62%' })
    const states = [...dots.querySelectorAll('[data-lit]')].map((d) => d.getAttribute('data-lit'))
    expect(states).toEqual(['true', 'true', 'false'])
  })
})
