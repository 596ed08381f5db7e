import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { AppLayout } from '../../app/layouts/app-layout'
import { mockFetchForEachTest } from '../../test/fetch-stub'
import { json, makeNextExercise, makePayload } from '../../test/fixtures'
import { makeProfile, renderRoutes, signedIn } from '../../test-utils'
import { TOUCH_ONLY } from './components/keyboard-hints'
import { speedStore } from './components/playback-speed'
import { AUDIO_MUTED, AUTOPLAY_BLOCKED } from './components/prompt-phase'
import { AUDIO_FAILED } from './components/sentence-audio'
import { ExercisePage, progressLines } from './exercise-page'

const fetchMock = mockFetchForEachTest({ token: 't' })
const AUDIO = { url: '/media/ex.mp3', voice: 'espeak-ng es-419', kind: 'synthetic' as const }
/** What each play() was asked for: the element's rate and pitch setting at the time. */
let plays: { rate: number; preservesPitch: boolean }[] = []
let refusePlay = false

beforeEach(() => {
  plays = []
  refusePlay = false
  sessionStorage.clear()
  localStorage.clear()
  speedStore.reset()
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {})
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => {})
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (
    this: HTMLMediaElement,
  ) {
    if (refusePlay) return Promise.reject(new DOMException('blocked', 'NotAllowedError'))
    plays.push({ rate: this.playbackRate, preservesPitch: this.preservesPitch })
    this.dispatchEvent(new Event('play'))
    return Promise.resolve()
  })
})
afterEach(() => {
  vi.restoreAllMocks()
})

const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString()

function serve(next = makeNextExercise({ audio: AUDIO })) {
  const bodies: Record<string, unknown>[] = []
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input)
    if (url.startsWith('/api/exercises/next')) return json(next)
    if (url === '/api/exercises/evaluate') {
      bodies.push(JSON.parse(String(init?.body)))
      return json(makePayload(tomorrow()))
    }
    return json({}, 404)
  })
  return bodies
}

/** The exercise page alone: the app's layout (its offline sync, its links) is not what most tests read. */
function mount() {
  return renderRoutes([{ path: '/app/exercise', element: <ExercisePage /> }], '/app/exercise', {
    auth: signedIn(),
    profile: makeProfile(),
  })
}

/** The exercise page inside the app's layout, whose link leads back to the dashboard. */
function mountInLayout() {
  return renderRoutes(
    [
      {
        path: '/app',
        element: <AppLayout />,
        children: [
          { path: 'exercise', element: <ExercisePage /> },
          { path: 'dashboard', element: <p>The dashboard</p> },
        ],
      },
    ],
    '/app/exercise',
    { auth: signedIn(), profile: makeProfile() },
  )
}

describe('progressLines', () => {
  it('says where the learner is in today’s reviews, and counts new items apart', () => {
    const today = { reviewsDone: 2, reviewsLeft: 10, newDone: 1, newLimit: 10 }
    expect(progressLines(today, false)).toEqual([
      'Review 3 of 12 due today',
      'New items today: 1 of 10',
    ])
    expect(progressLines(today, true)).toEqual([
      'New 2 of 10 today',
      'Reviews done: 2 of 12 due today',
    ])
    expect(progressLines({ ...today, reviewsDone: 0, reviewsLeft: 0 }, true)[1]).toBe(
      'No reviews due today',
    )
  })
})

// Each test renders a whole Mantine screen and types through user-event (every key re-renders it):
// about 1-2 s alone, 3-8 s on the shared 2-core machine at load 12-20 (measured), past the 5 s default.
describe('the listening loop on the exercise screen', { timeout: 20_000 }, () => {
  it('plays the sentence by itself, replays it (normal and slow, pitch kept) from the fields with Ctrl+Space, and sends the time from first play', async () => {
    const user = userEvent.setup()
    const bodies = serve(makeNextExercise({ audio: AUDIO }, { reviewsDone: 2, reviewsLeft: 10 }))
    mount()
    await screen.findByRole('button', { name: 'Continue' })
    expect(screen.getByTestId('today-progress')).toHaveTextContent('New 1 of 10 today')
    await waitFor(() => expect(plays).toHaveLength(1))
    expect(screen.queryByText(AUTOPLAY_BLOCKED)).toBeNull()

    await user.click(screen.getByRole('button', { name: 'Slow replay' }))
    expect(plays[1]).toEqual({ rate: 0.75, preservesPitch: true })
    await user.click(screen.getByRole('button', { name: 'Continue' }))

    const spanish = await screen.findByLabelText('What you heard (Spanish)')
    expect(spanish).toHaveFocus()
    expect(screen.getByRole('button', { name: 'Replay' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Slow replay' })).toBeInTheDocument()
    expect(screen.getByTestId('replay-shortcut')).toHaveTextContent('Ctrl+Space replays')
    // Assistive technology learns the shortcuts from the buttons themselves.
    expect(screen.getByRole('button', { name: 'Replay' })).toHaveAttribute(
      'aria-keyshortcuts',
      'Control+Space Alt+R',
    )
    expect(screen.getByRole('button', { name: 'Slow replay' })).toHaveAttribute(
      'aria-keyshortcuts',
      'Control+Shift+Space Alt+Shift+R',
    )
    await user.keyboard('Ayer')
    await user.keyboard('{Control>} {/Control}')
    expect(plays[2]).toEqual({ rate: 1, preservesPitch: true })
    await user.keyboard('{Control>}{Shift>} {/Shift}{/Control}')
    expect(plays[3]).toEqual({ rate: 0.75, preservesPitch: true })
    // The shortcut types nothing and keeps the focus where it was.
    expect(spanish).toHaveValue('Ayer')
    expect(spanish).toHaveFocus()
    await user.click(screen.getByRole('button', { name: 'Replay' }))
    expect(plays).toHaveLength(5)

    await user.click(screen.getByRole('button', { name: 'Submit' }))
    expect(await screen.findByRole('heading', { name: 'Results' })).toHaveFocus()
    expect(screen.getByText('Press Enter for next exercise.')).toBeInTheDocument()
    expect(bodies[0]).toMatchObject({ elapsedMs: expect.any(Number) })
    expect(bodies[0]!.elapsedMs as number).toBeGreaterThanOrEqual(0)
    // Results replay the sentence too, normal and slow.
    await user.click(screen.getByRole('button', { name: 'Slow replay' }))
    expect(plays.at(-1)).toEqual({ rate: 0.75, preservesPitch: true })
  })

  it('says plainly when the browser blocks autoplay, and sends no time when the sentence never played', async () => {
    const user = userEvent.setup()
    refusePlay = true
    const bodies = serve()
    mount()
    expect(await screen.findByText(AUTOPLAY_BLOCKED)).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Continue' }))
    await user.type(screen.getByLabelText('What you heard (Spanish)'), 'algo')
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    await screen.findByRole('heading', { name: 'Results' })
    expect(bodies[0]).not.toHaveProperty('elapsedMs')
  })

  it('goes back to the dashboard and finds the answer in progress kept when it comes back', async () => {
    const user = userEvent.setup()
    serve()
    const { router } = mountInLayout()
    await user.click(await screen.findByRole('button', { name: 'Continue' }))
    await user.type(screen.getByLabelText('What you heard (Spanish)'), 'Ayer me tomé')
    await user.type(screen.getByLabelText('English translation'), 'Yesterday')
    await user.click(screen.getByRole('link', { name: '← Back to the dashboard' }))
    expect(await screen.findByText('The dashboard')).toBeInTheDocument()
    expect(screen.queryByTestId('back-to-dashboard')).toBeNull()
    await act(() => router.navigate('/app/exercise'))
    expect(await screen.findByLabelText('What you heard (Spanish)')).toHaveValue('Ayer me tomé')
    expect(screen.getByLabelText('English translation')).toHaveValue('Yesterday')
  })

  it('shows no key hints on a touch-only screen, where there is no Ctrl or Enter to press', async () => {
    const user = userEvent.setup()
    const desktop = window.matchMedia
    vi.stubGlobal('matchMedia', (query: string) => ({
      ...desktop(query),
      matches: query === TOUCH_ONLY,
    }))
    serve()
    mount()
    await user.click(await screen.findByRole('button', { name: 'Continue' }))
    await user.type(screen.getByLabelText('What you heard (Spanish)'), 'algo')
    expect(screen.getByRole('button', { name: 'Replay' })).toBeInTheDocument()
    expect(screen.queryByTestId('replay-shortcut')).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    await screen.findByRole('heading', { name: 'Results' })
    expect(screen.getByRole('button', { name: 'Next Exercise' })).toBeInTheDocument()
    expect(screen.queryByText(/Press Enter/)).toBeNull()
  })

  it('does not replay on Ctrl+Space when the example has no audio', async () => {
    serve(makeNextExercise())
    mount()
    fireEvent.click(await screen.findByRole('button', { name: 'Continue' }))
    const spanish = await screen.findByLabelText('What you heard (Spanish)')
    expect(screen.queryByRole('button', { name: 'Replay' })).toBeNull()
    expect(screen.queryByTestId('replay-shortcut')).toBeNull()
    fireEvent.keyDown(spanish, { key: ' ', code: 'Space', ctrlKey: true })
    expect(plays).toHaveLength(0)
  })

  it('replays from a button press without taking the focus or the text from the field', async () => {
    const user = userEvent.setup()
    serve()
    mount()
    await user.click(await screen.findByRole('button', { name: 'Continue' }))
    const spanish = await screen.findByLabelText('What you heard (Spanish)')
    await user.keyboard('Ayer me')
    await user.click(screen.getByRole('button', { name: 'Replay' }))
    await user.click(screen.getByRole('button', { name: 'Slow replay' }))
    expect(plays.slice(-2)).toEqual([
      { rate: 1, preservesPitch: true },
      { rate: 0.75, preservesPitch: true },
    ])
    expect(spanish).toHaveFocus()
    await user.keyboard(' tomé')
    expect(spanish).toHaveValue('Ayer me tomé')
  })

  it('remembers the chosen speed: every play, replay and the next visit use it, pitch kept', async () => {
    const user = userEvent.setup()
    serve()
    const { unmount } = mount()
    await screen.findByRole('button', { name: 'Continue' })
    await waitFor(() => expect(plays).toHaveLength(1))
    expect(plays[0]).toEqual({ rate: 1, preservesPitch: true })
    await user.click(screen.getByText('0.9×'))
    await user.click(screen.getByRole('button', { name: 'Slow replay' }))
    expect(plays.at(-1)).toEqual({ rate: 0.68, preservesPitch: true })
    await user.click(screen.getByRole('button', { name: 'Continue' }))
    const spanish = await screen.findByLabelText('What you heard (Spanish)')
    await user.keyboard('Ayer')
    await user.keyboard('{Control>} {/Control}')
    expect(plays.at(-1)).toEqual({ rate: 0.9, preservesPitch: true })
    // Changing it while typing keeps the focus in the field.
    await user.click(screen.getByText('0.75×'))
    expect(spanish).toHaveFocus()
    await user.keyboard('{Control>} {/Control}')
    expect(plays.at(-1)).toEqual({ rate: 0.75, preservesPitch: true })
    unmount()

    // Another visit (the page reloaded): the sentence plays by itself at the remembered speed.
    speedStore.reset()
    sessionStorage.clear()
    plays = []
    mount()
    await screen.findByRole('button', { name: 'Continue' })
    await waitFor(() => expect(plays).toHaveLength(1))
    expect(plays[0]).toEqual({ rate: 0.75, preservesPitch: true })
    expect(screen.getByRole('radio', { name: '0.75×' })).toBeChecked()
  })

  it('tells the learner when the audio cannot be loaded, lets them try again, and keeps the answer going', async () => {
    const user = userEvent.setup()
    serve()
    mount()
    await screen.findByRole('button', { name: 'Continue' })
    const player = screen.getByLabelText('Sentence audio')
    fireEvent.error(player)
    expect(await screen.findByRole('alert')).toHaveTextContent(AUDIO_FAILED)
    expect(screen.queryByText(AUTOPLAY_BLOCKED)).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(HTMLMediaElement.prototype.load).toHaveBeenCalled()
    expect(screen.queryByText(AUDIO_FAILED)).toBeNull()

    await user.click(screen.getByRole('button', { name: 'Continue' }))
    const spanish = await screen.findByLabelText('What you heard (Spanish)')
    await user.keyboard('Ayer')
    fireEvent.error(screen.getByTestId('replay-controls').querySelector('audio')!)
    expect(await screen.findByText(AUDIO_FAILED)).toBeInTheDocument()
    expect(spanish).toHaveValue('Ayer')
    expect(spanish).toHaveFocus()
  })

  it('says so when the player’s sound is turned off', async () => {
    serve()
    mount()
    await screen.findByRole('button', { name: 'Continue' })
    const player = screen.getByLabelText<HTMLAudioElement>('Sentence audio')
    expect(screen.queryByText(AUDIO_MUTED)).toBeNull()
    player.muted = true
    fireEvent.volumeChange(player)
    expect(await screen.findByText(AUDIO_MUTED)).toBeInTheDocument()
    player.muted = false
    fireEvent.volumeChange(player)
    await waitFor(() => expect(screen.queryByText(AUDIO_MUTED)).toBeNull())
  })
})
