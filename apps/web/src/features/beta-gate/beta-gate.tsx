import { lazy, Suspense } from 'react'
import type { ReactNode } from 'react'
import { ErrorText } from '../../components/error-text'
import { Loading } from '../../components/loading'
import { errorMessage } from '../../lib/api-client'
import { useAuth } from '../../lib/auth/auth-context'
import { useProfile } from '../../lib/auth/profile'
import { SETTINGS_FALLBACK_ERROR, useSettings } from '../../lib/queries/settings'

// Loaded only when a visitor must give the password: its form checks the contract's schema,
// which stays off the first page (decision 039).
const BetaPrompt = lazy(() => import('./beta-prompt').then((m) => ({ default: m.BetaPrompt })))

/**
 * While the product is in beta, visitors who have not given the password (and are not admins)
 * see a password prompt instead of the app (spec §4).
 */
export function BetaGate({ children }: { children: ReactNode }) {
  const settings = useSettings()
  const auth = useAuth()
  const profile = useProfile()

  if (settings.isPending) return <Loading />
  if (settings.isError)
    return <ErrorText message={errorMessage(settings.error, SETTINGS_FALLBACK_ERROR)} />
  const { inBeta, betaVerified } = settings.data
  if (!inBeta || betaVerified) return <>{children}</>
  if (auth.loading) return <Loading />
  if (auth.authenticated && profile.isPending) return <Loading />
  if (profile.data?.role === 'admin') return <>{children}</>
  return (
    <Suspense fallback={<Loading />}>
      <BetaPrompt />
    </Suspense>
  )
}
