import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { BugReport } from '@che/core'
import { makeProfile, renderRoutes, signedIn } from '../../../test-utils'
import { callsTo, configureApiClientForEachTest, json, stubFetch } from '../test/fetch-stub'
import { BugReportsPage } from './bug-reports-page'

const EXAMPLE_ID = '22222222-2222-4222-8222-222222222222'
const IDIOM_ID = '11111111-1111-4111-8111-111111111111'

function bug(n: number, overrides: Partial<BugReport> = {}): BugReport {
  return {
    id: `00000000-0000-4000-8000-00000000000${n}`,
    title: `Bug ${n}`,
    body: `What happened ${n}`,
    labels: ['Audio does not play'],
    exampleId: null,
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140',
    status: 'open',
    githubUrl: null,
    createdAt: `2025-03-0${n}T10:00:00.000Z`,
    closedAt: null,
    reporter: { userId: '00000000-0000-4000-8000-0000000000aa', name: 'Lucía', email: 'l@x.test' },
    fromVisitor: false,
    contactEmail: null,
    ...overrides,
  }
}

configureApiClientForEachTest({ token: 't' })

const mount = () =>
  renderRoutes([{ path: '/admin/bugreports', element: <BugReportsPage /> }], '/admin/bugreports', {
    auth: signedIn(),
    profile: makeProfile({ role: 'admin' }),
  })

describe('BugReportsPage', { timeout: 20_000 }, () => {
  it('lists open reports with reporter, example, user agent, labels and GitHub link', async () => {
    stubFetch({
      'GET /api/admin/bugreports': () =>
        json([
          bug(2, {
            exampleId: EXAMPLE_ID,
            githubUrl: 'https://github.com/che/idioms/issues/9',
            labels: ['Mistake in exercise feedback', 'from-app'],
          }),
          bug(1),
        ]),
      [`GET /api/example/${EXAMPLE_ID}`]: () =>
        json({
          exampleId: EXAMPLE_ID,
          idiomId: IDIOM_ID,
          text: 'Con este laburo estoy al horno.',
          conjugatedSnippet: 'estoy al horno',
          translation: '',
          source: '',
          audio: null,
          isNew: false,
          idiom: {
            text: 'Estar al horno',
            translation: 'To be in trouble',
            tone: 'Casual',
            usage: 8,
          },
        }),
    })
    mount()
    const items = await screen.findAllByRole('listitem')
    expect(items.map((i) => i.getAttribute('aria-label'))).toEqual(['Bug 2', 'Bug 1'])
    const first = within(items[0]!)
    expect(first.getByText('Mistake in exercise feedback')).toBeInTheDocument()
    expect(first.getByText('from-app')).toBeInTheDocument()
    expect(first.getByText('Lucía')).toBeInTheDocument()
    expect(first.getByRole('link', { name: 'l@x.test' })).toHaveAttribute('href', 'mailto:l@x.test')
    expect(first.getByText(/Chrome\/140/)).toBeInTheDocument()
    expect(first.getByRole('link', { name: 'che/idioms/issues/9' })).toHaveAttribute(
      'href',
      'https://github.com/che/idioms/issues/9',
    )
    expect(
      await first.findByRole('link', { name: 'Con este laburo estoy al horno.' }),
    ).toHaveAttribute('href', `/admin/idioms/${IDIOM_ID}`)
  })

  it('marks reports from visitors without an account, with their contact address if they left one', async () => {
    const visitor = { reporter: null, fromVisitor: true, labels: ["Can't log in"] }
    stubFetch({
      'GET /api/admin/bugreports': () =>
        json([
          bug(3, { ...visitor, contactEmail: 'ana@example.org' }),
          bug(2, { ...visitor, contactEmail: null }),
          bug(1, { reporter: null }),
        ]),
    })
    mount()
    const items = await screen.findAllByRole('listitem')
    const [withContact, anonymous, deleted] = items.map((i) => within(i))
    expect(withContact!.getByText('From a visitor')).toBeInTheDocument()
    expect(withContact!.getByText(/A visitor without an account, contact/)).toBeInTheDocument()
    expect(withContact!.getByRole('link', { name: 'ana@example.org' })).toHaveAttribute(
      'href',
      'mailto:ana@example.org',
    )
    expect(anonymous!.getByText('From a visitor')).toBeInTheDocument()
    expect(
      anonymous!.getByText('A visitor without an account (no contact address)'),
    ).toBeInTheDocument()
    expect(deleted!.queryByText('From a visitor')).toBeNull()
    expect(deleted!.getByText('Deleted user')).toBeInTheDocument()
  })

  it('filters by status and problem type through the query', async () => {
    const fetchMock = stubFetch({
      'GET /api/admin/bugreports': (url) =>
        json(
          url.searchParams.get('status') === 'closed'
            ? [bug(3, { status: 'closed', closedAt: '2025-03-04T10:00:00.000Z' })]
            : [bug(1)],
        ),
    })
    const user = userEvent.setup()
    mount()
    await screen.findByRole('listitem', { name: 'Bug 1' })
    await user.click(screen.getByRole('radio', { name: 'Closed' }))
    expect(await screen.findByRole('listitem', { name: 'Bug 3' })).toBeInTheDocument()
    expect(
      within(screen.getByRole('listitem', { name: 'Bug 3' })).queryByRole('button', {
        name: /Close/,
      }),
    ).toBeNull()

    await user.click(screen.getByRole('combobox', { name: 'Problem type' }))
    await user.click(
      await screen.findByRole('option', { name: 'Audio does not play', hidden: true }),
    )
    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([u]) => String(u))).toContain(
        '/api/admin/bugreports?status=closed&type=Audio+does+not+play',
      ),
    )
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/admin/bugreports?status=open')
  })

  it('closes a report and reloads the list', async () => {
    let closed = false
    const fetchMock = stubFetch({
      'GET /api/admin/bugreports': () => json(closed ? [] : [bug(1)]),
      [`POST /api/admin/bugreports/${bug(1).id}/close`]: () => {
        closed = true
        return json(bug(1, { status: 'closed', closedAt: '2025-03-05T10:00:00.000Z' }))
      },
    })
    const user = userEvent.setup()
    mount()
    await user.click(await screen.findByRole('button', { name: 'Close Bug 1' }))
    expect(await screen.findByText('No bug reports match these filters.')).toBeInTheDocument()
    expect(callsTo(fetchMock, `POST /api/admin/bugreports/${bug(1).id}/close`)).toHaveLength(1)
  })

  it('shows red text when the list cannot be loaded', async () => {
    stubFetch({
      'GET /api/admin/bugreports': () => json({ code: 'FORBIDDEN', message: 'Admins only' }, 403),
    })
    mount()
    expect(await screen.findByRole('alert')).toHaveTextContent('Admins only')
  })
})
