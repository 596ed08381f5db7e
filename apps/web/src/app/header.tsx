import { Anchor, Button, Group, Loader, Text } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { Link, useLocation } from 'react-router'
import { Avatar } from '../components/avatar'
import { useAuth } from '../lib/auth/auth-context'
import { useProfile } from '../lib/auth/profile'
import { NavMenu } from './nav-menu'

export function Header() {
  const auth = useAuth()
  const { pathname } = useLocation()
  const profile = useProfile()
  const wide = useMediaQuery('(min-width: 48em)', false, { getInitialValueInEffect: false })
  const name = profile.data?.name ?? auth.user?.profile.name ?? null
  const picture = profile.data?.picture ?? auth.user?.profile.picture ?? null
  const viewer = { authenticated: auth.authenticated, role: profile.data?.role }

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Anchor component={Link} to="/" underline="never" c="inherit" aria-label="Che Idioms home">
        <Group gap={8} wrap="nowrap">
          {/* The same logo as the sign-in pages and the installed app's icon. */}
          <img src="/favicon.svg" alt="" width={32} height={32} />
          <Text component="span" fw={800} fz={{ base: 'lg', sm: 'xl' }}>
            Che Idioms
          </Text>
        </Group>
      </Anchor>
      <Group gap="sm" wrap="nowrap">
        {auth.loading ? <Loader size="xs" aria-label="Checking sign-in" /> : null}
        {/* The landing page has its own, larger login button. */}
        {!auth.loading && !auth.authenticated && pathname !== '/' ? (
          <Button size={wide ? 'sm' : 'xs'} onClick={() => void auth.login()}>
            Login / Signup
          </Button>
        ) : null}
        {auth.authenticated ? (
          <Avatar name={name} picture={picture} size={wide ? 'medium' : 'small'} />
        ) : null}
        <NavMenu
          viewer={viewer}
          onLogout={() => void auth.logout()}
          layout={wide ? 'dropdown' : 'list'}
        />
      </Group>
    </Group>
  )
}
