import { describe, expect, it } from 'vitest'
import { BugReportInput } from '../contract/entities.js'
import { isProblemType, PROBLEM_TYPES } from './bug-report.js'

const valid = {
  title: 'No sound',
  body: 'The audio never starts.',
  labels: ['Audio does not play'],
}

describe('PROBLEM_TYPES', () => {
  it('lists the ten problem types of the spec, in order, with their original spelling', () => {
    expect(PROBLEM_TYPES).toHaveLength(10)
    expect(PROBLEM_TYPES[0]).toBe("Can't log in")
    expect(PROBLEM_TYPES).toContain('Audio is distored/too loud/too soft')
    expect(PROBLEM_TYPES.at(-1)).toBe('Other (describe below)')
  })

  it('recognises only exact problem types', () => {
    expect(isProblemType('Audio does not play')).toBe(true)
    expect(isProblemType('audio does not play')).toBe(false)
  })
})

describe('BugReportInput', () => {
  it('accepts a report with a problem type and trims it', () => {
    expect(BugReportInput.parse({ ...valid, title: '  No sound  ' })).toEqual(valid)
  })

  it('treats whitespace-only title and body as blank', () => {
    expect(BugReportInput.safeParse({ ...valid, title: '   ' }).success).toBe(false)
    expect(BugReportInput.safeParse({ ...valid, body: '\n\t ' }).success).toBe(false)
  })

  it('needs at least one label that is a problem type', () => {
    expect(BugReportInput.safeParse({ ...valid, labels: [] }).success).toBe(false)
    expect(BugReportInput.safeParse({ ...valid, labels: ['ui'] }).success).toBe(false)
    expect(
      BugReportInput.safeParse({ ...valid, labels: ['ui', 'Page layout is broken'] }).success,
    ).toBe(true)
  })

  it('refuses oversized fields', () => {
    expect(BugReportInput.safeParse({ ...valid, title: 'x'.repeat(201) }).success).toBe(false)
    expect(BugReportInput.safeParse({ ...valid, body: 'x'.repeat(10_001) }).success).toBe(false)
  })
})
