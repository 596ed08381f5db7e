import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { evaluate } from '@che/core/evaluator'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { mockFetchForEachTest } from '../../../test/fetch-stub'
import { json, makeNextExercise } from '../../../test/fixtures'
import { makeProfile, renderRoutes, signedIn } from '../../../test-utils'
import { ExercisePage } from '../exercise-page'
import { listAnswers } from './offline-practice'

/**
 * A new sentence (never kept on the device) answered after the connection dropped is graded in
 * the browser against the reference the server sent with it: its accepted translations and the
 * idiom's meanings and literal readings, what the server grades with (decision 056). An accepted
 * alternative translation is then perfect here too, as it is on the server.
 */

const fetchMock = mockFetchForEachTest({ token: 't' })
const USER = makeProfile()
const NEW_ID = '44444444-4444-4444-8444-444444444444'
let onLine = true

// From content/idioms/part-1.json ("a full").
const SENTENCE = {
  text: 'Esta semana estoy a full con el laburo, no tengo ni un minuto libre.',
  conjugatedSnippet: 'a full',
  translation: "This week I'm swamped with work, I don't have a single free minute.",
}
const REFERENCE = {
  ...SENTENCE,
  idiom: {
    text: 'a full',
    translation: 'flat out; all the way, totally',
    meanings: ['flat out', 'totally', 'all the way', 'swamped', 'super busy', 'all out'],
    literals: ['at full', 'to full', 'in full'],
  },
  alternatives: [
    "This week I'm flat out with work and don't have a minute to spare.",
    "I'm super busy with work this week, I don't have a single free minute.",
  ],
  literal: "This week I'm at full with the work, I don't have a single free minute.",
}
const ALTERNATIVE = REFERENCE.alternatives[1]!

beforeEach(() => {
  onLine = true
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => onLine })
  sessionStorage.clear()
  fetchMock.mockImplementation(async (input) => {
    if (!onLine) throw new TypeError('Failed to fetch')
    const url = String(input)
    if (url.startsWith('/api/exercises/next'))
      return json({
        ...makeNextExercise({
          exampleId: NEW_ID,
          ...SENTENCE,
          idiom: {
            text: 'a full',
            translation: REFERENCE.idiom.translation,
            tone: 'Casual',
            usage: 9,
          },
        }),
        reference: REFERENCE,
      })
    if (url.startsWith('/api/exercises/offline'))
      return json({ now: new Date().toISOString(), exercises: [] })
    return json({}, 404)
  })
})
afterEach(() => {
  Reflect.deleteProperty(navigator, 'onLine')
})

describe('a new sentence answered after the connection dropped', { timeout: 30_000 }, () => {
  it('is graded with the accepted translations the server sent, as the server grades it', async () => {
    const user = userEvent.setup()
    renderRoutes([{ path: '/app/exercise', element: <ExercisePage /> }], '/app/exercise', {
      auth: signedIn(),
      profile: USER,
    })
    await user.click(await screen.findByRole('button', { name: 'Continue' }))
    await user.type(screen.getByLabelText('What you heard (Spanish)'), SENTENCE.text)
    act(() => {
      onLine = false
      window.dispatchEvent(new Event('offline'))
    })
    await user.type(screen.getByLabelText('English translation'), ALTERNATIVE)
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    await screen.findByTestId('graded-offline', {}, { timeout: 15_000 })
    expect(screen.getByTestId('grades')).not.toHaveTextContent(/Major|Minor/)

    const answer = { userTranscription: SENTENCE.text, userTranslation: ALTERNATIVE }
    let queued: Awaited<ReturnType<typeof listAnswers>>[number] | undefined
    await waitFor(async () => {
      queued = (await listAnswers(USER.id)).find((a) => a.exampleId === NEW_ID)
      expect(queued).toBeDefined()
    })
    // What the server's evaluate() gives for this answer with this reference.
    expect(queued!.localEvaluation).toEqual(evaluate(REFERENCE, answer))
    expect(queued!.localEvaluation.translationAccuracy).toBe('perfect')
    // The page's own fields alone (before) would have graded the accepted translation wrong.
    const bare = {
      ...SENTENCE,
      idiom: { text: 'a full', translation: REFERENCE.idiom.translation },
    }
    expect(evaluate(bare, answer).translationAccuracy).not.toBe('perfect')
  })
})
