import { z } from 'zod'
import { Role, UserProfile } from './entities.js'

/** A user as the admins' account list shows it. */
export const AdminUser = z.object({
  id: z.string().uuid(),
  name: z.string(),
  email: z.string(),
  role: Role,
  disabled: z.boolean(),
  createdAt: z.string(),
})
export type AdminUser = z.infer<typeof AdminUser>

/** What the account page needs to know about the caller's account. */
export const AccountInfo = z.object({
  /** True when the password is kept here (embedded sign-in), so it can be changed here. */
  passwordManagedHere: z.boolean(),
  /**
   * True when the display name is kept here (embedded sign-in), so it can be changed here. With an
   * external identity provider the name comes from its claims at every sign-in, so it is changed
   * there.
   */
  nameManagedHere: z.boolean(),
  /** True while nobody is admin and the install waits for the set-up code (exposed installs). */
  adminSetupPending: z.boolean(),
})
export type AccountInfo = z.infer<typeof AccountInfo>

/** The longest display name (the embedded sign-up's limit too). */
export const NAME_MAX_LENGTH = 100

/** A new display name (embedded sign-in only): spaces around it are dropped. */
export const NameChange = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Enter your name')
    .max(NAME_MAX_LENGTH, `Your name can have at most ${NAME_MAX_LENGTH} characters`),
})
export type NameChange = z.infer<typeof NameChange>

export const PasswordChange = z.object({
  currentPassword: z.string().min(1).max(1_000),
  newPassword: z.string().min(1).max(1_000),
})
export type PasswordChange = z.infer<typeof PasswordChange>

/** The typed word that confirms deleting one's own account. */
export const DELETE_CONFIRMATION = 'DELETE'

const Row = z.record(z.string(), z.unknown())

/** "Download my data": everything stored about the caller, as JSON. */
export const AccountExport = z.object({
  exportedAt: z.string(),
  profile: UserProfile.extend({ createdAt: z.string() }),
  /** One record per example practised: scheduling state, last evaluation, missed words. */
  progress: z.array(Row),
  /** Every answer ever graded (date, grades, answers), oldest first. */
  reviewLog: z.array(Row),
  reports: z.array(Row),
  bugReports: z.array(Row),
})
export type AccountExport = z.infer<typeof AccountExport>
