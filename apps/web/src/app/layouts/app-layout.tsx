import { Anchor, Stack } from '@mantine/core'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { Link, Navigate, Outlet, useLocation } from 'react-router'
import { ErrorText } from '../../components/error-text'
import { Loading } from '../../components/loading'
import { errorMessage } from '../../lib/api-client'
import { useAuth } from '../../lib/auth/auth-context'
import { PROFILE_FALLBACK_ERROR, useProfile } from '../../lib/auth/profile'
import { useOnline } from '../../lib/online'
import { callKey } from '../../lib/query-keys'

/**
 * Answers given offline are sent as soon as the connection is back, on whatever page the learner
 * is (not only on the exercise page), once each (docs/decisions/032, 053). The sync code is
 * loaded only now, off the first load.
 */
function SyncOfflineAnswers({ userId }: { userId: string }) {
  const online = useOnline()
  const queryClient = useQueryClient()
  useEffect(() => {
    if (!online) return
    let active = true
    void import('../../features/exercise/offline/offline-practice')
      .then(({ syncAnswers }) => syncAnswers(userId))
      .then((synced) => {
        if (!active || synced === 0) return
        void queryClient.invalidateQueries({ queryKey: callKey('exercisesStats') })
        void queryClient.invalidateQueries({ queryKey: callKey('exercisesCalendar') })
      })
      .catch((error: unknown) => console.warn('Offline answers: could not sync', error))
    return () => {
      active = false
    }
  }, [online, userId, queryClient])
  return null
}

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
      <SyncOfflineAnswers userId={profile.data.id} />
      <BackToDashboard />
      <Outlet />
    </Stack>
  )
}
