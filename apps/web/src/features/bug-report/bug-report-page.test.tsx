import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { callsTo, configureApiClientForEachTest, json, stubFetch } from '../../test/fetch-stub'
import { renderRoutes, signedIn } from '../../test-utils'
import { BugReportPage, DESCRIPTION_HINT, THANK_YOU } from './bug-report-page'

const EXAMPLE_ID = '22222222-2222-4222-8222-222222222222'
const REPORT_ID = '33333333-3333-4333-8333-333333333333'
const EXAMPLE = {
  exampleId: EXAMPLE_ID,
  idiomId: '11111111-1111-4111-8111-111111111111',
  text: 'Con este laburo estoy al horno.',
  conjugatedSnippet: 'estoy al horno',
  translation: 'With this job I am in trouble.',
  source: '',
  audio: null,
  isNew: false,
  idiom: { text: 'Estar al horno', translation: 'To be in trouble', tone: 'Casual', usage: 8 },
}

const TYPES = [
  "Can't log in",
  'App is slow or unresponsive',
  'Page layout is broken',
  'Mistake in exercise feedback',
  'Translation is incorrect',
  'Transcription is incorrect',
  "Audio doesn't match example transcript",
  'Audio is distored/too loud/too soft',
  'Audio does not play',
  'Other (describe below)',
]

configureApiClientForEachTest({ token: 't' })

const mount = (path = '/app/bugreport') =>
  renderRoutes(
    [
      { path: '/app/bugreport', element: <BugReportPage /> },
      { path: '/app/bugreport/:exampleID', element: <BugReportPage /> },
    ],
    path,
    { auth: signedIn() },
  )

describe('BugReportPage', { timeout: 20_000 }, () => {
  it('offers the ten problem types verbatim and says not to include private information', async () => {
    stubFetch({})
    const user = userEvent.setup()
    mount()
    expect(screen.getByText(DESCRIPTION_HINT)).toBeInTheDocument()
    expect(DESCRIPTION_HINT).toMatch(/not include an e-mail address or private information/)
    await user.click(screen.getByRole('combobox', { name: /Problem type/ }))
    const options = await screen.findAllByRole('option', { hidden: true })
    expect(options.map((o) => o.textContent)).toEqual(TYPES)
  })

  it("refuses a title over the contract's 200 characters under the field, sending nothing", async () => {
    const fetchMock = stubFetch({})
    const user = userEvent.setup()
    mount()
    const title = screen.getByRole('textbox', { name: /Title/ })
    await user.click(title)
    await user.paste('x'.repeat(201))
    await user.type(screen.getByRole('textbox', { name: /Description/ }), 'The audio stops halfway')
    await user.click(screen.getByRole('combobox', { name: /Problem type/ }))
    await user.click(
      await screen.findByRole('option', { name: 'Audio does not play', hidden: true }),
    )
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    expect(title).toHaveAccessibleDescription(
      expect.stringContaining('Too big: expected string to have <=200 characters'),
    )
    expect(callsTo(fetchMock, 'POST /api/admin/reportbug')).toHaveLength(0)
  })

  it('keeps Submit disabled until title, description and problem type are all non-blank', async () => {
    stubFetch({})
    const user = userEvent.setup()
    mount()
    const submit = screen.getByRole('button', { name: 'Submit' })
    expect(submit).toBeDisabled()
    await user.type(screen.getByRole('textbox', { name: /Title/ }), '   ')
    await user.type(screen.getByRole('textbox', { name: /Description/ }), 'The audio stops halfway')
    await user.click(screen.getByRole('combobox', { name: /Problem type/ }))
    await user.click(
      await screen.findByRole('option', { name: 'Audio does not play', hidden: true }),
    )
    expect(submit).toBeDisabled() // the title is only spaces
    await user.type(screen.getByRole('textbox', { name: /Title/ }), 'Audio stops')
    expect(submit).toBeEnabled()
    await user.clear(screen.getByRole('textbox', { name: /Description/ }))
    await user.type(screen.getByRole('textbox', { name: /Description/ }), '  ')
    expect(submit).toBeDisabled()
  })

  it('attaches the example, sends the report and confirms with the GitHub link', async () => {
    let release: () => void = () => {}
    const fetchMock = stubFetch({
      [`GET /api/example/${EXAMPLE_ID}`]: () => json(EXAMPLE),
      'POST /api/admin/reportbug': async () => {
        await new Promise<void>((r) => (release = r))
        return json({ id: REPORT_ID, url: 'https://github.com/che/idioms/issues/7' })
      },
    })
    const user = userEvent.setup()
    mount(`/app/bugreport/${EXAMPLE_ID}`)
    const attached = await screen.findByRole('region', { name: 'Attached example' })
    expect(await within(attached).findByText('Con este laburo estoy al horno.')).toBeInTheDocument()
    expect(within(attached).getByText('Estar al horno')).toBeInTheDocument()

    await user.type(screen.getByRole('textbox', { name: /Title/ }), ' Wrong feedback ')
    await user.type(
      screen.getByRole('textbox', { name: /Description/ }),
      'It said my accent was wrong.',
    )
    await user.click(screen.getByRole('combobox', { name: /Problem type/ }))
    await user.click(
      await screen.findByRole('option', { name: 'Mistake in exercise feedback', hidden: true }),
    )
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    await waitFor(() => expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled())
    release()

    expect(await screen.findByText(THANK_YOU)).toBeInTheDocument()
    expect(THANK_YOU).toBe('Thank you — your report was sent.')
    expect(screen.getByRole('link', { name: 'GitHub' })).toHaveAttribute(
      'href',
      'https://github.com/che/idioms/issues/7',
    )
    const [init] = callsTo(fetchMock, 'POST /api/admin/reportbug')
    expect(JSON.parse(String(init?.body))).toEqual({
      title: 'Wrong feedback',
      body: 'It said my accent was wrong.',
      labels: ['Mistake in exercise feedback'],
      exampleId: EXAMPLE_ID,
    })

    await user.click(screen.getByRole('button', { name: 'Send another report' }))
    expect(screen.getByRole('textbox', { name: /Title/ })).toHaveValue('')
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled()
  })

  it('shows the server error above Submit and keeps what was typed', async () => {
    stubFetch({
      'POST /api/admin/reportbug': () =>
        json({ code: 'RATE_LIMITED', message: 'Too many requests; try again in 42 s' }, 429),
    })
    const user = userEvent.setup()
    mount()
    await user.type(screen.getByRole('textbox', { name: /Title/ }), 'Slow')
    await user.type(screen.getByRole('textbox', { name: /Description/ }), 'Pages take ages')
    await user.click(screen.getByRole('combobox', { name: /Problem type/ }))
    await user.click(
      await screen.findByRole('option', { name: 'App is slow or unresponsive', hidden: true }),
    )
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Too many requests; try again in 42 s')
    const submit = screen.getByRole('button', { name: 'Submit' })
    // Above Submit: the alert comes before the button in document order.
    expect(alert.compareDocumentPosition(submit) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(screen.getByRole('textbox', { name: /Title/ })).toHaveValue('Slow')
    expect(submit).toBeEnabled()
  })

  it('lists the fields of a VALIDATION_FAILED answer', async () => {
    stubFetch({
      'POST /api/admin/reportbug': () =>
        json(
          {
            code: 'VALIDATION_FAILED',
            message: 'Some fields are not valid',
            details: [{ field: 'title', message: 'String must contain at most 200 character(s)' }],
          },
          400,
        ),
    })
    const user = userEvent.setup()
    mount()
    await user.type(screen.getByRole('textbox', { name: /Title/ }), 'T')
    await user.type(screen.getByRole('textbox', { name: /Description/ }), 'D')
    await user.click(screen.getByRole('combobox', { name: /Problem type/ }))
    await user.click(
      await screen.findByRole('option', { name: 'Other (describe below)', hidden: true }),
    )
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Some fields are not valid (title: String must contain at most 200 character(s))',
    )
  })
})
