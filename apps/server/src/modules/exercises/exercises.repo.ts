import { and, asc, between, count, eq, gte, notExists, sql } from 'drizzle-orm'
import type { PreferenceFilter, Tone } from '@che/core'
import { USAGE_BAND_RANGES } from '@che/core'
import type { Db } from '../../db/client.js'
import { attempts, examples, idioms, progress } from '../../db/schema.js'
import type { ExampleRow, IdiomRow } from '../idioms/idioms.repo.js'

export type ProgressRow = typeof progress.$inferSelect
export type NewProgressRow = typeof progress.$inferInsert

/** A progress row with its idiom's tone and usage (what the calendar and the record show). */
export type ProgressWithIdiom = ProgressRow & { tone: Tone; usage: number }

/** Writes that belong to one evaluation; used only inside `transaction`. */
export interface ProgressTx {
  /** Claim an attempt id for this user; false when it was claimed before (a repeated submit). */
  claimAttempt(userId: string, attemptId: string): Promise<boolean>
  /** The user's record for the example, created from `fresh` if missing, locked until commit. */
  lockOrCreate(fresh: NewProgressRow): Promise<ProgressRow>
  saveProgress(id: string, changes: Partial<NewProgressRow>): Promise<ProgressRow>
  saveAttempt(userId: string, attemptId: string, payload: Record<string, unknown>): Promise<void>
}

function where(filter: PreferenceFilter) {
  const conditions = []
  if (filter.tone !== '') conditions.push(eq(idioms.tone, filter.tone))
  if (filter.usage !== '') {
    const r = USAGE_BAND_RANGES[filter.usage]
    conditions.push(between(idioms.usage, r.min, r.max))
  }
  return conditions
}

function txRepo(tx: Db): ProgressTx {
  return {
    async claimAttempt(userId, attemptId) {
      const rows = await tx
        .insert(attempts)
        .values({ userId, attemptId, payload: {} })
        .onConflictDoNothing()
        .returning({ attemptId: attempts.attemptId })
      return rows.length > 0
    },
    async lockOrCreate(fresh) {
      // Insert-if-missing then lock: two first answers to the same example serialise on the
      // unique key instead of both creating a record.
      await tx
        .insert(progress)
        .values(fresh)
        .onConflictDoNothing({ target: [progress.userId, progress.exampleId] })
      const [row] = await tx
        .select()
        .from(progress)
        .where(and(eq(progress.userId, fresh.userId), eq(progress.exampleId, fresh.exampleId)))
        .for('update')
      return row!
    },
    async saveProgress(id, changes) {
      const [row] = await tx.update(progress).set(changes).where(eq(progress.id, id)).returning()
      return row!
    },
    async saveAttempt(userId, attemptId, payload) {
      await tx
        .update(attempts)
        .set({ payload })
        .where(and(eq(attempts.userId, userId), eq(attempts.attemptId, attemptId)))
    },
  }
}

export function createExercisesRepo(db: Db) {
  return {
    /** Run `work` in one transaction: everything it writes commits together or not at all. */
    async transaction<T>(work: (tx: ProgressTx) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(txRepo(tx)))
    },

    /** Every record of a user with its idiom's tone and usage. */
    async listProgress(userId: string): Promise<ProgressWithIdiom[]> {
      const rows = await db
        .select({ progress, tone: idioms.tone, usage: idioms.usage })
        .from(progress)
        .innerJoin(examples, eq(examples.id, progress.exampleId))
        .innerJoin(idioms, eq(idioms.id, examples.idiomId))
        .where(eq(progress.userId, userId))
        .orderBy(asc(progress.dueAt), asc(progress.exampleId))
      return rows.map((r) => ({ ...r.progress, tone: r.tone, usage: r.usage }))
    },

    /** Just what choosing the next exercise needs: example and due date of each record. */
    async listDue(userId: string): Promise<{ exampleId: string; dueAt: Date }[]> {
      return db
        .select({ exampleId: progress.exampleId, dueAt: progress.dueAt })
        .from(progress)
        .where(eq(progress.userId, userId))
    },

    async findProgress(userId: string, exampleId: string): Promise<ProgressRow | undefined> {
      const [row] = await db
        .select()
        .from(progress)
        .where(and(eq(progress.userId, userId), eq(progress.exampleId, exampleId)))
      return row
    },

    /** Records the user started at or after `since` (new items introduced). */
    async countStartedSince(userId: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(progress)
        .where(and(eq(progress.userId, userId), gte(progress.createdAt, since)))
      return row?.n ?? 0
    },

    /**
     * Examples the user has never answered that match the filter, with their idiom's tone and
     * usage. `mostCommonOnly` keeps just those of the highest usage among them: core chooseNext
     * always picks a new item from that tier (usage first), so /next need not fetch the rest.
     */
    async newCandidates(
      userId: string,
      filter: PreferenceFilter,
      opts: { limit?: number; mostCommonOnly?: boolean } = {},
    ): Promise<{ exampleId: string; idiomId: string; tone: Tone; usage: number }[]> {
      const unseen = db.$with('unseen').as(
        db
          .select({
            exampleId: examples.id,
            idiomId: examples.idiomId,
            tone: idioms.tone,
            usage: idioms.usage,
          })
          .from(examples)
          .innerJoin(idioms, eq(idioms.id, examples.idiomId))
          .where(
            and(
              ...where(filter),
              notExists(
                db
                  .select({ one: sql`1` })
                  .from(progress)
                  .where(and(eq(progress.userId, userId), eq(progress.exampleId, examples.id))),
              ),
            ),
          ),
      )
      const q = db
        .with(unseen)
        .select()
        .from(unseen)
        .where(
          opts.mostCommonOnly
            ? sql`${unseen.usage} = (select max(usage) from ${unseen})`
            : undefined,
        )
      return opts.limit === undefined ? q : q.limit(opts.limit)
    },

    /** Every example with its idiom (the Playroom searches them for missed words). */
    async allExamples(): Promise<{ example: ExampleRow; idiom: IdiomRow }[]> {
      return db
        .select({ example: examples, idiom: idioms })
        .from(examples)
        .innerJoin(idioms, eq(idioms.id, examples.idiomId))
        .orderBy(asc(examples.id))
    },

    async findAttempt(
      userId: string,
      attemptId: string,
    ): Promise<Record<string, unknown> | undefined> {
      const [row] = await db
        .select({ payload: attempts.payload })
        .from(attempts)
        .where(and(eq(attempts.userId, userId), eq(attempts.attemptId, attemptId)))
      return row?.payload
    },
  }
}
export type ExercisesRepo = ReturnType<typeof createExercisesRepo>
