import { z } from 'zod'
import { TONES, Tone } from '../domain/tones.js'
import { MAX_OFFLINE_EXERCISES } from '../domain/limits.js'
import { UsageBand } from '../domain/usage.js'
import {
  AnswerInput,
  AssignmentReport,
  BugReport,
  BugReportInput,
  BugReportQuery,
  VisitorBugReportInput,
  CalendarItem,
  Editor,
  Example,
  NextExercise,
  ExercisePayload,
  HelpAnswer,
  HelpQuestion,
  Idiom,
  IdiomChanges,
  IdiomFields,
  IdiomSummary,
  ImportResult,
  OfflineExercise,
  PreferenceFilterPatch,
  Report,
  ReportSet,
  Role,
  ScheduleStats,
  SettingsMap,
  SettingsResponse,
  UserProfile,
  ValidationResult,
} from './entities.js'
import { Evaluation } from './evaluation.js'
import {
  AccountExport,
  AccountInfo,
  AdminUser,
  DELETE_CONFIRMATION,
  NameChange,
  PasswordChange,
} from './accounts.js'

/**
 * Who may call an endpoint. Levels nest: an admin passes every guard, an editor passes
 * 'user' and 'editor', any signed-in user passes 'user', and everyone passes 'public'.
 */
export type Access = 'public' | 'user' | 'editor' | 'admin'

export interface Endpoint<
  Body extends z.ZodType = z.ZodType,
  Query extends z.ZodType = z.ZodType,
  Params extends z.ZodType = z.ZodType,
  Response extends z.ZodType = z.ZodType,
> {
  method: 'GET' | 'POST'
  /** Fastify-style path, `:name` for parameters. */
  path: string
  access: Access
  /** multipart/form-data uploads: fields are validated by `body`, files separately. */
  multipart?: boolean
  body?: Body
  query?: Query
  params?: Params
  response: Response
  summary: string
}

function endpoint<
  B extends z.ZodType = z.ZodUndefined,
  Q extends z.ZodType = z.ZodUndefined,
  P extends z.ZodType = z.ZodUndefined,
  R extends z.ZodType = z.ZodType,
>(e: Endpoint<B, Q, P, R>): Endpoint<B, Q, P, R> {
  return e
}

const IdParam = z.object({ id: z.string().uuid() })

/** An example's sentence and the idiom as conjugated in it, as an admin writes them (spec §5). */
const ExampleText = z.string().trim().min(1, 'Text is required').max(1_000)
const ConjugatedSnippet = z.string().trim().min(1, 'Conjugated snippet is required').max(300)
const Ok = z.object({ ok: z.literal(true) })

/** The whole product API (spec §7 plus the few calls the spec implies). One table = the API. */
export const api = {
  clientConfig: endpoint({
    method: 'GET',
    path: '/api/client-config',
    access: 'public',
    response: z.object({
      authority: z.string(),
      clientId: z.string(),
      audience: z.string(),
      scope: z.string(),
      embeddedIdp: z.boolean(),
    }),
    summary: 'Identity settings the SPA needs at run time (not secret).',
  }),
  usersSync: endpoint({
    method: 'POST',
    path: '/api/users/sync',
    access: 'user',
    body: z.object({ authUser: z.record(z.string(), z.unknown()).optional() }).default({}),
    response: UserProfile,
    summary: "Upsert the caller from the access token's claims and return the profile.",
  }),
  usersPreferences: endpoint({
    method: 'POST',
    path: '/api/users/preferences',
    access: 'user',
    body: z.object({
      preferences: z.object({
        filter: PreferenceFilterPatch.optional(),
        getNextExample: z.string().max(100).optional(),
        offlineExercises: z.number().int().min(0).max(MAX_OFFLINE_EXERCISES).optional(),
      }),
    }),
    response: UserProfile,
    summary: 'Merge preferences into the stored ones; getNextExample is admin-only.',
  }),
  settingsGet: endpoint({
    method: 'GET',
    path: '/api/settings',
    access: 'public',
    response: SettingsResponse,
    summary: 'inBeta for everyone; the whole map for admins only.',
  }),
  settingsSave: endpoint({
    method: 'POST',
    path: '/api/settings',
    access: 'admin',
    body: z.object({ settings: SettingsMap }),
    response: SettingsResponse,
    summary: 'Replace the settings map.',
  }),
  betaVerify: endpoint({
    method: 'POST',
    path: '/api/beta/verify',
    access: 'public',
    body: z.object({ password: z.string().min(1, 'Beta password is required').max(500) }),
    response: Ok,
    summary: 'Check the beta password on the server and set the signed betaKey cookie.',
  }),
  exercisesStats: endpoint({
    method: 'GET',
    path: '/api/exercises/stats',
    access: 'user',
    query: z.object({ tz: z.string().max(64).optional() }),
    response: ScheduleStats,
    summary: 'Schedule stats for the dashboard.',
  }),
  exercisesCalendar: endpoint({
    method: 'GET',
    path: '/api/exercises',
    access: 'user',
    response: z.array(CalendarItem),
    summary: 'Calendar items.',
  }),
  exercisesNext: endpoint({
    method: 'GET',
    path: '/api/exercises/next',
    access: 'user',
    query: z.object({
      usage: UsageBand.optional(),
      tone: Tone.optional(),
      tz: z.string().max(64).optional(),
    }),
    response: NextExercise,
    summary:
      "The next exercise (due first, then new) with today's progress; 503 SERVICE_UNAVAILABLE when none.",
  }),
  exercisesOffline: endpoint({
    method: 'GET',
    path: '/api/exercises/offline',
    access: 'user',
    query: z.object({
      limit: z.coerce.number().int().min(0).max(MAX_OFFLINE_EXERCISES).optional(),
    }),
    // `now` is the server's clock: the browser decides what is due by it, not by its own clock.
    response: z.object({
      now: z.string().datetime({ offset: true }),
      exercises: z.array(OfflineExercise),
    }),
    summary:
      "The learner's next due items (soonest first, at most the offlineExercises preference or limit) for offline practice; never new items.",
  }),
  exercisesEvaluate: endpoint({
    method: 'POST',
    path: '/api/exercises/evaluate',
    access: 'user',
    body: AnswerInput,
    response: ExercisePayload,
    summary: 'Evaluate an answer and reschedule the item.',
  }),
  sandboxNext: endpoint({
    method: 'POST',
    path: '/api/sandbox/next',
    access: 'user',
    body: z.object({
      basedOn: z.string().max(200).optional(),
      /** The learner's IANA time zone, for "nothing due today"; UTC when absent. */
      tz: z.string().max(64).optional(),
      /** The example just drilled: never served again straight away (its answer was shown). */
      after: z.string().uuid().optional(),
    }),
    response: Example,
    summary:
      'A Playroom example that contains missed words, never `after` (the one just drilled); 409 CONFLICT while something is due today, 404 NOT_FOUND when nothing was missed or only `after` holds them.',
  }),
  sandboxEvaluate: endpoint({
    method: 'POST',
    path: '/api/sandbox/evaluate',
    access: 'user',
    body: AnswerInput,
    response: z.object({ exampleId: z.string().uuid(), evaluation: Evaluation }),
    summary: 'Evaluate a Playroom answer: no score, no schedule change.',
  }),
  audioGet: endpoint({
    method: 'GET',
    path: '/api/audio/*',
    // Public in the guard's sense only: an <audio src> cannot send a bearer token, so the handler
    // accepts either a bearer token or the short-lived signature (?exp=&sig=) that example audio
    // URLs carry, and refuses anything else (docs/decisions/007-audio-urls.md).
    access: 'public',
    query: z.object({
      exp: z.string().max(20).optional(),
      sig: z.string().max(100).optional(),
    }),
    response: z.unknown(),
    summary:
      'An audio file (recording or synthesised speech), with byte ranges (206, 416); needs a bearer token or a valid URL signature.',
  }),
  idiomTones: endpoint({
    method: 'GET',
    path: '/api/idioms/tones',
    access: 'user',
    response: z.array(z.object({ tone: z.enum(TONES), description: z.string() })),
    summary: 'The tones with a description each.',
  }),
  idiomsList: endpoint({
    method: 'GET',
    path: '/api/idioms',
    access: 'editor',
    query: z.object({ full: z.enum(['true', 'false']).optional() }),
    response: z.union([z.array(IdiomSummary), z.array(Idiom)]),
    summary: 'Summary list of idioms; ?full=true for full records.',
  }),
  idiomGet: endpoint({
    method: 'GET',
    path: '/api/idiom/:id',
    access: 'user',
    params: IdParam,
    response: Idiom,
    summary: 'One idiom with its examples.',
  }),
  examplesOfIdiom: endpoint({
    method: 'GET',
    path: '/api/example/idiom/:id',
    access: 'user',
    params: IdParam,
    response: z.array(Example),
    summary: 'The examples of an idiom.',
  }),
  exampleGet: endpoint({
    method: 'GET',
    path: '/api/example/:id',
    access: 'user',
    params: IdParam,
    response: Example,
    summary: 'One example.',
  }),
  exampleUpdate: endpoint({
    method: 'POST',
    path: '/api/example/:id',
    access: 'admin',
    multipart: true,
    params: IdParam,
    body: z.object({
      text: ExampleText,
      conjugatedSnippet: ConjugatedSnippet,
      voice: z.string().trim().min(1, 'Voice is required').max(100),
      translation: z.string().trim().max(1_000).optional(),
    }),
    response: Example,
    summary: 'Edit an example; an optional audio file replaces its audio.',
  }),
  reportsList: endpoint({
    method: 'GET',
    path: '/api/reports',
    access: 'user',
    /** tz: the learner's IANA zone, for streaks, weeks and parts of day of a generated report. */
    query: z.object({ generate: z.enum(['1']).optional(), tz: z.string().max(64).optional() }),
    response: ReportSet,
    summary:
      'The caller’s reports, newest first; ?generate=1 generates a new one when there are enough reviews and new ones since the latest report (otherwise it changes nothing).',
  }),
  reportGet: endpoint({
    method: 'GET',
    path: '/api/report/:id',
    access: 'user',
    params: IdParam,
    response: Report,
    summary: 'One of the caller’s reports.',
  }),
  adminIdiomCreate: endpoint({
    method: 'POST',
    path: '/api/admin/idiom',
    access: 'admin',
    body: IdiomFields,
    response: Idiom,
    summary: 'Create an idiom.',
  }),
  adminIdiomUpdate: endpoint({
    method: 'POST',
    path: '/api/admin/idiom/update',
    access: 'admin',
    body: IdiomChanges.extend({ idiomId: z.string().uuid() }),
    response: Idiom,
    summary: 'Change fields of an idiom.',
  }),
  adminIdiomRestoreLists: endpoint({
    method: 'POST',
    path: '/api/admin/idiom/restore-lists',
    access: 'admin',
    body: z.object({ idiomId: z.string().uuid() }),
    response: Idiom,
    summary:
      'Give a library idiom the library’s current meanings and literals again, and let later releases replace them (decision 065). 409 NOT_LIBRARY_IDIOM for an idiom an admin made or one the library no longer has.',
  }),
  adminExampleCreate: endpoint({
    method: 'POST',
    path: '/api/admin/idiom-examples',
    access: 'admin',
    body: z.object({
      idiomId: z.string().uuid(),
      text: ExampleText,
      conjugatedSnippet: ConjugatedSnippet,
      translation: z.string().trim().max(1_000).default(''),
      source: z.string().trim().max(300).default(''),
    }),
    response: Example,
    summary: 'Create an example for an idiom.',
  }),
  adminExampleAudio: endpoint({
    method: 'POST',
    path: '/api/admin/example-audio',
    access: 'admin',
    multipart: true,
    body: z.object({ exampleId: z.string().uuid() }),
    response: Example,
    summary: 'Attach an audio file to an example.',
  }),
  adminPromptsGet: endpoint({
    method: 'GET',
    path: '/api/admin/prompts',
    access: 'admin',
    response: z.object({ prompts: SettingsMap }),
    summary: 'The AI prompts map.',
  }),
  adminPromptsSave: endpoint({
    method: 'POST',
    path: '/api/admin/prompts',
    access: 'admin',
    body: z.object({ prompts: SettingsMap }),
    response: z.object({ prompts: SettingsMap }),
    summary: 'Replace the AI prompts map.',
  }),
  adminIdiomsValidate: endpoint({
    method: 'POST',
    path: '/api/admin/idioms/validate',
    access: 'admin',
    multipart: true,
    response: ValidationResult,
    summary: 'Validate a CSV file of idioms.',
  }),
  adminIdiomsCreate: endpoint({
    method: 'POST',
    path: '/api/admin/idioms',
    access: 'admin',
    body: z.object({ idioms: z.array(z.record(z.string(), z.unknown())).min(1).max(20_000) }),
    response: ImportResult,
    summary: 'Batch-create idioms in one transaction; duplicates are reported, not created.',
  }),
  adminResetCaches: endpoint({
    method: 'GET',
    path: '/api/admin/resetcaches',
    access: 'admin',
    response: z.object({ ok: z.literal(true), cleared: z.array(z.string()) }),
    summary: 'Clear the in-process caches (and other instances’ through the database).',
  }),
  reportBug: endpoint({
    method: 'POST',
    path: '/api/admin/reportbug',
    access: 'user',
    body: BugReportInput,
    response: z.object({ id: z.string().uuid(), url: z.string().nullable() }),
    summary:
      'File a bug report. Under /admin for historical reasons, but any signed-in user may call it: the learner form uses it.',
  }),
  reportBugAsVisitor: endpoint({
    method: 'POST',
    path: '/api/bug-reports/public',
    access: 'public',
    body: VisitorBugReportInput,
    response: z.object({ id: z.string().uuid(), url: z.string().nullable() }),
    summary:
      'File a bug report without an account (a visitor who cannot sign in). At most 3 per client address and 30 in all per 10 minutes (429 with Retry-After).',
  }),
  adminBugReportsList: endpoint({
    method: 'GET',
    path: '/api/admin/bugreports',
    access: 'admin',
    query: BugReportQuery,
    response: z.array(BugReport),
    summary:
      'Stored bug reports, newest first; ?status=open|closed|all (default open), ?type=<problem type>.',
  }),
  adminBugReportClose: endpoint({
    method: 'POST',
    path: '/api/admin/bugreports/:id/close',
    access: 'admin',
    params: IdParam,
    response: BugReport,
    summary: 'Close a bug report (closing a closed one changes nothing).',
  }),
  helpChat: endpoint({
    method: 'POST',
    path: '/api/chat',
    access: 'public',
    body: HelpQuestion,
    response: HelpAnswer,
    summary: 'Answer a help question from the help pages; known=false when they say nothing on it.',
  }),
  editorAssignmentReports: endpoint({
    method: 'POST',
    path: '/api/editor/assignmentreports',
    access: 'editor',
    body: z.object({ editor: z.string().uuid().optional() }).default({}),
    response: z.array(AssignmentReport),
    summary: 'Assignable and assigned idioms (an editor sees only their own).',
  }),
  editorAssign: endpoint({
    method: 'POST',
    path: '/api/editor/assign',
    access: 'admin',
    body: z.object({
      idiomId: z.string().uuid(),
      source: z.string().uuid(),
      /** The example the recording is for; default: the idiom's first example. */
      exampleId: z.string().uuid().optional(),
    }),
    response: AssignmentReport,
    summary: 'Assign (or reassign) an idiom to an editor or admin: the source who records it.',
  }),
  editorFulfill: endpoint({
    method: 'POST',
    path: '/api/editor/fulfill',
    access: 'editor',
    multipart: true,
    body: z.object({
      idiomId: z.string().uuid(),
      transcription: z.string().trim().min(1, 'Transcription is required').max(1_000),
      conjugatedSnippet: z.string().trim().max(300).optional(),
      editor: z.string().uuid().optional(),
    }),
    response: AssignmentReport,
    summary:
      'Fulfil an assignment: transcription, audio file (any audio type, judged by its bytes), and for admins the snippet and the editor whose voice it is. An editor may send the snippet only unchanged (else 403).',
  }),
  editorPublish: endpoint({
    method: 'POST',
    path: '/api/editor/publish',
    access: 'admin',
    body: z.object({ idiomId: z.string().uuid(), assign: z.number().int() }),
    response: AssignmentReport,
    summary: 'Publish a fulfilled assignment to learners.',
  }),
  editorsList: endpoint({
    method: 'GET',
    path: '/api/editors',
    access: 'admin',
    response: z.array(Editor),
    summary: 'Users who may record audio.',
  }),
  accountInfo: endpoint({
    method: 'GET',
    path: '/api/account',
    access: 'user',
    response: AccountInfo,
    summary: 'What the account page may offer the caller (name and password change, admin set-up).',
  }),
  accountName: endpoint({
    method: 'POST',
    path: '/api/account/name',
    access: 'user',
    body: NameChange,
    response: UserProfile,
    summary:
      'Change my display name (embedded sign-in only; 409 CONFLICT with an external provider, whose claims set the name at every sign-in).',
  }),
  accountPassword: endpoint({
    method: 'POST',
    path: '/api/account/password',
    access: 'user',
    body: PasswordChange,
    response: Ok,
    summary:
      'Change the password (embedded sign-in only; 409 CONFLICT with an external provider). The current password is required; other sessions are signed out.',
  }),
  accountExport: endpoint({
    method: 'GET',
    path: '/api/account/export',
    access: 'user',
    response: AccountExport,
    summary: 'Download my data: profile, progress, review log, reports and bug reports.',
  }),
  accountDelete: endpoint({
    method: 'POST',
    path: '/api/account/delete',
    access: 'user',
    body: z.object({ confirm: z.literal(DELETE_CONFIRMATION) }),
    response: Ok,
    summary:
      'Delete my account and its data (bug reports stay, without my name); sessions end at once.',
  }),
  adminSetup: endpoint({
    method: 'POST',
    path: '/api/setup/admin',
    access: 'user',
    body: z.object({ code: z.string().trim().min(1).max(100) }),
    response: UserProfile,
    summary:
      'Become the first admin of an exposed install with the one-time set-up code printed at start.',
  }),
  adminUsersList: endpoint({
    method: 'GET',
    path: '/api/admin/users',
    access: 'admin',
    response: z.array(AdminUser),
    summary: 'Every account, by name.',
  }),
  adminUserDisable: endpoint({
    method: 'POST',
    path: '/api/admin/users/:id/disable',
    access: 'admin',
    params: IdParam,
    response: AdminUser,
    summary: 'Disable an account: its next call answers 403 ACCOUNT_DISABLED; sessions end.',
  }),
  adminUserEnable: endpoint({
    method: 'POST',
    path: '/api/admin/users/:id/enable',
    access: 'admin',
    params: IdParam,
    response: AdminUser,
    summary: 'Re-enable a disabled account.',
  }),
  adminUserRole: endpoint({
    method: 'POST',
    path: '/api/admin/users/:id/role',
    access: 'admin',
    params: IdParam,
    body: z.object({ role: Role }),
    response: AdminUser,
    summary:
      'Make an account a learner, an editor or an admin; it counts from its next call. Not your own account (409), and not away from admin for an address in ADMIN_EMAILS (409: it would be admin again at its next sign-in).',
  }),
  adminUserDelete: endpoint({
    method: 'POST',
    path: '/api/admin/users/:id/delete',
    access: 'admin',
    params: IdParam,
    response: Ok,
    summary: 'Delete an account and its data; its tokens are refused from the next call.',
  }),
} as const

export type Api = typeof api
export type EndpointName = keyof Api

/** True when a caller with `role` (undefined = anonymous) passes the endpoint's guard. */
export function allows(access: Access, role: 'learner' | 'editor' | 'admin' | undefined): boolean {
  if (access === 'public') return true
  if (!role) return false
  if (access === 'user') return true
  if (access === 'editor') return role === 'editor' || role === 'admin'
  return role === 'admin'
}

/** Flat error body of every failed call (STYLE §6). */
export const ErrorBody = z.object({
  code: z.string(),
  message: z.string(),
  details: z.unknown().optional(),
})
export type ErrorBody = z.infer<typeof ErrorBody>

export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'ACCOUNT_DISABLED',
  'BETA_REQUIRED',
  'NOT_FOUND',
  'CONFLICT',
  'RATE_LIMITED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'SERVICE_UNAVAILABLE',
  'NOT_IMPLEMENTED',
  /** 409: the idiom is not (or no longer) one of the curated library's (an admin made it). */
  'NOT_LIBRARY_IDIOM',
  /** 421: the request reached the server under another address than PUBLIC_URL. */
  'WRONG_ADDRESS',
  'INTERNAL',
] as const
export type ErrorCode = (typeof ERROR_CODES)[number]
