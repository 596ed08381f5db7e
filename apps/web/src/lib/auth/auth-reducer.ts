import type { User } from 'oidc-client-ts'

/** Auth state (spec §4): loading is true at start; authenticated and user follow the identity provider. */
export interface AuthState {
  loading: boolean
  authenticated: boolean
  user: User | null
  error: string | null
}

export type AuthEvent =
  | { type: 'popup-login-started' }
  | { type: 'initialised'; user: User | null }
  | { type: 'redirect-handled'; user: User | null }
  | { type: 'access-token-obtained'; user: User }
  | { type: 'logout' }
  | { type: 'error'; error: string }

export const initialAuthState: AuthState = {
  loading: true,
  authenticated: false,
  user: null,
  error: null,
}

function signedIn(user: User | null): Pick<AuthState, 'authenticated' | 'user'> {
  return user && !user.expired
    ? { authenticated: true, user }
    : { authenticated: false, user: null }
}

export function authReducer(state: AuthState, event: AuthEvent): AuthState {
  switch (event.type) {
    case 'popup-login-started':
      return { ...state, loading: true, error: null }
    case 'initialised':
    case 'redirect-handled':
      return { ...state, ...signedIn(event.user), loading: false, error: null }
    case 'access-token-obtained':
      return { ...state, ...signedIn(event.user), loading: false, error: null }
    case 'logout':
      return { ...state, authenticated: false, user: null, loading: false }
    case 'error':
      return { ...state, loading: false, error: event.error }
  }
}
