import type { Evaluation, Example, NextExercise, TodayProgress } from '@che/core'

/** Contract-shaped data for the learner-screen tests, and a JSON Response like the server's. */
export { json } from './fetch-stub'

export const EXAMPLE_ID = '11111111-1111-4111-8111-111111111111'
export const IDIOM_ID = '22222222-2222-4222-8222-222222222222'
export const USER_ID = '00000000-0000-4000-8000-000000000001'

export function makeExample(overrides: Partial<Example> = {}): Example {
  return {
    exampleId: EXAMPLE_ID,
    idiomId: IDIOM_ID,
    text: 'Ayer me tomé el palo porque la fiesta era un embole.',
    conjugatedSnippet: 'me tomé el palo',
    translation: 'Yesterday I left because the party was a bore.',
    source: '',
    audio: null,
    isNew: true,
    idiom: {
      text: 'tomarse el palo',
      translation: 'to leave, to clear off',
      tone: 'Casual',
      usage: 8,
    },
    ...overrides,
  }
}

/** An exercise as /api/exercises/next serves it: the example and today's progress. */
export function makeNextExercise(
  overrides: Partial<Example> = {},
  today: Partial<TodayProgress> = {},
): NextExercise {
  return {
    ...makeExample(overrides),
    today: { reviewsDone: 0, reviewsLeft: 0, newDone: 0, newLimit: 10, ...today },
  }
}

export function makeEvaluation(overrides: Partial<Evaluation> = {}): Evaluation {
  return {
    transcriptionAccuracy: 'minor',
    translationAccuracy: 'perfect',
    transcriptionFeedback: 'Almost: watch the accent on tomé.',
    translationFeedback: 'Perfect translation!',
    englishTranslation: 'Yesterday I left because the party was a bore.',
    mistakeType: 'accent',
    missedWords: ['tomé'],
    targetWords: ['tomé'],
    ...overrides,
  }
}

export function makePayload(dueDate: string, evaluation: Evaluation = makeEvaluation()) {
  return {
    exampleId: EXAMPLE_ID,
    evaluation,
    progress: {
      progressId: '33333333-3333-4333-8333-333333333333',
      userId: USER_ID,
      idiomId: IDIOM_ID,
      exampleId: EXAMPLE_ID,
      dueDate,
      tone: 'Casual',
      usage: 8,
      history: [{ date: '2026-05-01T10:00:00.000Z', evaluation, rating: 'good' }],
      missedWords: evaluation.missedWords,
      isSandbox: evaluation.missedWords.length > 0,
      sandbox: '',
      evaluation,
      createdAt: '2026-05-01T10:00:00.000Z',
    },
  }
}
