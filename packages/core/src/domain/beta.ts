import { sha256 } from './sha256.js'

/**
 * The beta gate (spec §5): SHA-256 of password + testKey, hex, compared with betaKey.
 * A missing key fails the check.
 */
export function checkBetaPassword(
  password: string,
  keys: { betaKey?: string | null; testKey?: string | null },
): boolean {
  if (!keys.betaKey || !keys.testKey) return false
  return sha256(password + keys.testKey) === keys.betaKey.trim().toLowerCase()
}

/** The betaKey to store for a chosen password. */
export function betaKeyFor(password: string, testKey: string): string {
  return sha256(password + testKey)
}
