import type { ReactNode } from 'react'
import { Group, Stack, Text, Title } from '@mantine/core'
import type { EvaluatorExample, Example, TodayProgress } from '@che/core'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
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
import { answerOffline, serverNow } from './offline/offline-practice'
import type { Answer, EvaluatedAnswer } from '../../types/exercise'
import type { KeptExercise } from './offline/offline-store'

/** How long the 'No due idioms' message stays before the learner is taken to the dashboard. */
export const CALENDAR_FULL_REDIRECT_MS = 2_500

/** No signed-in user to keep an answer for (the profile has not loaded). */
export const OFFLINE_NO_PROFILE =
  'You are offline. Your answer stays here: submit it again when the connection is back.'

/** A failed request that never reached the server: no connection (fetch rejects with a TypeError). */
function isNetworkFailure(error: unknown): boolean {
  return error instanceof TypeError
}

/**
 * Grade an answer to the exercise on screen. Online it goes to the server. Without a connection
 * (or when the request cannot get out) it is graded here, like any offline answer
 * (docs/decisions/032), and queued to sync: against the reference kept on this device, or, for a
 * sentence that was not kept (a new one), against the reference served with it, which is what
 * the server grades with (decision 056). The server grades it again when it syncs, and its grade
 * counts; with the local engine it is the same grade.
 */
export async function evaluateOrQueue(
  answer: Answer,
  example: Example & { reference?: EvaluatorExample | undefined },
  online: { evaluate: (answer: Answer) => Promise<EvaluatedAnswer> },
  offline: { userId: string | undefined; kept: KeptExercise[] | null; queued: () => Promise<void> },
): Promise<EvaluatedAnswer> {
  const gradeHere = async (): Promise<EvaluatedAnswer> => {
    if (!offline.userId) throw new Error(OFFLINE_NO_PROFILE)
    const item = offline.kept?.find((k) => k.example.exampleId === answer.exampleId) ?? {
      userId: offline.userId,
      example,
      dueDate: new Date().toISOString(),
      // What the server grades with, served with the sentence (NextExercise.reference); from an
      // older server, what the page has of it.
      reference: example.reference ?? {
        text: example.text,
        conjugatedSnippet: example.conjugatedSnippet,
        translation: example.translation,
        idiom: { text: example.idiom.text, translation: example.idiom.translation },
      },
    }
    const queued = await answerOffline(offline.userId, item, answer, serverNow())
    await offline.queued()
    return { evaluation: queued.localEvaluation, offline: true }
  }
  if (!navigator.onLine) return gradeHere()
  try {
    return await online.evaluate(answer)
  } catch (error: unknown) {
    // The queued answer keeps this attempt id, so an answer the server did get is scheduled once.
    if (isNetworkFailure(error)) return gradeHere()
    throw error
  }
}

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

  // Where exercises come from: the server, or what this device kept. A lost (or returning)
  // connection changes it between exercises only, never under a learner who is answering: the
  // sentence on screen stays, with what was typed, until Next Exercise.
  const [source, setSource] = useState<'server' | 'device'>(offline.online ? 'server' : 'device')
  const answering = useRef(false)
  // Back online, the server chooses once the answers given offline have reached it.
  const wanted = !offline.online ? 'device' : offline.caughtUp ? 'server' : source
  const switchTo = (to: 'server' | 'device') => {
    answering.current = false
    setSource(to)
    // What the server offered before may have been answered on the device since: ask again.
    if (to === 'server') setRound((r) => r + 1)
  }
  // biome-ignore lint/correctness/useExhaustiveDependencies: switchTo only sets state.
  useEffect(() => {
    if (source !== wanted && !answering.current) switchTo(wanted)
  }, [source, wanted])
  const onPhaseChange = (phase: string) => {
    answering.current = phase !== 'prompt' || source === 'server'
  }

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
  if (source === 'device' && profile.data)
    body = (
      <OfflineExercise
        userId={profile.data.id}
        isAdmin={profile.data.role === 'admin'}
        kept={offline.kept}
        answers={offline.answers}
        onAnswered={offline.reload}
        onPhaseChange={onPhaseChange}
        onNext={() => switchTo(wanted)}
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
          evaluate={(answer) =>
            evaluateOrQueue(
              answer,
              next.data,
              {
                evaluate: async (a) => {
                  const payload = await evaluate.mutateAsync(a)
                  return { evaluation: payload.evaluation, dueDate: payload.progress.dueDate }
                },
              },
              { userId: profile.data?.id, kept: offline.kept, queued: offline.reload },
            )
          }
          onNext={() => {
            if (wanted !== source) switchTo(wanted)
            else setRound((r) => r + 1)
          }}
          onPhaseChange={onPhaseChange}
          draftKey="exercise"
        />
      </Stack>
    )

  return (
    <Stack gap="lg" maw={760}>
      <Title order={1}>Exercise</Title>
      {body}
      <OfflineAnswers answers={offline.answers} kept={offline.kept} online={offline.online} />
    </Stack>
  )
}
