import { Anchor, Stack } from '@mantine/core'
import { Link, Navigate, Outlet, useLocation } from 'react-router'
import { ErrorText } from '../../components/error-text'
import { Loading } from '../../components/loading'
import { errorMessage } from '../../lib/api-client'
import { useAuth } from '../../lib/auth/auth-context'
import { PROFILE_FALLBACK_ERROR, useProfile } from '../../lib/auth/profile'

/**
 * Every learner page but the dashboard links back to it (the menu stays as spec §2 has it). On the
 * exercise the answer in progress is kept, so leaving loses nothing.
 */
function BackToDashboard() {
  const { pathname } = useLocation()
  if (pathname.replace(/\/+$/, '') === '/app/dashboard') return null
  return (
    <Anchor component={Link} to="/app/dashboard" size="sm" data-testid="back-to-dashboard">
      ← Back to the dashboard
    </Anchor>
  )
}

/** /app/*: signed-in users only; unauthenticated visitors are sent to / (spec §2). */
export function AppLayout() {
  const auth = useAuth()
  const profile = useProfile()
  const { pathname } = useLocation()
  if (auth.loading) return <Loading />
  // The landing page reads `from`: a visitor bounced from Report Bugs is shown the public form.
  if (!auth.authenticated) return <Navigate to="/" replace state={{ from: pathname }} />
  if (profile.isPending) return <Loading />
  if (profile.isError)
    return <ErrorText message={errorMessage(profile.error, PROFILE_FALLBACK_ERROR)} />
  return (
    <Stack gap="xs">
      <BackToDashboard />
      <Outlet />
    </Stack>
  )
}
