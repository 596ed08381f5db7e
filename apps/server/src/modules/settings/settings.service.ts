import { randomBytes } from 'node:crypto'
import { checkBetaPassword, type SettingsResponse } from '@che/core'
import { DEFAULT_LLM_THRESHOLD } from '@che/core/evaluator/confidence'
import { AppError, badRequest } from '../../errors.js'
import type { KvRepo } from './settings.repo.js'

/** Settings every install starts with; an admin's later edits are never overwritten. */
export function defaultSettings(): Record<string, string> {
  return {
    inBeta: 'false',
    betaKey: '',
    testKey: randomBytes(16).toString('hex'),
    dailyNewLimit: '10',
    reportMinReviews: '20',
    maxUploadBytes: String(20 * 1024 * 1024),
    [LLM_THRESHOLD_KEY]: String(DEFAULT_LLM_THRESHOLD),
  }
}

/**
 * With an LLM configured, answers the local evaluator grades with a confidence below this (0–1)
 * are sent to the LLM; 0 never asks it, 1 always does (docs/decisions/028).
 */
export const LLM_THRESHOLD_KEY = 'evaluatorLlmThreshold'

/** The threshold a settings map asks for; the default when it is missing or not valid. */
export function llmThreshold(map: Record<string, string>): number {
  const raw = map[LLM_THRESHOLD_KEY]
  const value = raw === undefined || raw.trim() === '' ? Number.NaN : Number(raw)
  return Number.isFinite(value) && value >= 0 && value <= 1 ? value : DEFAULT_LLM_THRESHOLD
}

const BOOLEAN_KEYS = new Set(['inBeta'])
/**
 * Test-only setting: days (a number, may be fractional) added to the server clock, so end-to-end
 * tests can "advance time". Honoured, and accepted on save, only when NODE_ENV is test.
 */
export const TEST_CLOCK_OFFSET_KEY = 'testClockOffsetDays'
const DAY_MS = 86_400_000

/** The clock offset a settings map asks for, in ms; 0 outside the test environment. */
export function testClockOffsetMs(map: Record<string, string>, nodeEnv: string): number {
  const raw = map[TEST_CLOCK_OFFSET_KEY]
  if (nodeEnv !== 'test' || raw === undefined || raw.trim() === '') return 0
  const days = Number(raw)
  return Number.isFinite(days) ? Math.round(days * DAY_MS) : 0
}
const COUNT_KEYS = new Set(['dailyNewLimit', 'reportMinReviews', 'maxUploadBytes'])

/** Check the values of settings whose meaning the server relies on; others are free text. */
export function validateSettings(map: Record<string, string>, nodeEnv: string): void {
  const problems: { field: string; message: string }[] = []
  for (const [key, value] of Object.entries(map)) {
    if (BOOLEAN_KEYS.has(key) && value !== 'true' && value !== 'false') {
      problems.push({ field: `settings.${key}`, message: 'must be true or false' })
    }
    if (COUNT_KEYS.has(key) && !/^\d{1,12}$/.test(value)) {
      problems.push({ field: `settings.${key}`, message: 'must be a whole number' })
    }
    if (key === TEST_CLOCK_OFFSET_KEY) {
      if (nodeEnv !== 'test') {
        problems.push({
          field: `settings.${key}`,
          message: 'the test clock exists only in the test environment',
        })
      } else if (
        value.trim() !== '' &&
        !(Number.isFinite(Number(value)) && Number(value) >= 0 && Number(value) <= 36_500)
      ) {
        problems.push({
          field: `settings.${key}`,
          message: 'must be a number of days from 0 to 36500',
        })
      }
    }
    if (key === LLM_THRESHOLD_KEY) {
      const n = value.trim() === '' ? Number.NaN : Number(value)
      if (!(Number.isFinite(n) && n >= 0 && n <= 1))
        problems.push({ field: `settings.${key}`, message: 'must be a number from 0 to 1' })
    }
    if (key === 'betaKey' && value !== '' && !/^[0-9a-f]{64}$/i.test(value)) {
      problems.push({
        field: 'settings.betaKey',
        message: 'must be a SHA-256 hex digest (64 characters)',
      })
    }
  }
  if (map.inBeta === 'true' && (!map.betaKey || !map.testKey)) {
    problems.push({ field: 'settings.betaKey', message: 'the beta gate needs betaKey and testKey' })
  }
  if (problems.length) throw badRequest('Some settings are not valid', problems)
}

const CACHE_MS = 5_000

export function createSettingsService(deps: {
  settings: KvRepo
  /** The real clock (never the shifted one: the cache's age is measured with it). */
  clock: () => Date
  /** The test clock (testClockOffsetDays) works only when this is 'test'. */
  nodeEnv?: string
  /** Tell the other instances to drop their cached settings (after a save). */
  changed?: () => Promise<void>
}) {
  const nodeEnv = deps.nodeEnv ?? 'development'
  let cache: { at: number; map: Record<string, string> } | undefined
  let clockOffsetMs = 0

  function remember(map: Record<string, string>): Record<string, string> {
    clockOffsetMs = testClockOffsetMs(map, nodeEnv)
    return map
  }

  async function all(): Promise<Record<string, string>> {
    const now = deps.clock().getTime()
    if (!cache || now - cache.at > CACHE_MS)
      cache = { at: now, map: remember(await deps.settings.all()) }
    return cache.map
  }

  return {
    all,
    /**
     * The app's clock: the real one, shifted by testClockOffsetDays in the test environment. The
     * offset is the one of the settings last loaded or saved by this process (loaded at start,
     * refreshed with the settings cache).
     */
    now(): Date {
      return new Date(deps.clock().getTime() + clockOffsetMs)
    },
    invalidate() {
      cache = undefined
    },
    async seedDefaults(): Promise<void> {
      await deps.settings.seed(defaultSettings())
      cache = undefined
      await all()
    },
    async inBeta(): Promise<boolean> {
      return (await all()).inBeta === 'true'
    },
    async view(opts: { admin: boolean; betaVerified: boolean }): Promise<SettingsResponse> {
      const map = await all()
      const inBeta = map.inBeta === 'true'
      return {
        inBeta,
        betaVerified: !inBeta || opts.admin || opts.betaVerified,
        ...(opts.admin ? { settings: map } : {}),
      }
    },
    async replace(map: Record<string, string>): Promise<void> {
      validateSettings(map, nodeEnv)
      await deps.settings.replace(map)
      cache = undefined
      remember(map)
      await deps.changed?.()
    },
    /** The betaKey to put in the cookie when the password is right; throws otherwise. */
    async verifyBetaPassword(password: string): Promise<string> {
      const map = await all()
      if (!checkBetaPassword(password, { betaKey: map.betaKey, testKey: map.testKey })) {
        throw new AppError(403, 'FORBIDDEN', 'That password is not right')
      }
      return map.betaKey!
    },
    /** True when a cookie value (already unsigned) matches the current betaKey. */
    async cookieMatches(value: string | undefined): Promise<boolean> {
      const map = await all()
      return !!value && !!map.betaKey && value === map.betaKey
    },
  }
}
export type SettingsService = ReturnType<typeof createSettingsService>
