import { describe, expect, it } from 'vitest'
import {
  chooseNext,
  compareCandidates,
  mergeFilter,
  type ChooseNextInput,
  type NewCandidate,
} from './next.js'

const BA = 'America/Argentina/Buenos_Aires'
const NOW = new Date('2025-05-01T15:00:00Z') // 12:00 in Buenos Aires; next midnight 2025-05-02T03:00Z

const candidate = (
  exampleId: string,
  usage: number,
  tone: NewCandidate['tone'] = 'Casual',
): NewCandidate => ({
  exampleId,
  idiomId: `idiom-${exampleId}`,
  tone,
  usage,
})

function input(overrides: Partial<ChooseNextInput> = {}): ChooseNextInput {
  return {
    now: NOW,
    timeZone: BA,
    progress: [],
    candidates: [],
    filter: { usage: '', tone: '' },
    newToday: 0,
    dailyNewLimit: 10,
    ...overrides,
  }
}

describe('next', () => {
  describe('chooseNext', () => {
    it('serves the item due longest first', () => {
      const progress = [
        { exampleId: 'b', dueDate: '2025-04-30T10:00:00Z' },
        { exampleId: 'a', dueDate: '2025-04-20T10:00:00Z' },
        { exampleId: 'c', dueDate: '2025-05-01T14:00:00Z', isSandbox: true },
      ]
      expect(chooseNext(input({ progress, candidates: [candidate('n', 10)] }))).toEqual({
        kind: 'due',
        exampleId: 'a',
      })
    })

    it('counts an item due later today (before local midnight) as due, and breaks ties by exampleId', () => {
      const progress = [
        { exampleId: 'z', dueDate: '2025-05-02T02:00:00Z' },
        { exampleId: 'y', dueDate: '2025-05-02T02:00:00Z' },
        { exampleId: 'x', dueDate: '2025-05-02T03:00:00Z' }, // local midnight: tomorrow
      ]
      expect(chooseNext(input({ progress }))).toEqual({ kind: 'due', exampleId: 'y' })
    })

    it('compares due dates written with offsets or without milliseconds by instant', () => {
      const progress = [
        { exampleId: 'offset', dueDate: '2025-05-01T23:30:00-03:00' }, // 02:30Z May 2: due today
        { exampleId: 'plain', dueDate: '2025-05-02T02:00:00Z' },
        { exampleId: 'tomorrow', dueDate: '2025-05-02T00:00:00-03:00' }, // local midnight
        { exampleId: 'junk', dueDate: 'not a date' },
      ]
      expect(chooseNext(input({ progress }))).toEqual({ kind: 'due', exampleId: 'plain' })
      expect(chooseNext(input({ progress: [progress[0]!, progress[2]!] }))).toEqual({
        kind: 'due',
        exampleId: 'offset',
      })
      expect(chooseNext(input({ progress: [progress[2]!, progress[3]!] }))).toEqual({
        kind: 'none',
        nextDueDate: '2025-05-02T03:00:00.000Z',
      })
    })

    it('introduces a new item when nothing is due, most common idiom first, then by exampleId', () => {
      const progress = [{ exampleId: 'seen', dueDate: '2025-05-10T00:00:00Z' }]
      const candidates = [
        candidate('c2', 6),
        candidate('c9b', 9),
        candidate('c9a', 9),
        candidate('seen', 10),
      ]
      expect(chooseNext(input({ progress, candidates }))).toEqual({ kind: 'new', exampleId: 'c9a' })
    })

    it('shuffles equally common candidates stably with a seed', () => {
      const candidates = Array.from({ length: 20 }, (_, i) => candidate(`e${i}`, 8))
      const pick = (seed: string) => chooseNext(input({ candidates, seed }))
      expect(pick('learner-1')).toEqual(pick('learner-1'))
      const picks = new Set(['a', 'b', 'c', 'd', 'e', 'f'].map((s) => JSON.stringify(pick(s))))
      expect(picks.size).toBeGreaterThan(1)
      expect(
        chooseNext(input({ candidates: [...candidates, candidate('rare', 2)], seed: 'x' })),
      ).not.toEqual({
        kind: 'new',
        exampleId: 'rare',
      })
    })

    it('picks the first new item in compareCandidates order, with or without a seed', () => {
      // A fixed pseudo-random library: usages 1-10 with many ties, some items already seen.
      let state = 7
      const rand = (n: number) => {
        // xorshift32
        state ^= state << 13
        state ^= state >>> 17
        state ^= state << 5
        return (state >>> 0) % n
      }
      for (let round = 0; round < 40; round++) {
        const candidates = Array.from({ length: 60 }, (_, i) =>
          candidate(`ex-${rand(1000)}-${i}`, 1 + rand(10)),
        )
        const progress = candidates
          .filter(() => rand(4) === 0)
          .map((c) => ({ exampleId: c.exampleId, dueDate: '2025-06-01T00:00:00Z' }))
        const seen = new Set(progress.map((p) => p.exampleId))
        for (const seed of [undefined, `learner-${round}`]) {
          const [first] = candidates
            .filter((c) => !seen.has(c.exampleId))
            .sort((a, b) => compareCandidates(a, b, seed))
          expect(chooseNext(input({ candidates, progress, seed }))).toEqual({
            kind: 'new',
            exampleId: first!.exampleId,
          })
        }
      }
    })

    it("keeps each learner's shuffle: equally common items ordered by FNV-1a of seed:exampleId", () => {
      // The order a learner meets new items in must not change under them between releases.
      const fnv1a = (text: string) => {
        let hash = 0x811c9dc5
        for (let i = 0; i < text.length; i++) {
          hash ^= text.charCodeAt(i)
          hash = Math.imul(hash, 0x01000193)
        }
        return hash >>> 0
      }
      const ids = Array.from({ length: 30 }, (_, i) => `example-${i * 37}`)
      const seed = 'b2d3c1e0-learner'
      const expected = [...ids].sort((a, b) => fnv1a(`${seed}:${a}`) - fnv1a(`${seed}:${b}`))
      const sorted = ids
        .map((id) => candidate(id, 5))
        .sort((a, b) => compareCandidates(a, b, seed))
        .map((c) => c.exampleId)
      expect(sorted).toEqual(expected)
    })

    it('applies the usage band and tone filter to new items, empty meaning All', () => {
      const candidates = [
        candidate('street-9', 9, 'Street'),
        candidate('casual-6', 6),
        candidate('casual-3', 3),
      ]
      const pick = (
        usage: ChooseNextInput['filter']['usage'],
        tone: ChooseNextInput['filter']['tone'],
      ) => chooseNext(input({ candidates, filter: { usage, tone } }))
      expect(pick('', '')).toEqual({ kind: 'new', exampleId: 'street-9' })
      expect(pick('', 'Casual')).toEqual({ kind: 'new', exampleId: 'casual-6' })
      expect(pick('uncommon', '')).toEqual({ kind: 'new', exampleId: 'casual-3' })
      expect(pick('common', 'Casual')).toEqual({ kind: 'new', exampleId: 'casual-6' })
      expect(pick('super_common', 'Casual')).toEqual({ kind: 'none', nextDueDate: null })
    })

    it('serves due items whatever the filter', () => {
      const progress = [{ exampleId: 'due', dueDate: '2025-04-30T10:00:00Z' }]
      expect(
        chooseNext(input({ progress, filter: { usage: 'super_rare', tone: 'Official' } })),
      ).toEqual({
        kind: 'due',
        exampleId: 'due',
      })
    })

    it('stops new items at the daily limit and says they come back at local midnight', () => {
      const progress = [{ exampleId: 'later', dueDate: '2025-05-09T12:00:00Z' }]
      const candidates = [candidate('n1', 8)]
      expect(chooseNext(input({ progress, candidates, newToday: 9, dailyNewLimit: 10 }))).toEqual({
        kind: 'new',
        exampleId: 'n1',
      })
      expect(chooseNext(input({ progress, candidates, newToday: 10, dailyNewLimit: 10 }))).toEqual({
        kind: 'none',
        nextDueDate: '2025-05-02T03:00:00.000Z',
      })
      expect(chooseNext(input({ progress, candidates, dailyNewLimit: 0 }))).toMatchObject({
        kind: 'none',
      })
    })

    it('answers none with the earliest later due date when there is nothing new to learn', () => {
      const progress = [
        { exampleId: 'p1', dueDate: '2025-05-09T12:00:00Z' },
        { exampleId: 'p2', dueDate: '2025-05-03T12:00:00Z' },
      ]
      expect(chooseNext(input({ progress, newToday: 10 }))).toEqual({
        kind: 'none',
        nextDueDate: '2025-05-03T12:00:00.000Z',
      })
      expect(chooseNext(input())).toEqual({ kind: 'none', nextDueDate: null })
    })

    it('serves the forced example over everything, as due if seen and new otherwise', () => {
      const progress = [
        { exampleId: 'due', dueDate: '2025-04-30T10:00:00Z' },
        { exampleId: 'later', dueDate: '2025-06-01T10:00:00Z' },
      ]
      const base = { progress, candidates: [candidate('n', 10)], newToday: 99, dailyNewLimit: 1 }
      expect(chooseNext(input({ ...base, forcedExampleId: 'later' }))).toEqual({
        kind: 'due',
        exampleId: 'later',
      })
      expect(chooseNext(input({ ...base, forcedExampleId: 'elsewhere' }))).toEqual({
        kind: 'new',
        exampleId: 'elsewhere',
      })
      expect(chooseNext(input({ ...base, forcedExampleId: '' }))).toEqual({
        kind: 'due',
        exampleId: 'due',
      })
    })

    it('does not mutate its inputs', () => {
      const progress = Object.freeze([
        Object.freeze({ exampleId: 'a', dueDate: '2025-04-30T10:00:00Z' }),
      ])
      const candidates = Object.freeze([
        Object.freeze(candidate('b', 9)),
        Object.freeze(candidate('c', 10)),
      ])
      expect(() => chooseNext(input({ progress, candidates }))).not.toThrow()
      expect(candidates.map((c) => c.exampleId)).toEqual(['b', 'c'])
    })
  })

  describe('mergeFilter', () => {
    it('merges given values into the existing filter and keeps the rest', () => {
      const current = { usage: 'common', tone: 'Street' } as const
      expect(mergeFilter(current, { tone: 'Casual' })).toEqual({ usage: 'common', tone: 'Casual' })
      expect(mergeFilter(current, { usage: '' })).toEqual({ usage: '', tone: 'Street' })
      expect(mergeFilter(current, {})).toEqual(current)
      expect(current).toEqual({ usage: 'common', tone: 'Street' })
    })
  })
})
