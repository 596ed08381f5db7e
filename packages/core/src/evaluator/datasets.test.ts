import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

import { describe, expect, it } from 'vitest'

import { parseCases, scoreCases } from './cases.js'
import { evaluate } from './index.js'

// The public dev set lives in shared/ beside the repository; the extra cases are our own.
const sets = {
  dev: fileURLToPath(new URL('../../../../../shared/evaluator/dev.jsonl', import.meta.url)),
  extra: fileURLToPath(new URL('./extra-cases.jsonl', import.meta.url)),
}

describe('evaluator agreement', () => {
  for (const [name, path] of Object.entries(sets)) {
    it.skipIf(!existsSync(path))(`meets the bar on the ${name} set`, () => {
      const { summary } = scoreCases(parseCases(readFileSync(path, 'utf8')), evaluate)
      expect(summary.criticalErrors).toBe(0)
      expect(summary.overall.rate).toBeGreaterThanOrEqual(0.95)
      for (const grade of ['perfect', 'minor', 'major'] as const) {
        expect(summary[grade].rate, grade).toBeGreaterThanOrEqual(0.9)
      }
    })
  }

  it('extra cases cover every grade of both fields on at least 60 cases', () => {
    const cases = parseCases(readFileSync(sets.extra, 'utf8'))
    expect(cases.length).toBeGreaterThanOrEqual(60)
    for (const field of ['transcription', 'translation'] as const) {
      for (const grade of ['perfect', 'minor', 'major'] as const) {
        expect(
          cases.some((c) => c.expect[field] === grade),
          `${field} ${grade}`,
        ).toBe(true)
      }
    }
  })
})
