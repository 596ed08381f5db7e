import { screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { configureApiClient } from '../../../lib/api-client'
import { makeProfile, renderRoutes, signedIn } from '../../../test-utils'
import { json, stubFetch } from '../test/fetch-stub'
import { SettingsPage } from './settings-page'

beforeEach(() => configureApiClient({ getAccessToken: () => 't', logError: () => {} }))
afterEach(() => vi.unstubAllGlobals())

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
})
