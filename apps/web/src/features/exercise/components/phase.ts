/** The four phases of an exercise or a Playroom drill (spec §4), in order. */
export const PHASES = ['prompt', 'input', 'evaluation', 'results'] as const
export type Phase = (typeof PHASES)[number]

export function isPhase(value: unknown): value is Phase {
  return typeof value === 'string' && (PHASES as readonly string[]).includes(value)
}

export type PhaseAction =
  /** Continue: prompt → input. */
  | { type: 'continue' }
  /** Submit the answer: input → evaluation. */
  | { type: 'submit' }
  /** The evaluation came back: evaluation → results. */
  | { type: 'evaluated' }
  /** The evaluation failed: back to input, the answer kept, so the learner can send it again. */
  | { type: 'failed' }
  /** Next Exercise: any phase → prompt. */
  | { type: 'next' }
  /** Jump to a phase by value; anything but the four phases is rejected (spec §4). */
  | { type: 'set'; phase: unknown }

type Logger = (message: string, detail?: unknown) => void

// eslint-disable-next-line no-console
let logRejected: Logger = (message, detail) => console.error(message, detail)

/** Tests swap the logger to assert that a rejected phase was logged. */
export function setPhaseLogger(next: Logger): void {
  logRejected = next
}

const STEPS: Partial<Record<PhaseAction['type'], { from: Phase; to: Phase }>> = {
  continue: { from: 'prompt', to: 'input' },
  submit: { from: 'input', to: 'evaluation' },
  evaluated: { from: 'evaluation', to: 'results' },
  failed: { from: 'evaluation', to: 'input' },
}

/**
 * The exercise phase machine: prompt → input (Continue) → evaluation (submit) → results;
 * Next resets to prompt. An action that does not apply to the current phase leaves it as it is
 * (a double click cannot skip a phase); an unknown phase value is rejected and logged.
 */
export function phaseReducer(state: Phase, action: PhaseAction): Phase {
  if (action.type === 'next') return 'prompt'
  if (action.type === 'set') {
    if (isPhase(action.phase)) return action.phase
    logRejected('[exercise] rejected an unknown phase', action.phase)
    return state
  }
  const step = STEPS[action.type]
  if (!step) {
    logRejected('[exercise] rejected an unknown action', action)
    return state
  }
  return state === step.from ? step.to : state
}
