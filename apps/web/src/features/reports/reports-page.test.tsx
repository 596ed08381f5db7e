import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { api, ReportFacts } from '@che/core'
import type { ResponseOf } from '../../lib/api-client'
import { callsTo, configureApiClientForEachTest, json, stubFetch } from '../../test/fetch-stub'
import { renderRoutes, signedIn } from '../../test-utils'
import { GENERATING_MESSAGE, ReportsPage } from './reports-page'

type Report = ResponseOf<typeof api.reportGet>

const shares = { perfect: 60, minor: 20, major: 20 }
function facts(overrides: Partial<ReportFacts> = {}): ReportFacts {
  return {
    reviewCount: 24,
    firstReview: '2025-03-03T10:00:00.000Z',
    lastReview: '2025-03-12T10:00:00.000Z',
    timeZone: 'UTC',
    overall: {
      reviews: 24,
      perfect: 14,
      perfectRate: 58,
      transcription: shares,
      translation: shares,
    },
    accuracyTrend: [
      {
        week: '2025-03-03',
        reviews: 12,
        perfect: 50,
        minor: 25,
        major: 25,
        transcription: shares,
        translation: shares,
      },
      {
        week: '2025-03-10',
        reviews: 12,
        perfect: 67,
        minor: 17,
        major: 16,
        transcription: shares,
        translation: shares,
      },
    ],
    byTone: [{ tone: 'Casual', reviews: 24, perfect: 14, perfectRate: 58 }],
    byBand: [{ band: 'super_common', reviews: 24, perfect: 14, perfectRate: 58 }],
    byMistakeType: [{ mistakeType: 'spelling', count: 6, share: 25 }],
    topMissedWords: [
      { word: 'laburo', count: 4 },
      { word: 'boludo', count: 2 },
    ],
    topMissedIdioms: [{ idiom: 'estar al horno', reviews: 5, missed: 3 }],
    streak: { current: 2, longest: 4 },
    timeOfDay: [
      { part: 'morning', reviews: 10, perfect: 6, perfectRate: 60 },
      { part: 'afternoon', reviews: 14, perfect: 8, perfectRate: 57 },
      { part: 'evening', reviews: 0, perfect: 0, perfectRate: 0 },
      { part: 'night', reviews: 0, perfect: 0, perfectRate: 0 },
    ],
    ...overrides,
  }
}

function report(n: number, generated: string, pattern: string): Report {
  return {
    reportId: `00000000-0000-4000-8000-00000000000${n}`,
    generated,
    insights: [{ pattern, description: `Description ${n}`, suggestion: `Suggestion ${n}` }],
    strategyTips: [`Tip ${n}: listen twice before typing`],
    facts: facts({ reviewCount: 20 + n }),
    engine: 'local',
    reviewCount: 20 + n,
  }
}

const OLDER = report(1, '2025-03-05T09:00:00.000Z', 'Accents slip')
const NEWER = report(2, '2025-03-12T09:00:00.000Z', 'Street idioms are hard')

configureApiClientForEachTest({ token: 't' })

const mount = () =>
  renderRoutes([{ path: '/app/reports', element: <ReportsPage /> }], '/app/reports', {
    auth: signedIn(),
  })

describe('ReportsPage', { timeout: 20_000 }, () => {
  it('shows an encouraging placeholder and no generate action in state 4', async () => {
    stubFetch({ 'GET /api/reports': () => json({ reports: [], state: 4 }) })
    mount()
    expect(await screen.findByText('Your first report is on its way')).toBeInTheDocument()
    expect(screen.getByText(/keep practising/i)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Generate a new report' })).toBeNull()
    expect(screen.queryByRole('combobox', { name: 'Report generated on' })).toBeNull()
  })

  it('shows one report without a picker: insights, tips, missed words as chips', async () => {
    stubFetch({ 'GET /api/reports': () => json({ reports: [NEWER], state: 1 }) })
    mount()
    expect(
      await screen.findByRole('heading', { name: 'Street idioms are hard' }),
    ).toBeInTheDocument()
    expect(screen.getByText('Description 2')).toBeInTheDocument()
    expect(screen.getByText('Suggestion 2')).toBeInTheDocument()
    expect(screen.getByText('Tip 2: listen twice before typing')).toBeInTheDocument()
    expect(
      within(screen.getByLabelText('Top missed words')).getByText('laburo'),
    ).toBeInTheDocument()
    expect(screen.queryByRole('combobox', { name: 'Report generated on' })).toBeNull()
    expect(screen.getByRole('button', { name: 'Generate a new report' })).toBeEnabled()
    expect(
      await screen.findByRole('figure', { name: 'Accuracy over the weeks' }, { timeout: 8000 }),
    ).toBeInTheDocument()
  })

  it('offers a picker by generation date, newest first, when there are several reports', async () => {
    stubFetch({ 'GET /api/reports': () => json({ reports: [OLDER, NEWER], state: 1 }) })
    mount()
    const picker = await screen.findByRole('combobox', { name: 'Report generated on' })
    expect(screen.getByRole('heading', { name: 'Street idioms are hard' })).toBeInTheDocument()
    await userEvent.click(picker)
    const options = await screen.findAllByRole('option', { hidden: true })
    expect(options.map((o) => o.textContent)).toEqual([
      expect.stringContaining('22 reviews'),
      expect.stringContaining('21 reviews'),
    ])
    await userEvent.click(options[1]!)
    expect(await screen.findByRole('heading', { name: 'Accents slip' })).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Street idioms are hard' })).toBeNull()
  })

  it('shows the wait message while generating, then selects the new report', async () => {
    let release: () => void = () => {}
    const fetchMock = stubFetch({
      'GET /api/reports': async (url) => {
        if (url.searchParams.get('generate') !== '1') return json({ reports: [OLDER], state: 1 })
        await new Promise<void>((r) => (release = r))
        return json({ reports: [NEWER, OLDER], state: 1 })
      },
    })
    mount()
    await screen.findByRole('heading', { name: 'Accents slip' })
    await userEvent.click(screen.getByRole('button', { name: 'Generate a new report' }))
    expect(await screen.findByText(GENERATING_MESSAGE)).toBeInTheDocument()
    expect(GENERATING_MESSAGE).toBe('Generating reports - this might take a moment.')
    expect(screen.getByRole('button', { name: 'Generate a new report' })).toBeDisabled()
    release()
    expect(
      await screen.findByRole('heading', { name: 'Street idioms are hard' }),
    ).toBeInTheDocument()
    expect(screen.queryByText(GENERATING_MESSAGE)).toBeNull()
    expect(
      (screen.getByRole('combobox', { name: 'Report generated on' }) as HTMLInputElement).value,
    ).toMatch(/22 reviews$/)
    const generateCall = fetchMock.mock.calls
      .map(([u]) => String(u))
      .find((u) => u.includes('generate=1'))
    expect(generateCall).toMatch(/^\/api\/reports\?generate=1/)
    expect(callsTo(fetchMock, 'GET /api/reports')).toHaveLength(2)
  })

  it('says the report is up to date when generating finds no new reviews', async () => {
    stubFetch({ 'GET /api/reports': () => json({ reports: [NEWER], state: 1 }) })
    mount()
    await screen.findByRole('heading', { name: 'Street idioms are hard' })
    await userEvent.click(screen.getByRole('button', { name: 'Generate a new report' }))
    expect(await screen.findByText(/latest report is up to date/)).toBeInTheDocument()
  })

  it('shows the server message when generating fails', async () => {
    stubFetch({
      'GET /api/reports': (url) =>
        url.searchParams.get('generate') === '1'
          ? json({ code: 'RATE_LIMITED', message: 'Too many requests; try again in 30 s' }, 429)
          : json({ reports: [], state: 1 }),
    })
    mount()
    await userEvent.click(await screen.findByRole('button', { name: 'Generate a new report' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many requests; try again in 30 s',
    )
  })

  it('shows red text when the reports cannot be loaded', async () => {
    stubFetch({ 'GET /api/reports': () => new Response('nope', { status: 500 }) })
    mount()
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Failed to fetch your reports'),
    )
  })
})
