import { Preferences, type UserProfile } from '@che/core'
import type { Principal } from '../../plugins/auth.js'
import { forbidden } from '../../errors.js'
import type { UserRow, UsersRepo } from './users.repo.js'

/** Claims that describe the token rather than the person (removed before storing, spec §3). */
const TECHNICAL_CLAIMS = new Set([
  'iss',
  'sub',
  'aud',
  'exp',
  'iat',
  'nbf',
  'jti',
  'azp',
  'scope',
  'client_id',
  'auth_time',
  'nonce',
  'at_hash',
  'c_hash',
  's_hash',
  'sid',
  'acr',
  'amr',
  'typ',
  'cnf',
  'gty',
  'org_id',
])

export function personClaims(claims: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(claims).filter(([k]) => !TECHNICAL_CLAIMS.has(k)))
}

export function toProfile(row: UserRow): UserProfile {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    picture: row.picture,
    role: row.role,
    editor: row.role === 'editor' || row.role === 'admin',
    preferences: Preferences.parse(row.preferences ?? {}),
  }
}

const str = (v: unknown): string | undefined =>
  typeof v === 'string' && v.trim() ? v.trim() : undefined

export function createUsersService(deps: {
  users: UsersRepo
  adminEmails: string[]
  /** Claims from the issuer's userinfo endpoint, for tokens that carry no profile claims. */
  userinfo: (principal: Principal) => Promise<Record<string, unknown>>
  /** The very first account becomes admin (loopback installs); off on an exposed install. */
  firstUserIsAdmin?: boolean
  /**
   * The current name of the caller's embedded account (undefined for an external provider's
   * users): it wins over the token's name claim, which is as old as the token, so a name changed
   * on the account page is not put back by a sync with a token issued before the change.
   */
  accountName?: (principal: Principal) => Promise<string | undefined>
}) {
  return {
    /**
     * Upsert the caller from the verified token. Identity-bearing claims (email) come only from
     * the token or the issuer's userinfo endpoint, never from the request body; the body's
     * authUser may only fill a missing display name or picture.
     */
    async sync(principal: Principal, authUser: Record<string, unknown> = {}): Promise<UserProfile> {
      let claims = personClaims(principal.claims)
      if (!str(claims.email))
        claims = { ...(await deps.userinfo(principal).then(personClaims)), ...claims }
      const email = (str(claims.email) ?? '').toLowerCase()
      const name =
        str(await deps.accountName?.(principal)) ??
        str(claims.name) ??
        str(authUser.name) ??
        (str(claims.given_name) &&
          [str(claims.given_name), str(claims.family_name)].filter(Boolean).join(' ')) ??
        str(claims.nickname) ??
        email.split('@')[0] ??
        ''
      const picture = str(claims.picture) ?? str(authUser.picture) ?? null
      // Only a provider-verified address may claim admin through ADMIN_EMAILS.
      const emailVerified = claims.email_verified === true
      const row = await deps.users.upsert({
        issuer: principal.issuer,
        subject: principal.subject,
        email,
        name,
        picture,
        claims,
        admin: emailVerified && email !== '' && deps.adminEmails.includes(email),
        firstUserIsAdmin: deps.firstUserIsAdmin ?? true,
      })
      return toProfile(row)
    },

    /** Merge preferences (spec §4: filter values merged into the existing filter). */
    async updatePreferences(
      user: UserRow,
      patch: {
        filter?: Partial<Preferences['filter']>
        getNextExample?: string
        offlineExercises?: number
      },
    ): Promise<UserProfile> {
      if (patch.getNextExample !== undefined && user.role !== 'admin') {
        throw forbidden('Only admins can choose the next example')
      }
      const current = Preferences.parse(user.preferences ?? {})
      const next: Preferences = {
        filter: { ...current.filter, ...patch.filter },
        getNextExample: patch.getNextExample ?? current.getNextExample,
        offlineExercises: patch.offlineExercises ?? current.offlineExercises,
      }
      return toProfile(await deps.users.setPreferences(user.id, next))
    },
  }
}
export type UsersService = ReturnType<typeof createUsersService>
