import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { configureApiClient } from '../../lib/api-client'
import { makeProfile, renderRoutes, signedIn } from '../../test-utils'
import { EXAMPLE_ID, json, makeEvaluation, makeExample } from '../../test/fixtures'
import { ExerciseFlow } from '../exercise/components/exercise-flow'
import { SandboxPage } from './sandbox-page'

const fetchMock = vi.fn<typeof fetch>()
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock)
  configureApiClient({ getAccessToken: () => 't', logError: () => {} })
})
afterEach(() => {
  vi.unstubAllGlobals()
  fetchMock.mockReset()
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

describe('SandboxPage', () => {
  it('introduces the Playroom with the candle, then drills an example with no score and Next resets', async () => {
    const user = userEvent.setup()
    let round = 0
    fetchMock.mockImplementation(async (input) => {
      const url = String(input)
      if (url === '/api/sandbox/next')
        return json(makeExample({ text: round++ === 0 ? 'Primera frase.' : 'Otra frase.' }))
      if (url === '/api/sandbox/evaluate')
        return json({ exampleId: EXAMPLE_ID, evaluation: makeEvaluation() })
      return json({}, 404)
    })
    mount()
    expect(screen.getByRole('img', { name: 'A lit candle' })).toBeInTheDocument()
    expect(fetchMock).not.toHaveBeenCalled()
    await user.click(screen.getByRole('button', { name: 'Start' }))
    expect(await screen.findByText('Primera frase.')).toBeInTheDocument()
    await user.keyboard('{Enter}')
    await user.keyboard('Primera frase{Enter}First sentence{Enter}')
    expect(await screen.findByRole('heading', { name: 'Results' })).toBeInTheDocument()
    expect(screen.queryByText(/comes back/)).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Next' }))
    expect(await screen.findByText('Otra frase.')).toBeInTheDocument()
    expect(fetchMock.mock.calls.map((c) => `${c[1]?.method} ${String(c[0])}`)).toEqual([
      'POST /api/sandbox/next',
      'POST /api/sandbox/evaluate',
      'POST /api/sandbox/next',
    ])
  })

  it('says the Playroom is locked while the calendar is not clear (409)', async () => {
    const user = userEvent.setup()
    fetchMock.mockResolvedValue(
      json({ code: 'CONFLICT', message: 'Clear your calendar first' }, 409),
    )
    mount()
    await user.click(screen.getByRole('button', { name: 'Start' }))
    expect(
      await screen.findByText('Unlock the Playroom by clearing your calendar'),
    ).toBeInTheDocument()
  })

  it('says the Playroom is empty when there is nothing to drill (404)', async () => {
    const user = userEvent.setup()
    fetchMock.mockResolvedValue(json({ code: 'NOT_FOUND', message: 'No missed words' }, 404))
    mount()
    await user.click(screen.getByRole('button', { name: 'Start' }))
    expect(await screen.findByText('Your playroom is empty.')).toBeInTheDocument()
  })
})
