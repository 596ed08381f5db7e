import { randomUUID } from 'node:crypto'
import { and, asc, eq, getTableColumns, sql, type Table } from 'drizzle-orm'
import type { Tone } from '@che/core'
import {
  type CalendarCard,
  type CardReviews,
  canonicalInstant,
  type NextSummary,
  type ProgressSummary,
  type ReviewRating,
} from '@che/core/scheduler'
import { createBatchRunner } from '../../db/batch.js'
import type { Db } from '../../db/client.js'
import { preparedText } from '../../db/prepared.js'
import { attempts, examples, idioms, progress, reviewLog } from '../../db/schema.js'
import type { ExampleRow, IdiomRow } from '../idioms/idioms.repo.js'

export type ProgressRow = typeof progress.$inferSelect
export type NewProgressRow = typeof progress.$inferInsert
export type ReviewLogRow = typeof reviewLog.$inferSelect
export type NewReviewLogRow = typeof reviewLog.$inferInsert

/** A progress row with its idiom's tone and usage (what the calendar and the record show). */
export type ProgressWithIdiom = ProgressRow & { tone: Tone; usage: number; idiomText: string }

/** Writes that belong to one evaluation; used only inside `transaction`. */
export interface ProgressTx {
  /** The user's record for the example, created from `fresh` if missing, locked until commit. */
  lockOrCreate(fresh: NewProgressRow): Promise<ProgressRow>
  /**
   * In one statement: append one review to the log, save the record's new state, counting the
   * review on it (`perfect`: both grades perfect), and store the payload under the attempt id when
   * one is given. `attemptTaken` says that id was used before (a
   * repeated submit; a concurrent one waits on the key until the other transaction ends): the
   * caller then rolls the whole transaction back.
   */
  saveReview(
    id: string,
    changes: Partial<NewProgressRow>,
    review: Omit<NewReviewLogRow, 'id' | 'progressId'>,
    perfect: boolean,
    attempt?: { attemptId: string; payload: Record<string, unknown> },
  ): Promise<{ attemptTaken: boolean }>
  /** The record's reviews, oldest first. */
  reviewsOf(progressId: string): Promise<ReviewLogRow[]>
}

/**
 * A table's rows read as JSON arrays (one `json_build_array` per row inside one JSON text: PGlite
 * turns every result row into an object at ≈ 50 µs, docs/decisions/044): the column list and the
 * mapper back to the row Drizzle would return, both derived from the table in schema.ts, so every
 * path that reads the table this way maps it the same way. Timestamps come as ISO 8601 text (made
 * Dates again), jsonb as itself, numbers and booleans as themselves.
 */
function jsonShape<T extends Table>(table: T) {
  const columns = Object.entries(getTableColumns(table))
  return {
    /** The columns for `json_build_array(...)`, each prefixed with `alias.`. */
    list: (alias: string) => sql.raw(columns.map(([, c]) => `${alias}.${c.name}`).join(', ')),
    /** The row from the array `list` built, starting at `at`. */
    fromJson(r: readonly unknown[], at = 0): T['$inferSelect'] {
      const row: Record<string, unknown> = {}
      columns.forEach(([key, c], i) => {
        const v = r[at + i]
        row[key] = c.dataType === 'date' && v != null ? new Date(v as string) : v
      })
      return row as T['$inferSelect']
    },
  }
}
const PROGRESS = jsonShape(progress)
const REVIEW_LOG = jsonShape(reviewLog)

/** `$n`: a parameter of a prepared statement (db/prepared.ts). */
const param = (n: number) => sql.raw(`$${n}`)

/**
 * The learning loop's hot statements, each parsed and planned once per connection
 * (db/prepared.ts, docs/decisions/054). `statements()` lists the ones a transaction runs, which
 * `ready()` prepares before opening one.
 */
function hotStatements(db: Db) {
  const statements = () => [
    statementsOf.reviews,
    statementsOf.attempts,
    statementsOf.lock,
    statementsOf.write,
  ]
  const statementsOf = {
    /**
     * What /next needs of each learner's records (core NextSummary and today's counts, decision
     * 050 session 16), for several learners in one statement (docs/decisions/045): $1 holds per
     * learner `i` (its place in the batch), `u`, `since` (the learner's midnight), `end` (the end
     * of the learner's today) and `forced` (the admin's forced example, or null). Per learner, as
     * one JSON array: i; records started since midnight (new today); records started before and
     * answered since (reviewed today); records due before the end of today; the one of them due
     * longest (ties by example id: uuids order as their text does); the earliest due date at or
     * after the end of today; whether the forced example has a record; and, only when nothing is
     * due (a new item is then chosen), every example met, comma-separated. The records themselves
     * never cross: reading them as JSON (three timestamps each as text) cost PGlite 1.5–2.0 ms for
     * 715 records, and JavaScript three Dates per record after it; this statement 0.8–0.9.
     */
    next: preparedText(
      db,
      'next',
      ['jsonb'],
      sql`select coalesce(json_agg(json_build_array(k.i, s.new_today, s.reviewed_today, s.due_today,
          (select p.example_id from ${progress} p where p.user_id = k.u and p.due_at < k."end"
            order by p.due_at, p.example_id limit 1),
          (select min(p.due_at) from ${progress} p where p.user_id = k.u and p.due_at >= k."end"),
          k.forced is not null and exists (select 1 from ${progress} p
            where p.user_id = k.u and p.example_id = k.forced),
          case when s.due_today = 0 then (select coalesce(string_agg(p.example_id::text, ','), '')
            from ${progress} p where p.user_id = k.u) end)), '[]')::text
        from jsonb_to_recordset(${param(1)}::jsonb) as k(i int, u uuid, since timestamptz, "end" timestamptz, forced uuid)
        cross join lateral (
          select count(*) filter (where p.created_at >= k.since) as new_today,
            count(*) filter (where p.created_at < k.since and p.updated_at >= k.since) as reviewed_today,
            count(*) filter (where p.due_at < k."end") as due_today
          from ${progress} p where p.user_id = k.u
        ) s`,
    ),
    /**
     * The calendar's read of one learner ($1): per record its id, example, due date as the card
     * holds it (ISO 8601 from toISOString, which due_at mirrors: writing due_at as ISO text took
     * PGlite's `to_char` 2.7 ms for 589 records, and its own text needs a Date to make it ISO,
     * 0.4 ms; core calendarItems takes a canonical one as it is) and the five card fields the
     * confidence reads (core CalendarCard), a field the card lacks as ''. One text: the fields
     * joined by ',' and the records by ';' — uuids, ISO dates, numbers and the card's enum
     * words hold neither, and `calendarRecordsOf` refuses a record without exactly 8 fields.
     * `json_agg` of one text array per record took PGlite 0.4–0.9 ms more for 589 records
     * (decision 044, session 14); jsonb values converted to JSON cost more still (decision 050).
     * In the calendar's order (due date, then id: the order calendarItems sorts into, which then
     * finds one run instead of comparing 589 sliced strings, 0.4 ms). First, the statement's
     * snapshot, from which a later read asks what changed (`calendarSince`, decision 069).
     */
    calendar: preparedText(
      db,
      'calendar',
      ['uuid'],
      sql`select pg_current_snapshot()::text, coalesce(string_agg(concat_ws(',', p.id, p.example_id,
          coalesce(p.card->>'due', ''), coalesce(p.card->>'state', ''),
          coalesce(p.card->>'lastReview', ''), coalesce(p.card->>'stability', ''),
          coalesce(p.card->>'streak', ''), coalesce(p.card->>'lastRating', '')), ';'
          order by p.due_at, p.id), '')
        from ${progress} p where p.user_id = ${param(1)}::uuid`,
    ),
    /**
     * What changed in the calendar's records of one learner ($1) since an earlier read whose
     * snapshot was $2 (decision 069): this read's snapshot; '1' when a record of the learner was
     * deleted (or moved to someone else, or the table truncated) by a transaction $2 did not see,
     * else ''; and, as the `calendar` statement writes them, in no order, the records whose last
     * writer (`changed_in`, migration 0021) $2 did not see.
     */
    calendarSince: preparedText(
      db,
      'calendar_since',
      ['uuid', 'text'],
      sql`select pg_current_snapshot()::text,
          case when exists (select 1 from progress_deletions d
            where d.user_id in (${param(1)}::uuid, '00000000-0000-0000-0000-000000000000')
              and not pg_visible_in_snapshot(d.deleted_in, (select ${param(2)}::pg_snapshot)))
            then '1' else '' end,
          coalesce(string_agg(concat_ws(',', p.id, p.example_id,
          coalesce(p.card->>'due', ''), coalesce(p.card->>'state', ''),
          coalesce(p.card->>'lastReview', ''), coalesce(p.card->>'stability', ''),
          coalesce(p.card->>'streak', ''), coalesce(p.card->>'lastRating', '')), ';')
            filter (where not pg_visible_in_snapshot(p.changed_in, (select ${param(2)}::pg_snapshot))), '')
        from ${progress} p where p.user_id = ${param(1)}::uuid`,
    ),
    /**
     * The dashboard's read of one learner ($1), counted in one row (core ProgressSummary, decision
     * 044 session 14): records, those due before $2 (the end of the learner's today) and the
     * earliest of them, the earliest due at or after $2, every non-empty missed-words list,
     * Playroom records, records made since $3 (the learner's midnight), the review totals, and
     * the examples met (comma-separated), as one JSON array.
     */
    stats: preparedText(
      db,
      'stats',
      ['uuid', 'timestamptz', 'timestamptz'],
      sql`select json_build_array(
          count(*),
          count(*) filter (where p.due_at < ${param(2)}),
          min(p.due_at) filter (where p.due_at < ${param(2)}),
          min(p.due_at) filter (where p.due_at >= ${param(2)}),
          coalesce(json_agg(p.missed_words) filter (where jsonb_array_length(p.missed_words) > 0), '[]'),
          count(*) filter (where p.is_sandbox),
          count(*) filter (where p.created_at >= ${param(3)}),
          coalesce(sum(p.review_count), 0),
          coalesce(sum(p.perfect_count), 0),
          coalesce(string_agg(p.example_id::text, ','), '')
        )::text from ${progress} p where p.user_id = ${param(1)}`,
    ),
    /** The reviews of the records in $1, oldest first, as one JSON text. */
    reviews: preparedText(
      db,
      'reviews',
      ['uuid[]'],
      sql`select coalesce(json_agg(json_build_array(${REVIEW_LOG.list('r')}) order by r.progress_id, r.id), '[]')::text as rows
      from ${reviewLog} r where r.progress_id = any(${param(1)}::uuid[])`,
    ),
    /** The stored payloads of the (user, attempt) keys in $1, as one JSON text. */
    attempts: preparedText(
      db,
      'attempts',
      ['jsonb'],
      sql`select coalesce(json_agg(json_build_array(a.user_id, a.attempt_id, a.payload)), '[]')::text as rows
      from jsonb_to_recordset(${param(1)}::jsonb) as k(u uuid, a uuid)
      join ${attempts} a on a.user_id = k.u and a.attempt_id = k.a`,
    ),
    /**
     * The group commit's first statement (see commitMany): claim the attempt ids (each with the
     * payload a new record's review leaves), create every missing record in its final state with
     * its log row, lock the existing ones; answer `[i]` for a record created, `[i, ...columns]`
     * for one that existed, as one JSON text.
     */
    lock: preparedText(
      db,
      'lock',
      ['jsonb'],
      sql`with items as (
        select * from jsonb_to_recordset(${param(1)}::jsonb) as x(i int, id uuid, user_id uuid, example_id uuid, idiom_id uuid, card jsonb, due_at timestamptz, missed_words jsonb, is_sandbox boolean, last_evaluation jsonb, perfect int, created_at timestamptz, updated_at timestamptz, reviewed_at timestamptz, rating text, state text, elapsed_days int, scheduled_days int, stability double precision, difficulty double precision, evaluation jsonb, attempt_id uuid, payload jsonb)
      ), claimed as (
        insert into ${attempts} (user_id, attempt_id, payload)
        select user_id, attempt_id, payload from items where attempt_id is not null
        order by user_id, attempt_id
        on conflict do nothing
        returning user_id, attempt_id
      ), kept as (
        select * from items
        where attempt_id is null
          or exists (select 1 from claimed c where c.user_id = items.user_id and c.attempt_id = items.attempt_id)
      ), found as (
        select p.* from ${progress} p join kept using (user_id, example_id)
        order by p.user_id, p.example_id
        for update of p
      ), up as (
        insert into ${progress} (id, user_id, example_id, idiom_id, card, due_at, missed_words, is_sandbox, last_evaluation, review_count, perfect_count, created_at, updated_at)
        select id, user_id, example_id, idiom_id, card, due_at, coalesce(missed_words, '[]'), coalesce(is_sandbox, false), last_evaluation, 1, perfect, created_at, updated_at from kept
        where not exists (select 1 from found f where f.user_id = kept.user_id and f.example_id = kept.example_id)
        order by user_id, example_id
        returning id
      ), log as (
        insert into ${reviewLog} (progress_id, user_id, reviewed_at, rating, state, elapsed_days, scheduled_days, stability, difficulty, evaluation)
        select kept.id, kept.user_id, reviewed_at, rating, state, elapsed_days, scheduled_days, stability, difficulty, evaluation
        from kept join up on up.id = kept.id order by kept.i
        returning 1
      )
      select coalesce(json_agg(r), '[]')::text as rows from (
        select json_build_array(kept.i) as r from up join kept using (id)
        union all
        select json_build_array(kept.i, ${PROGRESS.list('found')}) from found join kept using (user_id, example_id)
      ) s`,
    ),
    /**
     * The group commit's write: every log row, record and stored payload (see commitMany). Each
     * record is stamped with this transaction (`changed_in`, what the calendar asks about,
     * decision 069) here, so migration 0021's trigger has nothing to do for it.
     */
    write: preparedText(
      db,
      'write',
      ['jsonb'],
      sql`with w as (
        select * from jsonb_to_recordset(${param(1)}::jsonb) as x(i int, progress_id uuid, user_id uuid, card jsonb, due_at timestamptz, missed_words jsonb, is_sandbox boolean, last_evaluation jsonb, updated_at timestamptz, perfect int, reviewed_at timestamptz, rating text, state text, elapsed_days int, scheduled_days int, stability double precision, difficulty double precision, evaluation jsonb, attempt_id uuid, payload jsonb)
      ), log as (
        insert into ${reviewLog} (progress_id, user_id, reviewed_at, rating, state, elapsed_days, scheduled_days, stability, difficulty, evaluation)
        select progress_id, user_id, reviewed_at, rating, state, elapsed_days, scheduled_days, stability, difficulty, evaluation from w order by i
        returning 1
      ), stored as (
        update ${attempts} a set payload = w.payload from w
        where w.attempt_id is not null and a.user_id = w.user_id and a.attempt_id = w.attempt_id
        returning 1
      )
      update ${progress} p set card = w.card, due_at = w.due_at, missed_words = w.missed_words,
        is_sandbox = w.is_sandbox, last_evaluation = w.last_evaluation, updated_at = w.updated_at,
        review_count = p.review_count + 1, perfect_count = p.perfect_count + w.perfect,
        changed_in = pg_current_xact_id()
      from w where p.id = w.progress_id`,
    ),
  }
  return {
    ...statementsOf,
    /**
     * Every statement a transaction of this repo runs, prepared (db/prepared.ts): awaited
     * before opening one.
     */
    ready: () => Promise.all(statements().map((s) => s.prepare())),
  }
}
type HotStatements = ReturnType<typeof hotStatements>

/** `{a,b}`: ids as a PostgreSQL array literal (uuids need no quoting). */
const idArray = (ids: readonly string[]) => `{${ids.join(',')}}`

/** A record as the calendar reads it (the `calendar` statement): a field the card lacks is undefined. */
export interface CalendarRecord {
  id: string
  exampleId: string
  dueDate: string
  card: Record<keyof CalendarCard, unknown>
}

/** The `calendar` statement's records: fields joined by ',', records by ';'. */
function calendarRecordsOf(text: string): CalendarRecord[] {
  if (!text) return []
  return text.split(';').map((record) => {
    const f = record.split(',')
    if (f.length !== 8) throw new Error(`a calendar record of ${f.length} fields: ${record}`)
    return {
      id: f[0]!,
      exampleId: f[1]!,
      dueDate: f[2]!,
      card: {
        state: f[3] || undefined,
        lastReview: f[4] || null,
        stability: f[5] ? Number(f[5]) : undefined,
        streak: f[6] ? Number(f[6]) : undefined,
        lastRating: f[7] || undefined,
      },
    }
  })
}

/** What /next asks of one learner's records (see the `next` statement). */
export interface NextQuestion {
  userId: string
  /** The learner's local midnight: records started since are today's new items. */
  since: Date
  /** The end of the learner's today (the next local midnight): what is due before it is due. */
  endOfToday: Date
  /** The admin's forced example (a uuid), whose record is looked for; else undefined. */
  forced?: string | undefined
}

/** What /next needs of one learner's records, counted by the database (see the `next` statement). */
export interface NextRecords {
  summary: NextSummary
  newToday: number
  reviewedToday: number
  /** Records due before the end of today. */
  dueToday: number
}

/** Several learners' NextRecords in one statement, in the order asked. */
async function nextRecordsOf(
  q: HotStatements,
  db: Db,
  asked: readonly NextQuestion[],
): Promise<NextRecords[]> {
  const text = await q.next.run(db, [
    JSON.stringify(
      asked.map((a, i) => ({
        i,
        u: a.userId,
        since: a.since.toISOString(),
        end: a.endOfToday.toISOString(),
        forced: a.forced ?? null,
      })),
    ),
  ])
  const found: NextRecords[] = []
  for (const r of JSON.parse(text ?? '[]') as unknown[]) {
    const [i, newToday, reviewedToday, dueToday, dueLongest, nextDue, forcedSeen, seenText] = r as [
      number,
      number,
      number,
      number,
      string | null,
      string | null,
      boolean,
      string | null,
    ]
    const seen = new Set(seenText ? seenText.split(',') : [])
    const forced = asked[i]!.forced
    if (forcedSeen && forced) seen.add(forced)
    found[i] = {
      summary: {
        dueLongest,
        nextDue: nextDue === null ? null : canonicalInstant(nextDue),
        seen,
      },
      newToday,
      reviewedToday,
      dueToday,
    }
  }
  return asked.map((_, i) => {
    const one = found[i]
    if (!one) throw new Error('the next statement left out a learner')
    return one
  })
}

/** The reviews of each record in `progressIds`, oldest first, in one statement. */
async function reviewsOfMany(
  q: HotStatements,
  db: Db,
  progressIds: readonly string[],
): Promise<Map<string, ReviewLogRow[]>> {
  const found = await q.reviews.run(db, [idArray(progressIds)])
  const byRecord = new Map<string, ReviewLogRow[]>()
  for (const r of JSON.parse(found ?? '[]') as unknown[][]) {
    const row = REVIEW_LOG.fromJson(r)
    const list = byRecord.get(row.progressId)
    if (list) list.push(row)
    else byRecord.set(row.progressId, [row])
  }
  return byRecord
}

async function reviewsOf(q: HotStatements, db: Db, progressId: string): Promise<ReviewLogRow[]> {
  return (await reviewsOfMany(q, db, [progressId])).get(progressId) ?? []
}

function txRepo(q: HotStatements, tx: Db): ProgressTx {
  return {
    async lockOrCreate(fresh) {
      // One statement: insert if missing, else a no-op update that locks the existing row until
      // commit, so two first answers to the same example serialise on the unique key.
      const [row] = await tx
        .insert(progress)
        .values(fresh)
        .onConflictDoUpdate({
          target: [progress.userId, progress.exampleId],
          set: { userId: sql`excluded.user_id` },
        })
        .returning()
      return row!
    },
    async saveReview(id, changes, review, perfect, attempt) {
      // Data-modifying CTEs: the log row, the attempt and the record are written by one
      // statement, one round trip instead of three (docs/decisions/044). PostgreSQL runs each
      // CTE once whether or not the update reads it.
      const log = tx.$with('log').as(
        tx
          .insert(reviewLog)
          .values({ ...review, progressId: id })
          .returning({ id: reviewLog.id }),
      )
      const stored = tx.$with('stored').as(
        tx
          .insert(attempts)
          .values({
            userId: review.userId,
            attemptId: attempt?.attemptId ?? '',
            payload: attempt?.payload ?? {},
          })
          .onConflictDoNothing()
          .returning({ attemptId: attempts.attemptId }),
      )
      const [row] = await tx
        .with(...(attempt ? [log, stored] : [log]))
        .update(progress)
        .set({
          ...changes,
          reviewCount: sql`${progress.reviewCount} + 1`,
          perfectCount: sql`${progress.perfectCount} + ${perfect ? 1 : 0}`,
        })
        .where(eq(progress.id, id))
        .returning({
          attemptSaved: attempt
            ? sql<boolean>`exists (select 1 from ${stored})`
            : sql<boolean>`true`,
        })
      // The record is locked by lockOrCreate, so the update always finds it.
      if (!row) throw new Error(`progress ${id} vanished inside its own transaction`)
      return { attemptTaken: !row.attemptSaved }
    },
    reviewsOf: (progressId) => reviewsOf(q, tx, progressId),
  }
}

/** A review to commit: the learner's record is created from `fresh` when missing. */
export interface ReviewJob {
  fresh: NewProgressRow
  attemptId: string | undefined
  /**
   * What the review writes, from the record as locked and its earlier reviews (oldest first):
   * the record's changes, the log row, whether both grades were perfect, and the payload (also
   * stored under the attempt id).
   */
  prepare(
    row: ProgressRow,
    earlier: readonly ReviewLogRow[],
  ): {
    changes: Partial<NewProgressRow> & Pick<NewProgressRow, 'updatedAt'>
    review: Omit<NewReviewLogRow, 'id' | 'progressId'>
    perfect: boolean
    payload: Record<string, unknown>
  }
}

/** A committed review's payload, or `attemptTaken`: the attempt id was used before (nothing written). */
export type ReviewOutcome = { payload: Record<string, unknown> } | { attemptTaken: true }

const iso = (d: Date | undefined) => (d ?? new Date()).toISOString()

/** A log row's fields as the group commit's statements read them (jsonb_to_recordset). */
const logFields = (review: Omit<NewReviewLogRow, 'id' | 'progressId'>) => ({
  reviewed_at: iso(review.reviewedAt),
  rating: review.rating,
  state: review.state,
  elapsed_days: review.elapsedDays,
  scheduled_days: review.scheduledDays,
  stability: review.stability,
  difficulty: review.difficulty,
  evaluation: review.evaluation,
})

/**
 * Many learners' reviews in ONE transaction of one to three statements (group commit,
 * docs/decisions/045, 054): claim the attempt ids, create every missing record in its final state
 * (with its log row and stored payload) and lock every existing one; read the earlier reviews of
 * the existing records that have some; write their log rows, records and stored payloads. The
 * caller never puts two reviews of one record or one attempt id in the same batch. A review whose
 * attempt id was already taken writes nothing (its record is not even created), as when its own
 * transaction rolled back. Any error fails the whole batch (nothing of it is committed).
 */
async function commitMany(
  q: HotStatements,
  db: Db,
  jobs: readonly ReviewJob[],
): Promise<ReviewOutcome[]> {
  // What each review leaves if its record is new (scheduled before the insert, docs/decisions/054):
  // the record as created, with an id made here, and no earlier reviews.
  const fresh = jobs.map((j) => {
    const row: ProgressRow = {
      id: randomUUID(),
      missedWords: [],
      isSandbox: false,
      sandbox: 'candle',
      lastEvaluation: null,
      reviewCount: 0,
      perfectCount: 0,
      ...j.fresh,
    } as ProgressRow
    return { row, ...j.prepare(row, []) }
  })
  // Its statements run inside the transaction: prepared outside it (db/prepared.ts).
  await q.ready()
  try {
    return await commitOnce(q, db, jobs, fresh)
  } catch (err) {
    // Another instance created one of the records after this statement's snapshot was taken
    // (PostgreSQL, two first answers to one card at once): nothing of this try was kept; the
    // record is there now, so the next try locks it.
    const { code, constraint } = err as { code?: string; constraint?: string }
    if (code !== '23505' || constraint !== 'progress_user_example_key') throw err
    return commitOnce(q, db, jobs, fresh)
  }
}

/** One try of commitMany's transaction, with what each review leaves if its record is new. */
function commitOnce(
  q: HotStatements,
  db: Db,
  jobs: readonly ReviewJob[],
  fresh: readonly (ReturnType<ReviewJob['prepare']> & { row: ProgressRow })[],
): Promise<ReviewOutcome[]> {
  return db.transaction(async (tx) => {
    const items = jobs.map((j, i) => {
      const { row, changes, review, perfect, payload } = fresh[i]!
      return {
        i,
        id: row.id,
        user_id: row.userId,
        example_id: row.exampleId,
        idiom_id: row.idiomId,
        card: changes.card ?? row.card,
        due_at: iso(changes.dueAt ?? row.dueAt),
        missed_words: changes.missedWords,
        is_sandbox: changes.isSandbox,
        last_evaluation: changes.lastEvaluation,
        perfect: perfect ? 1 : 0,
        created_at: iso(row.createdAt),
        updated_at: iso(changes.updatedAt),
        ...logFields(review),
        attempt_id: j.attemptId ?? null,
        payload,
      }
    })
    // The attempt ids first: a review whose id is taken then creates no record. A missing record
    // is inserted in its final state with its log row and its payload stored under the attempt
    // id (one write each); an existing one is locked (`for update`, no write), then written once
    // below (its stored payload replaced). A record another transaction creates meanwhile makes
    // the insert fail on its unique key (after that transaction commits): tried again. Every batch on every instance takes its locks in one order: the attempt ids
    // sorted (user, attempt), then the records sorted (user, example); the sort before `up` reads
    // all of `kept`, whose check reads `claimed`, so every claim is made before the first record
    // is locked. Two batches can then never wait on each other in a cycle; if PostgreSQL still
    // reports a deadlock, the batch fails and each review is retried alone.
    const locked = await q.lock.run(tx, [JSON.stringify(items)])
    const created = new Set<number>()
    const rows = new Map<number, ProgressRow>()
    for (const r of JSON.parse(locked ?? '[]') as unknown[][]) {
      if (r.length === 1) created.add(r[0] as number)
      else rows.set(r[0] as number, PROGRESS.fromJson(r, 1))
    }
    const withReviews = [...rows.values()].filter((r) => r.reviewCount > 0).map((r) => r.id)
    const earlier = withReviews.length
      ? await reviewsOfMany(q, tx, withReviews)
      : new Map<string, ReviewLogRow[]>()
    const outcomes: ReviewOutcome[] = []
    const writes: Record<string, unknown>[] = []
    jobs.forEach((job, i) => {
      if (created.has(i)) {
        outcomes.push({ payload: fresh[i]!.payload })
        return
      }
      const row = rows.get(i)
      if (!row) {
        outcomes.push({ attemptTaken: true })
        return
      }
      const { changes, review, perfect, payload } = job.prepare(row, earlier.get(row.id) ?? [])
      outcomes.push({ payload })
      writes.push({
        i,
        progress_id: row.id,
        user_id: review.userId,
        card: changes.card,
        due_at: iso(changes.dueAt),
        missed_words: changes.missedWords,
        is_sandbox: changes.isSandbox,
        last_evaluation: changes.lastEvaluation,
        updated_at: iso(changes.updatedAt),
        perfect: perfect ? 1 : 0,
        ...logFields(review),
        attempt_id: job.attemptId ?? null,
        payload,
      })
    })
    if (writes.length) {
      // Log rows get their ids in batch order, as the reviews would one after the other.
      await q.write.run(tx, [JSON.stringify(writes)])
    }
    return outcomes
  })
}

/** Several learners' attempt ids in one statement: each key's payload, or undefined. */
async function findAttempts(
  q: HotStatements,
  db: Db,
  keys: readonly { userId: string; attemptId: string }[],
): Promise<(Record<string, unknown> | undefined)[]> {
  const rows = await q.attempts.run(db, [
    JSON.stringify(keys.map((k) => ({ u: k.userId, a: k.attemptId }))),
  ])
  const found = new Map<string, Record<string, unknown>>()
  for (const r of JSON.parse(rows ?? '[]') as unknown[][])
    found.set(`${r[0]} ${r[1]}`, r[2] as Record<string, unknown>)
  return keys.map((k) => found.get(`${k.userId} ${k.attemptId}`))
}

/** One attempt id's stored payload, or undefined. */
async function findAttempt(
  q: HotStatements,
  db: Db,
  userId: string,
  attemptId: string,
): Promise<Record<string, unknown> | undefined> {
  return (await findAttempts(q, db, [{ userId, attemptId }]))[0]
}

/**
 * `batch`: learners' reads and reviews that arrive while one statement is running go together
 * in the next (docs/decisions/045): /next's read of the records, the attempt-id read, and the
 * review's whole transaction (group commit). On PGlite every statement waits for the one before
 * anyway and costs a fixed 0.25–0.5 ms of CPU whatever it does; on PostgreSQL a statement per
 * request costs a pooled connection and a round trip each (session 7: 2.5 → 0.8 ms of server CPU
 * per request). The server turns it on for both; off, each review has its own transaction.
 */
export function createExercisesRepo(
  db: Db,
  opts: {
    batch?: boolean
    /** Batches of one kind that may run at once (createBatchRunner's inFlight; default 1). */
    inFlight?: number | undefined
  } = {},
) {
  const inFlight = opts.inFlight ?? 1
  const q = hotStatements(db)
  const nextReads = opts.batch
    ? createBatchRunner<NextQuestion, NextRecords>({
        inFlight,
        single: async (asked) => (await nextRecordsOf(q, db, [asked]))[0]!,
        run: async (asked) => (await nextRecordsOf(q, db, asked)).map((value) => ({ value })),
      })
    : undefined
  const attemptReads = opts.batch
    ? createBatchRunner<{ userId: string; attemptId: string }, Record<string, unknown> | undefined>(
        {
          inFlight,
          single: (k) => findAttempt(q, db, k.userId, k.attemptId),
          run: async (keys) => (await findAttempts(q, db, keys)).map((value) => ({ value })),
        },
      )
    : undefined
  return {
    /** Whether reviews should go through `commitReviews` in batches (the `batch` option). */
    batched: opts.batch === true,
    /** How many review batches may be written at once (the `inFlight` option). */
    inFlight,

    /** Several learners' reviews in one transaction (see commitMany). */
    commitReviews: (jobs: readonly ReviewJob[]) => commitMany(q, db, jobs),

    /** Run `work` in one transaction: everything it writes commits together or not at all. */
    async transaction<T>(work: (tx: ProgressTx) => Promise<T>): Promise<T> {
      await q.ready()
      return db.transaction((tx) => work(txRepo(q, tx)))
    },

    /** Every record of a user with its idiom's tone and usage. */
    async listProgress(userId: string): Promise<ProgressWithIdiom[]> {
      const rows = await db
        .select({ progress, tone: idioms.tone, usage: idioms.usage, idiomText: idioms.text })
        .from(progress)
        .innerJoin(examples, eq(examples.id, progress.exampleId))
        .innerJoin(idioms, eq(idioms.id, examples.idiomId))
        .where(eq(progress.userId, userId))
        .orderBy(asc(progress.dueAt), asc(progress.exampleId))
      return rows.map((r) => ({
        ...r.progress,
        tone: r.tone,
        usage: r.usage,
        idiomText: r.idiomText,
      }))
    },

    /**
     * What the dashboard stats need, counted by the database (the `stats` statement): no row
     * per record comes back, only the examples met, for whether a new one is left.
     */
    async statsSummary(
      userId: string,
      endOfToday: Date,
      startOfToday: Date,
    ): Promise<{
      summary: ProgressSummary
      newToday: number
      reviews: { count: number; perfect: number }
      seen: string[]
    }> {
      const found = await q.stats.run(db, [
        userId,
        endOfToday.toISOString(),
        startOfToday.toISOString(),
      ])
      const [
        numSeen,
        numPastDue,
        oldest,
        next,
        missed,
        numSandboxes,
        newToday,
        count,
        perfect,
        seen,
      ] = JSON.parse(found!) as [
        number,
        number,
        string | null,
        string | null,
        string[][],
        number,
        number,
        number,
        number,
        string,
      ]
      return {
        summary: {
          numSeen,
          numPastDue,
          oldestDue: oldest === null ? null : canonicalInstant(oldest),
          nextDue: next === null ? null : canonicalInstant(next),
          missedWords: missed.flat(),
          numSandboxes,
        },
        newToday,
        reviews: { count, perfect },
        seen: seen ? seen.split(',') : [],
      }
    },

    /**
     * Just what the calendar needs of each record (the `calendar` statement), with the read's
     * snapshot. With `since` (an earlier read's snapshot), only the records written since it
     * (`calendarSince`, decision 069; `whole` false), unless a record of the learner left since
     * (then all of them, `whole` true). A field a stored card lacks is undefined; the due date is
     * ISO 8601 already.
     */
    async calendarRecords(
      userId: string,
      since?: string,
    ): Promise<{ snapshot: string; whole: boolean; records: CalendarRecord[] }> {
      if (since !== undefined) {
        const [snapshot, deleted, text] = await q.calendarSince.row(db, [userId, since])
        if (!snapshot) throw new Error('no snapshot read')
        if (!deleted) return { snapshot, whole: false, records: calendarRecordsOf(text ?? '') }
      }
      const [snapshot, text] = await q.calendar.row(db, [userId])
      if (!snapshot) throw new Error('no snapshot read')
      return { snapshot, whole: true, records: calendarRecordsOf(text ?? '') }
    },

    /** Just what choosing the next exercise needs: example and due date of each record. */
    async listDue(userId: string): Promise<{ exampleId: string; dueAt: Date }[]> {
      return db
        .select({ exampleId: progress.exampleId, dueAt: progress.dueAt })
        .from(progress)
        .where(eq(progress.userId, userId))
    },

    /**
     * What GET /api/exercises/next needs of the learner's records, counted by the database (the
     * `next` statement): what is due, today's counts, and the examples met when a new one is to
     * be chosen. Learners asking at the same time share one statement when batching is on.
     */
    async nextRecords(asked: NextQuestion): Promise<NextRecords> {
      return nextReads ? nextReads.call(asked) : (await nextRecordsOf(q, db, [asked]))[0]!
    },

    /** One record's reviews from the log, oldest first. */
    reviewsOf: (progressId: string) => reviewsOf(q, db, progressId),

    /**
     * Every review of a user grouped by record, each group oldest first (what the FSRS
     * optimizer trains on).
     */
    async reviewsByCard(userId: string): Promise<CardReviews[]> {
      const rows = await db
        .select({
          progressId: reviewLog.progressId,
          date: reviewLog.reviewedAt,
          rating: reviewLog.rating,
        })
        .from(reviewLog)
        .where(eq(reviewLog.userId, userId))
        .orderBy(asc(reviewLog.progressId), asc(reviewLog.id))
      const cards = new Map<string, { date: string; rating: ReviewRating }[]>()
      for (const r of rows) {
        let card = cards.get(r.progressId)
        if (!card) {
          card = []
          cards.set(r.progressId, card)
        }
        card.push({ date: r.date.toISOString(), rating: r.rating as ReviewRating })
      }
      return [...cards.values()]
    },

    async findProgress(userId: string, exampleId: string): Promise<ProgressRow | undefined> {
      const [row] = await db
        .select()
        .from(progress)
        .where(and(eq(progress.userId, userId), eq(progress.exampleId, exampleId)))
      return row
    },

    /** Every example with its idiom (the Playroom searches them for missed words). */
    async allExamples(): Promise<{ example: ExampleRow; idiom: IdiomRow }[]> {
      return db
        .select({ example: examples, idiom: idioms })
        .from(examples)
        .innerJoin(idioms, eq(idioms.id, examples.idiomId))
        .orderBy(asc(examples.id))
    },

    /** The payload stored under a learner's attempt id (shared statement when batching is on). */
    async findAttempt(
      userId: string,
      attemptId: string,
    ): Promise<Record<string, unknown> | undefined> {
      if (attemptReads) return attemptReads.call({ userId, attemptId })
      return findAttempt(q, db, userId, attemptId)
    },
  }
}
export type ExercisesRepo = ReturnType<typeof createExercisesRepo>
