import { Badge, Group, List, Paper, Stack, Text, Title } from '@mantine/core'
import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useState } from 'react'
import { ExerciseFlow } from '../components/exercise-flow'
import { AccuracyBadge } from '../components/results-phase'
import { callKey } from '../../../lib/query-keys'
import { formatDue } from '../../../lib/format-due'
import { Loading } from '../../../components/loading'
import { useOnline } from '../../../lib/online'
import {
  answerOffline,
  forgetSettled,
  gradeChanged,
  listAnswers,
  listKept,
  nextOfflineExercise,
  refreshKept,
  serverNow,
  syncAnswers,
} from './offline-practice'
import type { KeptExercise, QueuedAnswer } from './offline-store'
import { keptAudioUrl } from './offline-store'

/** How often answers still waiting are sent again while the browser is online. */
export const SYNC_RETRY_MS = 20_000

/**
 * Keeps the offline copies fresh while online (the next due exercises, then the queued answers
 * synced in order), and gives the exercise page what it needs to practise offline.
 */
export function useOfflinePractice(userId: string | undefined) {
  const online = useOnline()
  const queryClient = useQueryClient()
  const [kept, setKept] = useState<KeptExercise[] | null>(null)
  const [answers, setAnswers] = useState<QueuedAnswer[]>([])
  // Whether the answers given offline have been sent since the connection came back (or that
  // failed): only then may the server choose the next exercise, or it could offer one again.
  const [caughtUp, setCaughtUp] = useState(false)
  // Answers settled before this visit are done with; the ones that sync now are listed.
  const [openedAt] = useState(() => new Date())

  const reload = useCallback(async () => {
    if (!userId) return
    const [k, a] = await Promise.all([listKept(userId), listAnswers(userId)])
    setKept(k)
    setAnswers(a)
  }, [userId])

  useEffect(() => {
    if (!userId) return
    let active = true
    setCaughtUp(false)
    const sync = async () => {
      try {
        const synced = await syncAnswers(userId)
        if (synced > 0) {
          void queryClient.invalidateQueries({ queryKey: callKey('exercisesStats') })
          void queryClient.invalidateQueries({ queryKey: callKey('exercisesCalendar') })
        }
        return true
      } catch (error: unknown) {
        console.warn('Offline practice: could not sync', error)
        return false
      } finally {
        if (active) await reload()
      }
    }
    void (async () => {
      if (online) {
        await forgetSettled(userId, openedAt).catch(() => {})
        const done = await sync()
        if (active) setCaughtUp(true)
        try {
          if (done) await refreshKept(userId)
        } catch (error: unknown) {
          console.warn('Offline practice: could not keep exercises', error)
        }
      }
      if (active) await reload()
    })()
    // The server may be down while the connection is up: answers still waiting are tried again.
    const retry = online
      ? setInterval(() => {
          void listAnswers(userId).then((list) => {
            if (active && list.some((a) => a.status === 'pending')) void sync()
          })
        }, SYNC_RETRY_MS)
      : undefined
    return () => {
      active = false
      clearInterval(retry)
    }
  }, [online, userId, reload, queryClient, openedAt])

  return { online, caughtUp: online && caughtUp, kept, answers, reload }
}

/** Practice without a connection: the kept exercises that are due, graded in the browser. */
export function OfflineExercise({
  userId,
  isAdmin,
  kept,
  answers,
  onAnswered,
  onPhaseChange,
  onNext,
}: {
  userId: string
  isAdmin: boolean
  kept: KeptExercise[] | null
  answers: QueuedAnswer[]
  onAnswered: () => Promise<void>
  /** Told each time the exercise's phase changes. */
  onPhaseChange?: (phase: 'prompt' | 'input' | 'evaluation' | 'results') => void
  /** After Next Exercise (the page may go back to the server's exercises). */
  onNext?: () => void
}) {
  const [current, setCurrent] = useState<KeptExercise | null | undefined>(undefined)
  // The kept audio's blob: URL; undefined while it is read (the sentence's text must not show
  // meanwhile: it is the answer), null when this device has none.
  const [audio, setAudio] = useState<string | null | undefined>(undefined)

  useEffect(() => {
    if (!kept || current !== undefined) return
    const next = nextOfflineExercise(kept, answers, serverNow()) ?? null
    setCurrent(next)
    setAudio(undefined)
    if (next?.example.audio)
      void keptAudioUrl(next.example.audio.url)
        .catch(() => null)
        .then(setAudio)
  }, [kept, answers, current])

  if (kept === null || current === undefined || (current?.example.audio && audio === undefined))
    return <Loading message="Loading exercise..." />
  if (current === null) {
    const answered = new Set(answers.map((a) => a.exampleId))
    const later = kept.find((k) => !answered.has(k.example.exampleId))
    return (
      <Stack gap="xs" role="status">
        <Text>
          No exercise kept on this device is due now. New exercises need a connection: your answers
          sync, and new exercises come, when you are back online.
        </Text>
        {later ? (
          <Text data-testid="offline-next-due">
            The next one kept here is due {formatDue(later.dueDate, serverNow())}.
          </Text>
        ) : null}
      </Stack>
    )
  }
  const example = current.example.audio
    ? audio
      ? { ...current.example, audio: { ...current.example.audio, url: audio } }
      : { ...current.example, audio: null }
    : current.example
  return (
    <ExerciseFlow
      key={current.example.exampleId}
      example={example}
      isAdmin={isAdmin}
      evaluate={async (answer) => {
        const queued = await answerOffline(userId, current, answer, serverNow())
        return { evaluation: queued.localEvaluation, offline: true }
      }}
      onPhaseChange={onPhaseChange}
      // Kept through a reload or a visit to another page, like the online exercise's answer.
      draftKey="offline-exercise"
      onNext={() => {
        setAudio(undefined)
        void onAnswered().then(() => setCurrent(undefined))
        onNext?.()
      }}
    />
  )
}

/** One line on where the offline answers stand. */
export function syncStatus(waiting: number, synced: number, online: boolean): string {
  const answers = (n: number) => (n === 1 ? '1 answer' : `${n} answers`)
  if (waiting === 0)
    return synced > 0
      ? `All done: ${answers(synced)} given offline reached your calendar.`
      : 'Nothing left to sync.'
  if (!online)
    return `${answers(waiting)} saved on this device. They sync by themselves when the connection comes back.`
  return `Back online: sending ${answers(waiting)} to your calendar…`
}

/** What was answered offline: waiting, or synced (with the server's grade when it differs). */
export function OfflineAnswers({
  answers,
  kept,
  online,
}: {
  answers: QueuedAnswer[]
  kept: KeptExercise[] | null
  online: boolean
}) {
  if (answers.length === 0) return null
  const waiting = answers.filter((a) => a.status === 'pending').length
  const idiomOf = (exampleId: string) =>
    kept?.find((k) => k.example.exampleId === exampleId)?.example.idiom.text
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="xs">
        <Title order={2} fz="h4">
          Answered offline
        </Title>
        <Text size="sm" role="status" data-testid="offline-sync-status">
          {syncStatus(waiting, answers.filter((a) => a.status === 'synced').length, online)}
        </Text>
        <List spacing="xs" listStyleType="none" aria-live="polite">
          {answers.map((a, i) => {
            const changed =
              a.serverEvaluation && gradeChanged(a.localEvaluation, a.serverEvaluation)
            return (
              <List.Item key={a.attemptId} data-testid="offline-answer" data-status={a.status}>
                <Group gap="xs" wrap="wrap">
                  <Text span>
                    {i + 1}. {a.idiomText ?? idiomOf(a.exampleId) ?? 'Exercise'}
                  </Text>
                  {a.status === 'synced' ? (
                    <Badge color="green" variant="light" tt="none">
                      Synced
                    </Badge>
                  ) : a.status === 'failed' ? (
                    <Badge color="red" variant="light" tt="none">
                      Not synced
                    </Badge>
                  ) : (
                    <Badge color="gray" variant="light" tt="none">
                      Waiting to sync
                    </Badge>
                  )}
                </Group>
                {a.status === 'failed' ? (
                  <Text size="sm" mt={4}>
                    The server did not take this answer: {a.syncError ?? 'it was refused'}. It is
                    not sent again.
                  </Text>
                ) : null}
                {changed && a.serverEvaluation ? (
                  <Group gap="xs" wrap="wrap" mt={4}>
                    <Text span size="sm">
                      The server graded this differently, and its grade counts: transcription
                    </Text>
                    <AccuracyBadge accuracy={a.serverEvaluation.transcriptionAccuracy} />
                    <Text span size="sm">
                      translation
                    </Text>
                    <AccuracyBadge accuracy={a.serverEvaluation.translationAccuracy} />
                  </Group>
                ) : null}
              </List.Item>
            )
          })}
        </List>
      </Stack>
    </Paper>
  )
}
