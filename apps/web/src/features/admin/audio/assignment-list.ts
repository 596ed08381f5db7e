import { matchesToneUsage, type ToneUsage } from '../../../components/tone-usage-filter'
import type { AssignmentReport } from '../../../lib/queries/assignments'

export type StateFilter = '' | 'unassigned' | 'assigned' | 'fulfilled' | 'published'

export const STATE_FILTERS: { value: StateFilter; label: string }[] = [
  { value: '', label: 'All' },
  { value: 'unassigned', label: 'Unassigned' },
  { value: 'assigned', label: 'Assigned' },
  { value: 'fulfilled', label: 'Fulfilled (to publish)' },
  { value: 'published', label: 'Published' },
]

export const PAGE_SIZE = 25

const stateOf = (r: AssignmentReport): Exclude<StateFilter, ''> => r.assigned?.state ?? 'unassigned'

// What needs the admin first: takes to publish, then work in progress, then done, then the rest.
const ORDER: Record<Exclude<StateFilter, ''>, number> = {
  fulfilled: 0,
  assigned: 1,
  published: 2,
  unassigned: 3,
}

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()

/**
 * Reports of one state, tone and usage band whose idiom text (accents aside) or editor contains
 * `text`, to-do first.
 */
export function filterReports(
  list: AssignmentReport[],
  filter: { state: StateFilter; text: string } & Partial<ToneUsage>,
): AssignmentReport[] {
  const needle = fold(filter.text.trim())
  const toneUsage = { tone: filter.tone ?? '', usage: filter.usage ?? '' } as ToneUsage
  return list
    .filter((r) => !filter.state || stateOf(r) === filter.state)
    .filter((r) => matchesToneUsage(r, toneUsage))
    .filter(
      (r) =>
        !needle || fold(r.text).includes(needle) || fold(r.assigned?.source ?? '').includes(needle),
    )
    .sort((a, b) => ORDER[stateOf(a)] - ORDER[stateOf(b)] || a.text.localeCompare(b.text, 'es'))
}
