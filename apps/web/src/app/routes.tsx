import { lazy, Suspense } from 'react'
import type { ComponentType } from 'react'
import { Navigate } from 'react-router'
import type { RouteObject } from 'react-router'
import { Loading } from '../components/loading'
import { LandingPage } from '../features/pages/landing-page'
import { AdminLayout } from './layouts/admin-layout'
import { AppLayout } from './layouts/app-layout'
import { EditorLayout } from './layouts/editor-layout'
import { PublicLayout } from './layouts/public-layout'
import { RouteError } from './route-error'

const AboutPage = lazy(() =>
  import('../features/pages/about-page').then((m) => ({ default: m.AboutPage })),
)
const LicensePage = lazy(() =>
  import('../features/pages/license-page').then((m) => ({ default: m.LicensePage })),
)
const ChatPage = lazy(() =>
  import('../features/chat/chat-page').then((m) => ({ default: m.ChatPage })),
)
const ExercisePage = lazy(() =>
  import('../features/exercise/exercise-page').then((m) => ({ default: m.ExercisePage })),
)
const CalendarPage = lazy(() =>
  import('../features/calendar/calendar-page').then((m) => ({ default: m.CalendarPage })),
)
// The Playroom drills with the exercise's flow: the route combines the two features.
const SandboxPage = lazy(() =>
  Promise.all([
    import('../features/playroom/sandbox-page'),
    import('../features/exercise/components/exercise-flow'),
  ]).then(([playroom, exercise]) => ({
    default: () => <playroom.SandboxPage Flow={exercise.ExerciseFlow} />,
  })),
)
const AccountPage = lazy(() =>
  import('../features/account/account-page').then((m) => ({ default: m.AccountPage })),
)
const UsersPage = lazy(() =>
  import('../features/admin/users/users-page').then((m) => ({ default: m.UsersPage })),
)
const ReportsPage = lazy(() =>
  import('../features/reports/reports-page').then((m) => ({ default: m.ReportsPage })),
)
const ManagePage = lazy(() =>
  import('../features/editor/manage-page').then((m) => ({ default: m.ManagePage })),
)
const IdiomsPage = lazy(() =>
  import('../features/admin/idioms/idioms-page').then((m) => ({ default: m.IdiomsPage })),
)
const ImportPage = lazy(() =>
  import('../features/admin/import/import-page').then((m) => ({ default: m.ImportPage })),
)
const NotFoundPage = lazy(() =>
  import('../features/pages/not-found-page').then((m) => ({ default: m.NotFoundPage })),
)

const DashboardPage = lazy(() =>
  import('../features/dashboard/dashboard-page').then((m) => ({ default: m.DashboardPage })),
)
const PreferencesPage = lazy(() =>
  import('../features/preferences/preferences-page').then((m) => ({ default: m.PreferencesPage })),
)
const BugReportPage = lazy(() =>
  import('../features/bug-report/bug-report-page').then((m) => ({ default: m.BugReportPage })),
)
const VisitorReportPage = lazy(() =>
  import('../features/bug-report/visitor-report-page').then((m) => ({
    default: m.VisitorReportPage,
  })),
)
const IdiomDetailPage = lazy(() =>
  import('../features/admin/idioms/idiom-detail-page').then((m) => ({
    default: m.IdiomDetailPage,
  })),
)
const CreateIdiomPage = lazy(() =>
  import('../features/admin/idiom/idiom-page').then((m) => ({ default: m.CreateIdiomPage })),
)
const CreateExamplePage = lazy(() =>
  import('../features/admin/example/create-example-page').then((m) => ({
    default: m.CreateExamplePage,
  })),
)
const AssignmentsPage = lazy(() =>
  import('../features/admin/audio/assignments-page').then((m) => ({ default: m.AssignmentsPage })),
)
const SettingsPage = lazy(() =>
  import('../features/admin/settings/settings-page').then((m) => ({ default: m.SettingsPage })),
)
const PromptsPage = lazy(() =>
  import('../features/admin/prompts/prompts-page').then((m) => ({ default: m.PromptsPage })),
)
const ResetCachePage = lazy(() =>
  import('../features/admin/reset-cache/reset-cache-page').then((m) => ({
    default: m.ResetCachePage,
  })),
)
const BugReportsPage = lazy(() =>
  import('../features/admin/bug-reports/bug-reports-page').then((m) => ({
    default: m.BugReportsPage,
  })),
)

/** Fetch every lazily loaded screen now (tests, and a warm cache before going offline). */
export function preloadScreens(): Promise<unknown[]> {
  return Promise.all([
    import('../features/pages/about-page'),
    import('../features/pages/license-page'),
    import('../features/chat/chat-page'),
    import('../features/exercise/exercise-page'),
    import('../features/calendar/calendar-page'),
    import('../features/playroom/sandbox-page'),
    import('../features/exercise/components/exercise-flow'),
    import('../features/account/account-page'),
    import('../features/admin/users/users-page'),
    import('../features/reports/reports-page'),
    import('../features/editor/manage-page'),
    import('../features/admin/idioms/idioms-page'),
    import('../features/admin/import/import-page'),
    import('../features/pages/not-found-page'),
    import('../features/dashboard/dashboard-page'),
    import('../features/preferences/preferences-page'),
    import('../features/bug-report/bug-report-page'),
    import('../features/bug-report/visitor-report-page'),
    import('../features/admin/idioms/idiom-detail-page'),
    import('../features/admin/idiom/idiom-page'),
    import('../features/admin/example/create-example-page'),
    import('../features/admin/audio/assignments-page'),
    import('../features/admin/settings/settings-page'),
    import('../features/admin/prompts/prompts-page'),
    import('../features/admin/reset-cache/reset-cache-page'),
    import('../features/admin/bug-reports/bug-reports-page'),
  ])
}

/** A lazily loaded screen: its layout (auth checks, redirects) renders at once, the screen when its chunk is in. */
function page(Screen: ComponentType) {
  return (
    <Suspense fallback={<Loading />}>
      <Screen />
    </Suspense>
  )
}

/**
 * The four layouts of spec §2 and their screens (without the shell, so tests can mount them).
 * Every screen but the landing page is its own chunk, fetched when its route is first visited, so
 * the first load stays small (issue 13, bench/bundle.bench.ts).
 */
export const layoutRoutes: RouteObject[] = [
  {
    element: <PublicLayout />,
    children: [
      { index: true, element: <LandingPage /> },
      {
        path: 'about',
        element: page(AboutPage),
      },
      {
        path: 'license',
        element: page(LicensePage),
      },
      {
        path: 'chat',
        element: page(ChatPage),
      },
      {
        path: 'report-a-problem',
        element: page(VisitorReportPage),
      },
    ],
  },
  {
    path: 'app',
    element: <AppLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <Navigate to="dashboard" replace /> },
      {
        path: 'dashboard',
        element: page(DashboardPage),
      },
      {
        path: 'preferences',
        element: page(PreferencesPage),
      },
      {
        path: 'account',
        element: page(AccountPage),
      },
      {
        path: 'exercise',
        element: page(ExercisePage),
      },
      {
        path: 'calendar',
        element: page(CalendarPage),
      },
      {
        path: 'sandbox',
        element: page(SandboxPage),
      },
      {
        path: 'reports',
        element: page(ReportsPage),
      },
      {
        path: 'bugreport',
        element: page(BugReportPage),
      },
      {
        path: 'bugreport/:exampleID',
        element: page(BugReportPage),
      },
    ],
  },
  {
    path: 'editor',
    element: <EditorLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <Navigate to="manage" replace /> },
      {
        path: 'manage',
        element: page(ManagePage),
      },
    ],
  },
  {
    path: 'admin',
    element: <AdminLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <Navigate to="idioms" replace /> },
      {
        path: 'idioms',
        element: page(IdiomsPage),
      },
      {
        path: 'idioms/:idiomId',
        element: page(IdiomDetailPage),
      },
      {
        path: 'idiom',
        element: page(CreateIdiomPage),
      },
      {
        path: 'import',
        element: page(ImportPage),
      },
      {
        path: 'example',
        element: page(CreateExamplePage),
      },
      {
        path: 'example/:idiomId',
        element: page(CreateExamplePage),
      },
      {
        path: 'audio',
        element: page(AssignmentsPage),
      },
      {
        path: 'settings',
        element: page(SettingsPage),
      },
      {
        path: 'prompts',
        element: page(PromptsPage),
      },
      {
        path: 'resetcache',
        element: page(ResetCachePage),
      },
      {
        path: 'bugreports',
        element: page(BugReportsPage),
      },
      {
        path: 'users',
        element: page(UsersPage),
      },
    ],
  },
  {
    path: '*',
    element: page(NotFoundPage),
  },
]
