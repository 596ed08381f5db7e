import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { idiomKey } from '@che/core'
import { MemoryRouter } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '../../../test-utils'
import { callsTo, configureApiClientForEachTest, json, stubFetch } from '../test/fetch-stub'
import { buildReview, saveSummary } from './csv-review'
import { ImportPage } from './import-page'
import { ImportReview } from './import-review'

const CSV = [
  'text,translation,tone,usage',
  'Estar al horno,To be in trouble,Casual,9', // already stored (accents and case aside)
  'Tirar la chancleta,To let loose,Street,5', // new
  'Sin tone,Missing,Posh,11', // bad tone and usage
  'TIRAR LA CHANCLETA,To let loose again,Casual,6', // repeats row 2
  ',,,', // blank: skipped
  'Ni a palos,No way,,', // new, defaults
].join('\n')

const rows = [
  { text: 'Estar al horno', translation: 'To be in trouble', tone: 'Casual', usage: '9' },
  { text: 'Tirar la chancleta', translation: 'To let loose', tone: 'Street', usage: '5' },
  { text: 'Sin tone', translation: 'Missing', tone: 'Posh', usage: '11' },
  { text: 'TIRAR LA CHANCLETA', translation: 'To let loose again', tone: 'Casual', usage: '6' },
  { text: '', translation: '', tone: '', usage: '' },
  { text: 'Ni a palos', translation: 'No way', tone: '', usage: '' },
]
const existing = new Set([idiomKey('estar al hórno')])

/** Rows with meanings, senses and literals (decision 067). */
const withLists = [
  {
    text: 'Estar en bolas',
    translation: 'to be clueless; to be stark naked',
    tone: 'Street',
    usage: '7',
    meanings: 'be in a state',
    senses: 'be clueless | have no idea || be stark naked | in the buff',
    literals: 'be in balls',
  },
  {
    text: 'Tirar la toalla',
    translation: 'to give up',
    tone: 'Casual',
    usage: '9',
    meanings: 'give up | throw in the towel | give up',
  },
  // One sense alone: an error, its phrases shown all the same.
  {
    text: 'Al pedo',
    translation: 'for nothing',
    tone: 'Street',
    usage: '8',
    senses: 'in vain',
  },
  { text: 'Bondi', translation: 'bus', tone: 'Street', usage: '9' },
]

const summary = (text: string) => ({
  idiomId: '22222222-2222-4222-8222-222222222222',
  text,
  translation: 't',
  tone: 'Casual',
  usage: 8,
  source: '',
  createdAt: '2024-05-01T12:00:00.000Z',
  exampleCount: 0,
})

configureApiClientForEachTest({ token: null })

/** A phone's width: Mantine's `(max-width: 48em)` matches (jsdom matches no query). */
function onPhone() {
  const desktop = window.matchMedia
  vi.stubGlobal('matchMedia', (query: string) => ({
    ...desktop(query),
    matches: query === '(max-width: 48em)',
  }))
}

// the phrases of the two-sense row, as the review lists them when the row is opened
const bolasPhrases = [
  'Meanings: be in a state',
  'Sense 1: be clueless · have no idea',
  'Sense 2: be stark naked · in the buff',
  'Literals: be in balls',
]

describe('buildReview', () => {
  it('marks errors, duplicates within the file and idioms already stored', () => {
    const review = buildReview(rows, existing)
    expect(review.rows.map((r) => [r.row, r.status])).toEqual([
      [1, 'exists'],
      [2, 'new'],
      [3, 'error'],
      [4, 'duplicate'],
      [6, 'new'],
    ])
    expect(review.rows[2]?.errors.map((e) => e.field)).toEqual(['tone', 'usage'])
    expect(review.rows[3]?.duplicateOf).toBe(2)
    expect(review.rows[4]?.idiom).toEqual({
      text: 'Ni a palos',
      translation: 'No way',
      tone: 'Casual',
      usage: 8,
      source: '',
      meanings: [],
      literals: [],
    })
    expect(review.counts).toEqual({ new: 2, error: 1, duplicate: 1, exists: 1 })
  })

  it("adds the server's findings for a row without repeating ours", () => {
    const review = buildReview(rows, new Set(), [
      { row: 2, field: 'text', message: 'Looks like a test row' },
      { row: 4, field: 'text', message: 'Same idiom as row 2 (ignoring accents and case)' },
      { row: 0, field: '(row)', message: 'CSV parsing error: odd quotes' },
    ])
    expect(review.rows[1]).toMatchObject({
      status: 'error',
      errors: [{ message: 'Looks like a test row' }],
    })
    expect(review.rows[3]).toMatchObject({ status: 'duplicate', errors: [] })
    expect(review.fileErrors).toHaveLength(1)
  })

  it('words the save result as spec §8 does', () => {
    expect(saveSummary({ created: 2, errors: 1, duplicates: 2 })).toEqual({
      type: 'success',
      message: 'Successfully saved 2 / errors: 1 / duplicates: 2.',
    })
    expect(saveSummary({ created: 0, errors: 3, duplicates: 0 })).toEqual({
      type: 'error',
      message: 'Failed to save idioms. 3 errors.',
    })
  })
})

describe('ImportReview', () => {
  it('shows each row with its status and error messages', () => {
    renderWithProviders(<ImportReview review={buildReview(rows, existing)} />)
    const table = screen.getByRole('table', { name: 'Parsed rows' })
    const body = within(table).getAllByRole('row').slice(1)
    expect(body.map((r) => r.getAttribute('data-status'))).toEqual([
      'exists',
      'new',
      'error',
      'duplicate',
      'new',
    ])
    expect(within(body[0]!).getByText('Already exists')).toBeInTheDocument()
    expect(within(body[3]!).getByText('Duplicate of row 2')).toBeInTheDocument()
    expect(within(body[2]!).getByText(/tone: Unknown tone "Posh"/)).toBeInTheDocument()
    expect(
      within(body[2]!).getByText(/usage: Usage must be a whole number from 1 to 10/),
    ).toBeInTheDocument()
    expect(screen.getByText(/5 rows: 2 new, 1 with errors, 2 duplicates/)).toBeInTheDocument()
  })

  // The review showed text, translation, tone and usage only: an admin confirmed a file without
  // seeing the meanings and senses it would save (decision 067's senses column among them).
  it('shows each row’s meanings, senses and literals as counts, the phrases when opened', async () => {
    const user = userEvent.setup()
    renderWithProviders(<ImportReview review={buildReview(withLists, new Set())} />)
    const table = screen.getByRole('table', { name: 'Parsed rows' })
    expect(within(table).getByRole('columnheader', { name: 'Meanings' })).toBeInTheDocument()
    const body = within(table).getAllByRole('row').slice(1)
    const bolas = within(body[0]!).getByRole('button', { name: '1 meaning · 2 senses · 1 literal' })
    expect(bolas).toHaveAttribute('aria-expanded', 'false')
    expect(within(body[0]!).queryByText(/have no idea/)).toBeNull()

    await user.click(bolas)
    expect(bolas).toHaveAttribute('aria-expanded', 'true')
    const phrases = within(body[0]!).getByRole('list', { name: 'Phrases of row 1' })
    expect(
      within(phrases)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(bolasPhrases)
    await user.click(bolas)
    expect(within(body[0]!).queryByRole('list', { name: 'Phrases of row 1' })).toBeNull()

    expect(within(body[1]!).getByRole('button', { name: '2 meanings' })).toBeInTheDocument()
    expect(body[2]).toHaveAttribute('data-status', 'error')
    await user.click(within(body[2]!).getByRole('button', { name: '1 sense' }))
    expect(within(body[2]!).getByRole('list', { name: 'Phrases of row 3' })).toHaveTextContent(
      'Sense 1: in vain',
    )
    expect(within(body[2]!).getByText(/senses: An idiom with senses has two or more/)).toBeVisible()
    expect(within(body[3]!).queryByRole('button')).toBeNull()
  })

  // On a 390 px phone the table's Status column cut "Already exists" to "ALREA…", and its hidden
  // Meanings column left a row's phrases countable but not openable: there each row is a card.
  it('shows each row as a card on a phone: status whole, values under the text, phrases openable', async () => {
    const user = userEvent.setup()
    onPhone()
    renderWithProviders(
      <ImportReview review={buildReview([...rows, ...withLists.slice(0, 2)], existing)} />,
    )
    expect(screen.queryByRole('table')).toBeNull()
    const list = screen.getByRole('list', { name: 'Parsed rows' })
    const cards = within(list).getAllByRole('listitem', { name: /^Row \d+$/ })
    expect(cards.map((c) => [c.getAttribute('aria-label'), c.getAttribute('data-status')])).toEqual(
      [
        ['Row 1', 'exists'],
        ['Row 2', 'new'],
        ['Row 3', 'error'],
        ['Row 4', 'duplicate'],
        ['Row 6', 'new'],
        ['Row 7', 'new'],
        ['Row 8', 'new'],
      ],
    )
    const [exists, , bad, duplicate, , bolas] = cards
    expect(within(exists!).getByText('Already exists')).toBeInTheDocument()
    expect(within(exists!).getByText('Estar al horno')).toBeInTheDocument()
    expect(within(exists!).getByText('To be in trouble · Casual · usage 9')).toBeInTheDocument()
    expect(within(duplicate!).getByText('Duplicate of row 2')).toBeInTheDocument()
    expect(within(bad!).getByText(/tone: Unknown tone "Posh"/)).toBeInTheDocument()
    expect(within(bad!).getByText('Missing · Posh · usage 11')).toBeInTheDocument()

    const open = within(bolas!).getByRole('button', { name: '1 meaning · 2 senses · 1 literal' })
    expect(open).toHaveAttribute('aria-expanded', 'false')
    await user.click(open)
    expect(
      within(within(bolas!).getByRole('list', { name: 'Phrases of row 7' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(bolasPhrases)
    expect(within(exists!).queryByRole('button')).toBeNull()
  })

  // On a 390 px phone the five filters side by side made the whole page scroll sideways.
  it('stacks the row filters on a phone and lays them side by side on a wide screen', () => {
    const filters = () =>
      screen.getByRole('radio', { name: 'All (5)' }).closest('[data-orientation]')
    const view = renderWithProviders(<ImportReview review={buildReview(rows, existing)} />)
    expect(filters()).toHaveAttribute('data-orientation', 'horizontal')
    view.unmount()
    onPhone()
    renderWithProviders(<ImportReview review={buildReview(rows, existing)} />)
    expect(filters()).toHaveAttribute('data-orientation', 'vertical')
  })
})

describe('ImportPage', () => {
  function setup(createResponse: () => Response) {
    return stubFetch({
      'GET /api/idioms': () => json([summary('Estar al horno')]),
      'POST /api/admin/idioms/validate': () =>
        json({
          idioms: [],
          errors: [
            {
              row: 3,
              field: 'tone',
              message:
                'Unknown tone "Posh": use one of Casual, Neutral, Street, Esoteric, Official',
            },
            { row: 4, field: 'text', message: 'Same idiom as row 2 (ignoring accents and case)' },
          ],
        }),
      'POST /api/admin/idioms': createResponse,
    })
  }

  async function chooseAndParse(user: ReturnType<typeof userEvent.setup>, file: File) {
    renderWithProviders(
      <MemoryRouter>
        <ImportPage />
      </MemoryRouter>,
    )
    await screen.findByRole('button', { name: 'Parse' })
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!
    await user.upload(input, file)
    await user.click(screen.getByRole('button', { name: 'Parse' }))
  }

  it('parses, reviews and saves, then reads the verbatim summary', async () => {
    const user = userEvent.setup()
    const fetchMock = setup(() =>
      json({
        created: [summary('Tirar la chancleta'), summary('Ni a palos')],
        idioms: [],
        errors: [
          { row: 3, field: 'tone', message: 'Unknown tone' },
          { row: 3, field: 'usage', message: 'Bad usage' },
        ],
        duplicates: [{}, {}].map(() => ({
          text: 'x',
          translation: 'y',
          tone: 'Casual',
          usage: 8,
          source: '',
        })),
      }),
    )
    await chooseAndParse(user, new File([CSV], 'idioms.csv', { type: 'text/csv' }))

    const table = await screen.findByRole('table', { name: 'Parsed rows' })
    expect(within(table).getByText('Duplicate of row 2')).toBeInTheDocument()
    expect(within(table).getByText('Already exists')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Save 2 new idioms' }))

    expect(
      await screen.findByText('Successfully saved 2 / errors: 1 / duplicates: 2.'),
    ).toBeInTheDocument()
    const sent = JSON.parse(String(callsTo(fetchMock, 'POST /api/admin/idioms')[0]?.body)) as {
      idioms: unknown[]
    }
    expect(sent.idioms).toHaveLength(5)
    await user.click(screen.getAllByRole('button', { name: 'Upload another' })[0]!)
    expect(screen.queryByRole('table', { name: 'Parsed rows' })).toBeNull()
    expect(screen.queryByText(/Successfully saved/)).toBeNull()
  })

  it("says 'Failed to save idioms to the database.' when the save fails", async () => {
    const user = userEvent.setup()
    setup(() => json({ code: 'INTERNAL', message: 'Something went wrong on our side' }, 500))
    await chooseAndParse(user, new File([CSV], 'idioms.csv', { type: 'text/csv' }))
    await user.click(await screen.findByRole('button', { name: 'Save 2 new idioms' }))
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Failed to save idioms to the database.')
    expect(alert).toHaveTextContent('Something went wrong on our side')
  })

  it('asks for a file first and refuses other file types', async () => {
    const user = userEvent.setup({ applyAccept: false })
    setup(() => json({}))
    renderWithProviders(
      <MemoryRouter>
        <ImportPage />
      </MemoryRouter>,
    )
    await user.click(await screen.findByRole('button', { name: 'Parse' }))
    expect(screen.getByRole('alert')).toHaveTextContent('Please select a CSV file first')
    await user.upload(
      document.querySelector<HTMLInputElement>('input[type="file"]')!,
      new File(['x'], 'idioms.xlsx'),
    )
    await user.click(screen.getByRole('button', { name: 'Parse' }))
    expect(screen.getByRole('alert')).toHaveTextContent('Only CSV files are supported')
  })

  it("says 'No new or valid idioms found in the CSV file' when nothing can be saved", async () => {
    const user = userEvent.setup()
    setup(() => json({}))
    await chooseAndParse(
      user,
      new File(['text,translation,tone,usage\nEstar al horno,x,Casual,8\n'], 'old.csv'),
    )
    expect(
      await screen.findByText('No new or valid idioms found in the CSV file'),
    ).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Save 0 new idioms' })).toBeDisabled()
  })

  it("shows 'CSV parsing errors: ...' when a column is missing", async () => {
    const user = userEvent.setup()
    setup(() => json({}))
    await chooseAndParse(user, new File(['text,translation\nHola,Hello\n'], 'short.csv'))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'CSV parsing errors: the header row has no tone, usage columns',
    )
  })
})
