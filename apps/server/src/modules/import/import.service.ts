import type { z } from 'zod'
import {
  idiomKey,
  validateIdiomRows,
  type IdiomFields,
  type ImportResult,
  type ValidationResult,
} from '@che/core'
import { badRequest } from '../../errors.js'
import { toIdiomSummary } from '../idioms/idioms.mappers.js'
import { decodeCsv, parseIdiomsCsv } from './csv.js'
import type { ImportRepo } from './import.repo.js'

type Validation = z.infer<typeof ValidationResult>
type Imported = z.infer<typeof ImportResult>

const byRow = (a: { row: number }, b: { row: number }) => a.row - b.row

export function createImportService(deps: { imports: ImportRepo; clock: () => Date }) {
  return {
    /** Check an uploaded CSV file; nothing is saved. A row repeating an earlier one is an error. */
    validateCsv(file: { filename: string; bytes: Uint8Array } | undefined): Validation {
      if (!file)
        throw badRequest('Please select a CSV file first', [
          { field: 'file', message: 'no file in the upload' },
        ])
      if (file.filename && !/\.csv$/i.test(file.filename)) {
        throw badRequest('Only CSV files are supported', [
          { field: 'file', message: 'the file name must end in .csv' },
        ])
      }
      const parsed = parseIdiomsCsv(decodeCsv(file.bytes))
      const checked = validateIdiomRows(parsed.rows)
      const errors = [
        ...parsed.errors,
        ...checked.errors,
        ...checked.duplicates.map((d) => ({
          row: d.row,
          field: 'text',
          message: `Same idiom as row ${d.of} (ignoring accents and case)`,
        })),
      ].sort(byRow)
      return { idioms: checked.idioms, errors }
    },

    /**
     * Create idioms from rows (validated again here: the client is not trusted), in one
     * transaction. Rows with errors are reported and skipped; rows repeating one in the batch
     * or in the database are reported as duplicates and never created twice.
     */
    async createMany(rows: Record<string, unknown>[]): Promise<Imported> {
      const checked = validateIdiomRows(rows)
      const now = deps.clock()
      const created = await deps.imports.insertIdioms(
        checked.idioms.map((f) => ({
          ...f,
          normalizedText: idiomKey(f.text),
          createdAt: now,
          updatedAt: now,
        })),
      )
      const createdKeys = new Set(created.map((r) => r.normalizedText))
      const duplicates: IdiomFields[] = [
        ...checked.duplicates.map((d) => d.idiom),
        ...checked.idioms.filter((f) => !createdKeys.has(idiomKey(f.text))),
      ]
      return {
        created: created.map((r) => toIdiomSummary(r, 0)),
        idioms: checked.idioms,
        errors: checked.errors.sort(byRow),
        duplicates,
      }
    },
  }
}
export type ImportService = ReturnType<typeof createImportService>
