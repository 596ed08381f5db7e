import { sql } from 'drizzle-orm'
import {
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
export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  issuer: text('issuer').notNull(),
  subject: text('subject').notNull(),
  email: text('email').notNull().default(''),
  name: text('name').notNull().default(''),
  picture: text('picture'),
  role: text('role', { enum: ['learner', 'editor', 'admin'] }).notNull().default('learner'),
  /** Claims of the last token seen, standard technical claims removed. */
  claims: jsonb('claims').$type<Record<string, unknown>>().notNull().default({}),
  preferences: jsonb('preferences').$type<Record<string, unknown>>().notNull().default({}),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [unique('users_issuer_subject_key').on(t.issuer, t.subject)])

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
    status: text('status', { enum: ['open', 'closed'] }).notNull().default('open'),
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
