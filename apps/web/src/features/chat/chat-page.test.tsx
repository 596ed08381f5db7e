import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { callsTo, configureApiClientForEachTest, json, stubFetch } from '../../test/fetch-stub'
import { makeAuth, renderRoutes, signedIn } from '../../test-utils'
import { ChatPage } from './chat-page'

const PLAYROOM = {
  answer:
    'From the help section "How the Playroom unlocks" (/chat#how-the-playroom-unlocks):\n\nThe Playroom is a practice sandbox for the words you misheard.\nIt unlocks only when you clear your calendar.\n\nSee also:\n- The dashboard panels: /chat#the-dashboard-panels',
  sources: [
    {
      title: 'How the Playroom unlocks',
      url: '/chat#how-the-playroom-unlocks',
      excerpt: 'The Playroom is a practice sandbox for the words you misheard, with no score…',
    },
    {
      title: 'The dashboard panels',
      url: '/chat#the-dashboard-panels',
      excerpt: 'The dashboard has four panels…',
    },
  ],
  known: true,
}
const UNKNOWN = {
  answer:
    "I don't know: the help pages don't cover that. If something isn't working as it should, please tell us on the bug report form at /app/bugreport, or at /report-a-problem if you cannot sign in.",
  sources: [],
  known: false,
}

configureApiClientForEachTest({ token: null })

const mount = (path = '/chat', auth = makeAuth()) =>
  renderRoutes(
    [
      { path: '/chat', element: <ChatPage /> },
      { path: '/app/bugreport', element: <p>Bug form</p> },
      { path: '/report-a-problem', element: <p>Visitor form</p> },
    ],
    path,
    { auth },
  )

describe('ChatPage', { timeout: 20_000 }, () => {
  it('sends the question on Enter, shows Loading... and then the answer with its sources', async () => {
    let release: () => void = () => {}
    const fetchMock = stubFetch({
      'POST /api/chat': async () => {
        await new Promise<void>((r) => (release = r))
        return json(PLAYROOM)
      },
    })
    const user = userEvent.setup()
    mount()
    await user.type(
      screen.getByRole('textbox', { name: 'Your question' }),
      'how do I unlock the Playroom?{Enter}',
    )
    expect(await screen.findByText('Loading...')).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: 'Your question' })).toHaveValue('')
    expect(JSON.parse(String(callsTo(fetchMock, 'POST /api/chat')[0]?.body))).toEqual({
      question: 'how do I unlock the Playroom?',
    })
    release()

    const answer = await screen.findByLabelText('Help answer')
    expect(screen.queryByText('Loading...')).toBeNull()
    expect(
      within(answer).getByText(/It unlocks only when you clear your calendar/),
    ).toBeInTheDocument()
    const sources = within(answer).getByRole('region', { name: 'Sources' })
    const source = within(sources).getByRole('button', { name: 'How the Playroom unlocks' })
    expect(source).toHaveAttribute('aria-expanded', 'false')
    await user.click(source)
    expect(source).toHaveAttribute('aria-expanded', 'true')
    await waitFor(() =>
      expect(
        within(sources).getByText(/practice sandbox for the words you misheard, with no score/),
      ).toBeVisible(),
    )

    // A /chat#anchor link in the answer opens that source instead of leaving the page.
    await user.click(within(answer).getByRole('link', { name: '/chat#the-dashboard-panels' }))
    expect(within(sources).getByRole('button', { name: 'The dashboard panels' })).toHaveAttribute(
      'aria-expanded',
      'true',
    )
    expect(screen.getByLabelText('You asked')).toHaveTextContent('how do I unlock the Playroom?')
  })

  it('asks a starter question with one click', async () => {
    const fetchMock = stubFetch({ 'POST /api/chat': () => json(PLAYROOM) })
    const user = userEvent.setup()
    mount()
    await user.click(screen.getByRole('button', { name: 'How do I unlock the Playroom?' }))
    await screen.findByLabelText('Help answer')
    expect(JSON.parse(String(callsTo(fetchMock, 'POST /api/chat')[0]?.body))).toEqual({
      question: 'How do I unlock the Playroom?',
    })
    expect(screen.queryByRole('button', { name: 'How do I unlock the Playroom?' })).toBeNull()
  })

  it('points an unknown answer at the bug report form of a signed-in user', async () => {
    stubFetch({ 'POST /api/chat': () => json(UNKNOWN) })
    const user = userEvent.setup()
    const { router } = mount('/chat', signedIn())
    await user.type(
      screen.getByRole('textbox', { name: 'Your question' }),
      'Can I delete my account?{Enter}',
    )
    const answer = await screen.findByLabelText('Help answer')
    expect(within(answer).getByText(/I don't know/)).toBeInTheDocument()
    expect(within(answer).getByRole('link', { name: '/app/bugreport' })).toHaveAttribute(
      'href',
      '/app/bugreport',
    )
    await user.click(within(answer).getByRole('link', { name: 'Report a problem' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/bugreport'))
  })

  it('points a signed-out visitor at the form that needs no account', async () => {
    stubFetch({ 'POST /api/chat': () => json(UNKNOWN) })
    const user = userEvent.setup()
    const { router } = mount()
    await user.type(
      screen.getByRole('textbox', { name: 'Your question' }),
      'I cannot sign in{Enter}',
    )
    const answer = await screen.findByLabelText('Help answer')
    expect(within(answer).getByRole('link', { name: '/report-a-problem' })).toHaveAttribute(
      'href',
      '/report-a-problem',
    )
    await user.click(within(answer).getByRole('link', { name: 'Report a problem' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/report-a-problem'))
  })

  it('shows a rate-limit error and lets the visitor ask again', async () => {
    let calls = 0
    stubFetch({
      'POST /api/chat': () =>
        ++calls === 1
          ? json({ code: 'RATE_LIMITED', message: 'Too many requests; try again in 20 s' }, 429)
          : json(PLAYROOM),
    })
    const user = userEvent.setup()
    mount()
    await user.type(screen.getByRole('textbox', { name: 'Your question' }), 'playroom?{Enter}')
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many requests; try again in 20 s',
    )
    await user.type(screen.getByRole('textbox', { name: 'Your question' }), 'playroom?{Enter}')
    expect(await screen.findByLabelText('Help answer')).toBeInTheDocument()
  })

  it('does not send a blank question', async () => {
    const fetchMock = stubFetch({})
    const user = userEvent.setup()
    mount()
    await user.type(screen.getByRole('textbox', { name: 'Your question' }), '   {Enter}')
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled()
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('asks for the section a shared /chat#anchor address names', async () => {
    const fetchMock = stubFetch({ 'POST /api/chat': () => json(PLAYROOM) })
    mount('/chat#how-the-playroom-unlocks')
    await screen.findByLabelText('Help answer')
    expect(JSON.parse(String(callsTo(fetchMock, 'POST /api/chat')[0]?.body))).toEqual({
      question: 'how the playroom unlocks',
    })
  })
})
