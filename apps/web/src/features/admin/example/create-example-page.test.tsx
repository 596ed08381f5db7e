import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { makeProfile, renderRoutes, signedIn } from '../../../test-utils'
import {
  callsTo,
  configureApiClientForEachTest,
  IDIOM_ID,
  json,
  stubFetch,
} from '../test/fetch-stub'
import { CreateExamplePage } from './create-example-page'

configureApiClientForEachTest({ token: 't' })

const summary = {
  idiomId: IDIOM_ID,
  text: 'Estar al horno',
  translation: 'To be in trouble',
  tone: 'Casual',
  usage: 8,
  source: '',
  createdAt: '2024-05-01T12:00:00.000Z',
  exampleCount: 0,
}

const mount = () =>
  renderRoutes(
    [{ path: '/admin/example/:idiomId', element: <CreateExamplePage /> }],
    `/admin/example/${IDIOM_ID}`,
    { auth: signedIn(), profile: makeProfile({ role: 'admin' }) },
  )

describe('CreateExamplePage', { timeout: 30_000 }, () => {
  it('requires text and snippet with the messages the server gives for them', async () => {
    const user = userEvent.setup()
    const fetchMock = stubFetch({ 'GET /api/idioms': () => json([summary]) })
    mount()
    await user.click(await screen.findByRole('button', { name: 'Create example' }))
    expect(screen.getByRole('textbox', { name: /^Text/ })).toHaveAccessibleDescription(
      expect.stringContaining('Text is required'),
    )
    expect(screen.getByRole('textbox', { name: /Conjugated snippet/ })).toHaveAccessibleDescription(
      expect.stringContaining('Conjugated snippet is required'),
    )
    expect(callsTo(fetchMock, 'POST /api/admin/idiom-examples')).toHaveLength(0)
  })

  it("refuses a snippet over the contract's 300 characters, under the field, and sends nothing", async () => {
    const user = userEvent.setup()
    const fetchMock = stubFetch({ 'GET /api/idioms': () => json([summary]) })
    mount()
    const snippet = await screen.findByRole('textbox', { name: /Conjugated snippet/ })
    const long = 'al horno '.repeat(34) // 306 characters, in the text too
    await user.click(screen.getByRole('textbox', { name: /^Text/ }))
    await user.paste(`Estoy ${long}`)
    await user.click(snippet)
    await user.paste(long)
    await user.click(screen.getByRole('button', { name: 'Create example' }))
    expect(snippet).toBeInvalid()
    expect(snippet).toHaveAccessibleDescription(
      expect.stringContaining('Too big: expected string to have <=300 characters'),
    )
    expect(callsTo(fetchMock, 'POST /api/admin/idiom-examples')).toHaveLength(0)
  })

  it('sends the trimmed fields and shows what the server refused under its field', async () => {
    const user = userEvent.setup()
    const fetchMock = stubFetch({
      'GET /api/idioms': () => json([summary]),
      'POST /api/admin/idiom-examples': () =>
        json(
          {
            code: 'VALIDATION_FAILED',
            message: 'Some fields are not valid',
            details: [{ field: 'source', message: 'Unknown source' }],
          },
          400,
        ),
    })
    mount()
    await user.type(await screen.findByRole('textbox', { name: /^Text/ }), ' Estoy al horno ')
    await user.type(screen.getByRole('textbox', { name: /Conjugated snippet/ }), 'al horno')
    await user.type(screen.getByRole('textbox', { name: /Source/ }), 'Radio')
    await user.click(screen.getByRole('button', { name: 'Create example' }))
    expect(await screen.findByText('Unknown source')).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: /Source/ })).toBeInvalid()
    const [init] = callsTo(fetchMock, 'POST /api/admin/idiom-examples')
    expect(JSON.parse(String(init?.body))).toEqual({
      idiomId: IDIOM_ID,
      text: 'Estoy al horno',
      conjugatedSnippet: 'al horno',
      translation: '',
      source: 'Radio',
    })
  })
})
