import type { ReactNode } from 'react'
import { Group, Stack, Text, Title } from '@mantine/core'
import type { TodayProgress } from '@che/core'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useNavigate } from 'react-router'
import { ErrorText } from '../../components/error-text'
import { ExerciseFlow } from './components/exercise-flow'
import { callKey } from '../../lib/query-keys'
import { browserTimeZone } from '../../lib/time-zone'
import { Loading } from '../../components/loading'
import { ApiError, errorMessage } from '../../lib/api-client'
import { useProfile } from '../../lib/auth/profile'
import { useEvaluateExercise } from './api/evaluate-exercise'
import {
  NEXT_EXERCISE_FALLBACK_ERROR,
  NO_DUE_IDIOMS,
  useNextExercise,
} from './api/get-next-exercise'
import { OfflineAnswers, OfflineExercise, useOfflinePractice } from './offline/offline-exercise'

/** How long the 'No due idioms' message stays before the learner is taken to the dashboard. */
export const CALENDAR_FULL_REDIRECT_MS = 2_500

/** "Review 3 of 12 due today" (new items counted apart: "New 2 of 10 today"). */
export function progressLines(today: TodayProgress, isNew: boolean): string[] {
  const total = today.reviewsDone + today.reviewsLeft
  if (isNew)
    return [
      `New ${Math.min(today.newDone + 1, today.newLimit)} of ${today.newLimit} today`,
      total > 0
        ? `Reviews done: ${today.reviewsDone} of ${total} due today`
        : 'No reviews due today',
    ]
  return [
    `Review ${Math.min(today.reviewsDone + 1, total)} of ${total} due today`,
    `New items today: ${today.newDone} of ${today.newLimit}`,
  ]
}

/**
 * 503 is how /next says nothing is due. A 503 that names a request id is the server saying the
 * database is down for a moment (docs/decisions/021): that is an error to show, not "nothing due".
 */
function isCalendarFull(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false
  if (error.code !== 'SERVICE_UNAVAILABLE' && error.status !== 503) return false
  const details = error.details
  return !(typeof details === 'object' && details !== null && 'requestId' in details)
}

export function ExercisePage({
  redirectDelayMs = CALENDAR_FULL_REDIRECT_MS,
}: {
  redirectDelayMs?: number
}) {
  const profile = useProfile()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [round, setRound] = useState(0)
  const filter = profile.data?.preferences.filter ?? { usage: '', tone: '' }
  const offline = useOfflinePractice(profile.data?.id)
  const next = useNextExercise({ filter, tz: browserTimeZone(), round })
  const evaluate = useEvaluateExercise()
  const full = next.isError && isCalendarFull(next.error)

  // Nothing is due and nothing new is allowed: the calendar is full, back to the dashboard (spec §4, §8).
  useEffect(() => {
    if (!full) return
    void queryClient.invalidateQueries({ queryKey: callKey('exercisesStats') })
    const timer = setTimeout(
      () => void navigate('/app/dashboard', { replace: true }),
      redirectDelayMs,
    )
    return () => clearTimeout(timer)
  }, [full, navigate, queryClient, redirectDelayMs])

  let body: ReactNode
  // Offline (issue 13.3): the exercises kept on this device, graded here, synced later.
  if (!offline.online && profile.data)
    body = (
      <OfflineExercise
        userId={profile.data.id}
        isAdmin={profile.data.role === 'admin'}
        kept={offline.kept}
        answers={offline.answers}
        onAnswered={offline.reload}
      />
    )
  else if (next.isPending) body = <Loading message="Loading exercise..." />
  else if (full)
    body = (
      <Stack gap="xs">
        <Text role="status" fw={500}>
          {NO_DUE_IDIOMS}
        </Text>
        <Text c="dimmed" size="sm">
          Taking you back to the dashboard…
        </Text>
      </Stack>
    )
  else if (next.isError)
    body = <ErrorText message={errorMessage(next.error, NEXT_EXERCISE_FALLBACK_ERROR)} />
  else
    body = (
      <Stack gap="sm">
        <Group gap="md" wrap="wrap" data-testid="today-progress" aria-label="Today's progress">
          {progressLines(next.data.today, next.data.isNew).map((line) => (
            <Text key={line} size="sm" c="dimmed" fw={500}>
              {line}
            </Text>
          ))}
        </Group>
        <ExerciseFlow
          key={`${next.data.exampleId}:${round}`}
          example={next.data}
          isAdmin={profile.data?.role === 'admin'}
          evaluate={async (answer) => {
            const payload = await evaluate.mutateAsync(answer)
            return { evaluation: payload.evaluation, dueDate: payload.progress.dueDate }
          }}
          onNext={() => setRound((r) => r + 1)}
          draftKey="exercise"
        />
      </Stack>
    )

  return (
    <Stack gap="lg" maw={760}>
      <Title order={1}>Exercise</Title>
      {body}
      <OfflineAnswers answers={offline.answers} kept={offline.kept} />
    </Stack>
  )
}
