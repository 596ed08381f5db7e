import { createContext, useContext } from 'react'
import type { AuthState } from './auth-reducer'

export interface AuthContextValue extends AuthState {
  /** Send the browser to the identity provider; it comes back to `returnTo` (default: here). */
  login: (returnTo?: string) => Promise<void>
  /** Clear local state, then end the provider session; the provider returns to the site origin. */
  logout: () => Promise<void>
}

export const AuthContext = createContext<AuthContextValue | null>(null)

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext)
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>')
  return value
}
