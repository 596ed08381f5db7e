import type { MistakeType, PartOfDay } from '@che/core'

/** A local calendar date (YYYY-MM-DD) as a Date at local midnight, so no zone shifts the day. */
export function localDate(ymd: string): Date {
  const [y, m, d] = ymd.split('-').map(Number)
  return new Date(y ?? 1970, (m ?? 1) - 1, d ?? 1)
}

/** The week a trend point stands for, by its Monday, in the learner's locale ("Mar 3"). */
export function formatWeek(ymd: string, locale?: string): string {
  return new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric' }).format(localDate(ymd))
}

/** When a report was generated, in the learner's locale. */
export function formatGenerated(iso: string, locale?: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  )
}

/** Mistake types as a learner reads them (the evaluator's names are for code). */
export const MISTAKE_LABELS: Record<MistakeType, string> = {
  none: 'No mistake',
  accent: 'Accents',
  spelling: 'Spelling',
  missing_word: 'Missing word',
  extra_word: 'Extra word',
  voseo: 'Vos / tú',
  idiom: 'Idiom words',
  sentence: 'Sentence',
  literal: 'Word for word',
  meaning: 'Meaning',
  detail: 'Detail',
  untranslated: 'Left in Spanish',
  empty: 'Left blank',
  wrong_language: 'Wrong language',
}

export const PART_OF_DAY_LABELS: Record<PartOfDay, string> = {
  morning: 'Morning',
  afternoon: 'Afternoon',
  evening: 'Evening',
  night: 'Night',
}
