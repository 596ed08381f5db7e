import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { queueAnswer } from '../../features/exercise/offline/offline-store'
import { listAnswers } from '../../features/exercise/offline/offline-practice'
import { mockFetchForEachTest } from '../../test/fetch-stub'
import { EXAMPLE_ID, json, makeEvaluation, makePayload } from '../../test/fixtures'
import { makeProfile, renderRoutes, signedIn } from '../../test-utils'
import { AppLayout } from './app-layout'

const fetchMock = mockFetchForEachTest({ token: 't' })
const USER = makeProfile({ id: '00000000-0000-4000-8000-0000000000aa' })

describe('answers given offline', () => {
  it('are sent once as soon as any learner page is open online, not only the exercise', async () => {
    await queueAnswer({
      attemptId: 'a0000000-0000-4000-8000-000000000001',
      userId: USER.id,
      exampleId: EXAMPLE_ID,
      userTranscription: 'Ayer me tomé el palo',
      userTranslation: 'Yesterday I left',
      answeredAt: new Date(Date.now() - 60_000).toISOString(),
      localEvaluation: makeEvaluation(),
      status: 'pending',
    })
    const sent: unknown[] = []
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input) === '/api/exercises/evaluate') {
        sent.push(JSON.parse(String(init?.body)))
        return json(makePayload(new Date(Date.now() + 86_400_000).toISOString()))
      }
      return json({}, 404)
    })
    renderRoutes(
      [
        {
          path: '/app',
          element: <AppLayout />,
          children: [{ path: 'dashboard', element: <p>The dashboard</p> }],
        },
      ],
      '/app/dashboard',
      { auth: signedIn(), profile: USER },
    )
    expect(await screen.findByText('The dashboard')).toBeInTheDocument()
    await waitFor(async () => expect((await listAnswers(USER.id))[0]?.status).toBe('synced'))
    expect(sent).toEqual([
      expect.objectContaining({ attemptId: 'a0000000-0000-4000-8000-000000000001' }),
    ])
  })
})
