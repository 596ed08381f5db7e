import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { mockFetchForEachTest } from '../../test/fetch-stub'
import { makeProfile, renderRoutes, signedIn } from '../../test-utils'
import {
  EXAMPLE_ID,
  json,
  makeEvaluation,
  makeNextExercise,
  makePayload,
} from '../../test/fixtures'
import { ExercisePage } from './exercise-page'

const fetchMock = mockFetchForEachTest({ token: 't' })

afterEach(() => {
  // The answer in progress is kept in sessionStorage (draft.ts); each test starts afresh.
  sessionStorage.clear()
})

const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString()

function mount(profile = makeProfile()) {
  return renderRoutes(
    [
      { path: '/app/exercise', element: <ExercisePage redirectDelayMs={30} /> },
      { path: '/app/dashboard', element: <p>The dashboard</p> },
      { path: '/app/bugreport/:exampleID', element: <p>Bug report</p> },
    ],
    '/app/exercise',
    { auth: signedIn(), profile },
  )
}

describe('ExercisePage', { timeout: 20_000 }, () => {
  it('goes prompt → input → evaluation → results with the keyboard, then fetches another', async () => {
    const user = userEvent.setup()
    const bodies: unknown[] = []
    let nextCalls = 0
    let release: () => void = () => {}
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input)
      if (url.startsWith('/api/exercises/next')) {
        nextCalls++
        return json(
          makeNextExercise(
            {
              text:
                nextCalls === 1
                  ? 'Ayer me tomé el palo porque la fiesta era un embole.'
                  : 'Segunda frase, che.',
            },
            { newDone: nextCalls - 1 },
          ),
        )
      }
      if (url === '/api/exercises/evaluate') {
        bodies.push(JSON.parse(String(init?.body)))
        await new Promise<void>((r) => (release = r))
        return json(makePayload(tomorrow()))
      }
      return json({ code: 'NOT_FOUND', message: 'Not found' }, 404)
    })
    mount(
      makeProfile({
        preferences: {
          filter: { usage: 'common', tone: '' },
          getNextExample: '',
          offlineExercises: 20,
        },
      }),
    )

    expect(screen.getByText('Loading exercise...')).toBeInTheDocument()
    // Prompt: no audio, so the text is there to read.
    expect(
      await screen.findByText('Ayer me tomé el palo porque la fiesta era un embole.'),
    ).toBeInTheDocument()
    const nextUrl = String(fetchMock.mock.calls[0]![0])
    expect(nextUrl).toMatch(/^\/api\/exercises\/next\?usage=common&tz=/)
    expect(nextUrl).not.toContain('tone=')
    const continueButton = screen.getByRole('button', { name: 'Continue' })
    expect(continueButton).toHaveFocus()
    await user.keyboard('{Enter}')

    // Input: focus in the Spanish field; Enter moves on, Enter again submits.
    const spanish = await screen.findByLabelText('What you heard (Spanish)')
    expect(spanish).toHaveFocus()
    expect(screen.queryByText('Ayer me tomé el palo porque la fiesta era un embole.')).toBeNull()
    await user.keyboard('Ayer me tome el palo porque la fiesta era un embole{Enter}')
    const english = screen.getByLabelText('English translation')
    expect(english).toHaveFocus()
    expect(screen.queryByText('Evaluating your response...')).toBeNull()
    await user.keyboard('Yesterday I left because the party was boring{Enter}')

    expect(await screen.findByText('Evaluating your response...')).toBeInTheDocument()
    release()

    expect(await screen.findByRole('heading', { name: 'Results' })).toBeInTheDocument()
    expect(bodies).toEqual([
      {
        exampleId: EXAMPLE_ID,
        userTranscription: 'Ayer me tome el palo porque la fiesta era un embole',
        userTranslation: 'Yesterday I left because the party was boring',
        attemptId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        // No audio: timed from the prompt's text being shown.
        elapsedMs: expect.any(Number),
      },
    ])
    expect(screen.getByText('Minor errors')).toBeInTheDocument()
    expect(screen.getByText('Perfect')).toBeInTheDocument()
    expect(screen.getByText('Almost: watch the accent on tomé.')).toBeInTheDocument()
    expect(screen.getByText('Perfect translation!')).toBeInTheDocument()
    expect(screen.getByText('Yesterday I left because the party was a bore.')).toBeInTheDocument()
    const sentence = screen.getByTestId('marked-sentence')
    expect(sentence.querySelector('mark')).toHaveTextContent('tomé')
    expect([...sentence.querySelectorAll('[data-snippet]')].map((e) => e.textContent)).toEqual([
      'me',
      'tomé',
      'el',
      'palo',
    ])
    expect(screen.getByText('tomarse el palo')).toBeInTheDocument()
    expect(screen.getByText(/This sentence comes back tomorrow/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Report a problem' })).toHaveAttribute(
      'href',
      `/app/bugreport/${EXAMPLE_ID}`,
    )

    // Focus on the results heading (no jump to the bottom); both grades announced; Enter goes on.
    expect(screen.getByRole('heading', { name: 'Results' })).toHaveFocus()
    const grades = screen.getByTestId('grades')
    expect(grades).toHaveTextContent('TranscriptionMinor errorsTranslationPerfect')
    const announcer = screen.getByTestId('exercise-announcement')
    expect(announcer).toHaveAttribute('aria-live', 'polite')
    expect(announcer).toHaveTextContent('Transcription: Minor errors. Translation: Perfect.')
    expect(screen.getByRole('button', { name: 'Next Exercise' })).toBeInTheDocument()
    await user.keyboard('{Enter}')
    expect(await screen.findByText('Segunda frase, che.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Continue' })).toBeInTheDocument()
    expect(nextCalls).toBe(2)
    expect(screen.getByTestId('today-progress')).toHaveTextContent('New 2 of 10 today')
  })

  it('sends a fresh attempt id each attempt and keeps the answer when the evaluation fails', async () => {
    const user = userEvent.setup()
    const attempts: string[] = []
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input)
      if (url.startsWith('/api/exercises/next')) return json(makeNextExercise())
      if (url === '/api/exercises/evaluate') {
        attempts.push((JSON.parse(String(init?.body)) as { attemptId: string }).attemptId)
        if (attempts.length === 1) return new Response('oops', { status: 500 })
        return json(
          makePayload(
            tomorrow(),
            makeEvaluation({ transcriptionAccuracy: 'major', mistakeType: 'idiom' }),
          ),
        )
      }
      return json({}, 404)
    })
    mount()
    await user.click(await screen.findByRole('button', { name: 'Continue' }))
    await user.type(screen.getByLabelText('What you heard (Spanish)'), 'Ayer me fui')
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to evaluate response')
    expect(screen.getByLabelText('What you heard (Spanish)')).toHaveValue('Ayer me fui')
    // The message says what to do next.
    expect(
      screen.getByText('Your answer is still here: press Submit to send it again.'),
    ).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    expect(await screen.findByText('Major errors')).toBeInTheDocument()
    expect(attempts).toHaveLength(2)
    expect(attempts[0]).not.toBe(attempts[1])
  })

  it('asks before grading an empty answer, so a stray Enter costs nothing', async () => {
    const user = userEvent.setup()
    const bodies: unknown[] = []
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input)
      if (url.startsWith('/api/exercises/next')) return json(makeNextExercise())
      if (url === '/api/exercises/evaluate') bodies.push(JSON.parse(String(init?.body)))
      return json({}, 404)
    })
    mount()
    await user.click(await screen.findByRole('button', { name: 'Continue' }))
    const spanish = screen.getByLabelText('What you heard (Spanish)')
    expect(spanish).toHaveFocus()
    // A phone's on-screen keyboard labels Enter by what it does: next field, then send.
    expect(spanish).toHaveAttribute('enterkeyhint', 'next')
    expect(screen.getByLabelText('English translation')).toHaveAttribute('enterkeyhint', 'send')
    // Enter, Enter: the empty answer is not sent; the learner is asked, with the safe choice focused.
    await user.keyboard('{Enter}{Enter}')
    const question = await screen.findByRole('group', { name: 'You have not typed anything.' })
    expect(question).toHaveAccessibleDescription(
      'Show the answer? The sentence counts as not known yet, so it comes back soon.',
    )
    expect(screen.getByRole('button', { name: 'Keep trying' })).toHaveFocus()
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull()
    // A third stray Enter keeps trying: back in the Spanish field, nothing sent.
    await user.keyboard('{Enter}')
    expect(spanish).toHaveFocus()
    expect(screen.queryByTestId('empty-answer')).toBeNull()
    // Escape also keeps trying.
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    await user.keyboard('{Escape}')
    expect(spanish).toHaveFocus()
    expect(screen.queryByTestId('empty-answer')).toBeNull()
    // Spaces are still nothing; typing a word dismisses the question.
    await user.type(spanish, '   {Enter}')
    await user.keyboard('{Enter}')
    expect(screen.getByTestId('empty-answer')).toBeInTheDocument()
    await user.type(spanish, 'che')
    expect(screen.queryByTestId('empty-answer')).toBeNull()
    expect(bodies).toEqual([])
  })

  it('sends "Show the answer" as an answer given up, with no time, and shows the answer', async () => {
    const user = userEvent.setup()
    const bodies: Record<string, unknown>[] = []
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input)
      if (url.startsWith('/api/exercises/next')) return json(makeNextExercise())
      if (url === '/api/exercises/evaluate') {
        bodies.push(JSON.parse(String(init?.body)) as Record<string, unknown>)
        return json(
          makePayload(
            tomorrow(),
            makeEvaluation({
              transcriptionAccuracy: 'major',
              translationAccuracy: 'major',
              transcriptionFeedback: 'You chose to see the answer.',
              mistakeType: 'empty',
              gaveUp: true,
            }),
          ),
        )
      }
      return json({}, 404)
    })
    mount()
    await user.click(await screen.findByRole('button', { name: 'Continue' }))
    // Giving up on purpose, with the keyboard: Submit, then Tab to "Show the answer".
    await user.keyboard('{Enter}{Enter}')
    await user.tab()
    expect(screen.getByRole('button', { name: 'Show the answer' })).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(await screen.findByRole('heading', { name: 'Results' })).toBeInTheDocument()
    expect(bodies).toEqual([
      {
        exampleId: EXAMPLE_ID,
        userTranscription: '',
        userTranslation: '',
        attemptId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        gaveUp: true,
      },
    ])
    expect(screen.getByText('You chose to see the answer.')).toBeInTheDocument()
    expect(screen.getByText('Yesterday I left because the party was a bore.')).toBeInTheDocument()
    // A give-up is shown as what it is, not as two red grades (decision 049): the answer shown,
    // to study, and when it comes back; no word of the sentence painted as missed.
    expect(screen.getByTestId('answer-shown')).toHaveTextContent(
      'Answer shownStudy the sentence below. It counts as not known yet, so it comes back soon.',
    )
    expect(screen.queryByTestId('grades')).toBeNull()
    expect(screen.queryByText('Major errors')).toBeNull()
    expect(screen.getByTestId('marked-sentence').querySelector('mark')).toBeNull()
    // The answer comes first, before the feedback on the empty fields.
    expect(
      screen
        .getByTestId('marked-sentence')
        .compareDocumentPosition(screen.getByText('You chose to see the answer.')) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy()
    expect(screen.getByText(/This sentence comes back/)).toBeInTheDocument()
    expect(screen.getByTestId('exercise-announcement')).toHaveTextContent(
      'Answer shown. Study the sentence below. It counts as not known yet, so it comes back soon.',
    )
  })

  it('shows an audio player instead of the text when the example has audio', async () => {
    fetchMock.mockResolvedValue(
      json(
        makeNextExercise({
          audio: { url: '/media/ex.mp3', voice: 'espeak-ng es-419', kind: 'synthetic' },
        }),
      ),
    )
    const { container } = mount()
    await screen.findByRole('button', { name: 'Continue' })
    expect(container.querySelector('audio')).toHaveAttribute('controlslist', 'nodownload')
    expect(screen.queryByText(/me tomé el palo/)).toBeNull()
    // The learner is told which voice they hear.
    expect(screen.getByText('Synthetic voice')).toBeInTheDocument()
  })

  it('says no due idioms on 503 SERVICE_UNAVAILABLE and goes back to the dashboard', async () => {
    fetchMock.mockResolvedValue(
      json({ code: 'SERVICE_UNAVAILABLE', message: 'Nothing is due' }, 503),
    )
    const { router } = mount()
    expect(
      await screen.findByText('No due idioms available. Please try again later.'),
    ).toBeInTheDocument()
    expect(await screen.findByText('The dashboard')).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/app/dashboard')
  })

  it('shows the outage message, not "no due idioms", when the database is down (503 with a request id)', async () => {
    const message = 'The database is unavailable right now; try again in a few seconds'
    fetchMock.mockResolvedValue(
      json({ code: 'SERVICE_UNAVAILABLE', message, details: { requestId: 'req-1' } }, 503),
    )
    const { router } = mount()
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(message))
    expect(screen.queryByText('No due idioms available. Please try again later.')).toBeNull()
    expect(router.state.location.pathname).toBe('/app/exercise')
  })

  it("says 'Failed to fetch next exercise' when the call fails without a message", async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'))
    mount()
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Failed to fetch next exercise'),
    )
  })
})
