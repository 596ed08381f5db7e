import type { User } from 'oidc-client-ts'
import { call } from '../api-client'
import { toIdentityError } from './identity-errors'
import type { IdentityError } from './identity-errors'
import { clearSessionCookie, hasSessionCookie, setSessionCookie } from './session-cookie'
import type { AppUserManager } from './user-manager'

/** Query parameters the provider adds to the redirect back to us. */
const CALLBACK_PARAMS = [
  'code',
  'state',
  'error',
  'error_description',
  'error_uri',
  'iss',
  'session_state',
]

export function isSigninCallback(search: string): boolean {
  const params = new URLSearchParams(search)
  return params.has('state') && (params.has('code') || params.has('error'))
}

/** The current path with the provider's callback parameters removed. */
export function withoutCallbackParams(
  location: Pick<Location, 'pathname' | 'search' | 'hash'>,
): string {
  const params = new URLSearchParams(location.search)
  for (const name of CALLBACK_PARAMS) params.delete(name)
  const search = params.toString()
  return `${location.pathname}${search ? `?${search}` : ''}${location.hash}`
}

/** Only same-site paths are accepted as a return address. */
export function safeReturnPath(value: unknown): string | undefined {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//')
    ? value
    : undefined
}

export type StartResult =
  | { kind: 'unavailable'; error: IdentityError }
  | {
      kind: 'ready'
      manager: AppUserManager
      user: User | null
      /** Set when a sign-in redirect was handled: where to go now (address replaced). */
      redirectTo?: string
      error?: IdentityError
    }

const CONFIG_KEY = 'che.clientConfig'

/**
 * The provider settings from the server, remembered so that a reload without a connection can
 * still find the stored session (offline practice, issue 13.3).
 */
async function clientConfig() {
  // The contract (zod schemas) loads with the sign-in layer, not with the first page (decision 039).
  const { api } = await import('@che/core')
  try {
    const config = await call(api.clientConfig)
    localStorage.setItem(CONFIG_KEY, JSON.stringify(config))
    return config
  } catch (error) {
    const stored = localStorage.getItem(CONFIG_KEY)
    if (!navigator.onLine && stored) return api.clientConfig.response.parse(JSON.parse(stored))
    throw error
  }
}

async function endLocalSession(manager: AppUserManager): Promise<void> {
  clearSessionCookie()
  await manager.removeUser().catch(() => undefined)
}

/**
 * Start-up of the identity layer (spec §4): handle a returning redirect, or run a silent
 * session check when the is-authenticated cookie exists. Never throws.
 */
export async function startAuth(location: Location = window.location): Promise<StartResult> {
  let manager: AppUserManager
  try {
    // oidc-client-ts is fetched beside the client config, not with the first page (issue 13 budget).
    const [config, { createUserManager }] = await Promise.all([
      clientConfig(),
      import('./user-manager'),
    ])
    manager = createUserManager(config, location.origin)
  } catch (error) {
    return { kind: 'unavailable', error: toIdentityError(error, 'login') }
  }

  if (isSigninCallback(location.search)) {
    const cleaned = withoutCallbackParams(location)
    try {
      const user = await manager.signinRedirectCallback(location.href)
      setSessionCookie()
      const state = user.state as { returnTo?: unknown } | undefined
      return {
        kind: 'ready',
        manager,
        user,
        redirectTo: safeReturnPath(state?.returnTo) ?? cleaned,
      }
    } catch (error) {
      return {
        kind: 'ready',
        manager,
        user: null,
        redirectTo: cleaned,
        error: toIdentityError(error, 'login'),
      }
    }
  }

  if (!hasSessionCookie()) {
    await endLocalSession(manager)
    return { kind: 'ready', manager, user: null }
  }

  const stored = await manager.getUser().catch(() => null)
  if (stored && !stored.expired && (stored.expires_in ?? 0) > 60) {
    return { kind: 'ready', manager, user: stored }
  }
  // Offline, a stored session stays: the app works from what it kept and signs in again online.
  if (stored && !navigator.onLine) return { kind: 'ready', manager, user: stored }
  if (!stored?.refresh_token) {
    await endLocalSession(manager)
    return { kind: 'ready', manager, user: null }
  }
  try {
    const user = await manager.signinSilent()
    if (!user) throw new Error('Silent sign-in returned no user')
    setSessionCookie()
    return { kind: 'ready', manager, user }
  } catch (error) {
    // login_required (or any failed refresh) clears the session: the user is signed out.
    await endLocalSession(manager)
    const mapped = toIdentityError(error, 'token')
    return {
      kind: 'ready',
      manager,
      user: null,
      ...(mapped.code === 'login_required' ? {} : { error: mapped }),
    }
  }
}
