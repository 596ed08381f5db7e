import { z } from 'zod'
import {
  type AnswerInput as AnswerInputSchema,
  type api,
  Preferences,
  type EvaluatorExample,
  type Example,
  type ExercisePayload,
  type PreferenceFilter,
  type ScheduleStats,
  type CalendarItem,
  type Tone,
} from '@che/core'
import type { Evaluator } from '@che/core/evaluator'
import {
  calendarItems,
  CardState,
  chooseNext,
  mergeFilter,
  newCard,
  resolveTimeZone,
  scheduleReview,
  scheduleStats,
  startOfLocalDay,
} from '@che/core/scheduler'
import { AppError, conflict, notFound, unavailable } from '../../errors.js'
import type { AudioService } from '../audio/audio.service.js'
import type { ExamplesRepo } from '../examples/examples.repo.js'
import { toExample } from '../idioms/idioms.mappers.js'
import type { ExampleRow, IdiomRow } from '../idioms/idioms.repo.js'
import type { UserRow } from '../users/users.repo.js'
import type { ExercisesRepo, ProgressRow } from './exercises.repo.js'

export const NO_DUE_MESSAGE = 'No due idioms available. Please try again later.'

type Payload = z.infer<typeof ExercisePayload>
type Stats = z.infer<typeof ScheduleStats>
type CalendarEntry = z.infer<typeof CalendarItem>

import type { HistoryEntry } from '../../db/schema.js'

export type { HistoryEntry }

/** An answer as the contract takes it (POST /api/exercises/evaluate, /api/sandbox/evaluate). */
export type AnswerInput = z.output<typeof AnswerInputSchema>
/** The filters of GET /api/exercises/next. */
type NextQuery = NonNullable<z.output<NonNullable<typeof api.exercisesNext.query>>>

const Uuid = z.string().uuid()

/** A whole number from a setting, or `fallback` when it is missing or not one. */
export function countSetting(map: Record<string, string>, key: string, fallback: number): number {
  const raw = map[key]
  return raw !== undefined && /^\d{1,12}$/.test(raw) ? Number(raw) : fallback
}

/** What the evaluator needs from an example row and its idiom. */
export function evaluatorExample(example: ExampleRow, idiom: IdiomRow): EvaluatorExample {
  return {
    text: example.text,
    conjugatedSnippet: example.conjugatedSnippet,
    translation: example.translation,
    idiom: { text: idiom.text, translation: idiom.translation },
    ...(example.alternatives.length ? { alternatives: example.alternatives } : {}),
    ...(example.literal ? { literal: example.literal } : {}),
  }
}

/** A progress row as the contract's ProgressRecord. */
export function toProgressRecord(
  row: ProgressRow,
  idiom: { tone: Tone; usage: number },
): Payload['progress'] {
  return {
    progressId: row.id,
    userId: row.userId,
    idiomId: row.idiomId,
    exampleId: row.exampleId,
    dueDate: row.dueAt.toISOString(),
    tone: idiom.tone,
    usage: idiom.usage,
    history: row.history,
    missedWords: row.missedWords,
    isSandbox: row.isSandbox,
    sandbox: row.sandbox,
    evaluation: row.lastEvaluation ?? null,
    createdAt: row.createdAt.toISOString(),
  }
}

export function createExercisesService(deps: {
  exercises: ExercisesRepo
  examples: Pick<ExamplesRepo, 'findWithIdiom'>
  audio: Pick<AudioService, 'audioFor'>
  /** Any engine with the Evaluator shape; a promise-returning (LLM) one works too. */
  evaluator: (
    ...args: Parameters<Evaluator>
  ) => ReturnType<Evaluator> | Promise<ReturnType<Evaluator>>
  settings: { all(): Promise<Record<string, string>> }
  clock: () => Date
  log?: { warn(obj: unknown, msg: string): void }
}) {
  function filterOf(user: UserRow, query: Partial<PreferenceFilter>): PreferenceFilter {
    const prefs = Preferences.parse(user.preferences ?? {})
    return mergeFilter(prefs.filter, query)
  }

  /** The admin preference getNextExample, when it names an existing example; else undefined. */
  async function forcedExample(user: UserRow): Promise<string | undefined> {
    if (user.role !== 'admin') return undefined
    const id = Preferences.parse(user.preferences ?? {}).getNextExample.trim()
    if (!id) return undefined
    if (Uuid.safeParse(id).success && (await deps.examples.findWithIdiom(id))) return id
    deps.log?.warn({ userId: user.id, exampleId: id }, 'getNextExample names no example; ignored')
    return undefined
  }

  return {
    /**
     * The next exercise (core chooseNext): the admin's forced example, else the item due longest,
     * else a new item matching the learner's filter merged with the query's, while fewer than
     * dailyNewLimit records were started since the learner's local midnight. Nothing → 503.
     *
     * getNextExample stays set after it is served: an admin checking an example (its audio, its
     * grading) gets it on every call until they clear the field in Preferences, instead of losing
     * it to a page refresh before answering.
     */
    async next(user: UserRow, query: NextQuery): Promise<Example> {
      const now = deps.clock()
      const timeZone = resolveTimeZone(query.tz ?? 'UTC')
      const filter = filterOf(user, { usage: query.usage, tone: query.tone })
      const [due, candidates, newToday, settings, forcedExampleId] = await Promise.all([
        deps.exercises.listDue(user.id),
        deps.exercises.newCandidates(user.id, filter, { mostCommonOnly: true }),
        deps.exercises.countStartedSince(user.id, startOfLocalDay(now, timeZone)),
        deps.settings.all(),
        forcedExample(user),
      ])
      const choice = chooseNext({
        now,
        timeZone,
        progress: due.map((p) => ({ exampleId: p.exampleId, dueDate: p.dueAt.toISOString() })),
        candidates,
        filter,
        newToday,
        dailyNewLimit: countSetting(settings, 'dailyNewLimit', 10),
        forcedExampleId,
        seed: user.id,
      })
      if (choice.kind === 'none') throw unavailable(NO_DUE_MESSAGE)
      const found = await deps.examples.findWithIdiom(choice.exampleId)
      // Deleted between the two reads: rare, and the next call chooses again.
      if (!found) throw unavailable(NO_DUE_MESSAGE)
      const isNew = !due.some((p) => p.exampleId === choice.exampleId)
      return toExample(found.example, found.idiom, await deps.audio.audioFor(found.example), isNew)
    },

    /**
     * Grade an answer and reschedule: evaluation first (outside any transaction, it may be slow),
     * then one transaction that claims the attempt id, creates or locks the learner's record,
     * schedules the FSRS card with the server clock, appends the review to the history, replaces
     * the missed words and last evaluation, and stores the payload under the attempt id. A
     * repeated attempt id returns the stored payload and schedules nothing.
     *
     * The user id always comes from the verified token, never from the body. Any example may be
     * answered, served by /next or not: answering one that was not served simply starts its
     * record (it then counts towards today's new items).
     */
    async evaluate(user: UserRow, input: AnswerInput): Promise<Payload> {
      if (input.attemptId) {
        const stored = await deps.exercises.findAttempt(user.id, input.attemptId)
        if (stored && 'exampleId' in stored) return sameExample(stored as Payload, input.exampleId)
      }
      const found = await deps.examples.findWithIdiom(input.exampleId)
      if (!found) throw notFound('Example')
      const { example, idiom } = found
      const evaluation = await deps.evaluator(evaluatorExample(example, idiom), {
        userTranscription: input.userTranscription,
        userTranslation: input.userTranslation,
      })
      const now = deps.clock()
      const outcome = await deps.exercises.transaction(async (tx) => {
        if (input.attemptId && !(await tx.claimAttempt(user.id, input.attemptId))) return undefined
        const card = newCard(now)
        const row = await tx.lockOrCreate({
          userId: user.id,
          exampleId: example.id,
          idiomId: idiom.id,
          card,
          history: [],
          dueAt: new Date(card.due),
          createdAt: now,
          updatedAt: now,
        })
        const current = CardState.parse(row.card)
        const { card: next, log } = scheduleReview(current, evaluation, now)
        const entry: HistoryEntry = { ...log, evaluation }
        const saved = await tx.saveProgress(row.id, {
          card: next,
          history: [...row.history, entry],
          dueAt: new Date(next.due),
          missedWords: evaluation.missedWords,
          isSandbox: evaluation.missedWords.length > 0,
          lastEvaluation: evaluation,
          updatedAt: now,
        })
        const payload: Payload = {
          exampleId: example.id,
          evaluation,
          progress: toProgressRecord(saved, { tone: idiom.tone, usage: idiom.usage }),
        }
        if (input.attemptId) await tx.saveAttempt(user.id, input.attemptId, payload)
        return payload
      })
      if (outcome) return outcome
      // Another request with the same attempt id committed first: answer what it answered.
      const stored = await deps.exercises.findAttempt(user.id, input.attemptId!)
      if (!stored || !('exampleId' in stored))
        throw conflict('This answer is still being evaluated; try again')
      return sameExample(stored as Payload, input.exampleId)
    },

    /** Dashboard stats (core scheduleStats) in the learner's time zone. */
    async stats(user: UserRow, tz: string | undefined): Promise<Stats> {
      const now = deps.clock()
      const timeZone = resolveTimeZone(tz ?? 'UTC')
      const filter = filterOf(user, {})
      const [records, candidates, newToday, settings] = await Promise.all([
        deps.exercises.listProgress(user.id),
        deps.exercises.newCandidates(user.id, filter, { limit: 1 }),
        deps.exercises.countStartedSince(user.id, startOfLocalDay(now, timeZone)),
        deps.settings.all(),
      ])
      const reviewsCount = records.reduce((n, r) => n + r.history.length, 0)
      return scheduleStats({
        now,
        timeZone,
        progress: records.map((r) => ({
          dueDate: r.dueAt.toISOString(),
          history: r.history,
          missedWords: r.missedWords,
          isSandbox: r.isSandbox,
        })),
        newToday,
        dailyNewLimit: countSetting(settings, 'dailyNewLimit', 10),
        candidatesAvailable: candidates.length > 0,
        reportMinReviews: countSetting(settings, 'reportMinReviews', 20),
        reviewsCount,
      })
    },

    /** Calendar cards (core calendarItems): confidence is the card's retrievability now. */
    async calendar(user: UserRow): Promise<CalendarEntry[]> {
      const records = await deps.exercises.listProgress(user.id)
      return calendarItems(
        records.map((r) => ({
          progressId: r.id,
          dueDate: r.dueAt.toISOString(),
          tone: r.tone,
          usage: r.usage,
          card: CardState.parse(r.card),
        })),
        deps.clock(),
      )
    },
  }
}
export type ExercisesService = ReturnType<typeof createExercisesService>

/** A stored payload for an attempt id, refused when the repeat names another example. */
function sameExample(payload: Payload, exampleId: string): Payload {
  if (payload.exampleId !== exampleId) {
    throw new AppError(409, 'CONFLICT', 'This attempt id was already used for another example')
  }
  return payload
}
