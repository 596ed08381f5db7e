import {
  CSV_OPTIONAL_COLUMNS,
  CSV_REQUIRED_COLUMNS,
  csvPhraseLists,
  idiomKey,
  validateIdiomRow,
} from '@che/core'
import type { CsvPhraseLists, IdiomFields, RowError as ContractRowError } from '@che/core'
import type { z } from 'zod'
import type { SaveTotals } from '../api/create-idioms'

/** One problem of a row: field, message and, where the contract gives one, a stable code. */
export type RowError = z.infer<typeof ContractRowError>

export type ReviewStatus = 'new' | 'error' | 'duplicate' | 'exists'

/** One data row of the file as the review table shows it. */
export interface ReviewRow {
  /** 1-based data row (the header is not counted), as the server numbers them. */
  row: number
  cells: Record<
    (typeof CSV_REQUIRED_COLUMNS)[number] | (typeof CSV_OPTIONAL_COLUMNS)[number],
    string
  >
  /** The phrases of its meanings, literals and senses cells, as the import reads them. */
  lists: CsvPhraseLists
  status: ReviewStatus
  errors: RowError[]
  /** For a duplicate: the earlier row of the same file with the same idiom. */
  duplicateOf?: number
  /** The validated idiom when the row has no errors. */
  idiom?: IdiomFields
}

export interface Review {
  rows: ReviewRow[]
  /** Problems that belong to no row (the file as a whole). */
  fileErrors: RowError[]
  counts: Record<ReviewStatus, number>
}

const COLUMNS = [...CSV_REQUIRED_COLUMNS, ...CSV_OPTIONAL_COLUMNS] as const

function cellsOf(input: Record<string, unknown>): ReviewRow['cells'] {
  const out = {} as ReviewRow['cells']
  for (const c of COLUMNS) {
    const v = input[c]
    out[c] = v === undefined || v === null ? '' : String(v)
  }
  return out
}

function isBlank(input: Record<string, unknown>): boolean {
  return Object.values(input).every((v) => v === undefined || v === null || String(v).trim() === '')
}

/**
 * The review of parsed CSV rows: core's row validation, duplicates within the file (same
 * accent/case-insensitive key as an earlier valid row) and against `existingKeys` (idioms
 * already stored), plus any errors the server's validation reported for a row.
 */
export function buildReview(
  inputs: readonly Record<string, unknown>[],
  existingKeys: ReadonlySet<string>,
  serverErrors: readonly RowError[] = [],
): Review {
  const byRow = new Map<number, RowError[]>()
  const fileErrors: RowError[] = []
  for (const e of serverErrors) {
    if (e.row < 1 || e.row > inputs.length) fileErrors.push(e)
    else byRow.set(e.row, [...(byRow.get(e.row) ?? []), e])
  }

  const seen = new Map<string, number>()
  const rows: ReviewRow[] = []
  const counts: Record<ReviewStatus, number> = { new: 0, error: 0, duplicate: 0, exists: 0 }
  inputs.forEach((input, i) => {
    const row = i + 1
    if (isBlank(input)) return
    const cells = cellsOf(input)
    const checked = validateIdiomRow(input, row)
    const errors = checked.ok ? [] : [...checked.errors]
    let status: ReviewStatus = checked.ok ? 'new' : 'error'
    let duplicateOf: number | undefined
    if (checked.ok) {
      const key = idiomKey(checked.idiom.text)
      const earlier = seen.get(key)
      if (earlier !== undefined) {
        status = 'duplicate'
        duplicateOf = earlier
      } else {
        seen.set(key, row)
        if (existingKeys.has(key)) status = 'exists'
      }
    }
    // The server's own findings for this row, unless they repeat ours (or our duplicate mark).
    for (const e of byRow.get(row) ?? []) {
      if (errors.some((x) => x.field === e.field && x.message === e.message)) continue
      if (status === 'duplicate' && /same idiom as row/i.test(e.message)) continue
      errors.push(e)
      if (status === 'new' || status === 'exists') status = 'error'
    }
    counts[status] += 1
    rows.push({
      row,
      cells,
      lists: csvPhraseLists(input),
      status,
      errors,
      ...(duplicateOf !== undefined ? { duplicateOf } : {}),
      ...(checked.ok && status !== 'error' ? { idiom: checked.idiom } : {}),
    })
  })
  return { rows, fileErrors, counts }
}

/** Rows to send for saving: every non-blank row; the server validates again and reports back. */
export function rowsToSave(review: Review): Record<string, string>[] {
  return review.rows.map((r) => ({ ...r.cells }))
}

/** The verbatim result line of spec §8. */
export function saveSummary(t: SaveTotals): { type: 'success' | 'error'; message: string } {
  if (t.created === 0 && t.errors > 0)
    return { type: 'error', message: `Failed to save idioms. ${t.errors} errors.` }
  return {
    type: 'success',
    message: `Successfully saved ${t.created} / errors: ${t.errors} / duplicates: ${t.duplicates}.`,
  }
}

/** "3 meanings · 2 senses · 1 literal", the lists a row has; '' when it has none. */
export function phraseListsSummary(lists: CsvPhraseLists): string {
  const count = (n: number, one: string) => (n ? `${n} ${one}${n === 1 ? '' : 's'}` : '')
  return [
    count(lists.meanings.length, 'meaning'),
    count(lists.senses.length, 'sense'),
    count(lists.literals.length, 'literal'),
  ]
    .filter(Boolean)
    .join(' · ')
}

export function reviewStatusLabel(r: ReviewRow): string {
  switch (r.status) {
    case 'new':
      return 'New'
    case 'error':
      return 'Error'
    case 'duplicate':
      return `Duplicate of row ${r.duplicateOf}`
    case 'exists':
      return 'Already exists'
  }
}
