import { missingColumns, normaliseHeader } from '@che/core'
import Papa from 'papaparse'
import { badRequest } from '../../errors.js'

export interface ParsedCsv {
  /** Data rows keyed by normalised header (text, translation, tone, usage, source...). */
  rows: Record<string, string>[]
  /** Problems of the file's structure, per 1-based data row. */
  errors: { row: number; field: string; message: string }[]
}

const ONLY_CSV = 'Only CSV files are supported: save the sheet as CSV (UTF-8) and upload that'

/** The file as text, or 400 when it is binary or not UTF-8. */
export function decodeCsv(bytes: Uint8Array): string {
  if (bytes.includes(0))
    throw badRequest(ONLY_CSV, [{ field: 'file', message: 'the file is binary, not text' }])
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '')
  } catch {
    throw badRequest(ONLY_CSV, [{ field: 'file', message: 'the file is not UTF-8 text' }])
  }
}

/**
 * Parse an idioms CSV: a header row, `,` or `;` between fields (detected), quoted fields may
 * span lines, a BOM is ignored. Missing columns → 400 naming them.
 */
export function parseIdiomsCsv(text: string): ParsedCsv {
  const result = Papa.parse<Record<string, string>>(text, {
    header: true,
    skipEmptyLines: 'greedy',
    delimitersToGuess: [',', ';', '\t'],
    transformHeader: (h) => normaliseHeader(h),
  })
  const headers = result.meta.fields ?? []
  if (text.trim() === '')
    throw badRequest('The CSV file is empty', [{ field: 'file', message: 'no header row' }])
  const missing = missingColumns(headers)
  if (missing.length) {
    throw badRequest(
      `The CSV file has no ${missing.join(', ')} column${missing.length > 1 ? 's' : ''}`,
      [...missing.map((c) => ({ field: c, message: 'column is missing from the header row' }))],
    )
  }
  const errors: ParsedCsv['errors'] = []
  for (const e of result.errors) {
    // One column needs no delimiter; a missing column was reported above.
    if (e.code === 'UndetectableDelimiter') continue
    errors.push({
      row: (e.row ?? -1) + 1,
      field: '(row)',
      message: `CSV parsing error: ${e.message}`,
    })
  }
  const rows = result.data.map((r) => {
    const { __parsed_extra: _extra, ...cells } = r as Record<string, string> & {
      __parsed_extra?: unknown
    }
    return cells
  })
  return { rows, errors }
}
