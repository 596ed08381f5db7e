import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { TONE_DESCRIPTIONS, TONES, type IdiomFields } from '@che/core'
import { describe, expect, it, vi } from 'vitest'
import { renderRoutes, renderWithProviders } from '../../../test-utils'
import {
  callsTo,
  configureApiClientForEachTest,
  IDIOM_ID,
  json,
  makeIdiom,
  stubFetch,
} from '../test/fetch-stub'
import { IdiomForm } from './idiom-form'
import { CreateIdiomPage } from './idiom-page'

const tones = TONES.map((tone) => ({ tone, description: TONE_DESCRIPTIONS[tone] }))

configureApiClientForEachTest({ token: null })

function renderCreatePage() {
  return renderRoutes(
    [
      { path: '/admin/idiom', element: <CreateIdiomPage /> },
      { path: '/admin/example/:idiomId', element: <p>Example screen</p> },
    ],
    '/admin/idiom',
  )
}

/** The form on "estar en bolas" (two senses, decision 067) with `lists`; its onSubmit mock. */
function renderBolas(lists: Partial<IdiomFields>) {
  stubFetch({ 'GET /api/idioms/tones': () => json(tones) })
  const onSubmit = vi.fn()
  renderWithProviders(
    <IdiomForm
      initial={{
        text: 'Estar en bolas',
        translation: 'to be clueless; to be stark naked',
        tone: 'Street',
        usage: 7,
        source: '',
        meanings: [],
        literals: [],
        ...lists,
      }}
      onSubmit={onSubmit}
    />,
  )
  return onSubmit
}

describe('IdiomForm', { timeout: 20_000 }, () => {
  it('starts with tone Casual (with its description) and usage 8', async () => {
    stubFetch({ 'GET /api/idioms/tones': () => json(tones) })
    renderWithProviders(<IdiomForm onSubmit={() => {}} />)
    expect(screen.getByRole('textbox', { name: /Text/ })).toHaveValue('')
    expect(screen.getByRole('textbox', { name: /Translation/ })).toHaveValue('')
    const tone = screen.getByRole('combobox', { name: /Tone/ })
    expect(tone).toHaveValue('Casual')
    expect(tone).toHaveAccessibleDescription(TONE_DESCRIPTIONS.Casual)
    const usage = screen.getByRole('slider', { name: 'Usage' })
    expect(usage).toHaveAttribute('aria-valuenow', '8')
    expect(usage).toHaveAttribute('aria-valuemin', '1')
    expect(usage).toHaveAttribute('aria-valuemax', '10')
    expect(screen.getByText(/10 = super common/)).toBeInTheDocument()
  })

  it('requires text and translation before submitting', async () => {
    const user = userEvent.setup()
    stubFetch({ 'GET /api/idioms/tones': () => json(tones) })
    const onSubmit = vi.fn()
    renderWithProviders(<IdiomForm onSubmit={onSubmit} />)
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(screen.getByText('Text is required')).toBeInTheDocument()
    expect(screen.getByText('Translation is required')).toBeInTheDocument()
    expect(onSubmit).not.toHaveBeenCalled()

    await user.type(screen.getByRole('textbox', { name: /Text/ }), '  Ni a palos ')
    await user.type(screen.getByRole('textbox', { name: /Translation/ }), 'No way')
    screen.getByRole('slider', { name: 'Usage' }).focus()
    await user.keyboard('{ArrowRight}')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(onSubmit).toHaveBeenCalledWith({
      text: 'Ni a palos',
      translation: 'No way',
      tone: 'Casual',
      usage: 9,
      source: '',
      meanings: [],
      literals: [],
    })
  })

  it('sends the meanings and literal readings one per line, blanks and repeats dropped', async () => {
    const user = userEvent.setup()
    stubFetch({ 'GET /api/idioms/tones': () => json(tones) })
    const onSubmit = vi.fn()
    renderWithProviders(
      <IdiomForm
        initial={{
          text: 'Tirar la toalla',
          translation: 'to give up',
          tone: 'Casual',
          usage: 8,
          source: '',
          meanings: ['give up'],
          literals: [],
        }}
        onSubmit={onSubmit}
      />,
    )
    const meanings = screen.getByRole('textbox', { name: /Meanings in English/ })
    expect(meanings).toHaveValue('give up')
    await user.type(meanings, '{Enter}throw in the towel{Enter}{Enter} give up ')
    await user.type(
      screen.getByRole('textbox', { name: /Literal readings/ }),
      'throw the towel{Enter}toss the towel',
    )
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({
        meanings: ['give up', 'throw in the towel'],
        literals: ['throw the towel', 'toss the towel'],
      }),
    )
    // About 80 keys typed into two autosize textareas, each key re-rendering and re-measuring the
    // form: 3-4 s alone, past 20 s at load 12-20 on the shared 2-core machine (measured).
  }, 40_000)

  it('adds a second sense (the meanings so far become the first) and sends each sense’s phrases', async () => {
    const user = userEvent.setup()
    const onSubmit = renderBolas({ meanings: ['be clueless', 'have no idea'] })
    expect(screen.queryByRole('textbox', { name: /Sense 1/ })).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Add a second sense' }))
    const meanings = screen.getByRole('textbox', { name: /Meanings in English/ })
    expect(meanings).toHaveValue('')
    expect(screen.getByRole('textbox', { name: /Sense 1/ })).toHaveValue(
      'be clueless\nhave no idea',
    )
    const second = screen.getByRole('textbox', { name: /Sense 2/ })
    // The cursor goes to the new sense.
    expect(second).toHaveFocus()
    await user.paste('be stark naked\nbe in the buff\n')
    await user.click(meanings)
    await user.paste('be in a state')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({
        meanings: ['be in a state'],
        senses: [
          ['be clueless', 'have no idea'],
          ['be stark naked', 'be in the buff'],
        ],
      }),
    )
  })

  // The message stood under Sense 1 whichever sense it was about.
  it('refuses a phrase in two lists at the sense that repeats it; removing a sense leaves one, whose phrases join the meanings', async () => {
    const user = userEvent.setup()
    const onSubmit = renderBolas({ senses: [['be clueless'], ['be stark naked']] })
    const first = screen.getByRole('textbox', { name: /Sense 1/ })
    const second = screen.getByRole('textbox', { name: /Sense 2/ })
    expect(first).toHaveAccessibleDescription(expect.stringContaining('the first naming the sense'))
    await user.click(second)
    await user.paste('\nBe Clueless')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(second).toBeInvalid()
    expect(second).toHaveAccessibleDescription(
      '"Be Clueless" stands in two lists: keep each phrase in one',
    )
    expect(first).toBeValid()
    expect(first).not.toHaveAccessibleDescription(expect.stringContaining('two lists'))
    expect(onSubmit).not.toHaveBeenCalled()

    await user.click(screen.getByRole('button', { name: 'Remove sense 2' }))
    expect(screen.queryByRole('textbox', { name: /Sense \d/ })).toBeNull()
    expect(screen.getByRole('textbox', { name: /Meanings in English/ })).toHaveValue('be clueless')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ meanings: ['be clueless'] }))
    // One sense again: no senses field, as for any idiom of one sense.
    expect(onSubmit.mock.calls[0]![0]).not.toHaveProperty('senses')
  })

  it('asks for a phrase at an empty Sense 2, not under Sense 1, and sends once it has one', async () => {
    const user = userEvent.setup()
    const onSubmit = renderBolas({ meanings: ['be clueless'] })
    const sense = (n: number) => screen.getByRole('textbox', { name: new RegExp(`Sense ${n}`) })
    await user.click(screen.getByRole('button', { name: 'Add a second sense' }))
    await user.click(screen.getByRole('button', { name: 'Save' }))
    // Was: "An idiom with senses has two or more…" under Sense 1.
    expect(sense(2)).toHaveAccessibleDescription('Each sense needs at least one phrase')
    expect(sense(1)).toBeValid()

    await user.click(screen.getByRole('button', { name: 'Add a sense' }))
    const [first, second, third] = [1, 2, 3].map(sense)
    await user.click(third!)
    await user.paste('be stark naked')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(second).toBeInvalid()
    expect(second).toHaveAccessibleDescription('Each sense needs at least one phrase')
    expect(first).toBeValid()
    expect(third).toBeValid()
    expect(onSubmit).not.toHaveBeenCalled()

    await user.click(second!)
    await user.paste('be out of it')
    expect(second).toBeValid()
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({
        meanings: [],
        senses: [['be clueless'], ['be out of it'], ['be stark naked']],
      }),
    )
  })

  it('shows a phrase too long for the contract at its sense, and a phrase the meanings hold twice under the meanings', async () => {
    const user = userEvent.setup()
    const onSubmit = renderBolas({
      meanings: ['be in a state', 'Be in a State'],
      senses: [['be clueless'], ['be stark naked']],
    })
    const meanings = screen.getByRole('textbox', { name: /Meanings in English/ })
    const [first, second] = [1, 2].map((n) =>
      screen.getByRole('textbox', { name: new RegExp(`Sense ${n}`) }),
    )
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(meanings).toHaveAccessibleDescription(
      expect.stringContaining('"Be in a State" stands in two lists: keep each phrase in one'),
    )
    expect(first).toBeValid()
    expect(second).toBeValid()

    await user.clear(meanings)
    await user.click(second!)
    await user.paste(`\n${'b'.repeat(201)}`)
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(second).toBeInvalid()
    expect(second).toHaveAccessibleDescription('Too big: expected string to have <=200 characters')
    expect(first).toBeValid()
    expect(meanings).toBeValid()
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it("refuses a value over the contract's limit with the server's message, under the field", async () => {
    const user = userEvent.setup()
    stubFetch({ 'GET /api/idioms/tones': () => json(tones) })
    const onSubmit = vi.fn()
    renderWithProviders(<IdiomForm onSubmit={onSubmit} />)
    const text = screen.getByRole('textbox', { name: /Text/ })
    await user.click(text)
    await user.paste('a'.repeat(301))
    await user.click(screen.getByRole('textbox', { name: /Translation/ }))
    await user.paste('ok')
    await user.click(screen.getByRole('textbox', { name: /Meanings in English/ }))
    await user.paste(`fine\n${'b'.repeat(201)}`)
    await user.click(screen.getByRole('button', { name: 'Save' }))
    // What POST /api/admin/idiom answers for the same values: IdiomFields allows 300 and 200.
    expect(text).toBeInvalid()
    expect(text).toHaveAccessibleDescription(
      expect.stringContaining('Too big: expected string to have <=300 characters'),
    )
    const meanings = screen.getByRole('textbox', { name: /Meanings in English/ })
    expect(meanings).toHaveAccessibleDescription(
      expect.stringContaining('Too big: expected string to have <=200 characters'),
    )
    expect(onSubmit).not.toHaveBeenCalled()

    await user.type(text, '{Backspace}')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    // Text is now within its limit; the meaning is not yet, so nothing is sent.
    expect(text).toBeValid()
    expect(meanings).toBeInvalid()
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('offers the five tones, each with its description', async () => {
    const user = userEvent.setup()
    stubFetch({ 'GET /api/idioms/tones': () => json(tones) })
    renderWithProviders(<IdiomForm onSubmit={() => {}} />)
    await user.click(screen.getByRole('combobox', { name: /Tone/ }))
    const listbox = await screen.findByRole('listbox', { hidden: true })
    // Mantine's dropdown transition leaves it 'hidden' to jsdom; the options are there all the same.
    const options = within(listbox).getAllByRole('option', { hidden: true })
    expect(options.map((o) => within(o).getByText(/^[A-Z][a-z]+$/).textContent)).toEqual([...TONES])
    expect(within(listbox).getByText(TONE_DESCRIPTIONS.Street)).toBeInTheDocument()
    await user.click(within(listbox).getByText('Street'))
    expect(screen.getByRole('combobox', { name: /Tone/ })).toHaveValue('Street')
  })
})

describe('CreateIdiomPage', { timeout: 20_000 }, () => {
  it("saves, asks 'Idiom saved. Add an example?' and goes to /admin/example/{idiomId} on confirm", async () => {
    const user = userEvent.setup()
    const fetchMock = stubFetch({
      'GET /api/idioms/tones': () => json(tones),
      'POST /api/admin/idiom': (_url, init) =>
        json(makeIdiom(JSON.parse(String(init?.body)) as Record<string, unknown>)),
    })
    const { router } = renderCreatePage()
    await user.type(screen.getByRole('textbox', { name: /Text/ }), 'Estar al horno')
    await user.type(screen.getByRole('textbox', { name: /Translation/ }), 'To be in trouble')
    await user.click(screen.getByRole('button', { name: 'Create idiom' }))

    const dialog = await screen.findByRole('dialog', { name: 'Idiom saved. Add an example?' })
    expect(JSON.parse(String(callsTo(fetchMock, 'POST /api/admin/idiom')[0]?.body))).toEqual({
      text: 'Estar al horno',
      translation: 'To be in trouble',
      tone: 'Casual',
      usage: 8,
      source: '',
      meanings: [],
      literals: [],
    })
    await user.click(within(dialog).getByRole('button', { name: 'Add example' }))
    await waitFor(() => expect(router.state.location.pathname).toBe(`/admin/example/${IDIOM_ID}`))
    expect(screen.getByText('Example screen')).toBeInTheDocument()
  })

  it('stays on a fresh form when the admin declines', async () => {
    const user = userEvent.setup()
    stubFetch({
      'GET /api/idioms/tones': () => json(tones),
      'POST /api/admin/idiom': () => json(makeIdiom()),
    })
    const { router } = renderCreatePage()
    await user.type(screen.getByRole('textbox', { name: /Text/ }), 'Estar al horno')
    await user.type(screen.getByRole('textbox', { name: /Translation/ }), 'To be in trouble')
    await user.click(screen.getByRole('button', { name: 'Create idiom' }))
    await user.click(await screen.findByRole('button', { name: 'Not now' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(router.state.location.pathname).toBe('/admin/idiom')
    expect(screen.getByRole('status')).toHaveTextContent('Idiom “Estar al horno” saved.')
    expect(screen.getByRole('textbox', { name: /Text/ })).toHaveValue('')
  })

  it("shows 'Error on save ...' with the server's message", async () => {
    const user = userEvent.setup()
    stubFetch({
      'GET /api/idioms/tones': () => json(tones),
      'POST /api/admin/idiom': () =>
        json({ code: 'CONFLICT', message: 'This idiom already exists' }, 409),
    })
    renderCreatePage()
    await user.type(screen.getByRole('textbox', { name: /Text/ }), 'Estar al horno')
    await user.type(screen.getByRole('textbox', { name: /Translation/ }), 'To be in trouble')
    await user.click(screen.getByRole('button', { name: 'Create idiom' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error on save: This idiom already exists',
    )
    expect(screen.queryByRole('dialog')).toBeNull()
  })
})
