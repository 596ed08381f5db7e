import { z } from 'zod'
import {
  ATTEMPT_RETENTION_DAYS,
  OFFLINE_ANSWER_MAX_AGE_DAYS,
  type AnswerInput as AnswerInputSchema,
  type api,
  Preferences,
  type OfflineExercise,
  type EvaluatorExample,
  type ExercisePayload,
  type NextExercise,
  type PreferenceFilter,
  type ScheduleStats,
  type Tone,
} from '@che/core'
import type { Evaluator } from '@che/core/evaluator'
import {
  byCodeUnits,
  CalendarCard,
  CardState,
  chooseNext,
  matchesFilter,
  mergeFilter,
  newCard,
  nextLocalMidnight,
  resolveTimeZone,
  scheduleReview,
  scheduleStats,
  startOfLocalDay,
} from '@che/core/scheduler'
import { evaluatorModule } from '../../lib/evaluator-module.js'
import { createBatchRunner } from '../../db/batch.js'
import { AppError, conflict, notFound, unavailable } from '../../errors.js'
import type { AudioService } from '../audio/audio.service.js'
import type { LibraryCache, LibraryCandidate, LibrarySnapshot } from '../examples/library.js'
import { toExample } from '../idioms/idioms.mappers.js'
import {
  calendarAt,
  createCalendarCache,
  type KeptCalendar,
  keptCalendar,
  labelCards,
  mergeCards,
} from './calendar-cache.js'
import type { ExampleRow, IdiomRow } from '../idioms/idioms.repo.js'
import type { UserRow } from '../users/users.repo.js'
import type {
  ExercisesRepo,
  ProgressRow,
  ReviewJob,
  ReviewLogRow,
  ReviewOutcome,
} from './exercises.repo.js'

/** Thrown inside the evaluation transaction to roll it back when the attempt id was taken. */
const ATTEMPT_TAKEN = new Error('attempt id already used')

export const NO_DUE_MESSAGE = 'No due idioms available. Please try again later.'

type Payload = z.infer<typeof ExercisePayload>
type Stats = z.infer<typeof ScheduleStats>

import type { HistoryEntry } from '../../db/schema.js'

export type { HistoryEntry }

/**
 * An attempt id's stored payload read before the caller was checked (decision 050): `read`
 * never fails (undefined when it did: read again), and is used only for this user and attempt.
 */
export interface EarlyAttempt {
  userId: string
  attemptId: string
  read: Promise<{ stored: Record<string, unknown> | undefined } | undefined>
}

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

/**
 * The evaluation of an answer: an answer given up (AnswerInput.gaveUp, both fields blank) gets
 * core's gaveUpEvaluation, certain and free, without asking the engine (an LLM least of all);
 * any other goes to the engine.
 */
export async function gradeAnswer(
  evaluator: (
    ...args: Parameters<Evaluator>
  ) => ReturnType<Evaluator> | Promise<ReturnType<Evaluator>>,
  example: EvaluatorExample,
  input: Pick<AnswerInput, 'userTranscription' | 'userTranslation' | 'gaveUp'>,
): Promise<ReturnType<Evaluator>> {
  if (input.gaveUp) return (await evaluatorModule()).gaveUpEvaluation(example)
  return evaluator(example, {
    userTranscription: input.userTranscription,
    userTranslation: input.userTranslation,
  })
}

/** What the evaluator needs from an example row and its idiom. */
export function evaluatorExample(example: ExampleRow, idiom: IdiomRow): EvaluatorExample {
  return {
    text: example.text,
    conjugatedSnippet: example.conjugatedSnippet,
    translation: example.translation,
    idiom: {
      text: idiom.text,
      translation: idiom.translation,
      ...(idiom.meanings.length ? { meanings: idiom.meanings } : {}),
      ...(idiom.senses.length ? { senses: idiom.senses } : {}),
      ...(idiom.literals.length ? { literals: idiom.literals } : {}),
    },
    ...(example.alternatives.length ? { alternatives: example.alternatives } : {}),
    ...(example.literal ? { literal: example.literal } : {}),
  }
}

/**
 * When to schedule an answer: the time the learner gave it (offline answers sync later), kept
 * within [now − OFFLINE_ANSWER_MAX_AGE_DAYS, now]; now when the client sent none.
 */
export function answerTime(answeredAt: string | undefined, now: Date): Date {
  if (!answeredAt) return now
  const at = new Date(answeredAt).getTime()
  const oldest = now.getTime() - OFFLINE_ANSWER_MAX_AGE_DAYS * 86_400_000
  return new Date(Math.min(now.getTime(), Math.max(oldest, at)))
}

/** Why an answer given more than ATTEMPT_RETENTION_DAYS ago is not counted (a 409). */
export const ANSWER_TOO_OLD_MESSAGE = `This answer was given more than ${ATTEMPT_RETENTION_DAYS} days ago, so it was not counted`

/** True when an answer given at `answeredAt` is older than the server remembers answers. */
export function tooOldToCount(answeredAt: string, now: Date): boolean {
  return new Date(answeredAt).getTime() < now.getTime() - ATTEMPT_RETENTION_DAYS * 86_400_000
}

/** What a history entry shows of a review (a logged row, or one about to be). */
type Review = Omit<ReviewLogRow, 'id' | 'progressId' | 'userId'>

/** A review-log row as the history entry the contract's ProgressRecord lists. */
export function toHistoryEntry(row: Review): HistoryEntry {
  return {
    date: row.reviewedAt.toISOString(),
    rating: row.rating as HistoryEntry['rating'],
    evaluation: row.evaluation,
    state: row.state as HistoryEntry['state'],
    elapsedDays: row.elapsedDays,
    scheduledDays: row.scheduledDays,
    stability: row.stability,
    difficulty: row.difficulty,
  }
}

/** A progress row and its reviews (oldest first) as the contract's ProgressRecord. */
export function toProgressRecord(
  row: ProgressRow,
  idiom: { tone: Tone; usage: number },
  reviews: readonly Review[],
): Payload['progress'] {
  return {
    progressId: row.id,
    userId: row.userId,
    idiomId: row.idiomId,
    exampleId: row.exampleId,
    dueDate: row.dueAt.toISOString(),
    tone: idiom.tone,
    usage: idiom.usage,
    history: reviews.map(toHistoryEntry),
    missedWords: row.missedWords,
    isSandbox: row.isSandbox,
    sandbox: row.sandbox,
    evaluation: row.lastEvaluation ?? null,
    createdAt: row.createdAt.toISOString(),
  }
}

/**
 * Each call takes an optional `scope`: the request, whose cache versions were read while
 * authenticating it; the library is then checked against that same read (one read per request,
 * docs/decisions/045 session 8). These calls write nothing the versions count.
 */
export function createExercisesService(deps: {
  exercises: ExercisesRepo
  /** The library held in memory while current (docs/decisions/044). */
  library: Pick<LibraryCache, 'snapshot'>
  audio: Pick<AudioService, 'audioFor'>
  /** Any engine with the Evaluator shape; a promise-returning (LLM) one works too. */
  evaluator: (
    ...args: Parameters<Evaluator>
  ) => ReturnType<Evaluator> | Promise<ReturnType<Evaluator>>
  settings: { all(): Promise<Record<string, string>> }
  clock: () => Date
  log?: { warn(obj: unknown, msg: string): void }
}) {
  // Each learner's last calendar, per instance, brought up to date at every request (decision 069).
  const calendars = createCalendarCache()

  function filterOf(user: UserRow, query: Partial<PreferenceFilter>): PreferenceFilter {
    const prefs = Preferences.parse(user.preferences ?? {})
    return mergeFilter(prefs.filter, query)
  }

  /** The admin preference getNextExample, trimmed, when the user is an admin and it is set. */
  function forcedId(user: UserRow): string | undefined {
    if (user.role !== 'admin') return undefined
    return Preferences.parse(user.preferences ?? {}).getNextExample.trim() || undefined
  }

  /** `id` (forcedId) when it names an existing example; else undefined. */
  function forcedExample(
    user: UserRow,
    id: string | undefined,
    library: LibrarySnapshot,
  ): string | undefined {
    if (!id) return undefined
    if (Uuid.safeParse(id).success && library.get(id)) return id
    deps.log?.warn({ userId: user.id, exampleId: id }, 'getNextExample names no example; ignored')
    return undefined
  }

  /** One review in its own transaction (when the repo does not batch: some tests). */
  function commitOne(job: ReviewJob): Promise<ReviewOutcome> {
    return deps.exercises
      .transaction(async (tx) => {
        const row = await tx.lockOrCreate(job.fresh)
        const earlier = row.reviewCount > 0 ? await tx.reviewsOf(row.id) : []
        const { changes, review, perfect, payload } = job.prepare(row, earlier)
        const { attemptTaken } = await tx.saveReview(
          row.id,
          changes,
          review,
          perfect,
          job.attemptId ? { attemptId: job.attemptId, payload } : undefined,
        )
        // A repeated attempt id rolls all of it back.
        if (attemptTaken) throw ATTEMPT_TAKEN
        return { payload }
      })
      .catch((err: unknown): ReviewOutcome => {
        if (err === ATTEMPT_TAKEN) return { attemptTaken: true }
        throw err
      })
  }

  // Group commit (docs/decisions/045): reviews that arrive while one batch is being written go
  // together in the next transaction; each answer is sent only after its batch's COMMIT.
  const batches = deps.exercises.batched
    ? createBatchRunner<ReviewJob, ReviewOutcome>({
        // On PostgreSQL a review arriving while a batch is being written goes in the next batch
        // at once instead of waiting for it (decision 045, session 8); a review of a record or an
        // attempt id in a batch still being written waits for that one (`conflicts`).
        inFlight: deps.exercises.inFlight,
        // A lone review takes the batch's path too, so every transaction on any instance locks in
        // one order (attempt ids, then records, each sorted): none can wait on another in a cycle.
        single: async (job) => (await deps.exercises.commitReviews([job]))[0]!,
        run: async (jobs) => (await deps.exercises.commitReviews(jobs)).map((value) => ({ value })),
        // Two answers to one record, or two uses of one attempt id, never share a batch: the
        // later one runs after the earlier one committed, as if in a transaction of its own.
        conflicts: (job) => [
          `record ${job.fresh.userId} ${job.fresh.exampleId}`,
          ...(job.attemptId ? [`attempt ${job.fresh.userId} ${job.attemptId}`] : []),
        ],
      })
    : undefined
  const commitReview = (job: ReviewJob) => (batches ? batches.call(job) : commitOne(job))

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
    async next(user: UserRow, query: NextQuery, scope?: object): Promise<NextExercise> {
      const now = deps.clock()
      const timeZone = resolveTimeZone(query.tz ?? 'UTC')
      const filter = filterOf(user, { usage: query.usage, tone: query.tone })
      const midnight = startOfLocalDay(now, timeZone)
      const endOfToday = nextLocalMidnight(now, timeZone)
      // One statement counts what /next needs of the learner's records (decision 050, session
      // 16): what is due, today's new items (records started since local midnight) and reviews
      // (started before, answered since), and the examples met when a new one is to be chosen.
      const wanted = forcedId(user)
      const [records, settings, library] = await Promise.all([
        deps.exercises.nextRecords({
          userId: user.id,
          since: midnight,
          endOfToday,
          // Looked for only when it is a uuid (forcedExample refuses any other).
          forced: wanted && Uuid.safeParse(wanted).success ? wanted : undefined,
        }),
        deps.settings.all(),
        deps.library.snapshot(scope),
      ])
      const { newToday, reviewedToday } = records
      const dailyNewLimit = countSetting(settings, 'dailyNewLimit', 10)
      const input = {
        now,
        timeZone,
        summary: records.summary,
        candidates: [] as readonly LibraryCandidate[],
        filter,
        newToday,
        dailyNewLimit,
        forcedExampleId: forcedExample(user, wanted, library),
        seed: user.id,
      }
      // A forced or due item is chosen whatever the new items are: only offer new ones (while
      // under today's limit) when nothing else is chosen. chooseNext keeps those matching the
      // filter that the learner has not seen, and picks among the most common (usage first).
      let choice = chooseNext(input)
      if (choice.kind === 'none' && newToday < dailyNewLimit) {
        input.candidates = library.candidates
        choice = chooseNext(input)
      }
      if (choice.kind === 'none') throw unavailable(NO_DUE_MESSAGE)
      const found = library.get(choice.exampleId)
      if (!found) throw unavailable(NO_DUE_MESSAGE)
      // A due item has a record; a new one (a candidate, or the forced example) has none.
      const isNew = choice.kind === 'new'
      return {
        ...toExample(found.example, found.idiom, await deps.audio.audioFor(found.example), isNew),
        today: {
          reviewsDone: reviewedToday,
          reviewsLeft: records.dueToday,
          newDone: newToday,
          newLimit: dailyNewLimit,
        },
        // What the server grades with: the page grades the same way if the connection drops.
        reference: evaluatorExample(found.example, found.idiom),
      }
    },

    /** Starts reading an attempt id's stored payload (see EarlyAttempt), for `evaluate`. */
    readAttemptEarly(userId: string, attemptId: string): Omit<EarlyAttempt, 'userId'> {
      return {
        attemptId,
        read: deps.exercises.findAttempt(userId, attemptId).then(
          (stored) => ({ stored }),
          () => undefined,
        ),
      }
    },

    /**
     * Grade an answer and reschedule: evaluation first (outside any transaction, it may be slow),
     * then one transaction that creates or locks the learner's record, schedules the FSRS card
     * with the server clock, appends the review to the log, replaces the missed words and last
     * evaluation, and stores the payload under the attempt id. A repeated attempt id returns the
     * stored payload and schedules nothing (its transaction rolls back).
     *
     * The user id always comes from the verified token, never from the body. Any example may be
     * answered, served by /next or not: answering one that was not served simply starts its
     * record (it then counts towards today's new items).
     */
    async evaluate(
      user: UserRow,
      input: AnswerInput,
      scope?: object,
      early?: EarlyAttempt,
    ): Promise<Payload> {
      if (input.attemptId) {
        const read =
          early?.userId === user.id && early.attemptId === input.attemptId
            ? await early.read
            : undefined
        const stored = read
          ? read.stored
          : await deps.exercises.findAttempt(user.id, input.attemptId)
        if (stored && 'exampleId' in stored) return sameExample(stored as Payload, input.exampleId)
      }
      // Stored answers are deleted after a while (attempt-retention.ts): one given longer ago
      // than they are kept may be a resend of one already counted, and is refused.
      if (input.answeredAt && tooOldToCount(input.answeredAt, deps.clock())) {
        throw conflict(ANSWER_TOO_OLD_MESSAGE)
      }
      const found = (await deps.library.snapshot(scope)).get(input.exampleId)
      if (!found) throw notFound('Example')
      const { example, idiom } = found
      const evaluation = await gradeAnswer(deps.evaluator, evaluatorExample(example, idiom), input)
      const now = deps.clock()
      const reviewAt = answerTime(input.answeredAt, now)
      const card = newCard(now)
      const outcome = await commitReview({
        fresh: {
          userId: user.id,
          exampleId: example.id,
          idiomId: idiom.id,
          card,
          dueAt: new Date(card.due),
          createdAt: now,
          updatedAt: now,
        },
        attemptId: input.attemptId,
        // Runs with the record locked, so what the write will leave is known now: the payload
        // (stored under the attempt id by the same write) is built before it. A new record has
        // no reviews yet (review_count counts the log's rows).
        prepare(row, earlier) {
          const current = CardState.parse(row.card)
          // An answer given offline is scheduled when it was given (scheduleReview never goes
          // back past the card's last review, so answers synced in order schedule in order).
          const { card: next, log } = scheduleReview(current, evaluation, reviewAt, {
            elapsedMs: input.elapsedMs,
          })
          const perfect =
            evaluation.transcriptionAccuracy === 'perfect' &&
            evaluation.translationAccuracy === 'perfect'
          const changes = {
            card: next,
            dueAt: new Date(next.due),
            missedWords: evaluation.missedWords,
            isSandbox: evaluation.missedWords.length > 0,
            lastEvaluation: evaluation,
            updatedAt: now,
          }
          const review = {
            userId: user.id,
            reviewedAt: new Date(log.date),
            rating: log.rating,
            state: log.state,
            elapsedDays: log.elapsedDays,
            scheduledDays: log.scheduledDays,
            stability: log.stability,
            difficulty: log.difficulty,
            evaluation,
          }
          const saved: ProgressRow = {
            ...row,
            ...changes,
            reviewCount: row.reviewCount + 1,
            perfectCount: row.perfectCount + (perfect ? 1 : 0),
          }
          const payload: Payload = {
            exampleId: example.id,
            evaluation,
            progress: toProgressRecord(saved, { tone: idiom.tone, usage: idiom.usage }, [
              ...earlier,
              review,
            ]),
          }
          return { changes, review, perfect, payload }
        },
      })
      if ('payload' in outcome) return outcome.payload as Payload
      // Another request with the same attempt id committed first: answer what it answered.
      const stored = await deps.exercises.findAttempt(user.id, input.attemptId!)
      if (!stored || !('exampleId' in stored))
        throw conflict('This answer is still being evaluated; try again')
      return sameExample(stored as Payload, input.exampleId)
    },

    /**
     * The learner's next items by due date (soonest first) for offline practice, with what the
     * browser's evaluator needs to grade them: at most `limit`, or the offlineExercises
     * preference. Only items the learner already has: offline practice never starts new ones.
     */
    async offline(
      user: UserRow,
      limit: number | undefined,
      scope?: object,
    ): Promise<{ now: string; exercises: OfflineExercise[] }> {
      const now = deps.clock().toISOString()
      const count = limit ?? Preferences.parse(user.preferences ?? {}).offlineExercises
      if (count === 0) return { now, exercises: [] }
      const due = (await deps.exercises.listDue(user.id))
        .sort(
          (a, b) => a.dueAt.getTime() - b.dueAt.getTime() || byCodeUnits(a.exampleId, b.exampleId),
        )
        .slice(0, count)
      const kept: OfflineExercise[] = []
      const library = await deps.library.snapshot(scope)
      for (const item of due) {
        const found = library.get(item.exampleId)
        if (!found) continue
        kept.push({
          example: toExample(
            found.example,
            found.idiom,
            await deps.audio.audioFor(found.example),
            false,
          ),
          dueDate: item.dueAt.toISOString(),
          reference: evaluatorExample(found.example, found.idiom),
        })
      }
      return { now, exercises: kept }
    },

    /** Dashboard stats (core scheduleStats) in the learner's time zone. */
    async stats(user: UserRow, tz: string | undefined, scope?: object): Promise<Stats> {
      const now = deps.clock()
      const timeZone = resolveTimeZone(tz ?? 'UTC')
      const filter = filterOf(user, {})
      // One read, counted by the database (decision 044, session 14); whether a new item is left
      // comes from the library in memory (docs/decisions/044).
      const [counted, settings, library] = await Promise.all([
        deps.exercises.statsSummary(
          user.id,
          nextLocalMidnight(now, timeZone),
          startOfLocalDay(now, timeZone),
        ),
        deps.settings.all(),
        deps.library.snapshot(scope),
      ])
      const seen = new Set(counted.seen)
      const candidatesAvailable = library.candidates.some(
        (c) => !seen.has(c.exampleId) && matchesFilter(c, filter),
      )
      return scheduleStats({
        now,
        timeZone,
        summary: counted.summary,
        reviews: counted.reviews,
        newToday: counted.newToday,
        dailyNewLimit: countSetting(settings, 'dailyNewLimit', 10),
        candidatesAvailable,
        reportMinReviews: countSetting(settings, 'reportMinReviews', 20),
        reviewsCount: counted.reviews.count,
      })
    },

    /**
     * Calendar cards (core calendarItems) as the reply's JSON bytes: labelled with the idiom;
     * confidence is the card's retrievability now capped by its latest rating
     * (docs/decisions/012). The learner's last calendar is kept on this instance (decision 069):
     * a request reads only the records written since it was read, labels only those (all of them
     * when the library version moved), and works out the confidences, which move with the time,
     * again; a record that left the learner makes the read whole.
     */
    async calendar(user: UserRow, scope?: object): Promise<Buffer> {
      const kept = calendars.get(user.id)
      const [read, library] = await Promise.all([
        deps.exercises.calendarRecords(user.id, kept?.snapshot),
        deps.library.snapshot(scope),
      ])
      const now = deps.clock()
      const checked = read.records.map((r) => ({ ...r, card: CalendarCard.parse(r.card) }))
      let calendar: KeptCalendar
      if (read.whole || !kept) {
        calendar = keptCalendar(
          read.snapshot,
          library.version,
          labelCards(checked, library, now),
          now,
        )
      } else if (!checked.length && kept.library === library.version) {
        calendar = calendarAt(kept, read.snapshot, now)
      } else {
        // Only what changed is labelled again, unless the library moved.
        const base =
          kept.library === library.version ? kept.cards : labelCards(kept.cards, library, now)
        const cards = mergeCards(base, labelCards(checked, library, now))
        calendar = keptCalendar(read.snapshot, library.version, cards, now)
      }
      calendars.set(user.id, calendar)
      return calendar.reply.bytes
    },

    /** Drops the calendars this instance keeps (GET /api/admin/resetcaches). */
    forgetCalendars: () => calendars.clear(),
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
