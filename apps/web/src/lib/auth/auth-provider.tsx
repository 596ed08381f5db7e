import { useQueryClient } from '@tanstack/react-query'
import type { User } from 'oidc-client-ts'
import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react'
import type { ReactNode } from 'react'
import { useNavigate } from 'react-router'
import { configureApiClient } from '../api-client'
import { callKey } from '../query-keys'
import { AuthContext } from './auth-context'
import type { AuthContextValue } from './auth-context'
import { authReducer, initialAuthState } from './auth-reducer'
import { startAuth } from './auth-start'
import type { StartResult } from './auth-start'
import { IDENTITY_MESSAGES, toIdentityError, withNextStep } from './identity-errors'
import { forgetStoredProfile } from './profile'
import { clearSessionCookie, setSessionCookie } from './session-cookie'
import type { AppUserManager } from './user-manager'

// One start per page load, even when React StrictMode runs effects twice: a redirect
// callback may only be redeemed once.
let started: Promise<StartResult> | null = null
function startOnce(): Promise<StartResult> {
  started ??= startAuth()
  return started
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, dispatch] = useReducer(authReducer, initialAuthState)
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const managerRef = useRef<AppUserManager | null>(null)
  const userRef = useRef<User | null>(null)

  /** Forget the session here without a round trip to the provider. */
  const endLocalSession = useCallback(async () => {
    userRef.current = null
    clearSessionCookie()
    forgetStoredProfile()
    dispatch({ type: 'logout' })
    queryClient.removeQueries({ queryKey: callKey('usersSync') })
    await managerRef.current?.removeUser().catch(() => undefined)
  }, [queryClient])

  useEffect(() => {
    configureApiClient({
      getAccessToken: () => {
        const user = userRef.current
        return user && !user.expired ? user.access_token : null
      },
      onUnauthorized: () => void endLocalSession(),
    })
  }, [endLocalSession])

  useEffect(() => {
    let active = true
    const unsubscribe: Array<() => void> = []
    void startOnce().then((result) => {
      if (!active) return
      if (result.kind === 'unavailable') {
        dispatch({ type: 'error', error: withNextStep(result.error) })
        return
      }
      const { manager } = result
      managerRef.current = manager
      userRef.current = result.user
      unsubscribe.push(
        manager.events.addUserLoaded((user) => {
          userRef.current = user
          setSessionCookie()
          dispatch({ type: 'access-token-obtained', user })
        }),
        // An expired token, or one that cannot be refreshed, logs the user out (spec §4).
        manager.events.addAccessTokenExpired(() => void endLocalSession()),
        manager.events.addSilentRenewError(() => void endLocalSession()),
        manager.events.addUserUnloaded(() => {
          userRef.current = null
        }),
      )
      if (result.redirectTo !== undefined) {
        dispatch({ type: 'redirect-handled', user: result.user })
        void navigate(result.redirectTo, { replace: true })
      } else {
        dispatch({ type: 'initialised', user: result.user })
      }
      if (result.error) dispatch({ type: 'error', error: withNextStep(result.error) })
    })
    return () => {
      active = false
      for (const off of unsubscribe) off()
    }
  }, [endLocalSession, navigate])

  const login = useCallback(async (returnTo?: string) => {
    const manager = managerRef.current
    if (!manager) {
      dispatch({
        type: 'error',
        error: withNextStep({ code: 'login_failed', message: IDENTITY_MESSAGES.loginFailed }),
      })
      return
    }
    const here = `${window.location.pathname}${window.location.search}${window.location.hash}`
    try {
      await manager.signinRedirect({ state: { returnTo: returnTo ?? here } })
    } catch (error) {
      dispatch({ type: 'error', error: withNextStep(toIdentityError(error, 'login')) })
    }
  }, [])

  const logout = useCallback(async () => {
    const manager = managerRef.current
    const user = userRef.current ?? (await manager?.getUser().catch(() => null)) ?? null
    userRef.current = null
    clearSessionCookie()
    forgetStoredProfile()
    dispatch({ type: 'logout' })
    queryClient.clear()
    if (!manager) return
    try {
      await manager.signoutRedirect(user?.id_token ? { id_token_hint: user.id_token } : {})
    } catch {
      // No end-session endpoint or provider unreachable: the local session is gone; go home.
      await manager.removeUser().catch(() => undefined)
      window.location.assign('/')
    }
  }, [queryClient])

  const value = useMemo<AuthContextValue>(
    () => ({ ...state, login, logout }),
    [state, login, logout],
  )
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>
}
