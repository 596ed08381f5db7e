import { MantineProvider } from '@mantine/core'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import type { UserProfile } from '@che/core'
import type { User } from 'oidc-client-ts'
import type { ReactElement, ReactNode } from 'react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import type { RouteObject } from 'react-router'
import { AuthContext } from './lib/auth/auth-context'
import type { AuthContextValue } from './lib/auth/auth-context'
import { callKey } from './lib/query-keys'
import { theme } from './app/theme'

export function makeProfile(overrides: Partial<UserProfile> = {}): UserProfile {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    name: 'Ana García',
    email: 'ana@example.com',
    picture: null,
    role: 'learner',
    editor: false,
    preferences: { filter: { usage: '', tone: '' }, getNextExample: '', offlineExercises: 20 },
    ...overrides,
  }
}

export function makeAuth(overrides: Partial<AuthContextValue> = {}): AuthContextValue {
  return {
    loading: false,
    authenticated: false,
    user: null,
    error: null,
    login: async () => {},
    logout: async () => {},
    ...overrides,
  }
}

/** A signed-in auth value: the user object is only read for its profile claims. */
export function signedIn(overrides: Partial<AuthContextValue> = {}): AuthContextValue {
  const user = {
    profile: { sub: 'user-1', name: 'Ana García' },
    expired: false,
    access_token: 't',
  } as unknown as User
  return makeAuth({ authenticated: true, user, ...overrides })
}

export interface Setup {
  auth?: AuthContextValue
  /** Seeds the profile query (callKey('usersSync')) so no sync call is made. */
  profile?: UserProfile
  queryClient?: QueryClient
}

export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } })
}

export function Wrapper({ setup = {}, children }: { setup?: Setup; children: ReactNode }) {
  const queryClient = setup.queryClient ?? testQueryClient()
  if (setup.profile) queryClient.setQueryData(callKey('usersSync'), setup.profile)
  return (
    // The app's theme: its component defaults (names of clear and show-password buttons) are
    // part of what a user meets.
    <MantineProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <AuthContext.Provider value={setup.auth ?? makeAuth()}>{children}</AuthContext.Provider>
      </QueryClientProvider>
    </MantineProvider>
  )
}

export function renderWithProviders(ui: ReactElement, setup: Setup = {}) {
  const queryClient = setup.queryClient ?? testQueryClient()
  return render(ui, {
    wrapper: ({ children }) => <Wrapper setup={{ ...setup, queryClient }}>{children}</Wrapper>,
  })
}

/** Mount routes in a memory router at `path`; returns the router to read its location. */
export function renderRoutes(routes: RouteObject[], path: string, setup: Setup = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [path] })
  const result = render(
    <Wrapper setup={setup}>
      <RouterProvider router={router} />
    </Wrapper>,
  )
  return { ...result, router }
}
