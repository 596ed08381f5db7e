import { AppShell, Container } from '@mantine/core'
import { Outlet, useLocation } from 'react-router'
import { BetaGate } from '../features/beta-gate/beta-gate'
import { AuthProvider } from '../lib/auth/auth-provider'
import { Header } from './header'
import { PageFocus } from './page-focus'
import { PwaStatus } from './pwa-status'
import { MAIN_ID, SkipLink } from './skip-link'

/** Pages that stay readable behind the beta gate. */
const UNGATED = new Set(['/about', '/license'])

export function Shell() {
  const { pathname } = useLocation()
  const ungated = UNGATED.has(pathname.replace(/\/+$/, '') || '/')
  return (
    <AuthProvider>
      {/* First in the Tab order, before the header's links and menu. */}
      <SkipLink />
      <PageFocus />
      <AppShell header={{ height: 60 }} padding="md">
        <AppShell.Header component="header">
          <Header />
        </AppShell.Header>
        <AppShell.Main id={MAIN_ID}>
          <Container size="lg" px={0}>
            <PwaStatus />
            {ungated ? (
              <Outlet />
            ) : (
              <BetaGate>
                <Outlet />
              </BetaGate>
            )}
          </Container>
        </AppShell.Main>
      </AppShell>
    </AuthProvider>
  )
}
