import { Button, Stack, Text, Title } from '@mantine/core'
import { Link, Navigate, Outlet, useLocation } from 'react-router'
import { ErrorText } from '../../components/error-text'
import { Loading } from '../../components/loading'
import { errorMessage } from '../../lib/api-client'
import { useAuth } from '../../lib/auth/auth-context'
import { PROFILE_FALLBACK_ERROR, useProfile } from '../../lib/auth/profile'

const CHECKING = 'Checking authorization...'

/**
 * /admin/*: admins only. Visitors go to /; other signed-in users go to /admin, which says
 * they are not authorised (spec §2).
 */
export function AdminLayout() {
  const auth = useAuth()
  const profile = useProfile()
  const { pathname } = useLocation()
  if (auth.loading) return <Loading message={CHECKING} />
  if (!auth.authenticated) return <Navigate to="/" replace />
  if (profile.isPending) return <Loading message={CHECKING} />
  if (profile.isError)
    return <ErrorText message={errorMessage(profile.error, PROFILE_FALLBACK_ERROR)} />
  if (profile.data.role !== 'admin') {
    return pathname.replace(/\/+$/, '') === '/admin' ? (
      <NotAuthorised />
    ) : (
      <Navigate to="/admin" replace />
    )
  }
  return <Outlet />
}

function NotAuthorised() {
  return (
    <Stack gap="md" maw={560}>
      <Title order={1}>Not authorised</Title>
      <Text>
        The admin area is for administrators only, and your account does not have admin rights. If
        you think it should, ask an administrator of this site.
      </Text>
      <div>
        <Button component={Link} to="/app/dashboard">
          Go to your dashboard
        </Button>
      </div>
    </Stack>
  )
}
