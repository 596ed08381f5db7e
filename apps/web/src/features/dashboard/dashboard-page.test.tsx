import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { api } from '@che/core'
import { mockFetchForEachTest } from '../../test/fetch-stub'
import type { ResponseOf } from '../../lib/api-client'
import { makeProfile, renderRoutes, signedIn } from '../../test-utils'
import { json } from '../../test/fixtures'
import { DashboardPage } from './dashboard-page'

type Stats = ResponseOf<typeof api.exercisesStats>

const fetchMock = mockFetchForEachTest({ token: 't' })

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString()

function stats(overrides: Partial<Stats> = {}): Stats {
  return {
    numSeen: 0,
    numPastDue: 0,
    pastDueDate: null,
    score: 0,
    nextDueDate: null,
    isNewAllowed: true,
    enableGetNext: true,
    upToDate: true,
    missed: 0,
    unique: 0,
    numSandboxes: 0,
    reportState: 4,
    ...overrides,
  }
}

function mount(s: Stats, profile = makeProfile()) {
  fetchMock.mockResolvedValue(json(s))
  return renderRoutes([{ path: '/app/dashboard', element: <DashboardPage /> }], '/app/dashboard', {
    auth: signedIn(),
    profile,
  })
}

const panel = (name: string) => within(screen.getByRole('region', { name }))

describe('DashboardPage', () => {
  it('welcomes a new learner: all idioms, empty calendar and playroom, reports not yet, Start Exercise', async () => {
    mount(stats())
    expect(await screen.findByRole('link', { name: 'Start Exercise' })).toHaveAttribute(
      'href',
      '/app/exercise',
    )
    expect(String(fetchMock.mock.calls[0]![0])).toMatch(/^\/api\/exercises\/stats\?tz=/)
    expect(
      panel('Preferences').getByText('You are seeing all the idioms in the system.'),
    ).toBeInTheDocument()
    expect(panel('Preferences').getByRole('link', { name: /preferences/i })).toHaveAttribute(
      'href',
      '/app/preferences',
    )
    expect(panel('Calendar').getByText('Your calendar is empty.')).toBeInTheDocument()
    expect(panel('Calendar').getByText('New idioms available')).toBeInTheDocument()
    expect(panel('Playroom').getByText('Your playroom is empty.')).toBeInTheDocument()
    expect(panel('Reports').queryByRole('link')).toBeNull()
  })

  it('shows the preferred usage and tone, the calendar figures and the reports link', async () => {
    mount(
      stats({
        numSeen: 12,
        numPastDue: 3,
        score: 58,
        nextDueDate: inDays(2),
        reportState: 1,
        isNewAllowed: false,
        upToDate: false,
        numSandboxes: 2,
        missed: 7,
        unique: 5,
      }),
      makeProfile({
        preferences: {
          filter: { usage: 'common', tone: 'Street' },
          getNextExample: '',
          offlineExercises: 20,
        },
      }),
    )
    await screen.findByRole('region', { name: 'Calendar' })
    expect(panel('Preferences').getByText('Common (5–7)')).toBeInTheDocument()
    expect(panel('Preferences').getByText('Street')).toBeInTheDocument()
    const calendar = panel('Calendar')
    expect(calendar.getByText('Past due').nextSibling).toHaveTextContent('3')
    expect(calendar.getByText('Total seen').nextSibling).toHaveTextContent('12')
    expect(calendar.getByText('Score').nextSibling).toHaveTextContent('58%')
    expect(calendar.getByText('Next due').nextSibling).toHaveTextContent(/in 2 days/)
    expect(calendar.getByText('No new idioms for today.')).toBeInTheDocument()
    expect(
      panel('Playroom').getByText('Unlock the Playroom by clearing your calendar'),
    ).toBeInTheDocument()
    expect(panel('Playroom').getByText('Words missed: 5 (7 times)')).toBeInTheDocument()
    expect(panel('Reports').getByRole('link')).toHaveAttribute('href', '/app/reports')
  })

  it('offers the Playroom when the calendar is up to date and there are misses', async () => {
    mount(stats({ numSeen: 4, upToDate: true, numSandboxes: 3, missed: 4, unique: 3 }))
    expect(await screen.findByRole('link', { name: 'Practise in the Playroom' })).toHaveAttribute(
      'href',
      '/app/sandbox',
    )
    expect(screen.queryByText('Unlock the Playroom by clearing your calendar')).toBeNull()
    expect(screen.queryByText('Your playroom is empty.')).toBeNull()
  })

  it('says when the next exercise is due instead of Start Exercise when none is available', async () => {
    mount(stats({ numSeen: 4, enableGetNext: false, isNewAllowed: false, nextDueDate: inDays(1) }))
    expect(await screen.findByText(/^Next exercise due tomorrow/)).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Start Exercise' })).toBeNull()
  })

  it('shows the error in red in place of the panels', async () => {
    fetchMock.mockResolvedValue(json({ code: 'INTERNAL', message: 'Database is down' }, 500))
    renderRoutes([{ path: '/', element: <DashboardPage /> }], '/', {
      auth: signedIn(),
      profile: makeProfile(),
    })
    expect(await screen.findByRole('alert')).toHaveTextContent('Database is down')
    expect(screen.queryByRole('region', { name: 'Calendar' })).toBeNull()
  })

  it('offline without figures: says what needs a connection and leads to the kept exercises', async () => {
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false })
    try {
      fetchMock.mockRejectedValue(new TypeError('Failed to fetch'))
      renderRoutes([{ path: '/app/dashboard', element: <DashboardPage /> }], '/app/dashboard', {
        auth: signedIn(),
        profile: makeProfile(),
      })
      expect(
        await screen.findByText('Your calendar’s figures need a connection.'),
      ).toBeInTheDocument()
      expect(screen.getByRole('link', { name: 'Practise offline' })).toHaveAttribute(
        'href',
        '/app/exercise',
      )
      expect(screen.queryByRole('alert')).toBeNull()
    } finally {
      Reflect.deleteProperty(navigator, 'onLine')
    }
  })
})
