import type { z } from 'zod'
import {
  computeFacts,
  insightsFrom,
  REPORT_STATE_NEW_AVAILABLE,
  REPORT_STATE_NOT_YET,
  ReportText,
  unsupportedNumbers,
  type Accuracy,
  type MistakeType,
  type Report,
  type ReportFacts,
  type ReportReview,
  type ReportSet,
} from '@che/core'
import type { ReviewRating } from '@che/core/scheduler'
import type { LlmClient } from '../../ai/llm-client.js'
import { notFound, toMessage } from '../../errors.js'
import { countSetting } from '../exercises/exercises.service.js'
import { defaultPrompts } from '../prompts/prompts.defaults.js'
import type { HistoryWithIdiom, ReportRow, ReportsRepo } from './reports.repo.js'

type ReportShape = z.infer<typeof Report>
type ReportSetShape = z.infer<typeof ReportSet>

/** The LLM gets this long to phrase a report before the local phrasing is used (ms). */
export const REPORT_LLM_TIMEOUT_MS = 20_000
/** Default of the reportMinReviews setting. */
export const REPORT_MIN_REVIEWS_DEFAULT = 20

/** Sent with the facts: text with any other number is rejected (unsupportedNumbers). */
const NUMBERS_RULE =
  'Quote numbers exactly as they appear in the facts (percentages are whole numbers); do not calculate new ones such as differences or averages.'

const ACCURACIES = new Set<unknown>(['perfect', 'minor', 'major'])
const RATINGS = new Set<unknown>(['again', 'hard', 'good', 'easy'])

interface Log {
  warn(obj: object, msg: string): void
  info?(obj: object, msg: string): void
}

/**
 * A stored review log as report input: one entry per review, with its idiom's text, tone and
 * usage. Entries without a date or grades (never written by the current code) are left out.
 */
export function toReportReviews(records: readonly HistoryWithIdiom[]): ReportReview[] {
  const out: ReportReview[] = []
  for (const r of records) {
    for (const entry of r.history) {
      const e = entry.evaluation as Record<string, unknown> | undefined
      if (typeof entry.date !== 'string' || !e) continue
      if (!ACCURACIES.has(e.transcriptionAccuracy) || !ACCURACIES.has(e.translationAccuracy))
        continue
      const grades = [e.transcriptionAccuracy, e.translationAccuracy]
      const rating = RATINGS.has(entry.rating)
        ? (entry.rating as ReviewRating)
        : grades.includes('major')
          ? 'again'
          : grades.includes('minor')
            ? 'hard'
            : 'good'
      out.push({
        date: entry.date,
        transcriptionAccuracy: e.transcriptionAccuracy as Accuracy,
        translationAccuracy: e.translationAccuracy as Accuracy,
        ...(typeof e.mistakeType === 'string' ? { mistakeType: e.mistakeType as MistakeType } : {}),
        tone: r.tone,
        usage: r.usage,
        idiomText: r.idiomText,
        missedWords: Array.isArray(e.missedWords)
          ? e.missedWords.filter((w): w is string => typeof w === 'string')
          : [],
        rating,
      })
    }
  }
  return out
}

export function toReport(row: ReportRow): ReportShape {
  return {
    reportId: row.id,
    generated: row.generatedAt.toISOString(),
    insights: row.insights as ReportShape['insights'],
    strategyTips: row.strategyTips,
    facts: row.facts as ReportFacts,
    engine: row.engine,
    reviewCount: row.reviewCountAtGeneration,
  }
}

/**
 * Progress reports.
 *
 * State (spec §4, §9): 4 while the learner has fewer reviews than the reportMinReviews setting;
 * 1 from then on — the same rule as the dashboard's reportState. The spec knows no "nothing new"
 * state, so the set stays at 1 when nothing happened since the latest report, and generating
 * then changes nothing: `?generate=1` is idempotent and returns the same set.
 *
 * Generating: only with enough reviews (otherwise the set with state 4 comes back, no error)
 * and when the review count differs from the latest report's. The figures are computed in core
 * (computeFacts) in the learner's zone; the insights are phrased by the LLM when one is
 * configured — from the computed facts only, with the admin's `report` prompt, validated by
 * zod, and rejected when it writes a number the facts do not hold — and otherwise, or on any
 * failure or after REPORT_LLM_TIMEOUT_MS, by the local rules (insightsFrom). One report per
 * user and review count: two concurrent requests in this process share one generation, and
 * the unique key settles requests across processes.
 */
export function createReportsService(deps: {
  reports: ReportsRepo
  settings: { all(): Promise<Record<string, string>> }
  /** The admin-edited `report` prompt, if any. */
  prompt: () => Promise<string | undefined>
  /** Undefined when no LLM is configured: reports are phrased locally. */
  llm: LlmClient | undefined
  llmTimeoutMs?: number
  clock: () => Date
  log: Log
}) {
  const inFlight = new Map<string, Promise<void>>()

  async function phrase(
    facts: ReportFacts,
  ): Promise<{ text: ReportText; engine: 'local' | 'llm' }> {
    const local = { text: insightsFrom(facts), engine: 'local' as const }
    if (!deps.llm || facts.reviewCount === 0) return local
    const system = (await deps.prompt())?.trim() || defaultPrompts().report!
    try {
      const text = await deps.llm.completeJson(
        [
          { role: 'system', content: system },
          {
            role: 'user',
            content: `${NUMBERS_RULE}\n\nFacts computed from the learner's review history (JSON):\n${JSON.stringify(facts)}`,
          },
        ],
        ReportText,
        { timeoutMs: deps.llmTimeoutMs ?? REPORT_LLM_TIMEOUT_MS, maxTokens: 1_500 },
      )
      const unsupported = unsupportedNumbers(text, facts)
      if (unsupported.length) {
        deps.log.warn(
          { unsupported: unsupported.slice(0, 10) },
          'report LLM wrote numbers the facts do not hold; local phrasing used',
        )
        return local
      }
      return { text, engine: 'llm' }
    } catch (err) {
      deps.log.warn({ err: toMessage(err) }, 'report LLM failed; local phrasing used')
      return local
    }
  }

  async function generate(userId: string, timeZone: string): Promise<void> {
    const reviews = toReportReviews(await deps.reports.histories(userId))
    const latest = await deps.reports.latest(userId)
    if (latest && latest.reviewCountAtGeneration === reviews.length) return
    const now = deps.clock()
    const facts = computeFacts(reviews, { timeZone, now })
    const { text, engine } = await phrase(facts)
    await deps.reports.insertOnce({
      userId,
      generatedAt: deps.clock(),
      facts,
      insights: text.insights,
      strategyTips: text.strategyTips,
      engine,
      reviewCountAtGeneration: reviews.length,
    })
  }

  /** Concurrent generations for one user share the first one's work. */
  function generateOnce(userId: string, timeZone: string): Promise<void> {
    const running = inFlight.get(userId)
    if (running) return running
    const work = generate(userId, timeZone).finally(() => inFlight.delete(userId))
    inFlight.set(userId, work)
    return work
  }

  return {
    async list(
      userId: string,
      opts: { generate?: boolean; timeZone?: string | undefined } = {},
    ): Promise<ReportSetShape> {
      const [count, settings] = await Promise.all([
        deps.reports.countReviews(userId),
        deps.settings.all(),
      ])
      const enough = count >= countSetting(settings, 'reportMinReviews', REPORT_MIN_REVIEWS_DEFAULT)
      if (opts.generate && enough) {
        const latest = await deps.reports.latest(userId)
        if (!latest || latest.reviewCountAtGeneration !== count)
          await generateOnce(userId, opts.timeZone ?? 'UTC')
      }
      const rows = await deps.reports.list(userId)
      return {
        reports: rows.map(toReport),
        state: enough ? REPORT_STATE_NEW_AVAILABLE : REPORT_STATE_NOT_YET,
      }
    },

    async get(userId: string, id: string): Promise<ReportShape> {
      const row = await deps.reports.find(userId, id)
      if (!row) throw notFound('Report')
      return toReport(row)
    },
  }
}
export type ReportsService = ReturnType<typeof createReportsService>
