import { describe, expect, it } from 'vitest'
import type { BugReportsRepo, BugReportRow } from './bug-reports.repo.js'
import { createBugReportsService, issueDraft } from './bug-reports.service.js'

const NOW = new Date('2026-03-01T12:00:00.000Z')
const reporter = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Lucía',
  email: 'lucia@example.com',
}
const input = {
  title: 'No sound',
  body: 'Silence.',
  labels: ['Audio does not play', 'Audio does not play'],
}

const noLimit = { hit: async () => undefined }

function fakeRepo() {
  const rows: BugReportRow[] = []
  const repo = {
    async insert(r: Omit<BugReportRow, 'id' | 'status' | 'githubUrl' | 'closedAt'>) {
      const row = {
        ...r,
        id: `r${rows.length}`,
        status: 'open' as const,
        githubUrl: null,
        closedAt: null,
      }
      rows.push(row)
      return row
    },
    async setGithubUrl(id: string, url: string) {
      rows.find((r) => r.id === id)!.githubUrl = url
    },
    async countByReporterSince() {
      return rows.length
    },
  } as unknown as BugReportsRepo
  return { rows, repo }
}

describe('bug-reports service', () => {
  describe('file', () => {
    it('stores the report, logs and answers without a URL when the issue cannot be filed', async () => {
      const { rows, repo } = fakeRepo()
      const warnings: object[] = []
      const service = createBugReportsService({
        reports: repo,
        issues: { create: () => Promise.reject(new Error('GitHub answered 500')) },
        clock: () => NOW,
        log: { warn: (obj) => warnings.push(obj) },
        visitorLimits: { perAddress: noLimit, overall: noLimit },
      })
      expect(await service.file(reporter, input, 'UA')).toEqual({ id: 'r0', url: null })
      expect(rows).toEqual([
        expect.objectContaining({
          labels: ['Audio does not play'],
          userAgent: 'UA',
          createdAt: NOW,
          githubUrl: null,
        }),
      ])
      expect(warnings).toEqual([{ reportId: 'r0', err: 'GitHub answered 500' }])
    })
  })

  describe('issueDraft', () => {
    const stored = { id: 'r1', ...input, exampleId: null, userAgent: '' }

    it('never carries the e-mail address, even where the reporter typed it or used it as a name', () => {
      const draft = issueDraft(
        { ...stored, body: 'Mail me: lucia@example.com' },
        { ...reporter, name: 'lucia@example.com' },
      )
      expect(JSON.stringify(draft)).not.toContain('lucia@example.com')
      expect(draft.body).toContain('by a signed-in user')
      expect(draft.body).toContain('Example: none')
    })
  })
})
