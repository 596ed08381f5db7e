import type { Evaluation, Example } from '@che/core'

/**
 * The shape of one exercise flow (prompt → input → evaluation → results), shared by the exercise
 * and Playroom features without either importing the other: the router hands the exercise
 * feature's ExerciseFlow to the Playroom page as a prop.
 */

export interface Answer {
  exampleId: string
  userTranscription: string
  userTranslation: string
  /** Fresh per attempt, so a double submit schedules once. */
  attemptId: string
  /** Ms from the sentence's first play to submit (scored mode only; docs/decisions/013). */
  elapsedMs?: number
  /** "Show the answer" with nothing typed: recorded as given up (AnswerInput.gaveUp). */
  gaveUp?: boolean
}

export interface EvaluatedAnswer {
  evaluation: Evaluation
  /** When the item comes back; absent in the Playroom. */
  dueDate?: string
  /** Graded in this browser without a connection; queued to sync (docs/decisions/032). */
  offline?: boolean
}

export interface ExerciseFlowProps {
  example: Example
  isAdmin: boolean
  evaluate: (answer: Answer) => Promise<EvaluatedAnswer>
  /** Called after the phase is reset to prompt: fetch the next example. */
  onNext: () => void
  nextLabel?: string
  /** Message when the evaluation fails and the server gives none (spec §8). */
  evaluateFallback?: string
  /** 'practice' in the Playroom: no score, no time sent, feedback labels instead of grades. */
  mode?: 'scored' | 'practice'
  /** Keep the answer in progress under this key (sessionStorage) until it is graded. */
  draftKey?: string
  /** Told each time the phase changes (the exercise page keeps an answer on screen through a lost connection). */
  onPhaseChange?: (phase: 'prompt' | 'input' | 'evaluation' | 'results') => void
}
