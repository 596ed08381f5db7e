import { afterEach, describe, expect, it, vi } from 'vitest'
import { isPhase, PHASES, phaseReducer, setPhaseLogger } from './phase'
import type { Phase, PhaseAction } from './phase'

afterEach(() => setPhaseLogger(() => {}))

describe('phaseReducer', () => {
  it('walks prompt → input → evaluation → results and back to prompt on next', () => {
    let phase: Phase = 'prompt'
    const seen: Phase[] = [phase]
    for (const action of [
      { type: 'continue' },
      { type: 'submit' },
      { type: 'evaluated' },
      { type: 'next' },
    ] as PhaseAction[]) {
      phase = phaseReducer(phase, action)
      seen.push(phase)
    }
    expect(seen).toEqual(['prompt', 'input', 'evaluation', 'results', 'prompt'])
  })

  it('goes back to input when the evaluation fails', () => {
    expect(phaseReducer('evaluation', { type: 'failed' })).toBe('input')
  })

  it('ignores an action that does not apply to the current phase, so a double click skips nothing', () => {
    expect(phaseReducer('prompt', { type: 'submit' })).toBe('prompt')
    expect(phaseReducer('results', { type: 'continue' })).toBe('results')
    expect(phaseReducer('evaluation', { type: 'submit' })).toBe('evaluation')
  })

  it('resets to prompt from any phase on next', () => {
    for (const phase of PHASES) expect(phaseReducer(phase, { type: 'next' })).toBe('prompt')
  })

  it('accepts any of the four phases set by value', () => {
    for (const phase of PHASES) expect(phaseReducer('prompt', { type: 'set', phase })).toBe(phase)
  })

  it('rejects and logs any other phase value, keeping the current phase', () => {
    const log = vi.fn()
    setPhaseLogger(log)
    expect(phaseReducer('input', { type: 'set', phase: 'review' })).toBe('input')
    expect(phaseReducer('input', { type: 'set', phase: 3 })).toBe('input')
    expect(log).toHaveBeenCalledTimes(2)
    expect(log).toHaveBeenCalledWith(expect.stringContaining('rejected'), 'review')
  })

  it('knows exactly the four phases', () => {
    expect(PHASES).toEqual(['prompt', 'input', 'evaluation', 'results'])
    expect(isPhase('results')).toBe(true)
    expect(isPhase('Results')).toBe(false)
    expect(isPhase(undefined)).toBe(false)
  })
})
