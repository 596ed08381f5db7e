import { and, asc, desc, eq, sql } from 'drizzle-orm'
import type { Tone } from '@che/core'
import type { Db } from '../../db/client.js'
import { examples, idioms, progress, reports, reviewLog } from '../../db/schema.js'

export type ReportRow = typeof reports.$inferSelect
export type NewReportRow = typeof reports.$inferInsert

/** A learner's review log of one example, with the idiom it belongs to. */
export interface HistoryWithIdiom {
  history: Record<string, unknown>[]
  idiomText: string
  tone: Tone
  usage: number
}

export function createReportsRepo(db: Db) {
  return {
    /**
     * The user's review log, one group per progress record (oldest first) with its idiom (joined
     * through the example, as now).
     */
    async histories(userId: string): Promise<HistoryWithIdiom[]> {
      const rows = await db
        .select({
          progressId: reviewLog.progressId,
          date: reviewLog.reviewedAt,
          rating: reviewLog.rating,
          evaluation: reviewLog.evaluation,
          idiomText: idioms.text,
          tone: idioms.tone,
          usage: idioms.usage,
        })
        .from(reviewLog)
        .innerJoin(progress, eq(progress.id, reviewLog.progressId))
        .innerJoin(examples, eq(examples.id, progress.exampleId))
        .innerJoin(idioms, eq(idioms.id, examples.idiomId))
        .where(eq(reviewLog.userId, userId))
        .orderBy(asc(reviewLog.progressId), asc(reviewLog.id))
      const groups = new Map<string, HistoryWithIdiom>()
      for (const r of rows) {
        let group = groups.get(r.progressId)
        if (!group) {
          group = { history: [], idiomText: r.idiomText, tone: r.tone, usage: r.usage }
          groups.set(r.progressId, group)
        }
        group.history.push({
          date: r.date.toISOString(),
          rating: r.rating,
          evaluation: r.evaluation,
        })
      }
      return [...groups.values()]
    },

    /** The number of reviews in the user's log (kept on each progress record). */
    async countReviews(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`coalesce(sum(${progress.reviewCount}), 0)::int` })
        .from(progress)
        .where(eq(progress.userId, userId))
      return Number(row?.n ?? 0)
    },

    /** The user's reports, newest first. */
    async list(userId: string): Promise<ReportRow[]> {
      return db
        .select()
        .from(reports)
        .where(eq(reports.userId, userId))
        .orderBy(desc(reports.generatedAt), desc(reports.reviewCountAtGeneration))
    },

    async latest(userId: string): Promise<ReportRow | undefined> {
      const [row] = await db
        .select()
        .from(reports)
        .where(eq(reports.userId, userId))
        .orderBy(desc(reports.generatedAt), desc(reports.reviewCountAtGeneration))
        .limit(1)
      return row
    },

    /** One report of the user; undefined when it does not exist or is someone else's. */
    async find(userId: string, id: string): Promise<ReportRow | undefined> {
      const [row] = await db
        .select()
        .from(reports)
        .where(and(eq(reports.id, id), eq(reports.userId, userId)))
      return row
    },

    /**
     * Insert a report unless the user already has one at that review count (the unique key
     * decides between concurrent requests); returns the stored row either way.
     */
    async insertOnce(row: NewReportRow): Promise<{ row: ReportRow; created: boolean }> {
      const [created] = await db
        .insert(reports)
        .values(row)
        .onConflictDoNothing({ target: [reports.userId, reports.reviewCountAtGeneration] })
        .returning()
      if (created) return { row: created, created: true }
      const [existing] = await db
        .select()
        .from(reports)
        .where(
          and(
            eq(reports.userId, row.userId),
            eq(reports.reviewCountAtGeneration, row.reviewCountAtGeneration),
          ),
        )
      return { row: existing!, created: false }
    },
  }
}
export type ReportsRepo = ReturnType<typeof createReportsRepo>
