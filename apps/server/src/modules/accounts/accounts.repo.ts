import { asc, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import {
  bugReports,
  deletedUsers,
  idpAccounts,
  oidcPayloads,
  progress,
  reports,
  reviewLog,
  users,
} from '../../db/schema.js'
import type { UserRow } from '../users/users.repo.js'

/** Account administration and self-service: disabling, deleting, exporting a user's data. */
export function createUserAccountsRepo(db: Db) {
  return {
    async list(): Promise<UserRow[]> {
      return db.select().from(users).orderBy(asc(users.name), asc(users.email))
    },

    async findById(id: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id))
      return row
    },

    async setDisabledAt(id: string, at: Date | null): Promise<UserRow | undefined> {
      const [row] = await db
        .update(users)
        .set({ disabledAt: at, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning()
      return row
    },

    /** Set the role of the users `ids` in one statement (the operator's CLI). */
    async setRoles(ids: string[], role: UserRow['role']): Promise<UserRow[]> {
      if (ids.length === 0) return []
      return db
        .update(users)
        .set({ role, updatedAt: new Date() })
        .where(inArray(users.id, ids))
        .returning()
    },

    /**
     * Set `id`'s role on behalf of `adminId`, only while `adminId` is still an admin. The admins'
     * rows are locked first, so two admins taking each other's admin role at once cannot both
     * win and leave the install without one: the second finds it is no longer admin.
     * `undefined` when `id` does not exist; 'not-admin' when `adminId` no longer is one.
     */
    async setRoleAsAdmin(
      adminId: string,
      id: string,
      role: UserRow['role'],
    ): Promise<UserRow | 'not-admin' | undefined> {
      return db.transaction(async (tx) => {
        const admins = await tx
          .select({ id: users.id })
          .from(users)
          .where(eq(users.role, 'admin'))
          .orderBy(asc(users.id))
          .for('update')
        if (!admins.some((row) => row.id === adminId)) return 'not-admin'
        const [row] = await tx
          .update(users)
          .set({ role, updatedAt: new Date() })
          .where(eq(users.id, id))
          .returning()
        return row
      })
    },

    /** When the subject's user was deleted, if it was. */
    async deletedAt(issuer: string, subject: string): Promise<Date | undefined> {
      const [row] = await db
        .select({ at: deletedUsers.deletedAt })
        .from(deletedUsers)
        .where(sql`${deletedUsers.issuer} = ${issuer} and ${deletedUsers.subject} = ${subject}`)
      return row?.at
    },

    /**
     * Deletes the user and everything of theirs in one transaction: progress, attempts, reports
     * and assignments go with the row (foreign keys cascade), bug reports stay without a
     * reporter; the embedded provider's account and its sessions, grants and refresh tokens go
     * too when `embeddedAccountId` is given. A tombstone keeps tokens already issued from
     * re-creating the user.
     */
    async deleteUser(user: UserRow, embeddedAccountId: string | undefined, at: Date) {
      await db.transaction(async (tx) => {
        await tx
          .insert(deletedUsers)
          .values({ issuer: user.issuer, subject: user.subject, deletedAt: at })
          .onConflictDoUpdate({
            target: [deletedUsers.issuer, deletedUsers.subject],
            set: { deletedAt: at },
          })
        await tx.delete(users).where(eq(users.id, user.id))
        if (embeddedAccountId) {
          await tx.delete(idpAccounts).where(eq(idpAccounts.id, embeddedAccountId))
          await tx
            .delete(oidcPayloads)
            .where(sql`${oidcPayloads.payload}->>'accountId' = ${embeddedAccountId}`)
        }
      })
    },

    /**
     * A new display name for a user of the embedded provider: its account (where new tokens take
     * the name from) and the product user (what the app shows), in one transaction.
     */
    async renameUser(
      userId: string,
      embeddedAccountId: string,
      name: string,
    ): Promise<UserRow | undefined> {
      return db.transaction(async (tx) => {
        const [account] = await tx
          .update(idpAccounts)
          .set({ name })
          .where(eq(idpAccounts.id, embeddedAccountId))
          .returning({ id: idpAccounts.id })
        if (!account) return undefined
        const [row] = await tx
          .update(users)
          .set({ name, updatedAt: new Date() })
          .where(eq(users.id, userId))
          .returning()
        return row
      })
    },

    async hasAdmin(): Promise<boolean> {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.role, 'admin'))
        .limit(1)
      return row !== undefined
    },

    /** Makes the user admin only while nobody is (one statement, so two claims cannot both win). */
    async claimFirstAdmin(id: string): Promise<UserRow | undefined> {
      const [row] = await db
        .update(users)
        .set({ role: 'admin', updatedAt: new Date() })
        .where(
          sql`${users.id} = ${id} and not exists (select 1 from ${users} where ${users.role} = 'admin')`,
        )
        .returning()
      return row
    },

    async progressOf(userId: string) {
      return db
        .select()
        .from(progress)
        .where(eq(progress.userId, userId))
        .orderBy(asc(progress.createdAt))
    },

    /** Every review of the user, oldest first (the append-only review log). */
    async reviewLogOf(userId: string) {
      const { id, progressId, reviewedAt, rating, state, elapsedDays, scheduledDays } = reviewLog
      return db
        .select({
          id,
          progressId,
          exampleId: progress.exampleId,
          reviewedAt,
          rating,
          state,
          elapsedDays,
          scheduledDays,
          stability: reviewLog.stability,
          difficulty: reviewLog.difficulty,
          evaluation: reviewLog.evaluation,
        })
        .from(reviewLog)
        .innerJoin(progress, eq(progress.id, reviewLog.progressId))
        .where(eq(reviewLog.userId, userId))
        .orderBy(asc(reviewLog.reviewedAt), asc(reviewLog.id))
    },

    async reportsOf(userId: string) {
      return db
        .select()
        .from(reports)
        .where(eq(reports.userId, userId))
        .orderBy(asc(reports.generatedAt))
    },

    async bugReportsOf(userId: string) {
      return db
        .select()
        .from(bugReports)
        .where(eq(bugReports.reporterId, userId))
        .orderBy(asc(bugReports.createdAt))
    },
  }
}
export type UserAccountsRepo = ReturnType<typeof createUserAccountsRepo>
