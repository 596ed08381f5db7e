import { z } from 'zod'
import {
  BUG_REPORT_STATUSES,
  isProblemType,
  PROBLEM_TYPES,
  VISITOR_PROBLEM_TYPES,
  VISITOR_REPORT_DESCRIPTION_MAX,
} from '../domain/bug-report.js'
import { DEFAULT_OFFLINE_EXERCISES, MAX_OFFLINE_EXERCISES } from '../domain/limits.js'
import { Tone } from '../domain/tones.js'
import { USAGE_DEFAULT, USAGE_MAX, USAGE_MIN, UsageBand } from '../domain/usage.js'
import { ReportFacts } from '../reports/schema.js'
import { Evaluation, EvaluatorExample } from './evaluation.js'
import { IDIOM_PHRASES_MAX, IDIOM_SENSES_MAX, sensesProblem } from './senses.js'

/** Roles, lowest to highest. An editor can do what a learner can; an admin everything. */
export const ROLES = ['learner', 'editor', 'admin'] as const
export const Role = z.enum(ROLES)
export type Role = z.infer<typeof Role>

export const Usage = z.coerce.number().int().min(USAGE_MIN).max(USAGE_MAX)

const Id = z.string().uuid()
const IsoDate = z.string().datetime({ offset: true })

/** Preference filter; an empty value means All (spec §3 usage bands). */
export const PreferenceFilter = z.object({
  usage: z.union([UsageBand, z.literal('')]).default(''),
  tone: z.union([Tone, z.literal('')]).default(''),
})
export type PreferenceFilter = z.infer<typeof PreferenceFilter>

/** A change to the filter: only the values given are merged into the stored filter (spec §4). */
export const PreferenceFilterPatch = z.object({
  usage: z.union([UsageBand, z.literal('')]).optional(),
  tone: z.union([Tone, z.literal('')]).optional(),
})

export const Preferences = z.object({
  filter: PreferenceFilter.default({ usage: '', tone: '' }),
  /** Admin only: force this example to come next. */
  getNextExample: z.string().default(''),
  /** How many of the next due exercises the browser keeps, with their audio, for offline practice. */
  offlineExercises: z
    .number()
    .int()
    .min(0)
    .max(MAX_OFFLINE_EXERCISES)
    .default(DEFAULT_OFFLINE_EXERCISES),
})
export type Preferences = z.infer<typeof Preferences>

export const UserProfile = z.object({
  id: Id,
  name: z.string(),
  email: z.string(),
  picture: z.string().nullable(),
  role: Role,
  /** True when the user may record audio (editors and admins). */
  editor: z.boolean(),
  preferences: Preferences,
})
export type UserProfile = z.infer<typeof UserProfile>

export const SettingsMap = z.record(z.string().min(1).max(200), z.string().max(100_000))
export type SettingsMap = z.infer<typeof SettingsMap>

/** What GET /api/settings gives a non-admin: only what the SPA needs, never the keys. */
export const PublicSettings = z.object({ inBeta: z.boolean(), betaVerified: z.boolean() })
export type PublicSettings = z.infer<typeof PublicSettings>

export const SettingsResponse = z.object({
  inBeta: z.boolean(),
  betaVerified: z.boolean(),
  /** Present for admins only: the whole key-value map. */
  settings: SettingsMap.optional(),
})
export type SettingsResponse = z.infer<typeof SettingsResponse>

/**
 * Which voice a learner hears: `recorded` (an editor's published recording), `neural` (a
 * configured speech provider) or `synthetic` (espeak-ng, offline).
 */
export const VoiceKind = z.enum(['recorded', 'neural', 'synthetic'])
export type VoiceKind = z.infer<typeof VoiceKind>

export const AudioRef = z.object({ url: z.string(), voice: z.string(), kind: VoiceKind })

/** Short English phrases, one per item, blanks and duplicates removed (at most IDIOM_PHRASES_MAX of 200 characters). */
export const IdiomPhrases = z
  .array(z.string().trim().max(200))
  .max(IDIOM_PHRASES_MAX)
  .overwrite((list) => [...new Set(list.filter((p) => p.length > 0))])

/**
 * An idiom's senses, when it has two or more (decision 067; see contract/senses.ts): each
 * sense's own phrases, the first naming the sense; empty senses removed. The phrases true of
 * every sense stay in `meanings`. [] for an idiom of one sense.
 */
export const IdiomSenses = z
  .array(IdiomPhrases)
  .max(IDIOM_SENSES_MAX)
  .overwrite((senses) => senses.filter((s) => s.length > 0))

const idiomFieldShape = {
  text: z.string().trim().min(1, 'Text is required').max(300),
  translation: z.string().trim().min(1, 'Translation is required').max(500),
  tone: Tone,
  usage: Usage,
  source: z.string().trim().max(300),
  /** Ways to say the idiom's meaning in English (optional; the evaluator accepts them). */
  meanings: IdiomPhrases,
  /** Literal readings that betray a misunderstanding (optional; the evaluator grades them major). */
  literals: IdiomPhrases,
  /** Each sense's own meaning phrases, for an idiom of two senses or more (decision 067); absent or [] for one sense. */
  senses: IdiomSenses,
}

export const IdiomFields = z
  .object({
    ...idiomFieldShape,
    tone: idiomFieldShape.tone.default('Casual'),
    usage: idiomFieldShape.usage.default(USAGE_DEFAULT),
    source: idiomFieldShape.source.default(''),
    meanings: idiomFieldShape.meanings.default([]),
    literals: idiomFieldShape.literals.default([]),
    senses: idiomFieldShape.senses.optional(),
  })
  .superRefine((idiom, ctx) => {
    // On `senses` whatever the problem's place: empty senses are dropped above, so an index here
    // would not be the sender's (the admin form reads its own lists to place it).
    const problem = sensesProblem(idiom.meanings, idiom.senses ?? [])
    if (problem) ctx.addIssue({ code: 'custom', path: ['senses'], message: problem.message })
  })
export type IdiomFields = z.infer<typeof IdiomFields>

/**
 * Changed fields of an idiom: absent means unchanged (no defaults, unlike IdiomFields.partial()).
 * The senses' rules across fields (sensesProblem) apply to the idiom the changes make.
 */
export const IdiomChanges = z.object(idiomFieldShape).partial()
export type IdiomChanges = z.infer<typeof IdiomChanges>

export const Assigned = z.object({
  sync: z.number().int(),
  source: z.string(),
  transcription: z.string(),
  conjugatedSnippet: z.string(),
  audio: z.object({ url: z.string(), publicUrl: z.string() }).nullable(),
  state: z.enum(['assigned', 'fulfilled', 'published']),
})

export const ExampleSummary = z.object({
  exampleId: Id,
  idiomId: Id,
  text: z.string(),
  conjugatedSnippet: z.string(),
  translation: z.string(),
  source: z.string(),
  audio: AudioRef.nullable(),
})

/**
 * Where an idiom's meanings and literals come from (decision 065): 'library' (the curated
 * library's, replaced by each release's), 'edited' (a library idiom whose lists an admin changed:
 * no release replaces them, an admin may restore the library's), 'own' (an idiom an admin made).
 */
export const ListsOrigin = z.enum(['library', 'edited', 'own'])
export type ListsOrigin = z.infer<typeof ListsOrigin>

export const Idiom = z.object({
  idiomId: Id,
  text: z.string(),
  translation: z.string(),
  meanings: z.array(z.string()),
  literals: z.array(z.string()),
  /** Each sense's own meaning phrases (decision 067); absent or [] for an idiom of one sense. */
  senses: z.array(z.array(z.string())).optional(),
  tone: Tone,
  usage: z.number().int(),
  source: z.string(),
  createdAt: IsoDate,
  examples: z.array(ExampleSummary),
  assigned: Assigned.nullable(),
  /** In an admin's read of one idiom only (GET /api/idiom/:id and the restore's answer). */
  listsOrigin: ListsOrigin.optional(),
})
export type Idiom = z.infer<typeof Idiom>

export const IdiomSummary = Idiom.pick({
  idiomId: true,
  text: true,
  translation: true,
  tone: true,
  usage: true,
  source: true,
  createdAt: true,
}).extend({ exampleCount: z.number().int() })

export const Example = ExampleSummary.extend({
  isNew: z.boolean(),
  idiom: Idiom.pick({ text: true, translation: true, tone: true, usage: true }),
})
export type Example = z.infer<typeof Example>

export const ProgressRecord = z.object({
  progressId: Id,
  userId: Id,
  idiomId: Id,
  exampleId: Id,
  dueDate: IsoDate,
  tone: Tone,
  usage: z.number().int(),
  history: z.array(z.object({ date: IsoDate, evaluation: Evaluation, rating: z.string() })),
  missedWords: z.array(z.string()),
  isSandbox: z.boolean(),
  sandbox: z.string(),
  evaluation: Evaluation.nullable(),
  createdAt: IsoDate,
})

export const ScheduleStats = z.object({
  numSeen: z.number().int(),
  numPastDue: z.number().int(),
  pastDueDate: IsoDate.nullable(),
  score: z.number(),
  nextDueDate: IsoDate.nullable(),
  isNewAllowed: z.boolean(),
  enableGetNext: z.boolean(),
  upToDate: z.boolean(),
  missed: z.number().int(),
  unique: z.number().int(),
  numSandboxes: z.number().int(),
  reportState: z.union([z.literal(1), z.literal(4)]),
})

export const CalendarItem = z.object({
  progressId: Id,
  dueDate: IsoDate,
  tone: Tone,
  /** The idiom's text: the card's label (the learner's own history, nothing hidden). */
  idiom: z.string(),
  range: z.object({ label: z.string(), icon: z.string() }),
  confidence: z.number().min(0).max(1),
})

export const AnswerInput = z
  .object({
    exampleId: Id,
    userTranscription: z.string().max(2_000),
    userTranslation: z.string().max(2_000),
    /** Client-generated id of this attempt, so a double submit schedules once. */
    attemptId: z.string().uuid().optional(),
    /**
     * Milliseconds from the first play of the sentence (or, with no audio, from the prompt being
     * shown) to submit. Fast perfect answers may be rated Easy (scheduler/rating.ts); absent means
     * not fast. Capped at a day.
     */
    elapsedMs: z.number().int().min(0).max(86_400_000).optional(),
    /**
     * When the learner answered, for answers given offline and synced later: the server schedules
     * the review at this time (never later than now, never earlier than OFFLINE_ANSWER_MAX_AGE_DAYS
     * ago or than the item's last review). An answer given more than ATTEMPT_RETENTION_DAYS ago
     * is refused with 409 CONFLICT (it could be a resend of one no longer remembered).
     */
    answeredAt: IsoDate.optional(),
    /**
     * The learner chose to see the answer without typing anything ("Show the answer" on the
     * exercise's empty-answer question): graded major on both fields without asking any engine, and
     * the evaluation says so (`gaveUp: true`, kept in the review log). Only with both fields blank.
     */
    gaveUp: z.boolean().optional(),
  })
  .refine(
    (a) => !a.gaveUp || (a.userTranscription.trim() === '' && a.userTranslation.trim() === ''),
    {
      path: ['gaveUp'],
      message: 'Only an empty answer can give up; send what you typed without gaveUp',
    },
  )

/** Where the learner is in today's work, served with each exercise (the exercise's progress line). */
export const TodayProgress = z.object({
  /** Items that were due today and have been reviewed since the learner's local midnight. */
  reviewsDone: z.number().int().min(0),
  /** Items still due before the next local midnight (the one being served included). */
  reviewsLeft: z.number().int().min(0),
  /** New items started since the learner's local midnight. */
  newDone: z.number().int().min(0),
  /** The daily new-item limit (setting dailyNewLimit). */
  newLimit: z.number().int().min(0),
})
export type TodayProgress = z.infer<typeof TodayProgress>

/**
 * An exercise as /api/exercises/next serves it: the example, today's progress, and what the
 * grader uses (`reference`: the accepted translations, the idiom's meanings and literal
 * readings), so an answer given on this page after the connection dropped is graded in the
 * browser exactly as the server would grade it (decisions 032, 056). Optional: a client keeps
 * working with a server that does not send it (it then grades from the example's own fields).
 */
export const NextExercise = Example.extend({
  today: TodayProgress,
  reference: EvaluatorExample.optional(),
})
export type NextExercise = z.infer<typeof NextExercise>

/** One exercise kept in the browser for offline practice, with what the local grader needs. */
export const OfflineExercise = z.object({
  example: Example,
  dueDate: IsoDate,
  reference: EvaluatorExample,
})
export type OfflineExercise = z.infer<typeof OfflineExercise>

export const ExercisePayload = z.object({
  exampleId: Id,
  evaluation: Evaluation,
  progress: ProgressRecord,
})

export const Insight = z.object({
  pattern: z.string(),
  description: z.string(),
  suggestion: z.string(),
})
/** A progress report (spec §3); `facts` holds the figures its charts draw (core reports/schema.ts). */
export const Report = z.object({
  reportId: Id,
  generated: IsoDate,
  insights: z.array(Insight),
  strategyTips: z.array(z.string()),
  facts: ReportFacts,
  /** Who phrased the insights: the local rules, or the LLM (checked against the facts). */
  engine: z.enum(['local', 'llm']),
  /** Reviews the learner had when the report was generated. */
  reviewCount: z.number().int().min(0),
})
export const ReportSet = z.object({
  reports: z.array(Report),
  state: z.union([z.literal(1), z.literal(4)]),
})

export const CsvIdiomRow = z.object({
  text: z.string(),
  translation: z.string(),
  tone: z.string(),
  usage: z.union([z.string(), z.number()]),
})
/**
 * One problem of a CSV row. `code`, where present, is stable for clients to act on:
 * INVALID_SENSES, a `senses` cell that breaks decision 067's rules (the message says which);
 * TOO_MANY_PHRASES, a `meanings` or `literals` cell over IDIOM_PHRASES_MAX (decision 070).
 */
export const RowError = z.object({
  row: z.number().int(),
  field: z.string(),
  message: z.string(),
  code: z.enum(['INVALID_SENSES', 'TOO_MANY_PHRASES']).optional(),
})
export const ValidationResult = z.object({
  idioms: z.array(IdiomFields),
  errors: z.array(RowError),
})
export const ImportResult = z.object({
  created: z.array(IdiomSummary),
  idioms: z.array(IdiomFields),
  errors: z.array(RowError),
  duplicates: z.array(IdiomFields),
})

/** A bug report as filed: labels are the form's tags and must include one problem type (spec §5). */
export const BugReportInput = z.object({
  title: z.string().trim().min(1).max(200),
  body: z.string().trim().min(1).max(10_000),
  labels: z
    .array(z.string().trim().min(1).max(60))
    .min(1)
    .max(10)
    .refine((labels) => labels.some(isProblemType), {
      message: `include one of the problem types: ${PROBLEM_TYPES.join('; ')}`,
    }),
  exampleId: Id.optional(),
})
export type BugReportInput = z.infer<typeof BugReportInput>

/**
 * A bug report from a visitor who is not signed in (/report-a-problem). `contactEmail` is optional
 * and only admins see it; `website` is a honeypot the form hides from people, so anything in it
 * marks a bot and the report is refused.
 */
export const VisitorBugReportInput = z.object({
  problemType: z.enum(VISITOR_PROBLEM_TYPES, { error: 'Choose the kind of problem' }),
  title: z.string().trim().min(1, 'Enter a title').max(200, 'Keep the title under 200 characters'),
  description: z
    .string()
    .trim()
    .min(1, 'Describe the problem')
    .max(
      VISITOR_REPORT_DESCRIPTION_MAX,
      `Keep the description under ${VISITOR_REPORT_DESCRIPTION_MAX} characters`,
    ),
  contactEmail: z
    .string()
    .trim()
    .max(254, 'This e-mail address is too long')
    .pipe(
      z.union([z.literal(''), z.email('Enter a valid e-mail address, or leave the field empty')]),
    )
    .optional(),
  website: z.string().max(0, 'Leave this field empty').optional(),
})
export type VisitorBugReportInput = z.input<typeof VisitorBugReportInput>

export const BugReportStatus = z.enum(BUG_REPORT_STATUSES)
export type BugReportStatus = z.infer<typeof BugReportStatus>

/**
 * A stored bug report as admins see it. `reporter` is null once the reporting user is deleted, and
 * for a visitor's report (`fromVisitor`).
 */
export const BugReport = z.object({
  id: Id,
  title: z.string(),
  body: z.string(),
  labels: z.array(z.string()),
  exampleId: z.string().nullable(),
  userAgent: z.string(),
  status: BugReportStatus,
  githubUrl: z.string().nullable(),
  createdAt: IsoDate,
  closedAt: IsoDate.nullable(),
  reporter: z.object({ userId: Id, name: z.string(), email: z.string() }).nullable(),
  /** True when a visitor without an account filed it (reporter is then null). */
  fromVisitor: z.boolean(),
  /** The e-mail address a visitor left to be contacted at, if any. */
  contactEmail: z.string().nullable(),
})
export type BugReport = z.infer<typeof BugReport>

/** Filters of the admin bug-report list; `type` is a problem type the report's labels include. */
export const BugReportQuery = z.object({
  status: z.enum(['open', 'closed', 'all']).default('open'),
  type: z.enum(PROBLEM_TYPES).optional(),
})

/** A question to the help chat (spec §2 /chat). */
export const HelpQuestion = z.object({ question: z.string().trim().min(1).max(500) })

/** A passage of the help the answer is drawn from; `url` points at its anchor on /chat. */
export const HelpSource = z.object({ title: z.string(), url: z.string(), excerpt: z.string() })

/** `known` is false when the help has nothing on the question; the answer then says so. */
export const HelpAnswer = z.object({
  answer: z.string(),
  sources: z.array(HelpSource),
  known: z.boolean(),
})
export type HelpAnswer = z.infer<typeof HelpAnswer>

export const Editor = z.object({ userId: Id, name: z.string(), email: z.string() })

export const AssignmentReport = z.object({
  idiomId: Id,
  text: z.string(),
  tone: Tone,
  usage: z.number().int(),
  assigned: Assigned.nullable(),
})
