import { api } from '@che/core'
import type { Evaluation } from '@che/core'
import { ApiError, call } from '../../../lib/api-client'
import type { KeptExercise, QueuedAnswer } from './offline-store'
import {
  forgetSettled,
  keepExercises,
  listAnswers,
  listKept,
  markFailed,
  markSynced,
  queueAnswer,
} from './offline-store'

/** The exercise to practise offline: the first kept one that is due and not yet answered here. */
export function nextOfflineExercise(
  kept: KeptExercise[],
  answers: QueuedAnswer[],
  now: Date,
): KeptExercise | undefined {
  const answered = new Set(answers.map((a) => a.exampleId))
  return kept.find(
    (k) => Date.parse(k.dueDate) <= now.getTime() && !answered.has(k.example.exampleId),
  )
}

const SKEW_KEY = 'che.offline.clockSkewMs'

/** The server's time as this browser best knows it (its clock may differ from the server's). */
export function serverNow(): Date {
  return new Date(Date.now() + Number(localStorage.getItem(SKEW_KEY) ?? 0))
}

/** While online: keep the learner's next due exercises (the offlineExercises preference). */
export async function refreshKept(userId: string): Promise<void> {
  const kept = await call(api.exercisesOffline)
  localStorage.setItem(SKEW_KEY, String(Date.parse(kept.now) - Date.now()))
  await keepExercises(userId, kept.exercises)
}

/**
 * Grade an offline answer in the browser with the same evaluate() the server uses (its lexicon is
 * loaded only now, in its own chunk) and queue it with its attempt id and answer time.
 */
export async function answerOffline(
  userId: string,
  item: KeptExercise,
  answer: {
    attemptId: string
    userTranscription: string
    userTranslation: string
    gaveUp?: boolean
  },
  now: Date,
): Promise<QueuedAnswer> {
  const { evaluate, gaveUpEvaluation } = await import('@che/core/evaluator')
  const localEvaluation = answer.gaveUp
    ? gaveUpEvaluation(item.reference)
    : evaluate(item.reference, {
        userTranscription: answer.userTranscription,
        userTranslation: answer.userTranslation,
      })
  const queued: QueuedAnswer = {
    attemptId: answer.attemptId,
    userTranscription: answer.userTranscription,
    userTranslation: answer.userTranslation,
    ...(answer.gaveUp ? { gaveUp: true } : {}),
    userId,
    exampleId: item.example.exampleId,
    idiomText: item.example.idiom.text,
    answeredAt: now.toISOString(),
    localEvaluation,
    status: 'pending',
  }
  await queueAnswer(queued)
  return queued
}

/** Whether two grades differ in what the learner sees. */
export function gradeChanged(a: Evaluation, b: Evaluation): boolean {
  return (
    a.transcriptionAccuracy !== b.transcriptionAccuracy ||
    a.translationAccuracy !== b.translationAccuracy
  )
}

let syncing: Promise<number> | null = null

/** A refusal that asking again will not change (not a lost connection, a 5xx, a 401 or a 429). */
function refusedForGood(error: unknown): error is ApiError {
  return (
    error instanceof ApiError &&
    error.status >= 400 &&
    error.status < 500 &&
    ![401, 408, 429].includes(error.status)
  )
}

/**
 * Send the queued answers in the order they were given, one at a time (the server schedules each
 * once: the attempt id makes a resend harmless). An answer the server refuses for good (its
 * sentence was removed...) is marked failed with the reason and the rest go on; any other failure
 * (no connection, server down) stops here, to try again later. Returns how many synced.
 */
export function syncAnswers(userId: string): Promise<number> {
  syncing ??= (async () => {
    let done = 0
    try {
      for (const a of await listAnswers(userId)) {
        if (a.status !== 'pending') continue
        const payload = await call(api.exercisesEvaluate, {
          body: {
            exampleId: a.exampleId,
            userTranscription: a.userTranscription,
            userTranslation: a.userTranslation,
            attemptId: a.attemptId,
            answeredAt: a.answeredAt,
            ...(a.gaveUp ? { gaveUp: true } : {}),
          },
        }).catch(async (error: unknown) => {
          if (!refusedForGood(error)) throw error
          await markFailed(a.attemptId, error.message)
          return null
        })
        if (!payload) continue
        await markSynced(a.attemptId, payload.evaluation, payload.progress.dueDate)
        done++
      }
    } finally {
      syncing = null
    }
    return done
  })()
  return syncing
}

export { forgetSettled, listAnswers, listKept }
