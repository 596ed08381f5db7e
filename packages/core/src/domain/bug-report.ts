/**
 * The problem types of the bug-report form, verbatim from the spec (§5 Bug report), typos
 * included: they are user-visible labels and also the GitHub labels of filed issues.
 */
export const PROBLEM_TYPES = [
  "Can't log in",
  'App is slow or unresponsive',
  'Page layout is broken',
  'Mistake in exercise feedback',
  'Translation is incorrect',
  'Transcription is incorrect',
  "Audio doesn't match example transcript",
  'Audio is distored/too loud/too soft',
  'Audio does not play',
  'Other (describe below)',
] as const
export type ProblemType = (typeof PROBLEM_TYPES)[number]

/** True when `label` is one of the spec's problem types (exact match). */
export function isProblemType(label: string): label is ProblemType {
  return (PROBLEM_TYPES as readonly string[]).includes(label)
}

/** Statuses of a stored bug report (the contract's BugReportStatus). */
export const BUG_REPORT_STATUSES = ['open', 'closed'] as const

/**
 * The problem types a visitor without an account can report from /report-a-problem: the spec's
 * labels that make sense before signing in (the exercise and audio ones need an account).
 */
export const VISITOR_PROBLEM_TYPES = [
  "Can't log in",
  'App is slow or unresponsive',
  'Page layout is broken',
  'Other (describe below)',
] as const satisfies readonly ProblemType[]
export type VisitorProblemType = (typeof VISITOR_PROBLEM_TYPES)[number]

/** Longest description a visitor may send (characters, after trimming). */
export const VISITOR_REPORT_DESCRIPTION_MAX = 2000
