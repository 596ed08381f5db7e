import { missingColumns, normaliseHeader } from '@che/core'
import Papa from 'papaparse'

export interface ParsedCsv {
  rows: Record<string, string>[]
  /** 'Row 3: Too few fields...' lines; empty when the file parsed cleanly. */
  problems: string[]
  /** Required columns the header lacks. */
  missing: string[]
}

/**
 * Parse an idioms CSV in the browser, in chunks read from the file (so a 10,000-row file never
 * blocks the page for long), reporting progress 0–1. Same dialect as the server: a header row,
 * `,` `;` or tab between fields, quoted fields may span lines, a BOM is ignored.
 */
export function parseCsvFile(
  file: File,
  onProgress: (fraction: number) => void = () => {},
): Promise<ParsedCsv> {
  return new Promise((resolve, reject) => {
    const rows: Record<string, string>[] = []
    const problems: string[] = []
    let fields: string[] | undefined
    Papa.parse<Record<string, string>>(file, {
      header: true,
      skipEmptyLines: 'greedy',
      delimitersToGuess: [',', ';', '\t'],
      transformHeader: (h) => normaliseHeader(h),
      chunkSize: 64 * 1024,
      chunk: (result) => {
        fields ??= result.meta.fields
        for (const e of result.errors) {
          if (e.code === 'UndetectableDelimiter') continue
          // Papa's row index counts data rows from 0 across the whole file, chunks included.
          problems.push(
            e.row === undefined || e.row === null ? e.message : `Row ${e.row + 1}: ${e.message}`,
          )
        }
        for (const r of result.data) {
          const { __parsed_extra: _extra, ...cells } = r as Record<string, string> & {
            __parsed_extra?: unknown
          }
          rows.push(cells)
        }
        if (file.size > 0) onProgress(Math.min(1, result.meta.cursor / file.size))
      },
      complete: () => {
        onProgress(1)
        resolve({
          rows,
          problems,
          missing: fields ? missingColumns(fields) : [...missingColumns([])],
        })
      },
      error: (error) => reject(error),
    })
  })
}
