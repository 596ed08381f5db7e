import { index, jsonb, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core'

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
