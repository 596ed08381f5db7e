import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderWithProviders } from '../test-utils'
import { Banner } from './banner'

describe('Banner', () => {
  it('renders nothing when there is no message', () => {
    const { container } = renderWithProviders(<Banner message="" />)
    expect(container.querySelector('[data-type]')).toBeNull()
    renderWithProviders(<Banner message={null} type="error" />)
    expect(screen.queryByRole('alert')).toBeNull()
    expect(screen.queryByRole('status')).toBeNull()
  })

  it('is a success banner by default', () => {
    renderWithProviders(<Banner message="Saved." />)
    const banner = screen.getByRole('status')
    expect(banner).toHaveTextContent('Saved.')
    expect(banner).toHaveAttribute('data-type', 'success')
  })

  it.each([
    ['error', 'alert'],
    ['warning', 'alert'],
    ['info', 'status'],
  ] as const)('shows a %s banner with role %s', (type, role) => {
    renderWithProviders(<Banner message="Heads up" type={type} />)
    expect(screen.getByRole(role)).toHaveAttribute('data-type', type)
  })

  it('takes focus when it appears, if asked (a form whose button the action disabled)', () => {
    const view = renderWithProviders(<Banner message={null} takeFocus />)
    view.rerender(<Banner message="Your name is saved." takeFocus />)
    expect(screen.getByRole('status')).toHaveFocus()
    renderWithProviders(<Banner message="Saved." />)
    expect(screen.getAllByRole('status')[1]).not.toHaveFocus()
  })
})
