import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { mockFetchForEachTest } from '../../test/fetch-stub'
import { makeProfile, renderRoutes, signedIn } from '../../test-utils'
import { EXAMPLE_ID, json, makeEvaluation, makeExample } from '../../test/fixtures'
import { ExerciseFlow } from '../exercise/components/exercise-flow'
import { SandboxPage } from './sandbox-page'

const fetchMock = mockFetchForEachTest({ token: 't' })

const stats = (over: Record<string, unknown> = {}) =>
  json({
    numSeen: 3,
    numPastDue: 0,
    pastDueDate: null,
    score: 50,
    nextDueDate: null,
    isNewAllowed: false,
    enableGetNext: false,
    upToDate: true,
    missed: 2,
    unique: 2,
    numSandboxes: 1,
    reportState: 4,
    ...over,
  })

const mount = () =>
  renderRoutes(
    [{ path: '/app/sandbox', element: <SandboxPage Flow={ExerciseFlow} /> }],
    '/app/sandbox',
    {
      auth: signedIn(),
      profile: makeProfile(),
    },
  )

describe('SandboxPage', { timeout: 20_000 }, () => {
  it('introduces the Playroom with the candle, then drills an example with no score and Next resets', async () => {
    const user = userEvent.setup()
    let round = 0
    const nextBodies: unknown[] = []
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input)
      if (url.startsWith('/api/exercises/stats')) return stats()
      if (url === '/api/sandbox/next') {
        nextBodies.push(JSON.parse(String(init?.body)))
        return json(
          makeExample(
            round++ === 0
              ? { text: 'Primera frase.' }
              : { text: 'Otra frase.', exampleId: '44444444-4444-4444-8444-444444444444' },
          ),
        )
      }
      if (url === '/api/sandbox/evaluate')
        return json({ exampleId: EXAMPLE_ID, evaluation: makeEvaluation() })
      return json({}, 404)
    })
    mount()
    expect(screen.getByRole('img', { name: 'A lit candle' })).toBeInTheDocument()
    await user.click(await screen.findByRole('button', { name: 'Start' }))
    expect(await screen.findByText('Primera frase.')).toBeInTheDocument()
    await user.keyboard('{Enter}')
    await user.keyboard('Primera frase{Enter}First sentence{Enter}')
    // No score: feedback, not grades.
    expect(await screen.findByRole('heading', { name: 'Feedback' })).toHaveFocus()
    expect(screen.getByTestId('grades')).toHaveTextContent('What you heardNearly there')
    expect(screen.getByTestId('grades')).toHaveTextContent('TranslationSpot on')
    expect(screen.queryByText('Minor errors')).toBeNull()
    expect(screen.queryByText(/comes back/)).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Next' }))
    expect(await screen.findByText('Otra frase.')).toBeInTheDocument()
    expect(
      fetchMock.mock.calls
        .map((c) => `${c[1]?.method ?? 'GET'} ${String(c[0])}`)
        .filter((c) => c.includes('/api/sandbox/')),
    ).toEqual(['POST /api/sandbox/next', 'POST /api/sandbox/evaluate', 'POST /api/sandbox/next'])
    // The next drill is never the sentence whose answer was just shown.
    expect(nextBodies[0]).not.toHaveProperty('after')
    expect(nextBodies[1]).toMatchObject({ after: EXAMPLE_ID })
    const evaluateBody = JSON.parse(
      String(fetchMock.mock.calls.find((c) => String(c[0]) === '/api/sandbox/evaluate')![1]!.body),
    )
    expect(evaluateBody).not.toHaveProperty('elapsedMs')
  })

  it('asks before showing the answer to an empty drill, saying nothing is scored, and sends it as given up', async () => {
    const user = userEvent.setup()
    const bodies: unknown[] = []
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input)
      if (url.startsWith('/api/exercises/stats')) return stats()
      if (url === '/api/sandbox/next') return json(makeExample({ text: 'Primera frase.' }))
      if (url === '/api/sandbox/evaluate') {
        bodies.push(JSON.parse(String(init?.body)))
        return json({
          exampleId: EXAMPLE_ID,
          evaluation: makeEvaluation({ transcriptionAccuracy: 'major', gaveUp: true }),
        })
      }
      return json({}, 404)
    })
    mount()
    await user.click(await screen.findByRole('button', { name: 'Start' }))
    await user.click(await screen.findByRole('button', { name: 'Continue' }))
    await user.keyboard('{Enter}{Enter}')
    expect(
      await screen.findByRole('group', { name: 'You have not typed anything.' }),
    ).toHaveAccessibleDescription('Show the answer? Nothing is scored in the Playroom.')
    expect(bodies).toEqual([])
    await user.click(screen.getByRole('button', { name: 'Show the answer' }))
    expect(await screen.findByRole('heading', { name: 'Feedback' })).toBeInTheDocument()
    expect(bodies).toEqual([expect.objectContaining({ gaveUp: true, userTranscription: '' })])
    expect(screen.getByTestId('answer-shown')).toHaveTextContent(
      'Study the sentence below. Nothing is scored in the Playroom.',
    )
    expect(screen.queryByText('Worth another go')).toBeNull()
  })

  it('offers no Start button while the calendar is not clear, or when there is nothing to drill', async () => {
    fetchMock.mockResolvedValue(stats({ upToDate: false, numPastDue: 2 }))
    const first = mount()
    expect(
      await screen.findByText('Unlock the Playroom by clearing your calendar'),
    ).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Start' })).toBeNull()
    // Each reason says what to do next.
    expect(screen.getByText(/2 exercises are due\./)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Do the due exercises' })).toHaveAttribute(
      'href',
      '/app/exercise',
    )
    first.unmount()
    fetchMock.mockResolvedValue(stats({ numSandboxes: 0, missed: 0, unique: 0 }))
    mount()
    expect(await screen.findByText('Your playroom is empty.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Start' })).toBeNull()
    expect(screen.getByRole('link', { name: 'Go to the exercises' })).toHaveAttribute(
      'href',
      '/app/exercise',
    )
  })

  it('says the Playroom is locked while the calendar is not clear (409)', async () => {
    const user = userEvent.setup()
    fetchMock.mockImplementation(async (input) =>
      String(input).startsWith('/api/exercises/stats')
        ? stats()
        : json({ code: 'CONFLICT', message: 'Clear your calendar first' }, 409),
    )
    mount()
    await user.click(await screen.findByRole('button', { name: 'Start' }))
    expect(
      await screen.findByText('Unlock the Playroom by clearing your calendar'),
    ).toBeInTheDocument()
  })

  it('says the Playroom is empty when there is nothing to drill (404)', async () => {
    const user = userEvent.setup()
    fetchMock.mockImplementation(async (input) =>
      String(input).startsWith('/api/exercises/stats')
        ? stats()
        : json({ code: 'NOT_FOUND', message: 'No missed words' }, 404),
    )
    mount()
    await user.click(await screen.findByRole('button', { name: 'Start' }))
    expect(await screen.findByText('Your playroom is empty.')).toBeInTheDocument()
  })
})
