import { isDeepStrictEqual } from 'node:util'
import { and, count, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { users } from '../../db/schema.js'

export type UserRow = typeof users.$inferSelect
export type Role = UserRow['role']

export function createUsersRepo(db: Db) {
  async function findBySubject(issuer: string, subject: string): Promise<UserRow | undefined> {
    const [row] = await db
      .select()
      .from(users)
      .where(and(eq(users.issuer, issuer), eq(users.subject, subject)))
    return row
  }
  return {
    findBySubject,
    async findByEmail(email: string): Promise<UserRow[]> {
      return db
        .select()
        .from(users)
        .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    },
    async findById(id: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id))
      return row
    },
    /**
     * Insert or refresh a user. On first insert the role is admin when `admin` is true or when
     * no user exists yet (the very first account of an install); otherwise learner. The
     * emptiness check and the insert happen in one statement, so two first sign-ups can't both win.
     * `firstUserIsAdmin: false` (an install exposed to a network) turns the first-account rule off.
     *
     * A refresh that would change nothing writes nothing: every write to users moves the users
     * cache version (migration 0017), which makes every instance drop every account it holds in
     * memory (docs/decisions/044), and every sign-in or app load syncs.
     */
    async upsert(input: {
      issuer: string
      subject: string
      email: string
      name: string
      picture: string | null
      claims: Record<string, unknown>
      admin: boolean
      firstUserIsAdmin?: boolean
    }): Promise<UserRow> {
      const current = await findBySubject(input.issuer, input.subject)
      if (
        current &&
        current.email === input.email &&
        current.name === input.name &&
        current.picture === input.picture &&
        isDeepStrictEqual(current.claims, input.claims) &&
        (!input.admin || current.role === 'admin')
      )
        return current
      const firstRole =
        input.firstUserIsAdmin === false
          ? sql`case when ${input.admin} then 'admin' else 'learner' end`
          : sql`case when ${input.admin} or not exists (select 1 from ${users}) then 'admin' else 'learner' end`
      const [row] = await db
        .insert(users)
        .values({
          issuer: input.issuer,
          subject: input.subject,
          email: input.email,
          name: input.name,
          picture: input.picture,
          claims: input.claims,
          role: firstRole,
        })
        .onConflictDoUpdate({
          target: [users.issuer, users.subject],
          set: {
            email: input.email,
            name: input.name,
            picture: input.picture,
            claims: input.claims,
            updatedAt: new Date(),
            ...(input.admin ? { role: 'admin' as const } : {}),
          },
        })
        .returning()
      return row!
    },
    async setRole(id: string, role: Role): Promise<UserRow | undefined> {
      const [row] = await db
        .update(users)
        .set({ role, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning()
      return row
    },
    async setPreferences(id: string, preferences: Record<string, unknown>): Promise<UserRow> {
      const [row] = await db
        .update(users)
        .set({ preferences, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning()
      return row!
    },
    async count(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(users)
      return row?.n ?? 0
    },
    async listByRoles(roles: Role[]): Promise<UserRow[]> {
      return db.select().from(users).where(sql`${users.role} in ${roles}`).orderBy(users.name)
    },
  }
}
export type UsersRepo = ReturnType<typeof createUsersRepo>
