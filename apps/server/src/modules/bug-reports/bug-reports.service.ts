import type { BugReport, BugReportInput } from '@che/core'
import { AppError, notFound, toMessage } from '../../errors.js'
import type { IssueDraft, IssueTracker } from './bug-reports.github.js'
import type { BugReportsRepo, BugReportWithReporter } from './bug-reports.repo.js'

/** At most this many reports per user in the window (counted from the stored reports). */
export const REPORT_LIMIT = { max: 5, windowMs: 10 * 60_000 }

const USER_AGENT_MAX = 500

export interface Reporter {
  id: string
  name: string
  email: string
}

interface Log {
  warn(obj: object, msg: string): void
}

export function toBugReport(row: BugReportWithReporter): BugReport {
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    labels: row.labels,
    exampleId: row.exampleId,
    userAgent: row.userAgent,
    status: row.status,
    githubUrl: row.githubUrl,
    createdAt: row.createdAt.toISOString(),
    closedAt: row.closedAt?.toISOString() ?? null,
    reporter: row.reporter,
  }
}

/**
 * The issue as GitHub sees it: the report, the example and browser, and who filed it by name and
 * user id. Never the reporter's e-mail: it is removed even where they typed it into the report.
 */
export function issueDraft(
  report: {
    id: string
    title: string
    body: string
    labels: string[]
    exampleId: string | null
    userAgent: string
  },
  reporter: Reporter,
): IssueDraft {
  const scrub = (s: string) =>
    reporter.email ? s.split(reporter.email).join('[e-mail removed]') : s
  const name =
    reporter.name.trim() && !reporter.name.includes('@') ? reporter.name.trim() : 'a signed-in user'
  const facts = [
    `Example: ${report.exampleId ?? 'none'}`,
    `Browser: ${report.userAgent || 'unknown'}`,
    `Filed through Che Idioms by ${scrub(name)} (user ${reporter.id}); report ${report.id}.`,
  ]
  return {
    title: scrub(report.title),
    body: `${scrub(report.body)}\n\n---\n${facts.join('\n')}`,
    labels: report.labels,
  }
}

export function createBugReportsService(deps: {
  reports: BugReportsRepo
  /** Undefined when GitHub filing is not configured. */
  issues: IssueTracker | undefined
  clock: () => Date
  log: Log
}) {
  return {
    /** Store the report first, then file it on GitHub; a GitHub failure keeps the stored report. */
    async file(
      reporter: Reporter,
      input: BugReportInput,
      userAgent: string,
    ): Promise<{ id: string; url: string | null }> {
      const now = deps.clock()
      const since = new Date(now.getTime() - REPORT_LIMIT.windowMs)
      if ((await deps.reports.countByReporterSince(reporter.id, since)) >= REPORT_LIMIT.max) {
        throw new AppError(
          429,
          'RATE_LIMITED',
          'You have sent several bug reports just now; try again in a few minutes',
        )
      }
      const labels = [...new Set(input.labels)]
      const row = await deps.reports.insert({
        reporterId: reporter.id,
        title: input.title,
        body: input.body,
        labels,
        exampleId: input.exampleId ?? null,
        userAgent: userAgent.slice(0, USER_AGENT_MAX),
        createdAt: now,
      })
      if (!deps.issues) return { id: row.id, url: null }
      try {
        const url = await deps.issues.create(issueDraft(row, reporter))
        await deps.reports.setGithubUrl(row.id, url)
        return { id: row.id, url }
      } catch (err) {
        deps.log.warn(
          { reportId: row.id, err: toMessage(err) },
          'bug report stored but not filed on GitHub',
        )
        return { id: row.id, url: null }
      }
    },
    async list(query: {
      status: 'open' | 'closed' | 'all'
      type?: string | undefined
    }): Promise<BugReport[]> {
      const rows = await deps.reports.list({
        ...(query.status === 'all' ? {} : { status: query.status }),
        ...(query.type ? { label: query.type } : {}),
      })
      return rows.map(toBugReport)
    },
    async close(id: string): Promise<BugReport> {
      await deps.reports.close(id, deps.clock())
      const row = await deps.reports.find(id)
      if (!row) throw notFound('Bug report')
      return toBugReport(row)
    },
  }
}
export type BugReportsService = ReturnType<typeof createBugReportsService>
