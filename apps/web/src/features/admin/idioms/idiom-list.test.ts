import { describe, expect, it } from 'vitest'
import type { IdiomRow } from '../api/get-idioms'
import {
  filterIdioms,
  indexIdioms,
  nextSort,
  NO_FILTER,
  pageCount,
  pageOf,
  sortIdioms,
} from './idiom-list'

let n = 0
function row(overrides: Partial<IdiomRow>): IdiomRow {
  n += 1
  return {
    idiomId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    text: 'texto',
    translation: 'text',
    tone: 'Casual',
    usage: 8,
    source: '',
    createdAt: '2024-01-01T00:00:00.000Z',
    exampleCount: 0,
    ...overrides,
  }
}

const rows = indexIdioms([
  row({
    text: 'Estar al horno',
    translation: 'To be in trouble',
    tone: 'Casual',
    usage: 9,
    exampleCount: 2,
    createdAt: '2024-03-01T00:00:00.000Z',
  }),
  row({
    text: 'Tirar la chancleta',
    translation: 'To let loose',
    tone: 'Street',
    usage: 5,
    exampleCount: 0,
    createdAt: '2024-01-01T00:00:00.000Z',
  }),
  row({
    text: 'Ñaupa',
    translation: 'Long ago',
    tone: 'Esoteric',
    usage: 2,
    exampleCount: 1,
    createdAt: '2024-02-01T00:00:00.000Z',
  }),
  row({
    text: 'Qué bárbaro',
    translation: 'How amazing',
    tone: 'Neutral',
    usage: 10,
    exampleCount: 3,
    createdAt: '2024-04-01T00:00:00.000Z',
  }),
  row({
    text: 'Sin embargo',
    translation: 'However',
    tone: 'Official',
    usage: 4,
    exampleCount: 0,
    createdAt: '2023-12-01T00:00:00.000Z',
  }),
])
const texts = (list: readonly IdiomRow[]) => list.map((r) => r.text)

describe('filterIdioms', () => {
  it('keeps everything with no filter', () => {
    expect(filterIdioms(rows, NO_FILTER)).toHaveLength(5)
  })

  it('matches text ignoring accents and case', () => {
    expect(texts(filterIdioms(rows, { ...NO_FILTER, text: 'QUE BARB' }))).toEqual(['Qué bárbaro'])
    expect(texts(filterIdioms(rows, { ...NO_FILTER, text: 'bárbaro' }))).toEqual(['Qué bárbaro'])
  })

  it('also matches the translation', () => {
    expect(texts(filterIdioms(rows, { ...NO_FILTER, text: 'trouble' }))).toEqual(['Estar al horno'])
  })

  it('keeps ñ distinct from n', () => {
    expect(texts(filterIdioms(rows, { ...NO_FILTER, text: 'ñau' }))).toEqual(['Ñaupa'])
    expect(filterIdioms(rows, { ...NO_FILTER, text: 'nau' })).toEqual([])
  })

  it('filters by tone', () => {
    expect(texts(filterIdioms(rows, { ...NO_FILTER, tone: 'Street' }))).toEqual([
      'Tirar la chancleta',
    ])
  })

  it.each([
    ['super_common', ['Estar al horno', 'Qué bárbaro']],
    ['common', ['Tirar la chancleta']],
    ['uncommon', ['Sin embargo']],
    ['super_rare', ['Ñaupa']],
  ] as const)('filters by the %s usage band', (usage, expected) => {
    expect(texts(filterIdioms(rows, { ...NO_FILTER, usage }))).toEqual(expected)
  })

  it('combines filters', () => {
    expect(filterIdioms(rows, { tone: 'Casual', usage: 'common', text: '' })).toEqual([])
    expect(
      texts(filterIdioms(rows, { tone: 'Casual', usage: 'super_common', text: 'horno' })),
    ).toEqual(['Estar al horno'])
  })
})

describe('sortIdioms', () => {
  it('sorts text in Spanish order, ignoring accents and case', () => {
    expect(texts(sortIdioms(rows, { key: 'text', direction: 'asc' }))).toEqual([
      'Estar al horno',
      'Ñaupa',
      'Qué bárbaro',
      'Sin embargo',
      'Tirar la chancleta',
    ])
  })

  it('sorts by each column both ways', () => {
    expect(texts(sortIdioms(rows, { key: 'translation', direction: 'asc' }))[0]).toBe('Qué bárbaro')
    expect(sortIdioms(rows, { key: 'tone', direction: 'asc' }).map((r) => r.tone)).toEqual([
      'Casual',
      'Esoteric',
      'Neutral',
      'Official',
      'Street',
    ])
    expect(sortIdioms(rows, { key: 'usage', direction: 'desc' }).map((r) => r.usage)).toEqual([
      10, 9, 5, 4, 2,
    ])
    expect(
      sortIdioms(rows, { key: 'examples', direction: 'asc' }).map((r) => r.exampleCount),
    ).toEqual([0, 0, 1, 2, 3])
    expect(texts(sortIdioms(rows, { key: 'created', direction: 'desc' }))).toEqual([
      'Qué bárbaro',
      'Estar al horno',
      'Ñaupa',
      'Tirar la chancleta',
      'Sin embargo',
    ])
  })

  it('breaks ties by text and leaves the input alone', () => {
    const before = texts(rows)
    expect(texts(sortIdioms(rows, { key: 'examples', direction: 'asc' })).slice(0, 2)).toEqual([
      'Sin embargo',
      'Tirar la chancleta',
    ])
    expect(texts(rows)).toEqual(before)
  })
})

describe('nextSort', () => {
  it('flips the direction of the current column and starts others ascending (created: newest first)', () => {
    expect(nextSort({ key: 'text', direction: 'asc' }, 'text')).toEqual({
      key: 'text',
      direction: 'desc',
    })
    expect(nextSort({ key: 'text', direction: 'desc' }, 'usage')).toEqual({
      key: 'usage',
      direction: 'asc',
    })
    expect(nextSort({ key: 'text', direction: 'asc' }, 'created')).toEqual({
      key: 'created',
      direction: 'desc',
    })
  })
})

describe('pages', () => {
  it('cuts 10,000 rows into pages of 50, clamping the page number', () => {
    const many = Array.from({ length: 10_000 }, (_, i) => i)
    expect(pageCount(many.length)).toBe(200)
    expect(pageOf(many, 1)).toHaveLength(50)
    expect(pageOf(many, 200)[49]).toBe(9_999)
    expect(pageOf(many, 999)[0]).toBe(9_950)
    expect(pageCount(0)).toBe(1)
  })

  it('filters and sorts 10,000 indexed idioms quickly', () => {
    const big = indexIdioms(
      Array.from({ length: 10_000 }, (_, i) =>
        row({ text: `Idiom número ${i}`, usage: (i % 10) + 1 }),
      ),
    )
    const start = performance.now()
    const found = sortIdioms(
      filterIdioms(big, { tone: '', usage: 'super_common', text: 'NUMERO 1' }),
      {
        key: 'text',
        direction: 'asc',
      },
    )
    expect(found.length).toBeGreaterThan(0)
    expect(performance.now() - start).toBeLessThan(500)
  })
})
