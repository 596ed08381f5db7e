import { fireEvent, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { makeProfile, renderRoutes, signedIn } from '../../../test-utils'
import { callsTo, configureApiClientForEachTest, json, stubFetch } from '../test/fetch-stub'
import { SettingsPage } from './settings-page'

configureApiClientForEachTest({ token: 't' })

const mount = () =>
  renderRoutes([{ path: '/admin/settings', element: <SettingsPage /> }], '/admin/settings', {
    auth: signedIn(),
    profile: makeProfile({ role: 'admin' }),
  })

describe('SettingsPage', { timeout: 20_000 }, () => {
  it('links to the bug reports and to the API documentation the server serves', async () => {
    stubFetch({
      'GET /api/settings': () =>
        json({ inBeta: false, betaVerified: true, settings: { inBeta: 'false' } }),
    })
    mount()
    expect(await screen.findByRole('link', { name: 'Bug reports' })).toHaveAttribute(
      'href',
      '/admin/bugreports',
    )
    const docs = screen.getByRole('link', { name: 'API documentation' })
    expect(docs).toHaveAttribute('href', '/api/docs')
    // Swagger UI is a page of the server, not a route of the SPA: a new tab, a full load.
    expect(docs).toHaveAttribute('target', '_blank')
  })

  it("refuses a value over the contract's 100,000 characters under its key, and sends nothing", async () => {
    const user = userEvent.setup()
    const fetchMock = stubFetch({
      'GET /api/settings': () =>
        json({ inBeta: false, betaVerified: true, settings: { inBeta: 'false', welcome: 'Hola' } }),
    })
    mount()
    const welcome = await screen.findByRole('textbox', { name: 'welcome' })
    fireEvent.change(welcome, { target: { value: 'x'.repeat(100_001) } })
    await user.click(screen.getByRole('button', { name: 'Save' }))
    // POST /api/settings checks the map with the same SettingsMap and says the same.
    expect(
      await screen.findByText('Too big: expected string to have <=100000 characters'),
    ).toBeInTheDocument()
    expect(callsTo(fetchMock, 'POST /api/settings')).toHaveLength(0)
  })
})
