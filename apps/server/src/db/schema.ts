import { sql } from 'drizzle-orm'
import type { Evaluation } from '@che/core'
import type { CardState, ReviewLogEntry } from '@che/core/scheduler'
import {
  boolean,
  check,
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
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('users_issuer_subject_key').on(t.issuer, t.subject)],
)

/** Flat key-value settings (inBeta, betaKey, testKey, limits...). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
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

/** Curated idioms. */
export const idioms = pgTable(
  'idioms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    text: text('text').notNull(),
    translation: text('translation').notNull(),
    tone: text('tone', { enum: TONE_VALUES }).notNull().default('Casual'),
    /** 1-10, 10 = super common. */
    usage: integer('usage').notNull().default(8),
    source: text('source').notNull().default(''),
    /** Accent- and case-insensitive key of `text` (core idiomKey): no two idioms share it. */
    normalizedText: text('normalized_text').notNull(),
    /** Set on rows imported from content/ (the idiomKey of the content text), so re-imports know them. */
    contentKey: text('content_key'),
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
     * Key in audio storage of speech synthesised for this example (tts/<id>.wav), made once on
     * first use. A published recording (audio_key) always wins over it.
     */
    ttsKey: text('tts_key'),
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
    history: jsonb('history').$type<HistoryEntry[]>().notNull().default([]),
    /** Mirrors card.due, so "what is due" is an index range scan. */
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    missedWords: jsonb('missed_words').$type<string[]>().notNull().default([]),
    /** True while missedWords is not empty: the Playroom can drill this record. */
    isSandbox: boolean('is_sandbox').notNull().default(false),
    sandbox: text('sandbox').notNull().default('candle'),
    lastEvaluation: jsonb('last_evaluation').$type<Evaluation>(),
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

/** Answers already scored, by the client's attempt id: a repeated submit returns the stored payload. */
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
  (t) => [primaryKey({ columns: [t.userId, t.attemptId] })],
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
