import { randomInt } from 'node:crypto'
import type { Config } from '../config.js'

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '::1', '[::1]'])

function isLoopbackHost(host: string): boolean {
  const h = host.trim().toLowerCase()
  return LOOPBACK_HOSTS.has(h) || h.startsWith('127.') || h.endsWith('.localhost')
}

/**
 * True when people other than the operator can reach the install: it listens on a
 * non-loopback interface (HOST=0.0.0.0, a LAN address...), or its PUBLIC_URL names a host other
 * than this machine (a reverse proxy in front of a loopback listener). See
 * docs/decisions/026-first-admin-on-an-exposed-install.md.
 */
export function isExposed(config: Pick<Config, 'host' | 'publicUrl'>): boolean {
  return !isLoopbackHost(config.host) || !isLoopbackHost(new URL(config.publicUrl).hostname)
}

// No 0/O, 1/I/L: the code is read off a terminal and typed.
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789'

/** A one-time set-up code like 7KQM-2ZP9-XW4H (about 60 bits). */
export function createAdminSetupCode(): string {
  const groups = Array.from({ length: 3 }, () =>
    Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join(''),
  )
  return groups.join('-')
}
