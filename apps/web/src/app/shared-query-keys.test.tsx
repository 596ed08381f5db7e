import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import { calendarQuery } from '../features/calendar/api/get-calendar'
import { useEvaluateExercise } from '../features/exercise/api/evaluate-exercise'
import { statsQuery } from '../lib/queries/stats'
import { testQueryClient, Wrapper } from '../test-utils'
import { configureApiClientForEachTest, stubFetch } from '../test/fetch-stub'
import { EXAMPLE_ID, json, makePayload } from '../test/fixtures'

const makeStats = () => ({
  numSeen: 3,
  numPastDue: 1,
  pastDueDate: null,
  score: 2,
  nextDueDate: null,
  isNewAllowed: true,
  enableGetNext: true,
  upToDate: false,
  missed: 0,
  unique: 3,
  numSandboxes: 0,
  reportState: 1 as const,
})

configureApiClientForEachTest({ token: 't' })

// The router is where features meet, so the test that two of them share a cache lives here.
describe('query keys shared across features', () => {
  it('an evaluated exercise makes the dashboard stats and the calendar stale, and nothing else', async () => {
    const queryClient = testQueryClient()
    const tz = 'America/Argentina/Buenos_Aires'
    const stats = statsQuery(tz).queryKey
    const calendar = calendarQuery().queryKey
    const otherCall = ['idiomTones'] as const
    queryClient.setQueryData(stats, makeStats())
    queryClient.setQueryData(calendar, [])
    queryClient.setQueryData(otherCall, [])
    stubFetch({
      'POST /api/exercises/evaluate': () => json(makePayload('2026-05-03T10:00:00.000Z')),
    })
    const { result } = renderHook(() => useEvaluateExercise(), {
      wrapper: ({ children }: { children: ReactNode }) => (
        <Wrapper setup={{ queryClient }}>{children}</Wrapper>
      ),
    })
    act(() =>
      result.current.mutate({
        exampleId: EXAMPLE_ID,
        userTranscription: 'Me tomé el palo',
        userTranslation: 'I left',
        attemptId: 'a1',
      }),
    )
    await waitFor(() => expect(queryClient.getQueryState(stats)?.isInvalidated).toBe(true))
    expect(queryClient.getQueryState(calendar)?.isInvalidated).toBe(true)
    expect(queryClient.getQueryState(otherCall)?.isInvalidated).toBe(false)
  })
})
