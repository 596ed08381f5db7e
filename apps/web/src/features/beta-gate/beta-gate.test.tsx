import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { json, mockFetchForEachTest } from '../../test/fetch-stub'
import { makeAuth, makeProfile, renderWithProviders, type Setup, signedIn } from '../../test-utils'
import { BetaGate } from './beta-gate'
// The gate loads its prompt lazily (decision 039). Loaded here once, so the first test that meets
// the prompt waits for the gate's own work, not for the module's transform on a busy machine.
import './beta-prompt'

const fetchMock = mockFetchForEachTest({ token: null })

const app = <p>The app</p>

/** The gate in front of the app, under a router (its links), signed in or not as `setup` says. */
const mount = (setup: Setup) =>
  renderWithProviders(
    <MemoryRouter>
      <BetaGate>{app}</BetaGate>
    </MemoryRouter>,
    setup,
  )

// The password tests type two passwords key by key into Mantine fields: about 1 s alone, past the
// 5 s default on the shared 2-core machine at load 12-20 (measured).
describe('BetaGate', { timeout: 20_000 }, () => {
  it('shows the app when the product is not in beta', async () => {
    fetchMock.mockResolvedValue(json({ inBeta: false, betaVerified: false }))
    mount({ auth: makeAuth() })
    expect(await screen.findByText('The app')).toBeInTheDocument()
  })

  it('shows the app when the beta password was already given', async () => {
    fetchMock.mockResolvedValue(json({ inBeta: true, betaVerified: true }))
    mount({ auth: makeAuth() })
    expect(await screen.findByText('The app')).toBeInTheDocument()
  })

  it('lets an admin through without the password', async () => {
    fetchMock.mockResolvedValue(json({ inBeta: true, betaVerified: false }))
    mount({ auth: signedIn(), profile: makeProfile({ role: 'admin' }) })
    expect(await screen.findByText('The app')).toBeInTheDocument()
  })

  it("shows the server's message for a wrong password, and lifts the gate for the right one", async () => {
    const user = userEvent.setup()
    let verified = false
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input)
      if (url === '/api/settings') return json({ inBeta: true, betaVerified: verified })
      if (url === '/api/beta/verify') {
        const { password } = JSON.parse(String(init?.body)) as { password: string }
        if (password !== 'dulce de leche')
          return json({ code: 'FORBIDDEN', message: 'Wrong password' }, 403)
        verified = true
        return json({ ok: true })
      }
      return json({ code: 'NOT_FOUND', message: 'Not found' }, 404)
    })
    mount({ auth: signedIn(), profile: makeProfile() })

    const input = await screen.findByLabelText(/Beta password/)
    expect(screen.queryByText('The app')).toBeNull()
    await user.type(input, 'mate amargo')
    await user.click(screen.getByRole('button', { name: 'Continue' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong password')

    await user.clear(input)
    await user.type(input, 'dulce de leche')
    await user.click(screen.getByRole('button', { name: 'Continue' }))
    expect(await screen.findByText('The app')).toBeInTheDocument()
  })

  it("refuses a password over the contract's 500 characters under the field, sending nothing", async () => {
    const user = userEvent.setup()
    fetchMock.mockImplementation(async (input) =>
      String(input) === '/api/settings'
        ? json({ inBeta: true, betaVerified: false })
        : json({ ok: true }),
    )
    mount({ auth: makeAuth() })
    const input = await screen.findByLabelText(/Beta password/)
    await user.click(input)
    await user.paste('x'.repeat(501))
    await user.click(screen.getByRole('button', { name: 'Continue' }))
    expect(input).toHaveAccessibleDescription(
      expect.stringContaining('Too big: expected string to have <=500 characters'),
    )
    expect(fetchMock.mock.calls.map(([url]) => String(url))).not.toContain('/api/beta/verify')
    expect(screen.queryByText('The app')).toBeNull()
  })

  it('lets a keyboard user show the typed beta password', async () => {
    const user = userEvent.setup()
    fetchMock.mockImplementation(async () => json({ inBeta: true, betaVerified: false }))
    mount({ auth: makeAuth() })
    const input = await screen.findByLabelText(/Beta password/)
    await user.click(input)
    await user.keyboard('abc')
    await user.tab()
    const toggle = screen.getByRole('button', { name: 'Show password' })
    expect(toggle).toHaveFocus()
    await user.keyboard(' ')
    expect(input).toHaveAttribute('type', 'text')
    expect(toggle).toHaveAttribute('aria-pressed', 'true')
  })

  it("says 'Failed to fetch settings' when the settings cannot be read", async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'))
    mount({ auth: makeAuth() })
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Failed to fetch settings'),
    )
  })
})
