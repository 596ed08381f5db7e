import { idiomKey, USAGE_BAND_RANGES } from '@che/core'
import type { Tone, UsageBand } from '@che/core'
import type { IdiomRow } from '../api/get-idioms'

export interface IdiomFilter {
  /** '' = every tone. */
  tone: Tone | ''
  /** '' = All bands. */
  usage: UsageBand | ''
  /** Contained in the text or translation, ignoring accents and case. */
  text: string
}

export const NO_FILTER: IdiomFilter = { tone: '', usage: '', text: '' }

export const SORT_KEYS = ['text', 'translation', 'tone', 'usage', 'examples', 'created'] as const
export type SortKey = (typeof SORT_KEYS)[number]
export type SortDirection = 'asc' | 'desc'
export interface IdiomSort {
  key: SortKey
  direction: SortDirection
}

/** A row with its search key worked out once, so filtering 10,000 rows is one `includes` each. */
export interface IndexedIdiom extends IdiomRow {
  searchKey: string
}

export function indexIdioms(rows: readonly IdiomRow[]): IndexedIdiom[] {
  return rows.map((r) => ({ ...r, searchKey: `${idiomKey(r.text)}\n${idiomKey(r.translation)}` }))
}

export function filterIdioms<T extends IndexedIdiom>(rows: readonly T[], filter: IdiomFilter): T[] {
  const needle = idiomKey(filter.text)
  const band = filter.usage ? USAGE_BAND_RANGES[filter.usage] : undefined
  return rows.filter(
    (r) =>
      (!filter.tone || r.tone === filter.tone) &&
      (!band || (r.usage >= band.min && r.usage <= band.max)) &&
      (!needle || r.searchKey.includes(needle)),
  )
}

const collator = new Intl.Collator('es', { sensitivity: 'base', numeric: true })

const compareBy: Record<SortKey, (a: IdiomRow, b: IdiomRow) => number> = {
  text: (a, b) => collator.compare(a.text, b.text),
  translation: (a, b) => collator.compare(a.translation, b.translation),
  tone: (a, b) => collator.compare(a.tone, b.tone),
  usage: (a, b) => a.usage - b.usage,
  examples: (a, b) => a.exampleCount - b.exampleCount,
  // ISO dates of one format compare as strings.
  created: (a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0),
}

/** A sorted copy; ties are broken by text, then id, so the order is stable across renders. */
export function sortIdioms<T extends IdiomRow>(rows: readonly T[], sort: IdiomSort): T[] {
  const sign = sort.direction === 'asc' ? 1 : -1
  const primary = compareBy[sort.key]
  return [...rows].sort(
    (a, b) =>
      sign * primary(a, b) || collator.compare(a.text, b.text) || (a.idiomId < b.idiomId ? -1 : 1),
  )
}

/** Clicking a column sorts by it ascending; clicking it again flips the direction. */
export function nextSort(current: IdiomSort, key: SortKey): IdiomSort {
  if (current.key === key) return { key, direction: current.direction === 'asc' ? 'desc' : 'asc' }
  return { key, direction: key === 'created' ? 'desc' : 'asc' }
}

export const PAGE_SIZE = 50

export function pageCount(total: number, size = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / size))
}

export function pageOf<T>(rows: readonly T[], page: number, size = PAGE_SIZE): T[] {
  const last = pageCount(rows.length, size)
  const p = Math.min(Math.max(1, page), last)
  return rows.slice((p - 1) * size, p * size)
}
