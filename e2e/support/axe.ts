import AxeBuilder from '@axe-core/playwright'
import type { Page } from 'playwright-core'

/** WCAG 2.2 A and AA plus axe's best practices (landmarks, heading order, one main). */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']

/**
 * Rules that fail the scan whatever impact axe gives them: the structure issue 13 asks for
 * (one <main>, every piece of content in a landmark, headings that start at h1 and do not skip).
 */
const ALWAYS_FAIL = new Set([
  'landmark-one-main',
  'landmark-no-duplicate-main',
  'landmark-main-is-top-level',
  'page-has-heading-one',
  'heading-order',
  'region',
])

export interface ScanResult {
  /** Serious or critical violations (and the structural ones above), one line per node. */
  failures: string[]
  /** How many minor or moderate violations (nodes) the scan saw. */
  minor: number
}

/** Run axe-core over the page as it stands and sort what it finds. */
export async function scan(page: Page, label: string): Promise<ScanResult> {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze()
  const failures: string[] = []
  let minor = 0
  for (const v of results.violations) {
    const fails = v.impact === 'serious' || v.impact === 'critical' || ALWAYS_FAIL.has(v.id)
    for (const node of v.nodes) {
      if (fails) {
        failures.push(
          `${label}: [${v.impact}] ${v.id} — ${v.help}\n    at ${node.target.join(' ')}\n    ${node.failureSummary?.replace(/\n/g, '\n    ') ?? ''}`,
        )
      } else {
        minor++
      }
    }
  }
  return { failures, minor }
}
