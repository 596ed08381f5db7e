import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { mockFetchForEachTest } from '../../../test/fetch-stub'
import {
  EXAMPLE_ID,
  json,
  makeExample,
  makeNextExercise,
  makePayload,
} from '../../../test/fixtures'
import { makeProfile, renderRoutes, signedIn } from '../../../test-utils'
import { GRADED_OFFLINE } from '../components/results-phase'
import { ExercisePage } from '../exercise-page'
import { listAnswers, listKept } from './offline-practice'

/**
 * The connection drops while the learner is typing (decision 032): the sentence on screen stays
 * with what was typed, the answer is graded on the device and queued, and when the connection
 * returns it is sent once, and the learner is told where it stands at each step.
 */

const fetchMock = mockFetchForEachTest({ token: 't' })
const USER = makeProfile()
const SECOND_ID = '33333333-3333-4333-8333-333333333333'
let onLine = true

function setOnline(value: boolean) {
  onLine = value
  act(() => {
    window.dispatchEvent(new Event(value ? 'online' : 'offline'))
  })
}

beforeEach(() => {
  onLine = true
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => onLine })
  sessionStorage.clear()
})
afterEach(() => {
  Reflect.deleteProperty(navigator, 'onLine')
})

const reference = (e = makeExample()) => ({
  text: e.text,
  conjugatedSnippet: e.conjugatedSnippet,
  translation: e.translation,
  idiom: { text: e.idiom.text, translation: e.idiom.translation },
})

function serve(next: ReturnType<typeof makeNextExercise>) {
  const evaluated: Record<string, unknown>[] = []
  fetchMock.mockImplementation(async (input, init) => {
    if (!onLine) throw new TypeError('Failed to fetch')
    const url = String(input)
    if (url.startsWith('/api/exercises/next')) return json(next)
    if (url.startsWith('/api/exercises/offline'))
      return json({
        now: new Date().toISOString(),
        exercises: [
          {
            example: makeExample({ isNew: false }),
            dueDate: new Date(Date.now() - 3_600_000).toISOString(),
            reference: reference(),
          },
        ],
      })
    if (url === '/api/exercises/evaluate') {
      const body = JSON.parse(String(init?.body)) as Record<string, unknown>
      evaluated.push(body)
      return json({
        ...makePayload(new Date(Date.now() + 86_400_000).toISOString()),
        exampleId: body.exampleId,
      })
    }
    return json({}, 404)
  })
  return evaluated
}

function mount() {
  return renderRoutes(
    [
      { path: '/app/exercise', element: <ExercisePage /> },
      { path: '/app/dashboard', element: <p>The dashboard</p> },
    ],
    '/app/exercise',
    { auth: signedIn(), profile: USER },
  )
}

// The first answer graded here loads the evaluator's lexicon (its own chunk): seconds in jsdom.
describe('losing the connection in the middle of an exercise', { timeout: 30_000 }, () => {
  it('keeps the sentence and the typed answer, grades it here, and syncs it once when back online', async () => {
    const user = userEvent.setup()
    const evaluated = serve(makeNextExercise({ isNew: false }))
    mount()
    await user.click(await screen.findByRole('button', { name: 'Continue' }))
    // The page kept the learner's due sentences while online.
    await waitFor(async () => expect(await listKept(USER.id)).toHaveLength(1))
    const spanish = screen.getByLabelText('What you heard (Spanish)')
    await user.type(spanish, 'Ayer me tomé el palo porque la fiesta era un embole.')

    setOnline(false)
    // Still the same sentence, with what was typed, and the focus where it was.
    expect(screen.getByLabelText('What you heard (Spanish)')).toHaveValue(
      'Ayer me tomé el palo porque la fiesta era un embole.',
    )
    expect(screen.getByLabelText('What you heard (Spanish)')).toHaveFocus()
    await user.type(
      screen.getByLabelText('English translation'),
      'Yesterday I left because the party was a bore.',
    )
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    expect(await screen.findByTestId('graded-offline', {}, { timeout: 15_000 })).toHaveTextContent(
      GRADED_OFFLINE,
    )
    expect(screen.getByTestId('grades')).toHaveTextContent('Perfect')
    expect(evaluated).toHaveLength(0)
    expect(await screen.findByTestId('offline-sync-status')).toHaveTextContent(
      '1 answer saved on this device. They sync by themselves when the connection comes back.',
    )
    expect(screen.getByTestId('offline-answer')).toHaveTextContent('tomarse el palo')
    expect(screen.getByTestId('offline-answer')).toHaveAttribute('data-status', 'pending')

    setOnline(true)
    await waitFor(() =>
      expect(screen.getByTestId('offline-sync-status')).toHaveTextContent(
        'All done: 1 answer given offline reached your calendar.',
      ),
    )
    expect(screen.getByTestId('offline-answer')).toHaveAttribute('data-status', 'synced')
    const [queued] = await listAnswers(USER.id)
    expect(evaluated).toEqual([
      expect.objectContaining({
        exampleId: EXAMPLE_ID,
        attemptId: queued!.attemptId,
        answeredAt: queued!.answeredAt,
      }),
    ])
    // Another drop and return sends nothing again.
    setOnline(false)
    setOnline(true)
    await waitFor(async () => expect(await listKept(USER.id)).toHaveLength(1))
    await new Promise((r) => setTimeout(r, 50))
    expect(evaluated).toHaveLength(1)
  })

  it('grades a sentence the device did not keep (a new one) from the page, and queues it', async () => {
    const user = userEvent.setup()
    const evaluated = serve(
      makeNextExercise({
        exampleId: SECOND_ID,
        text: 'No le des bola, che.',
        conjugatedSnippet: 'le des bola',
        translation: 'Don’t pay attention to him, mate.',
        idiom: { text: 'dar bola', translation: 'to pay attention', tone: 'Casual', usage: 9 },
      }),
    )
    mount()
    await user.click(await screen.findByRole('button', { name: 'Continue' }))
    await waitFor(async () => expect(await listKept(USER.id)).toHaveLength(1))
    await user.type(screen.getByLabelText('What you heard (Spanish)'), 'No le des bola, che.')
    // The request cannot get out although the browser still thinks it is online.
    onLine = false
    await user.type(screen.getByLabelText('English translation'), 'Ignore him, mate.')
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    expect(await screen.findByTestId('graded-offline', {}, { timeout: 15_000 })).toBeInTheDocument()
    const answers = await listAnswers(USER.id)
    expect(answers.find((a) => a.exampleId === SECOND_ID)).toMatchObject({
      status: 'pending',
      idiomText: 'dar bola',
      userTranscription: 'No le des bola, che.',
    })
    expect(evaluated.filter((b) => b.exampleId === SECOND_ID)).toHaveLength(0)
  })
})
