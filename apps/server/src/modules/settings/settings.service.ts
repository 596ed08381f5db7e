import { randomBytes } from 'node:crypto'
import { checkBetaPassword, type SettingsResponse } from '@che/core'
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
  }
}

const BOOLEAN_KEYS = new Set(['inBeta'])
const COUNT_KEYS = new Set(['dailyNewLimit', 'reportMinReviews', 'maxUploadBytes'])

/** Check the values of settings whose meaning the server relies on; others are free text. */
export function validateSettings(map: Record<string, string>): void {
  const problems: { field: string; message: string }[] = []
  for (const [key, value] of Object.entries(map)) {
    if (BOOLEAN_KEYS.has(key) && value !== 'true' && value !== 'false') {
      problems.push({ field: `settings.${key}`, message: 'must be true or false' })
    }
    if (COUNT_KEYS.has(key) && !/^\d{1,12}$/.test(value)) {
      problems.push({ field: `settings.${key}`, message: 'must be a whole number' })
    }
    if (key === 'betaKey' && value !== '' && !/^[0-9a-f]{64}$/i.test(value)) {
      problems.push({ field: 'settings.betaKey', message: 'must be a SHA-256 hex digest (64 characters)' })
    }
  }
  if (map.inBeta === 'true' && (!map.betaKey || !map.testKey)) {
    problems.push({ field: 'settings.betaKey', message: 'the beta gate needs betaKey and testKey' })
  }
  if (problems.length) throw badRequest('Some settings are not valid', problems)
}

const CACHE_MS = 5_000

export function createSettingsService(deps: { settings: KvRepo; clock: () => Date }) {
  let cache: { at: number; map: Record<string, string> } | undefined

  async function all(): Promise<Record<string, string>> {
    const now = deps.clock().getTime()
    if (!cache || now - cache.at > CACHE_MS) cache = { at: now, map: await deps.settings.all() }
    return cache.map
  }

  return {
    all,
    invalidate() {
      cache = undefined
    },
    async seedDefaults(): Promise<void> {
      await deps.settings.seed(defaultSettings())
      cache = undefined
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
      validateSettings(map)
      await deps.settings.replace(map)
      cache = undefined
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
