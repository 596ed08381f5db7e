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

/**
 * Run axe-core over the page as it stands and sort what it finds.
 *
 * Legacy mode runs `axe.run` in the page itself. The default mode runs `axe.runPartial` in every
 * frame and then opens a blank page, injects axe-core's 550 kB again and merges the frames' results
 * there (`axe.finishRun`): the same rules over the same nodes, but that second page made each scan
 * about twice as slow (decision 046). The SPA has no frames (no <iframe> anywhere in apps/web), so
 * there is nothing to merge; should one ever appear, same-origin frames are still scanned by
 * `axe.run`, cross-origin ones would not be.
 */
export async function scan(page: Page, label: string): Promise<ScanResult> {
  const results = await new AxeBuilder({ page }).withTags(TAGS).setLegacyMode(true).analyze()
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
