import type { BugReport, BugReportInput, VisitorBugReportInput } from '@che/core'
import { AppError, notFound, RateLimitedError, toMessage } from '../../errors.js'
import type { IssueDraft, IssueTracker } from './bug-reports.github.js'
import type { BugReportsRepo, BugReportWithReporter } from './bug-reports.repo.js'

/** At most this many reports per user in the window (counted from the stored reports). */
export const REPORT_LIMIT = { max: 5, windowMs: 10 * 60_000 }

/**
 * Reports from visitors without an account: at most `perAddress` per client address and
 * `overall` from all visitors together in the window, counted in the shared rate-limit table.
 */
export const VISITOR_REPORT_LIMIT = { perAddress: 3, overall: 30, windowMs: 10 * 60_000 }

const USER_AGENT_MAX = 500

/** Shared rate-limit counters: `hit` counts one attempt per key, answers the seconds to wait when over. */
export interface RateLimiter {
  hit(keys: string[]): Promise<number | undefined>
}

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
    fromVisitor: row.fromVisitor,
    contactEmail: row.contactEmail,
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

/**
 * The issue for a visitor's report: as for a signed-in one, but filed "by a visitor without an
 * account", and never with the contact address (admins see it in Che Idioms).
 */
export function visitorIssueDraft(
  report: {
    id: string
    title: string
    body: string
    labels: string[]
    userAgent: string
  },
  contactEmail: string | null,
): IssueDraft {
  const scrub = (s: string) => (contactEmail ? s.split(contactEmail).join('[e-mail removed]') : s)
  const facts = [
    `Browser: ${report.userAgent || 'unknown'}`,
    `Filed through Che Idioms by a visitor without an account; report ${report.id}.${
      contactEmail ? ' They left a contact address, shown to admins at /admin/bugreports.' : ''
    }`,
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
  /** Limits of visitors' reports (VISITOR_REPORT_LIMIT), on the shared counters. */
  visitorLimits: { perAddress: RateLimiter; overall: RateLimiter }
}) {
  /** File the stored report on GitHub; a failure is logged and the report stays. */
  async function fileIssue(reportId: string, draft: IssueDraft): Promise<string | null> {
    if (!deps.issues) return null
    try {
      const url = await deps.issues.create(draft)
      await deps.reports.setGithubUrl(reportId, url)
      return url
    } catch (err) {
      deps.log.warn({ reportId, err: toMessage(err) }, 'bug report stored but not filed on GitHub')
      return null
    }
  }

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
      return { id: row.id, url: await fileIssue(row.id, issueDraft(row, reporter)) }
    },
    /**
     * A report from a visitor without an account (/report-a-problem): limited per client address
     * and overall (429 with Retry-After), stored without a reporter, then filed on GitHub.
     */
    async fileFromVisitor(
      input: VisitorBugReportInput,
      client: { address: string; userAgent: string },
    ): Promise<{ id: string; url: string | null }> {
      const wait =
        (await deps.visitorLimits.perAddress.hit([client.address])) ??
        (await deps.visitorLimits.overall.hit(['all']))
      if (wait !== undefined) {
        throw new RateLimitedError(
          `Several problem reports were sent just now; try again in ${Math.ceil(wait / 60)} min`,
          wait,
        )
      }
      const contactEmail = input.contactEmail?.trim() || null
      const row = await deps.reports.insert({
        reporterId: null,
        fromVisitor: true,
        contactEmail,
        title: input.title.trim(),
        body: input.description.trim(),
        labels: [input.problemType],
        exampleId: null,
        userAgent: client.userAgent.slice(0, USER_AGENT_MAX),
        createdAt: deps.clock(),
      })
      return { id: row.id, url: await fileIssue(row.id, visitorIssueDraft(row, contactEmail)) }
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
