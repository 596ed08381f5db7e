import { Navigate } from 'react-router'
import type { RouteObject } from 'react-router'
import { AccountPage } from '../features/account/account-page'
import { BugReportsPage } from '../features/admin/bug-reports/bug-reports-page'
import { CreateExamplePage } from '../features/admin/example/create-example-page'
import { AssignmentsPage } from '../features/admin/audio/assignments-page'
import { CreateIdiomPage } from '../features/admin/idiom/idiom-page'
import { IdiomDetailPage } from '../features/admin/idioms/idiom-detail-page'
import { IdiomsPage } from '../features/admin/idioms/idioms-page'
import { ImportPage } from '../features/admin/import/import-page'
import { PromptsPage } from '../features/admin/prompts/prompts-page'
import { ResetCachePage } from '../features/admin/reset-cache/reset-cache-page'
import { SettingsPage } from '../features/admin/settings/settings-page'
import { UsersPage } from '../features/admin/users/users-page'
import { BugReportPage } from '../features/bug-report/bug-report-page'
import { ChatPage } from '../features/chat/chat-page'
import { CalendarPage } from '../features/calendar/calendar-page'
import { DashboardPage } from '../features/dashboard/dashboard-page'
import { ManagePage } from '../features/editor/manage-page'
import { ExerciseFlow } from '../features/exercise/components/exercise-flow'
import { ExercisePage } from '../features/exercise/exercise-page'
import { AboutPage } from '../features/pages/about-page'
import { LandingPage } from '../features/pages/landing-page'
import { LicensePage } from '../features/pages/license-page'
import { NotFoundPage } from '../features/pages/not-found-page'
import { SandboxPage } from '../features/playroom/sandbox-page'
import { PreferencesPage } from '../features/preferences/preferences-page'
import { ReportsPage } from '../features/reports/reports-page'
import { AdminLayout } from './layouts/admin-layout'
import { AppLayout } from './layouts/app-layout'
import { EditorLayout } from './layouts/editor-layout'
import { PublicLayout } from './layouts/public-layout'
import { RouteError } from './route-error'

/** The four layouts of spec §2 and their screens (without the shell, so tests can mount them). */
export const layoutRoutes: RouteObject[] = [
  {
    element: <PublicLayout />,
    children: [
      { index: true, element: <LandingPage /> },
      { path: 'about', element: <AboutPage /> },
      { path: 'license', element: <LicensePage /> },
      { path: 'chat', element: <ChatPage /> },
    ],
  },
  {
    path: 'app',
    element: <AppLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <Navigate to="dashboard" replace /> },
      { path: 'dashboard', element: <DashboardPage /> },
      { path: 'preferences', element: <PreferencesPage /> },
      { path: 'account', element: <AccountPage /> },
      { path: 'exercise', element: <ExercisePage /> },
      { path: 'calendar', element: <CalendarPage /> },
      { path: 'sandbox', element: <SandboxPage Flow={ExerciseFlow} /> },
      { path: 'reports', element: <ReportsPage /> },
      { path: 'bugreport', element: <BugReportPage /> },
      { path: 'bugreport/:exampleID', element: <BugReportPage /> },
    ],
  },
  {
    path: 'editor',
    element: <EditorLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <Navigate to="manage" replace /> },
      { path: 'manage', element: <ManagePage /> },
    ],
  },
  {
    path: 'admin',
    element: <AdminLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <Navigate to="idioms" replace /> },
      { path: 'idioms', element: <IdiomsPage /> },
      { path: 'idioms/:idiomId', element: <IdiomDetailPage /> },
      { path: 'idiom', element: <CreateIdiomPage /> },
      { path: 'import', element: <ImportPage /> },
      { path: 'example', element: <CreateExamplePage /> },
      { path: 'example/:idiomId', element: <CreateExamplePage /> },
      { path: 'audio', element: <AssignmentsPage /> },
      { path: 'settings', element: <SettingsPage /> },
      { path: 'prompts', element: <PromptsPage /> },
      { path: 'resetcache', element: <ResetCachePage /> },
      { path: 'bugreports', element: <BugReportsPage /> },
      { path: 'users', element: <UsersPage /> },
    ],
  },
  { path: '*', element: <NotFoundPage /> },
]
