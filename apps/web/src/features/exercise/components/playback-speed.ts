/**
 * The learner's listening speed, remembered on this device (localStorage) so every sentence,
 * replay and exercise plays at it until they change it. The pitch is always kept
 * (preservesPitch): a slower voice sounds like the same person speaking slowly.
 */
export const SPEEDS = [0.75, 0.9, 1, 1.25] as const
export type Speed = (typeof SPEEDS)[number]
export const DEFAULT_SPEED: Speed = 1
/** Slow replay plays at this share of the chosen speed (0.75 at normal speed). */
export const SLOW_FACTOR = 0.75

const KEY = 'che.listening.speed'

function isSpeed(value: number): value is Speed {
  return (SPEEDS as readonly number[]).includes(value)
}

export function loadSpeed(): Speed {
  try {
    const value = Number(globalThis.localStorage?.getItem(KEY))
    return isSpeed(value) ? value : DEFAULT_SPEED
  } catch {
    return DEFAULT_SPEED
  }
}

export function saveSpeed(speed: Speed): void {
  try {
    globalThis.localStorage?.setItem(KEY, String(speed))
  } catch {
    // Storage disabled: the speed holds for this page only.
  }
}

/** The rate of a slow replay at the chosen speed (never below half speed). */
export function slowRate(speed: Speed): number {
  return Math.max(0.5, Math.round(speed * SLOW_FACTOR * 100) / 100)
}

/** "0.75×", "1×" */
export function speedLabel(speed: number): string {
  return `${speed}×`
}

const listeners = new Set<() => void>()
let current: Speed | null = null

/** The chosen speed, shared by every player on the page and kept for the next visit. */
export const speedStore = {
  get(): Speed {
    current ??= loadSpeed()
    return current
  },
  set(speed: Speed): void {
    current = speed
    saveSpeed(speed)
    for (const listener of listeners) listener()
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener)
    return () => listeners.delete(listener)
  },
  /** Tests: forget the in-memory copy so the next read comes from storage. */
  reset(): void {
    current = null
  },
}
