import { api } from '@che/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { call } from '../../../lib/api-client'
import { invalidateIdiomQueries } from './idiom-keys'

export const BATCH_CREATE_FALLBACK_ERROR = 'Failed to batch create idioms'

/**
 * Rows per request: the contract's maximum, so any real file is saved in ONE request and one
 * server transaction (all valid rows land or none do). The server accepts up to 16 MB here.
 */
export const SAVE_BATCH_SIZE = 20_000

export interface SaveTotals {
  created: number
  /** Rows the server reported errors for (a row with two bad cells counts once). */
  errors: number
  duplicates: number
}

/** A batch failed: `totals` says what the earlier batches saved; `cause` is the failure. */
export class BatchSaveError extends Error {
  override readonly name = 'BatchSaveError'
  constructor(
    override readonly cause: unknown,
    readonly totals: SaveTotals,
  ) {
    super(cause instanceof Error ? cause.message : String(cause))
  }
}

export interface SaveIdiomsInput {
  /** CSV rows as parsed (text, translation, tone, usage, source); the server validates them. */
  rows: Record<string, string>[]
  onProgress?: (savedRows: number) => void
}

/** POST /api/admin/idioms in batches of SAVE_BATCH_SIZE rows, adding up the server's reports. */
export async function saveIdiomsInBatches({
  rows,
  onProgress,
}: SaveIdiomsInput): Promise<SaveTotals> {
  const totals: SaveTotals = { created: 0, errors: 0, duplicates: 0 }
  for (let start = 0; start < rows.length; start += SAVE_BATCH_SIZE) {
    const batch = rows.slice(start, start + SAVE_BATCH_SIZE)
    try {
      const result = await call(api.adminIdiomsCreate, { body: { idioms: batch } })
      totals.created += result.created.length
      totals.errors += new Set(result.errors.map((e) => e.row)).size
      totals.duplicates += result.duplicates.length
    } catch (error) {
      throw new BatchSaveError(error, { ...totals })
    }
    onProgress?.(start + batch.length)
  }
  return totals
}

/** Batch-create idioms; duplicates are reported, not created. The idiom queries go stale once. */
export function useCreateIdioms() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: saveIdiomsInBatches,
    meta: { handlesError: true },
    onSettled: () => invalidateIdiomQueries(queryClient),
  })
}
