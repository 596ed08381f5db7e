import { and, count, desc, eq, gte, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { bugReports, users } from '../../db/schema.js'

export type BugReportRow = typeof bugReports.$inferSelect

/** A report with its reporter's name and e-mail (null when the user is gone). */
export interface BugReportWithReporter extends BugReportRow {
  reporter: { userId: string; name: string; email: string } | null
}

export function createBugReportsRepo(db: Db) {
  const withReporter = () =>
    db
      .select({ report: bugReports, userId: users.id, name: users.name, email: users.email })
      .from(bugReports)
      .leftJoin(users, eq(users.id, bugReports.reporterId))

  const toReport = (r: {
    report: BugReportRow
    userId: string | null
    name: string | null
    email: string | null
  }) => ({
    ...r.report,
    reporter: r.userId ? { userId: r.userId, name: r.name ?? '', email: r.email ?? '' } : null,
  })

  return {
    async insert(input: {
      reporterId: string | null
      fromVisitor?: boolean
      contactEmail?: string | null
      title: string
      body: string
      labels: string[]
      exampleId: string | null
      userAgent: string
      createdAt: Date
    }): Promise<BugReportRow> {
      const [row] = await db.insert(bugReports).values(input).returning()
      return row!
    },
    async setGithubUrl(id: string, url: string): Promise<void> {
      await db.update(bugReports).set({ githubUrl: url }).where(eq(bugReports.id, id))
    },
    /** How many reports a user filed at or after `since`. */
    async countByReporterSince(reporterId: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(bugReports)
        .where(and(eq(bugReports.reporterId, reporterId), gte(bugReports.createdAt, since)))
      return row?.n ?? 0
    },
    async find(id: string): Promise<BugReportWithReporter | undefined> {
      const [row] = await withReporter().where(eq(bugReports.id, id))
      return row && toReport(row)
    },
    /** Newest first. `label` keeps reports whose labels include it. */
    async list(filter: {
      status?: 'open' | 'closed'
      label?: string
    }): Promise<BugReportWithReporter[]> {
      const where: SQL[] = []
      if (filter.status) where.push(eq(bugReports.status, filter.status))
      if (filter.label)
        where.push(sql`${bugReports.labels} @> ${JSON.stringify([filter.label])}::jsonb`)
      const rows = await withReporter()
        .where(and(...where))
        .orderBy(desc(bugReports.createdAt), desc(bugReports.id))
      return rows.map(toReport)
    },
    /** Close an open report; a closed one keeps its closing time. */
    async close(id: string, at: Date): Promise<void> {
      await db
        .update(bugReports)
        .set({ status: 'closed', closedAt: at })
        .where(and(eq(bugReports.id, id), eq(bugReports.status, 'open')))
    },
  }
}
export type BugReportsRepo = ReturnType<typeof createBugReportsRepo>
