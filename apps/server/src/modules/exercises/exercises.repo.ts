import { and, asc, eq, type SQL, sql } from 'drizzle-orm'
import type { Tone } from '@che/core'
import type { CardReviews, ReviewRating } from '@che/core/scheduler'
import { type Db, firstRow } from '../../db/client.js'
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
 * Per record of a user, the values `tuple` (a json_build_array of progress columns) lists, read as
 * ONE JSON text: PGlite turns every result row into an object at ≈ 50 µs, so a learner's few
 * hundred records cost milliseconds as rows and a fraction of that as JSON (docs/decisions/044).
 * Timestamps come as ISO 8601 text, jsonb as itself.
 */
async function jsonRows(db: Db, tuple: SQL, userId: string): Promise<unknown[][]> {
  const row = await firstRow<{ rows: string }>(
    db,
    sql`select coalesce(json_agg(${tuple}), '[]')::text as rows from ${progress} where ${progress.userId} = ${userId}`,
  )
  return JSON.parse(row?.rows ?? '[]') as unknown[][]
}

function reviewsOf(db: Db, progressId: string): Promise<ReviewLogRow[]> {
  return db
    .select()
    .from(reviewLog)
    .where(eq(reviewLog.progressId, progressId))
    .orderBy(asc(reviewLog.id))
}

function txRepo(tx: Db): ProgressTx {
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
    reviewsOf: (progressId) => reviewsOf(tx, progressId),
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

    /** Just what the dashboard stats need of each record (no join, no card, no evaluation). */
    async listForStats(userId: string): Promise<
      {
        exampleId: string
        createdAt: Date
        dueAt: Date
        missedWords: string[]
        isSandbox: boolean
        reviewCount: number
        perfectCount: number
      }[]
    > {
      const rows = await jsonRows(
        db,
        sql`json_build_array(${progress.exampleId}, ${progress.createdAt}, ${progress.dueAt}, ${progress.missedWords}, ${progress.isSandbox}, ${progress.reviewCount}, ${progress.perfectCount})`,
        userId,
      )
      return rows.map((r) => ({
        exampleId: r[0] as string,
        createdAt: new Date(r[1] as string),
        dueAt: new Date(r[2] as string),
        missedWords: r[3] as string[],
        isSandbox: r[4] as boolean,
        reviewCount: r[5] as number,
        perfectCount: r[6] as number,
      }))
    },

    /** Just what the calendar needs of each record: its example, due date and card. */
    async listForCalendar(
      userId: string,
    ): Promise<{ id: string; exampleId: string; dueAt: Date; card: Record<string, unknown> }[]> {
      const rows = await jsonRows(
        db,
        sql`json_build_array(${progress.id}, ${progress.exampleId}, ${progress.dueAt}, ${progress.card})`,
        userId,
      )
      return rows.map((r) => ({
        id: r[0] as string,
        exampleId: r[1] as string,
        dueAt: new Date(r[2] as string),
        card: r[3] as Record<string, unknown>,
      }))
    },

    /** Just what choosing the next exercise needs: example and due date of each record. */
    async listDue(userId: string): Promise<{ exampleId: string; dueAt: Date }[]> {
      return db
        .select({ exampleId: progress.exampleId, dueAt: progress.dueAt })
        .from(progress)
        .where(eq(progress.userId, userId))
    },

    /**
     * What GET /api/exercises/next needs of each record, in one read: its example and due date
     * (what is due), and when it was started and last answered (today's new items and reviews).
     */
    async listForNext(
      userId: string,
    ): Promise<{ exampleId: string; dueAt: Date; createdAt: Date; updatedAt: Date }[]> {
      const rows = await jsonRows(
        db,
        sql`json_build_array(${progress.exampleId}, ${progress.dueAt}, ${progress.createdAt}, ${progress.updatedAt})`,
        userId,
      )
      return rows.map((r) => ({
        exampleId: r[0] as string,
        dueAt: new Date(r[1] as string),
        createdAt: new Date(r[2] as string),
        updatedAt: new Date(r[3] as string),
      }))
    },

    /** One record's reviews from the log, oldest first. */
    reviewsOf: (progressId: string) => reviewsOf(db, progressId),

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
