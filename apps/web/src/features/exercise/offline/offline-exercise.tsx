import { Badge, Group, List, Paper, Stack, Text, Title } from '@mantine/core'
import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useState } from 'react'
import { ExerciseFlow } from '../components/exercise-flow'
import { AccuracyBadge } from '../components/results-phase'
import { callKey } from '../../../lib/query-keys'
import { Loading } from '../../../components/loading'
import { useOnline } from '../../../lib/online'
import {
  answerOffline,
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

/**
 * Keeps the offline copies fresh while online (the next due exercises, then the queued answers
 * synced in order), and gives the exercise page what it needs to practise offline.
 */
export function useOfflinePractice(userId: string | undefined) {
  const online = useOnline()
  const queryClient = useQueryClient()
  const [kept, setKept] = useState<KeptExercise[] | null>(null)
  const [answers, setAnswers] = useState<QueuedAnswer[]>([])

  const reload = useCallback(async () => {
    if (!userId) return
    const [k, a] = await Promise.all([listKept(userId), listAnswers(userId)])
    setKept(k)
    setAnswers(a)
  }, [userId])

  useEffect(() => {
    if (!userId) return
    let active = true
    void (async () => {
      if (online) {
        try {
          const synced = await syncAnswers(userId)
          if (synced > 0) {
            void queryClient.invalidateQueries({ queryKey: callKey('exercisesStats') })
            void queryClient.invalidateQueries({ queryKey: callKey('exercisesCalendar') })
          }
          await refreshKept(userId)
        } catch (error: unknown) {
          console.warn('Offline practice: could not sync or refresh', error)
        }
      }
      if (active) await reload()
    })()
    return () => {
      active = false
    }
  }, [online, userId, reload, queryClient])

  return { online, kept, answers, reload }
}

/** Practice without a connection: the kept exercises that are due, graded in the browser. */
export function OfflineExercise({
  userId,
  isAdmin,
  kept,
  answers,
  onAnswered,
}: {
  userId: string
  isAdmin: boolean
  kept: KeptExercise[] | null
  answers: QueuedAnswer[]
  onAnswered: () => Promise<void>
}) {
  const [current, setCurrent] = useState<KeptExercise | null | undefined>(undefined)
  const [audio, setAudio] = useState<string | null>(null)

  useEffect(() => {
    if (!kept || current !== undefined) return
    const next = nextOfflineExercise(kept, answers, serverNow()) ?? null
    setCurrent(next)
    if (next?.example.audio) void keptAudioUrl(next.example.audio.url).then(setAudio)
  }, [kept, answers, current])

  if (kept === null || current === undefined) return <Loading message="Loading exercise..." />
  if (current === null)
    return (
      <Text role="status">
        No exercise kept on this device is due now. New exercises need a connection: your answers
        sync, and new exercises come, when you are back online.
      </Text>
    )
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
        return { evaluation: queued.localEvaluation }
      }}
      onNext={() => {
        setAudio(null)
        void onAnswered().then(() => setCurrent(undefined))
      }}
    />
  )
}

/** What was answered offline: waiting, or synced (with the server's grade when it differs). */
export function OfflineAnswers({
  answers,
  kept,
}: {
  answers: QueuedAnswer[]
  kept: KeptExercise[] | null
}) {
  if (answers.length === 0) return null
  const idiomOf = (exampleId: string) =>
    kept?.find((k) => k.example.exampleId === exampleId)?.example.idiom.text
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="xs">
        <Title order={2} fz="h4">
          Answered offline
        </Title>
        <List spacing="xs" listStyleType="none" aria-live="polite">
          {answers.map((a, i) => {
            const changed =
              a.serverEvaluation && gradeChanged(a.localEvaluation, a.serverEvaluation)
            return (
              <List.Item key={a.attemptId} data-testid="offline-answer" data-status={a.status}>
                <Group gap="xs" wrap="wrap">
                  <Text span>
                    {i + 1}. {idiomOf(a.exampleId) ?? 'Exercise'}
                  </Text>
                  {a.status === 'synced' ? (
                    <Badge color="green" variant="light" tt="none">
                      Synced
                    </Badge>
                  ) : (
                    <Badge color="gray" variant="light" tt="none">
                      Waiting to sync
                    </Badge>
                  )}
                </Group>
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
