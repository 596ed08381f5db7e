import { api } from '@che/core'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { call } from '../../../lib/api-client'
import { callKey } from '../../../lib/query-keys'
import type { ResponseOf } from '../../../lib/api-client'

export const IDIOMS_FALLBACK_ERROR = 'Failed to fetch idioms'

/** One row of the admin idiom list, whichever shape (summary or full) the server sent. */
export interface IdiomRow {
  idiomId: string
  text: string
  translation: string
  tone: ResponseOf<typeof api.idiomGet>['tone']
  usage: number
  source: string
  createdAt: string
  exampleCount: number
}

export function toIdiomRows(list: ResponseOf<typeof api.idiomsList>): IdiomRow[] {
  return list.map((i) => ({
    idiomId: i.idiomId,
    text: i.text,
    translation: i.translation,
    tone: i.tone,
    usage: i.usage,
    source: i.source,
    createdAt: i.createdAt,
    exampleCount: 'exampleCount' in i ? i.exampleCount : i.examples.length,
  }))
}

export const idiomsQuery = () =>
  queryOptions({
    queryKey: callKey('idiomsList'),
    queryFn: async ({ signal }) => toIdiomRows(await call(api.idiomsList, { signal })),
  })

/** GET /api/idioms: every idiom as a summary row (text, tone, usage, example count...). */
export const useIdioms = () => useQuery(idiomsQuery())
