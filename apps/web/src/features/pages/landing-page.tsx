import { Alert, Anchor, Button, Group, List, Stack, Text, Title } from '@mantine/core'
import { useEffect, useState } from 'react'
import { Link, Navigate, useLocation } from 'react-router'
import { Banner } from '../../components/banner'
import { Loading } from '../../components/loading'
import {
  ACCOUNT_DELETED_MESSAGE,
  accountJustDeleted,
  forgetAccountDeleted,
} from '../../lib/account-deleted'
import { useAuth } from '../../lib/auth/auth-context'

/** '/': tagline, login button and the under-development notice; signed-in users go to the dashboard. */
export function LandingPage() {
  const auth = useAuth()
  const from = (useLocation().state as { from?: unknown } | null)?.from
  // Just deleted their account (the sign-out redirect lands here): say it worked, once.
  const [deleted, setDeleted] = useState(accountJustDeleted)
  useEffect(() => {
    if (deleted) forgetAccountDeleted()
  }, [deleted])
  if (auth.loading) return <Loading />
  if (auth.authenticated) return <Navigate to="/app/dashboard" replace />
  // Sent here from Report Bugs (/app/bugreport) without an account: say where to go instead.
  const bouncedFromReport = typeof from === 'string' && from.startsWith('/app/bugreport')

  return (
    <Stack gap="xl" py={{ base: 'md', sm: 'xl' }} maw={720} mx="auto">
      {deleted ? (
        <Banner message={ACCOUNT_DELETED_MESSAGE} onClose={() => setDeleted(false)} />
      ) : null}
      {auth.error ? (
        <Banner
          type="error"
          message={
            <Stack gap={4}>
              <span>{auth.error}</span>
              <span>
                Still cannot sign in?{' '}
                <Anchor
                  component={Link}
                  to="/report-a-problem?problem=sign-in"
                  inherit
                  c="inherit"
                  underline="always"
                >
                  Report a problem
                </Anchor>{' '}
                without an account.
              </span>
            </Stack>
          }
        />
      ) : null}
      {bouncedFromReport ? (
        <Banner
          type="info"
          message={
            <>
              Report Bugs is for signed-in learners. Without an account, use{' '}
              <Anchor
                component={Link}
                to="/report-a-problem"
                inherit
                c="inherit"
                underline="always"
              >
                Report a problem
              </Anchor>
              , or press Login / Signup first.
            </>
          }
        />
      ) : null}
      <Stack gap="sm">
        <Title order={1} fz={{ base: 32, sm: 44 }} lh={1.15}>
          Hear it, type it, understand it: the idioms of Buenos Aires and Montevideo.
        </Title>
        <Text fz="lg" c="dimmed">
          Che Idioms trains your ear for Rio de la Plata Spanish. Listen to a real sentence, write
          down what you heard and what it means, and get feedback on both. A spaced-review calendar
          brings each idiom back just before you would forget it.
        </Text>
      </Stack>
      <Group>
        <Button size="md" onClick={() => void auth.login('/app/dashboard')}>
          Login / Signup
        </Button>
        <Button size="md" variant="subtle" component={Link} to="/about">
          How it works
        </Button>
      </Group>
      {auth.error ? null : (
        // The error banner above carries the same link after a failed sign-in.
        <Text size="sm" c="dimmed" mt={-16}>
          Cannot sign in?{' '}
          <Anchor
            component={Link}
            to="/report-a-problem?problem=sign-in"
            inherit
            underline="always"
          >
            Report a problem
          </Anchor>{' '}
          without an account.
        </Text>
      )}
      <List spacing="xs">
        <List.Item>
          Every sentence is spoken: by an editor's recording where there is one, otherwise by
          computer speech. Each exercise says which voice you hear.
        </List.Item>
        <List.Item>Feedback on your transcription and your English translation.</List.Item>
        <List.Item>A Playroom to practise the words you misheard, with no score.</List.Item>
      </List>
      <Alert color="yellow" variant="light" title="Under development">
        Che Idioms is still being built: screens change often, and your progress may be reset while
        we work. If something breaks, please tell us through Report Bugs in the menu, or{' '}
        {/* In the banner's own text colour: the underline marks it as a link (contrast on yellow). */}
        <Anchor component={Link} to="/report-a-problem" inherit c="inherit" underline="always">
          report a problem
        </Anchor>{' '}
        without an account.
      </Alert>
    </Stack>
  )
}
