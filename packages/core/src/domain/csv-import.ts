import type { z } from 'zod'
import { IdiomFields, type RowError as RowErrorSchema } from '../contract/entities.js'
import { IDIOM_PHRASES_MAX, IDIOM_SENSES_MAX, sensesProblem } from '../contract/senses.js'
import { fold } from '../evaluator/normalise.js'
import { TONES, type Tone } from './tones.js'
import { USAGE_DEFAULT, USAGE_MAX, USAGE_MIN } from './usage.js'

type RowError = z.infer<typeof RowErrorSchema>

/** The columns an idiom CSV must have (spec §5); `source` may be added. */
export const CSV_REQUIRED_COLUMNS = ['text', 'translation', 'tone', 'usage'] as const
/**
 * `meanings` and `literals` hold English phrases separated by `|` ("give up | throw in the
 * towel"): the ways to say the idiom's meaning, and the literal readings graded major. `senses`,
 * for an idiom of two senses or more (decision 067), holds each sense's own phrases, the senses
 * separated by `||` and each sense's phrases by `|`, the first naming the sense ("be clueless |
 * have no idea || be stark naked | in the buff"); `meanings` then holds the phrases true of every
 * sense.
 */
export const CSV_OPTIONAL_COLUMNS = ['source', 'meanings', 'literals', 'senses'] as const
/** Between the phrases of a `meanings`, `literals` or `senses` cell. */
export const CSV_PHRASE_SEPARATOR = '|'
/** Between the senses of a `senses` cell. */
export const CSV_SENSE_SEPARATOR = '||'
/** RowError.code of a `senses` cell that breaks decision 067's rules (contract/senses.ts). */
export const INVALID_SENSES = 'INVALID_SENSES'
/**
 * RowError.code of a `meanings` or `literals` cell of more than IDIOM_PHRASES_MAX phrases: the
 * contract's limit, the one the admin form and the API hold an idiom to (decision 070).
 */
export const TOO_MANY_PHRASES = 'TOO_MANY_PHRASES'
const PHRASE_MAX = 200

const TEXT_MAX = 300
const TRANSLATION_MAX = 500
const SOURCE_MAX = 300

/**
 * The duplicate-detection key of an idiom (or example) text: lower case, accents and the
 * diaeresis removed (ñ kept: it is a letter of its own), inner whitespace collapsed, trimmed.
 * "Che, ¿qué onda?" and "che, ¿QUE  onda?" share a key.
 */
export function idiomKey(text: string): string {
  return fold(text).replace(/\s+/g, ' ').trim()
}

/** The tone whose name matches `value` case-insensitively, or undefined. */
export function matchTone(value: string): Tone | undefined {
  const wanted = value.trim().toLowerCase()
  return TONES.find((t) => t.toLowerCase() === wanted)
}

/** Header names as a spreadsheet may write them: trimmed, lower case, BOM removed. */
export function normaliseHeader(header: string): string {
  return header
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase()
}

/** Required columns missing from a header row (after normaliseHeader). */
export function missingColumns(headers: readonly string[]): string[] {
  const have = new Set(headers.map(normaliseHeader))
  return CSV_REQUIRED_COLUMNS.filter((c) => !have.has(c))
}

function cell(row: Record<string, unknown>, key: string): string | number | undefined {
  const value = row[key]
  if (value === undefined || value === null) return undefined
  if (typeof value === 'number') return value
  if (typeof value === 'string') return value
  return String(value)
}

/** A `meanings`/`literals` cell: phrases split on `|` (a client may send the array back). */
function phrases(value: unknown): string[] {
  const list = Array.isArray(value)
    ? value.map((v) => String(v))
    : String(value ?? '').split(CSV_PHRASE_SEPARATOR)
  return [...new Set(list.map((p) => p.trim()).filter(Boolean))]
}

/**
 * A `senses` cell: senses split on `||`, each one's phrases on `|`, blanks and senses left
 * empty dropped (a client may send back the arrays, or one string per sense).
 */
function senseLists(value: unknown): string[][] {
  const list = Array.isArray(value)
    ? (value as unknown[])
    : String(value ?? '').split(CSV_SENSE_SEPARATOR)
  return list.map((sense) => phrases(sense)).filter((sense) => sense.length > 0)
}

/** A row's meaning lists as its `meanings`, `literals` and `senses` cells give them. */
export interface CsvPhraseLists {
  meanings: string[]
  literals: string[]
  senses: string[][]
}

/**
 * The phrases of a row's `meanings`, `literals` and `senses` cells, read as validateIdiomRow
 * reads them (split, trimmed, blanks and repeats dropped), whether or not the row is valid: what a
 * review of the file shows.
 */
export function csvPhraseLists(input: Record<string, unknown>): CsvPhraseLists {
  return {
    meanings: phrases(input.meanings),
    literals: phrases(input.literals),
    senses: senseLists(input.senses),
  }
}

export type RowResult = { ok: true; idiom: IdiomFields } | { ok: false; errors: RowError[] }

/**
 * Validate one CSV row (or one row a client sends back for saving) into IdiomFields.
 * `row` is the 1-based data row number used in the errors. An empty tone means Casual and an
 * empty usage means 8, as on the idiom form; anything else must be valid.
 */
export function validateIdiomRow(input: Record<string, unknown>, row: number): RowResult {
  const errors: RowError[] = []
  const text = String(cell(input, 'text') ?? '').trim()
  const translation = String(cell(input, 'translation') ?? '').trim()
  const rawTone = String(cell(input, 'tone') ?? '').trim()
  const rawUsage = cell(input, 'usage')
  const source = String(cell(input, 'source') ?? '').trim()
  const { meanings, literals, senses } = csvPhraseLists(input)

  if (!text) errors.push({ row, field: 'text', message: 'Text is required' })
  else if (text.length > TEXT_MAX)
    errors.push({ row, field: 'text', message: `Text is longer than ${TEXT_MAX} characters` })
  if (!translation) errors.push({ row, field: 'translation', message: 'Translation is required' })
  else if (translation.length > TRANSLATION_MAX) {
    errors.push({
      row,
      field: 'translation',
      message: `Translation is longer than ${TRANSLATION_MAX} characters`,
    })
  }

  let tone: Tone = 'Casual'
  if (rawTone) {
    const matched = matchTone(rawTone)
    if (matched) tone = matched
    else
      errors.push({
        row,
        field: 'tone',
        message: `Unknown tone "${rawTone}": use one of ${TONES.join(', ')}`,
      })
  }

  let usage = USAGE_DEFAULT
  const usageText = typeof rawUsage === 'number' ? String(rawUsage) : (rawUsage ?? '').trim()
  if (usageText) {
    const n = /^[+-]?\d+$/.test(usageText) ? Number(usageText) : Number.NaN
    if (Number.isInteger(n) && n >= USAGE_MIN && n <= USAGE_MAX) usage = n
    else {
      errors.push({
        row,
        field: 'usage',
        message: `Usage must be a whole number from ${USAGE_MIN} to ${USAGE_MAX} (10 is super common), not "${usageText}"`,
      })
    }
  }
  if (source.length > SOURCE_MAX)
    errors.push({ row, field: 'source', message: `Source is longer than ${SOURCE_MAX} characters` })

  for (const [field, list] of [
    ['meanings', meanings],
    ['literals', literals],
  ] as const) {
    if (list.length > IDIOM_PHRASES_MAX)
      errors.push({
        row,
        field,
        message: `At most ${IDIOM_PHRASES_MAX} phrases, separated by ${CSV_PHRASE_SEPARATOR}`,
        code: TOO_MANY_PHRASES,
      })
    if (list.some((p) => p.length > PHRASE_MAX))
      errors.push({ row, field, message: `A phrase is longer than ${PHRASE_MAX} characters` })
  }

  const senseError = (message: string) =>
    errors.push({ row, field: 'senses', message, code: INVALID_SENSES })
  // A sense's own count needs no check: sensesProblem holds the meanings and every sense together
  // to IDIOM_PHRASES_MAX.
  if (senses.length > IDIOM_SENSES_MAX)
    senseError(`At most ${IDIOM_SENSES_MAX} senses, separated by ${CSV_SENSE_SEPARATOR}`)
  else if (senses.some((sense) => sense.some((p) => p.length > PHRASE_MAX)))
    senseError(`A phrase is longer than ${PHRASE_MAX} characters`)
  else {
    const problem = sensesProblem(meanings, senses)
    if (problem) senseError(problem.message)
  }

  if (errors.length) return { ok: false, errors }
  return {
    ok: true,
    idiom: IdiomFields.parse({
      text,
      translation,
      tone,
      usage,
      source,
      meanings,
      literals,
      // Absent for an idiom of one sense, as the contract reads it (decision 067).
      ...(senses.length ? { senses } : {}),
    }),
  }
}

export interface RowsResult {
  /** Valid rows, first occurrence of each idiom only. */
  idioms: IdiomFields[]
  /** Their data row numbers, parallel to `idioms`. */
  rows: number[]
  errors: RowError[]
  /** Valid rows whose key repeats an earlier row of the same batch. */
  duplicates: { row: number; of: number; idiom: IdiomFields }[]
}

/**
 * Validate a batch of rows (1-based numbering from `firstRow`). Rows whose every cell is blank
 * are skipped silently; a spreadsheet often ends with some.
 */
export function validateIdiomRows(
  rows: readonly Record<string, unknown>[],
  firstRow = 1,
): RowsResult {
  const result: RowsResult = { idioms: [], rows: [], errors: [], duplicates: [] }
  const seen = new Map<string, number>()
  rows.forEach((input, i) => {
    const row = firstRow + i
    if (isBlankRow(input)) return
    const r = validateIdiomRow(input, row)
    if (!r.ok) {
      result.errors.push(...r.errors)
      return
    }
    const key = idiomKey(r.idiom.text)
    const of = seen.get(key)
    if (of !== undefined) {
      result.duplicates.push({ row, of, idiom: r.idiom })
      return
    }
    seen.set(key, row)
    result.idioms.push(r.idiom)
    result.rows.push(row)
  })
  return result
}

function isBlankRow(row: Record<string, unknown>): boolean {
  return Object.values(row).every(
    (v) => v === undefined || v === null || (typeof v === 'string' && v.trim() === ''),
  )
}

/** Whether `snippet` occurs in `text`, ignoring case only (accents and spacing must match). */
export function snippetInText(text: string, snippet: string): boolean {
  const s = snippet.normalize('NFC').toLocaleLowerCase('es')
  return s.length > 0 && text.normalize('NFC').toLocaleLowerCase('es').includes(s)
}
