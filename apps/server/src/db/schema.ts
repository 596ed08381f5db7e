import { sql } from 'drizzle-orm'
import type { Evaluation } from '@che/core'
import type { CardState, ReviewLogEntry } from '@che/core/scheduler'
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()

/** Product users, keyed by the identity provider's issuer + subject. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    email: text('email').notNull().default(''),
    name: text('name').notNull().default(''),
    picture: text('picture'),
    role: text('role', { enum: ['learner', 'editor', 'admin'] })
      .notNull()
      .default('learner'),
    /** Claims of the last token seen, standard technical claims removed. */
    claims: jsonb('claims').$type<Record<string, unknown>>().notNull().default({}),
    preferences: jsonb('preferences').$type<Record<string, unknown>>().notNull().default({}),
    /** Set while an admin has disabled the account: every API call answers 403 ACCOUNT_DISABLED. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('users_issuer_subject_key').on(t.issuer, t.subject)],
)

/**
 * Tombstones of deleted users: a token of this issuer + subject issued before `deleted_at` is
 * refused (401), so an access token still in flight cannot re-create the user through
 * POST /api/users/sync. Holds no personal data.
 */
export const deletedUsers = pgTable(
  'deleted_users',
  {
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.issuer, t.subject] })],
)

/** Flat key-value settings (inBeta, betaKey, testKey, limits...). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
})

/**
 * One counter per cached table group, bumped by statement triggers on every write to those tables
 * (migration 0017): an instance's in-memory copy of the library is current while the counter it
 * was read at is unchanged, whichever instance or tool wrote (docs/decisions/044).
 */
export const cacheVersions = pgTable('cache_versions', {
  topic: text('topic').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
})

/** Admin-editable AI prompts. */
export const prompts = pgTable('prompts', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
})

/** Server-generated secrets that must survive restarts and be shared by every instance. */
export const secrets = pgTable('secrets', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  createdAt: createdAt(),
})

/** Accounts of the embedded identity provider (not used with an external one). */
export const idpAccounts = pgTable('idp_accounts', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** Lower-cased. */
  email: text('email').notNull().unique(),
  name: text('name').notNull(),
  passwordHash: text('password_hash').notNull(),
  /** True only for accounts an operator created (users CLI); sign-up does not prove the address. */
  emailVerified: boolean('email_verified').notNull().default(false),
  createdAt: createdAt(),
})

/**
 * Single-use links of the embedded provider: password reset and e-mail verification. Only the
 * SHA-256 of the token is stored; `used_at` is set by the one request that consumes it.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => idpAccounts.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['reset', 'verify'] }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('account_tokens_purpose_check', sql`${t.purpose} in ('reset', 'verify')`),
    index('account_tokens_account_idx').on(t.accountId),
  ],
)

/** oidc-provider's models (sessions, grants, codes, tokens...), one row each. */
export const oidcPayloads = pgTable(
  'oidc_payloads',
  {
    model: text('model').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.model, t.id] }),
    index('oidc_payloads_grant_idx').on(t.grantId),
    index('oidc_payloads_uid_idx').on(t.uid),
    index('oidc_payloads_user_code_idx').on(t.userCode),
    index('oidc_payloads_expires_idx').on(t.expiresAt),
  ],
)

const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()

/** The five tones (spec §3), repeated here so the database refuses anything else too. */
const TONE_VALUES = ['Casual', 'Neutral', 'Street', 'Esoteric', 'Official'] as const

/** `idioms.content_lists_hash` of an idiom whose meanings, literals or senses an admin changed. */
export const LISTS_EDITED = 'edited'

/** Curated idioms. */
export const idioms = pgTable(
  'idioms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    text: text('text').notNull(),
    translation: text('translation').notNull(),
    /** Ways to say the idiom's meaning in English (paraphrases, equivalent English idioms). */
    meanings: jsonb('meanings').$type<string[]>().notNull().default([]),
    /** Literal readings of the idiom that betray a misunderstanding (graded major). */
    literals: jsonb('literals').$type<string[]>().notNull().default([]),
    /**
     * Each sense's own meaning phrases, the first naming it, for an idiom of two senses or more
     * (decision 067); `meanings` then holds the phrases true of every sense. [] for one sense.
     */
    senses: jsonb('senses').$type<string[][]>().notNull().default([]),
    tone: text('tone', { enum: TONE_VALUES }).notNull().default('Casual'),
    /** 1-10, 10 = super common. */
    usage: integer('usage').notNull().default(8),
    source: text('source').notNull().default(''),
    /** Accent- and case-insensitive key of `text` (core idiomKey): no two idioms share it. */
    normalizedText: text('normalized_text').notNull(),
    /** Set on rows imported from content/ (the idiomKey of the content text), so re-imports know them. */
    contentKey: text('content_key'),
    /**
     * Whose `meanings`, `literals` and `senses` these are (decision 065): the fingerprint of the library's
     * lists as the content import last wrote them; LISTS_EDITED once an admin changed them; null
     * on admins' own idioms and on library rows the import has not settled yet.
     */
    contentListsHash: text('content_lists_hash'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('idioms_normalized_text_key').on(t.normalizedText),
    unique('idioms_content_key_key').on(t.contentKey),
    check('idioms_usage_check', sql`${t.usage} between 1 and 10`),
    check('idioms_tone_check', sql.raw(`tone in (${TONE_VALUES.map((v) => `'${v}'`).join(', ')})`)),
  ],
)

/** Example sentences of an idiom: what learners hear and transcribe. */
export const examples = pgTable(
  'examples',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    idiomId: uuid('idiom_id')
      .notNull()
      .references(() => idioms.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    /** The part of `text` that realises the idiom (highlighted); a substring of it. */
    conjugatedSnippet: text('conjugated_snippet').notNull(),
    translation: text('translation').notNull().default(''),
    /** Other accepted English translations. */
    alternatives: jsonb('alternatives').$type<string[]>().notNull().default([]),
    /** Word-for-word rendering a learner might wrongly give. */
    literal: text('literal').notNull().default(''),
    source: text('source').notNull().default(''),
    voice: text('voice').notNull().default(''),
    /** Key in audio storage; null while the example has no recording. */
    audioKey: text('audio_key'),
    /**
     * Key in audio storage of speech synthesised for this example's current text
     * (tts/<id>-<text hash>-<kind>-<voice hash>.<ext>), made ahead of time by the speech queue (or on first use when
     * the queue has not reached it). A published recording (audio_key) always wins over it.
     */
    ttsKey: text('tts_key'),
    /** The voice that spoke tts_key, e.g. "espeak-ng es-rioplatense" or "OpenAI tts-1 nova". */
    ttsVoice: text('tts_voice'),
    /** 'neural' (a configured speech provider) or 'synthetic' (espeak-ng); null without tts_key. */
    ttsKind: text('tts_kind', { enum: ['neural', 'synthetic'] }),
    /** Set on rows imported from content/ (the idiomKey of the content sentence). */
    contentKey: text('content_key'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // Leads with idiom_id, so it also serves "the examples of an idiom".
  (t) => [uniqueIndex('examples_idiom_content_key_idx').on(t.idiomId, t.contentKey)],
)

/**
 * Bug reports from the learner form. example_id has no foreign key on purpose: a report about
 * an example must survive the example being deleted or re-imported.
 */
export const bugReports = pgTable(
  'bug_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null once the reporting user is deleted; the report stays. */
    reporterId: uuid('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    labels: jsonb('labels').$type<string[]>().notNull().default([]),
    exampleId: text('example_id'),
    userAgent: text('user_agent').notNull().default(''),
    status: text('status', { enum: ['open', 'closed'] })
      .notNull()
      .default('open'),
    /** The GitHub issue it was filed as, when GitHub filing is configured and worked. */
    githubUrl: text('github_url'),
    /** Filed from /report-a-problem by a visitor without an account (reporter_id is then null). */
    fromVisitor: boolean('from_visitor').notNull().default(false),
    /** The address a visitor left to be contacted at; shown to admins only, never sent to GitHub. */
    contactEmail: text('contact_email'),
    createdAt: createdAt(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    check('bug_reports_status_check', sql`${t.status} in ('open', 'closed')`),
    index('bug_reports_status_created_idx').on(t.status, t.createdAt),
    index('bug_reports_reporter_created_idx').on(t.reporterId, t.createdAt),
  ],
)

/** A review as stored in progress.history: the scheduler's log entry with the whole evaluation. */
export type HistoryEntry = Omit<ReviewLogEntry, 'evaluation'> & { evaluation: Evaluation }

/**
 * One learner × example: the FSRS card (core scheduler CardState), its review log, the words
 * the learner last missed (the Playroom drills them) and the last evaluation.
 */
export const progress = pgTable(
  'progress',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    exampleId: uuid('example_id')
      .notNull()
      .references(() => examples.id, { onDelete: 'cascade' }),
    /** The example's idiom when the record was made (reports group by it). */
    idiomId: uuid('idiom_id').notNull(),
    card: jsonb('card').$type<CardState>().notNull(),
    /** Mirrors card.due, so "what is due" is an index range scan. */
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    missedWords: jsonb('missed_words').$type<string[]>().notNull().default([]),
    /** True while missedWords is not empty: the Playroom can drill this record. */
    isSandbox: boolean('is_sandbox').notNull().default(false),
    sandbox: text('sandbox').notNull().default('candle'),
    lastEvaluation: jsonb('last_evaluation').$type<Evaluation>(),
    /** Reviews of this record in the review log (kept with each append, so stats need no log scan). */
    reviewCount: integer('review_count').notNull().default(0),
    /** Of those, reviews graded perfect in both transcription and translation (the dashboard score). */
    perfectCount: integer('perfect_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('progress_user_example_key').on(t.userId, t.exampleId),
    index('progress_user_due_idx').on(t.userId, t.dueAt),
    index('progress_user_created_idx').on(t.userId, t.createdAt),
    index('progress_example_idx').on(t.exampleId),
  ],
)

/**
 * The review log: one row per answer, appended and never updated (like Anki's revlog). The
 * progress row keeps only the card's current FSRS state; reports and the FSRS optimizer read
 * this log. Rows go with their progress record (an example deleted takes its reviews along, as
 * the history array did). `id` orders reviews of equal time in the order they were written.
 */
export const reviewLog = pgTable(
  'review_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    progressId: uuid('progress_id')
      .notNull()
      .references(() => progress.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }).notNull(),
    /** FSRS rating: again, hard, good or easy. */
    rating: text('rating').notNull(),
    /** Card phase before the review. */
    state: text('state').notNull(),
    elapsedDays: integer('elapsed_days').notNull(),
    scheduledDays: integer('scheduled_days').notNull(),
    stability: doublePrecision('stability').notNull(),
    difficulty: doublePrecision('difficulty').notNull(),
    /** The whole evaluation of the answer (grades, mistake type, missed words...). */
    evaluation: jsonb('evaluation').$type<Evaluation>().notNull(),
  },
  (t) => [
    index('review_log_progress_idx').on(t.progressId, t.id),
    index('review_log_user_reviewed_idx').on(t.userId, t.reviewedAt),
  ],
)

/**
 * Answers already scored, by the client's attempt id: a repeated submit returns the stored
 * payload. Kept ATTEMPT_RETENTION_DAYS (docs/decisions/063), then deleted.
 */
export const attempts = pgTable(
  'attempts',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    attemptId: uuid('attempt_id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.attemptId] }),
    // The retention job deletes by age (modules/exercises/attempt-retention.ts).
    index('attempts_created_idx').on(t.createdAt),
  ],
)

/** The assignment states (spec §4): assign a source, fulfil, publish. */
export const ASSIGNMENT_STATES = ['assigned', 'fulfilled', 'published'] as const

/**
 * An idiom's recording assignment: who records it (the "source"), the pending take and what is
 * live. `sync` numbers the versions: 1 at first, +1 when a published assignment is fulfilled
 * again. `audio_key` is the newest take (pending while state is fulfilled);
 * `published_audio_key` is what learners hear, kept until a newer version is published.
 */
export const assignments = pgTable(
  'assignments',
  {
    idiomId: uuid('idiom_id')
      .primaryKey()
      .references(() => idioms.id, { onDelete: 'cascade' }),
    /** The editor (or admin) who records it. */
    editorId: uuid('editor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sync: integer('sync').notNull().default(1),
    state: text('state', { enum: ASSIGNMENT_STATES }).notNull().default('assigned'),
    transcription: text('transcription').notNull().default(''),
    conjugatedSnippet: text('conjugated_snippet').notNull().default(''),
    audioKey: text('audio_key'),
    publishedAudioKey: text('published_audio_key'),
    /** Whose voice the take is (the voice learners see); an admin may upload for an editor. */
    recordedBy: uuid('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    /** The example the recording belongs to: the idiom's first example unless one was chosen. */
    exampleId: uuid('example_id').references(() => examples.id, { onDelete: 'set null' }),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull(),
    fulfilledAt: timestamp('fulfilled_at', { withTimezone: true }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
  },
  (t) => [
    check('assignments_state_check', sql`${t.state} in ('assigned', 'fulfilled', 'published')`),
    check('assignments_sync_check', sql`${t.sync} >= 1`),
    index('assignments_editor_idx').on(t.editorId),
  ],
)

/**
 * Progress reports: the facts computed from the learner's review history (what the charts draw)
 * and the insights phrased from them. One report per user and review count: generating twice
 * without a new review finds the first (the unique key settles concurrent requests too).
 */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    generatedAt: timestamp('generated_at', { withTimezone: true }).notNull().defaultNow(),
    facts: jsonb('facts').$type<Record<string, unknown>>().notNull(),
    insights: jsonb('insights').$type<Record<string, unknown>[]>().notNull(),
    strategyTips: jsonb('strategy_tips').$type<string[]>().notNull(),
    engine: text('engine', { enum: ['local', 'llm'] }).notNull(),
    reviewCountAtGeneration: integer('review_count_at_generation').notNull(),
  },
  (t) => [
    unique('reports_user_review_count_key').on(t.userId, t.reviewCountAtGeneration),
    index('reports_user_generated_idx').on(t.userId, t.generatedAt),
    check('reports_engine_check', sql`${t.engine} in ('local', 'llm')`),
  ],
)

/**
 * Fixed-window request counters shared by every instance on the database (sign-in, sign-up,
 * chat, beta password): one row per limit and client key, reset when its window has passed.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    /** Start of the current window, ms since the epoch. */
    windowStart: bigint('window_start', { mode: 'number' }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [index('rate_limits_window_start_idx').on(t.windowStart)],
)
