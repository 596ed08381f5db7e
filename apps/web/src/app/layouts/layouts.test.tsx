import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  ACCOUNT_DELETED_KEY,
  ACCOUNT_DELETED_MESSAGE,
  accountJustDeleted,
  rememberAccountDeleted,
} from '../../lib/account-deleted'
import { makeAuth, makeProfile, renderRoutes, signedIn } from '../../test-utils'
import type { Setup } from '../../test-utils'
import { layoutRoutes, preloadScreens } from '../routes'

const learner = makeProfile({ role: 'learner' })
const editor = makeProfile({ role: 'editor', editor: true, name: 'Eddie Editor' })
const admin = makeProfile({ role: 'admin', editor: true, name: 'Ada Admin' })

function visit(path: string, setup: Setup) {
  return renderRoutes(layoutRoutes, path, setup)
}

async function expectPath(router: ReturnType<typeof visit>['router'], path: string) {
  await waitFor(() => expect(router.state.location.pathname).toBe(path))
}

/** A lazy screen's first render waits for its chunk: allow for a slow machine. */
const LAZY = { timeout: 5_000 }

// Screens are lazy chunks: load them once up front so each test times routing, not module loading.
beforeAll(() => preloadScreens(), 120_000)

afterEach(() => vi.unstubAllGlobals())

describe('public layout', () => {
  it('shows the landing page to visitors', () => {
    visit('/', { auth: makeAuth() })
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Login / Signup' })).toBeInTheDocument()
    expect(screen.getByText(/still being built/)).toBeInTheDocument()
    // The banner's "tell us" works for a visitor too, who has no Report Bugs in the menu.
    expect(screen.getByRole('link', { name: 'report a problem' })).toHaveAttribute(
      'href',
      '/report-a-problem',
    )
    expect(screen.getByRole('link', { name: 'Report a problem' })).toHaveAttribute(
      'href',
      '/report-a-problem?problem=sign-in',
    )
  })

  it('says, once, that an account was deleted when its sign-out lands here', async () => {
    // The deleting document shows '/' as soon as its local session ends, before it leaves for
    // the provider: the word must survive that first landing page.
    rememberAccountDeleted()
    const leaving = visit('/', { auth: makeAuth() })
    expect(screen.getByRole('status')).toHaveTextContent(ACCOUNT_DELETED_MESSAGE)
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(accountJustDeleted()).toBe(true)
    leaving.unmount()
    // The provider sends the learner back to '/', in another document.
    sessionStorage.setItem(ACCOUNT_DELETED_KEY, 'the document that left')
    const back = visit('/', { auth: makeAuth() })
    expect(screen.getByRole('status')).toHaveTextContent(ACCOUNT_DELETED_MESSAGE)
    await waitFor(() => expect(accountJustDeleted()).toBe(false))
    back.unmount()
    visit('/', { auth: makeAuth() })
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument()
    expect(screen.queryByText(ACCOUNT_DELETED_MESSAGE)).toBeNull()
  })

  it('redirects a signed-in user from the landing page to the dashboard', async () => {
    const { router } = visit('/', { auth: signedIn(), profile: learner })
    await expectPath(router, '/app/dashboard')
    expect(await screen.findByRole('heading', { name: 'Welcome, Ana García!' })).toBeInTheDocument()
  })

  it('links the landing page to the problem report that needs no account, and after a failed sign-in says so', async () => {
    const { router } = visit('/', {
      auth: makeAuth({ error: 'Login failed. Press Login / Signup to try again.' }),
    })
    const [failure] = screen.getAllByRole('alert')
    expect(failure).toHaveTextContent('Login failed.')
    expect(failure).toHaveTextContent('Still cannot sign in?')
    expect(screen.getByRole('link', { name: 'Report a problem' })).toHaveAttribute(
      'href',
      '/report-a-problem?problem=sign-in',
    )
    expect(screen.getAllByRole('link', { name: 'Report a problem' })).toHaveLength(1)
    screen.getByRole('link', { name: 'Report a problem' }).click()
    await expectPath(router, '/report-a-problem')
    expect(router.state.location.search).toBe('?problem=sign-in')
    expect(await screen.findByRole('heading', { name: 'Report a problem' }, LAZY)).toBeVisible()
  })

  it('tells a visitor sent away from Report Bugs where to report instead', async () => {
    const { router } = visit('/app/bugreport', { auth: makeAuth() })
    await expectPath(router, '/')
    const notice = (await screen.findByText(/Report Bugs is for signed-in learners/)).closest(
      '[role="status"]',
    ) as HTMLElement
    expect(notice).not.toBeNull()
    expect(within(notice).getByRole('link', { name: 'Report a problem' })).toHaveAttribute(
      'href',
      '/report-a-problem',
    )
  })

  it.each(['/about', '/license', '/chat', '/report-a-problem'])(
    'shows %s to visitors',
    async (path) => {
      const { router } = visit(path, { auth: makeAuth() })
      expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument()
      expect(router.state.location.pathname).toBe(path)
    },
  )
})

describe('app layout', () => {
  it('sends visitors to /', async () => {
    const { router } = visit('/app/calendar', { auth: makeAuth() })
    await expectPath(router, '/')
  })

  it('waits while sign-in is being checked', () => {
    const { router } = visit('/app/calendar', { auth: makeAuth({ loading: true }) })
    expect(router.state.location.pathname).toBe('/app/calendar')
    expect(screen.getByRole('status')).toHaveTextContent('Loading...')
  })

  it.each([
    ['/app/dashboard', 'Dashboard'],
    ['/app/preferences', 'Preferences'],
    ['/app/exercise', 'Exercise'],
    ['/app/calendar', 'Calendar'],
    ['/app/sandbox', 'Playroom'],
    ['/app/reports', 'Reports'],
    ['/app/bugreport', 'Report Bugs'],
    ['/app/bugreport/6f1c2a52-3c1e-4a47-9d86-0d8e1b1f4b10', 'Report Bugs'],
  ])('shows %s to a signed-in learner', async (path, title) => {
    visit(path, { auth: signedIn(), profile: learner })
    expect(await screen.findByRole('heading', { level: 1, name: title }, LAZY)).toBeInTheDocument()
  })

  it('greets the user by name on the dashboard', async () => {
    visit('/app/dashboard', { auth: signedIn(), profile: learner })
    expect(await screen.findByText('Welcome, Ana García!')).toBeInTheDocument()
  })
})

describe('editor layout', () => {
  it('sends visitors to /', async () => {
    const { router } = visit('/editor/manage', { auth: makeAuth() })
    await expectPath(router, '/')
  })

  it('sends a learner to the dashboard', async () => {
    const { router } = visit('/editor/manage', { auth: signedIn(), profile: learner })
    await expectPath(router, '/app/dashboard')
  })

  it.each([
    ['an editor', editor],
    ['an admin', admin],
  ])('lets %s in', async (_, profile) => {
    visit('/editor/manage', { auth: signedIn(), profile })
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Assigned Idioms' }, LAZY),
    ).toBeInTheDocument()
  })
})

describe('admin layout', () => {
  it('sends visitors to /', async () => {
    const { router } = visit('/admin/settings', { auth: makeAuth() })
    await expectPath(router, '/')
  })

  it("says 'Checking authorization...' while the profile loads", () => {
    // Signed in, but the profile sync has not answered yet (no seeded profile, fetch never resolves).
    vi.stubGlobal('fetch', () => new Promise<Response>(() => {}))
    visit('/admin/settings', { auth: signedIn() })
    expect(screen.getByRole('status')).toHaveTextContent('Checking authorization...')
  })

  it.each([
    ['a learner', learner],
    ['an editor', editor],
  ])('sends %s to /admin, which says they are not authorised', async (_, profile) => {
    const { router } = visit('/admin/settings', { auth: signedIn(), profile })
    await expectPath(router, '/admin')
    expect(await screen.findByRole('heading', { name: 'Not authorised' })).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Settings' })).toBeNull()
  })

  it.each([
    ['/admin/idioms', 'Idioms'],
    ['/admin/idiom', 'Create Idiom'],
    ['/admin/import', 'Import Idioms (CSV)'],
    ['/admin/example', 'Create Example'],
    ['/admin/example/6f1c2a52-3c1e-4a47-9d86-0d8e1b1f4b10', 'Create Example'],
    ['/admin/audio', 'Manage Assignments'],
    ['/admin/settings', 'Settings'],
    ['/admin/prompts', 'Prompts'],
    ['/admin/resetcache', 'Reset Caches'],
  ])('shows %s to an admin', async (path, title) => {
    visit(path, { auth: signedIn(), profile: admin })
    expect(await screen.findByRole('heading', { level: 1, name: title }, LAZY)).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Not authorised' })).toBeNull()
  })

  it('takes an admin from /admin to the idiom list', async () => {
    const { router } = visit('/admin', { auth: signedIn(), profile: admin })
    await expectPath(router, '/admin/idioms')
  })
})

describe('unknown addresses', () => {
  it('show a not-found page', async () => {
    visit('/no/such/page', { auth: makeAuth() })
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument()
  })
})
