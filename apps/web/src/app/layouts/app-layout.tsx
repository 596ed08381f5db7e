import { Navigate, Outlet } from 'react-router'
import { ErrorText } from '../../components/error-text'
import { Loading } from '../../components/loading'
import { errorMessage } from '../../lib/api-client'
import { useAuth } from '../../lib/auth/auth-context'
import { PROFILE_FALLBACK_ERROR, useProfile } from '../../lib/auth/profile'

/** /app/*: signed-in users only; unauthenticated visitors are sent to / (spec §2). */
export function AppLayout() {
  const auth = useAuth()
  const profile = useProfile()
  if (auth.loading) return <Loading />
  if (!auth.authenticated) return <Navigate to="/" replace />
  if (profile.isPending) return <Loading />
  if (profile.isError)
    return <ErrorText message={errorMessage(profile.error, PROFILE_FALLBACK_ERROR)} />
  return <Outlet />
}
