import { Navigate, Outlet } from 'react-router'
import { ErrorText } from '../../components/error-text'
import { Loading } from '../../components/loading'
import { errorMessage } from '../../lib/api-client'
import { useAuth } from '../../lib/auth/auth-context'
import { PROFILE_FALLBACK_ERROR, useProfile } from '../../lib/auth/profile'

/** /editor/*: editors and admins; others go to the dashboard, visitors to / (spec §2). */
export function EditorLayout() {
  const auth = useAuth()
  const profile = useProfile()
  if (auth.loading) return <Loading />
  if (!auth.authenticated) return <Navigate to="/" replace />
  if (profile.isPending) return <Loading message="Checking authorization..." />
  if (profile.isError)
    return <ErrorText message={errorMessage(profile.error, PROFILE_FALLBACK_ERROR)} />
  const { role } = profile.data
  if (role !== 'editor' && role !== 'admin') return <Navigate to="/app/dashboard" replace />
  return <Outlet />
}
