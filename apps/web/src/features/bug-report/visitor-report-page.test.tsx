import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { callsTo, configureApiClientForEachTest, json, stubFetch } from '../../test/fetch-stub'
import { makeAuth, renderRoutes, signedIn } from '../../test-utils'
import { DESCRIPTION_HINT, THANK_YOU } from './texts'
import { VisitorReportPage } from './visitor-report-page'

const REPORT_ID = '33333333-3333-4333-8333-333333333333'
const ROUTE = 'POST /api/bug-reports/public'

configureApiClientForEachTest({ token: undefined })

const mount = (path = '/report-a-problem', auth = makeAuth()) =>
  renderRoutes(
    [
      { path: '/report-a-problem', element: <VisitorReportPage /> },
      { path: '/', element: <p>Start page</p> },
    ],
    path,
    { auth },
  )

const titleBox = () => screen.getByRole('textbox', { name: /Title/ })
const descriptionBox = () => screen.getByRole('textbox', { name: /Description/ })
const emailBox = () => screen.getByRole('textbox', { name: /Your e-mail address/ })

async function choose(user: ReturnType<typeof userEvent.setup>, type: string) {
  await user.click(screen.getByRole('combobox', { name: /Problem type/ }))
  await user.click(await screen.findByRole('option', { name: type, hidden: true }))
}

describe('VisitorReportPage', { timeout: 20_000 }, () => {
  it('offers the problem types a visitor can meet, verbatim, and keeps Submit disabled until the required fields are filled', async () => {
    stubFetch({})
    const user = userEvent.setup()
    mount()
    expect(screen.getByRole('heading', { name: 'Report a problem' })).toBeInTheDocument()
    expect(screen.getByText(new RegExp(DESCRIPTION_HINT))).toBeInTheDocument()
    const submit = screen.getByRole('button', { name: 'Submit' })
    expect(submit).toBeDisabled()
    await user.click(screen.getByRole('combobox', { name: /Problem type/ }))
    const options = await screen.findAllByRole('option', { hidden: true })
    expect(options.map((o) => o.textContent)).toEqual([
      "Can't log in",
      'App is slow or unresponsive',
      'Page layout is broken',
      'Other (describe below)',
    ])
    await user.click(options[0]!)
    await user.type(titleBox(), '   ')
    await user.type(descriptionBox(), 'The sign-in page spins forever')
    expect(submit).toBeDisabled()
    await user.type(titleBox(), 'Stuck')
    expect(submit).toBeEnabled()
  })

  it('preselects "Can\'t log in" when opened from a sign-in failure', async () => {
    stubFetch({})
    mount('/report-a-problem?problem=sign-in')
    expect(screen.getByRole('combobox', { name: /Problem type/ })).toHaveValue("Can't log in")
  })

  it('shows what is wrong with the contact address and sends nothing until it is fixed', async () => {
    const fetchMock = stubFetch({ [ROUTE]: () => json({ id: REPORT_ID, url: null }) })
    const user = userEvent.setup()
    mount()
    await choose(user, 'Page layout is broken')
    await user.type(titleBox(), 'Buttons overlap')
    await user.type(descriptionBox(), 'On my phone the buttons overlap.')
    await user.type(emailBox(), 'not an address')
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    expect(
      await screen.findByText('Enter a valid e-mail address, or leave the field empty'),
    ).toBeInTheDocument()
    expect(emailBox()).toHaveAttribute('aria-invalid', 'true')
    expect(callsTo(fetchMock, ROUTE)).toHaveLength(0)

    await user.clear(emailBox())
    await user.type(emailBox(), 'ana@example.org')
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    expect(await screen.findByText(THANK_YOU)).toBeInTheDocument()
    expect(callsTo(fetchMock, ROUTE)).toHaveLength(1)
  })

  it("refuses a title over the contract's 200 characters with its message, sending nothing", async () => {
    const fetchMock = stubFetch({ [ROUTE]: () => json({ id: REPORT_ID, url: null }) })
    const user = userEvent.setup()
    mount()
    await choose(user, 'Page layout is broken')
    await user.click(titleBox())
    await user.paste('x'.repeat(201))
    await user.type(descriptionBox(), 'On my phone the buttons overlap.')
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    expect(titleBox()).toHaveAccessibleDescription(
      expect.stringContaining('Keep the title under 200 characters'),
    )
    expect(callsTo(fetchMock, ROUTE)).toHaveLength(0)
  })

  it('sends the trimmed report, then confirms with the contact address and a way back', async () => {
    let release: () => void = () => {}
    const fetchMock = stubFetch({
      [ROUTE]: async () => {
        await new Promise<void>((r) => (release = r))
        return json({ id: REPORT_ID, url: null })
      },
    })
    const user = userEvent.setup()
    mount('/report-a-problem?problem=sign-in')
    await user.type(titleBox(), ' Password refused ')
    await user.type(descriptionBox(), ' It says the password is wrong. ')
    await user.type(emailBox(), ' ana@example.org ')
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    await waitFor(() => expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled())
    release()

    expect(await screen.findByText(THANK_YOU)).toHaveFocus()
    expect(screen.getByText(/may write to ana@example\.org/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to the start page' })).toHaveAttribute(
      'href',
      '/',
    )
    const [init] = callsTo(fetchMock, ROUTE)
    expect(new Headers(init?.headers).get('Authorization')).toBeNull()
    expect(JSON.parse(String(init?.body))).toEqual({
      problemType: "Can't log in",
      title: 'Password refused',
      description: 'It says the password is wrong.',
      contactEmail: 'ana@example.org',
    })

    await user.click(screen.getByRole('button', { name: 'Send another report' }))
    expect(titleBox()).toHaveValue('')
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled()
  })

  it('shows the server refusal above Submit and keeps what was typed', async () => {
    stubFetch({
      [ROUTE]: () =>
        json(
          {
            code: 'RATE_LIMITED',
            message: 'Several problem reports were sent just now; try again in 10 min',
          },
          429,
        ),
    })
    const user = userEvent.setup()
    mount()
    await choose(user, 'App is slow or unresponsive')
    await user.type(titleBox(), 'Slow')
    await user.type(descriptionBox(), 'Pages take ages')
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('try again in 10 min')
    const submit = screen.getByRole('button', { name: 'Submit' })
    expect(alert.compareDocumentPosition(submit) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(titleBox()).toHaveValue('Slow')
    expect(submit).toBeEnabled()
    expect(screen.queryByText(THANK_YOU)).toBeNull()
  })

  it('points a signed-in user at Report Bugs', async () => {
    stubFetch({})
    mount('/report-a-problem', signedIn())
    expect(screen.getByRole('link', { name: 'Report Bugs' })).toHaveAttribute(
      'href',
      '/app/bugreport',
    )
  })
})
