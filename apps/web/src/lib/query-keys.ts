/**
 * Query keys the learner's screens share: an evaluation changes the stats and the calendar, so
 * the exercise screen invalidates them without importing the dashboard or calendar features.
 */
export const STATS_KEY = ['exercise-stats'] as const
export const CALENDAR_KEY = ['calendar'] as const
export const NEXT_EXERCISE_KEY = ['exercise-next'] as const
export const SANDBOX_NEXT_KEY = ['sandbox-next'] as const
