import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderWithProviders } from '../test-utils'
import { ErrorText } from './error-text'
import { Loading } from './loading'

describe('Loading', () => {
  it("says 'Loading...' by default", () => {
    renderWithProviders(<Loading />)
    expect(screen.getByRole('status')).toHaveTextContent('Loading...')
  })

  it('shows a given wait message', () => {
    renderWithProviders(<Loading message="Evaluating your response..." />)
    expect(screen.getByRole('status')).toHaveTextContent('Evaluating your response...')
  })
})

describe('ErrorText', () => {
  it('announces the message as an alert', () => {
    renderWithProviders(<ErrorText message="Failed to fetch settings" />)
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to fetch settings')
  })
})
