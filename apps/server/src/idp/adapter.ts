import { and, eq, gt, isNull, lte, or, sql } from 'drizzle-orm'
import type { Adapter, AdapterConstructor, AdapterPayload } from 'oidc-provider'
import type { Db } from '../db/client.js'
import { oidcPayloads } from '../db/schema.js'

type Clock = () => Date

/**
 * oidc-provider's storage on Drizzle: one `oidc_payloads` row per model instance (sessions,
 * grants, codes, tokens, interactions...), so every instance of the server sees the same state
 * and a restart keeps everyone signed in. Rows past `expires_at` are treated as absent.
 */
export function createDrizzleAdapter(db: Db, clock: Clock = () => new Date()): AdapterConstructor {
  const notExpired = () => or(isNull(oidcPayloads.expiresAt), gt(oidcPayloads.expiresAt, clock()))

  function toPayload(
    row: typeof oidcPayloads.$inferSelect | undefined,
  ): AdapterPayload | undefined {
    if (!row) return undefined
    const payload = { ...row.payload } as AdapterPayload
    if (row.consumedAt) payload.consumed = Math.floor(row.consumedAt.getTime() / 1000)
    return payload
  }

  return class DrizzleAdapter implements Adapter {
    constructor(readonly model: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
      const values = {
        payload: payload as Record<string, unknown>,
        grantId: payload.grantId ?? null,
        userCode: payload.userCode ?? null,
        uid: payload.uid ?? null,
        expiresAt:
          typeof expiresIn === 'number' ? new Date(clock().getTime() + expiresIn * 1000) : null,
        consumedAt: typeof payload.consumed === 'number' ? new Date(payload.consumed * 1000) : null,
      }
      await db
        .insert(oidcPayloads)
        .values({ model: this.model, id, ...values })
        .onConflictDoUpdate({ target: [oidcPayloads.model, oidcPayloads.id], set: values })
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      return this.findOne(eq(oidcPayloads.id, id))
    }

    async findByUid(uid: string): Promise<AdapterPayload | undefined> {
      return this.findOne(eq(oidcPayloads.uid, uid))
    }

    async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      return this.findOne(eq(oidcPayloads.userCode, userCode))
    }

    async consume(id: string): Promise<void> {
      await db
        .update(oidcPayloads)
        .set({ consumedAt: clock() })
        .where(and(eq(oidcPayloads.model, this.model), eq(oidcPayloads.id, id)))
    }

    async destroy(id: string): Promise<void> {
      await db
        .delete(oidcPayloads)
        .where(and(eq(oidcPayloads.model, this.model), eq(oidcPayloads.id, id)))
    }

    /** Removes every token, code and session artefact of the grant, whatever its model. */
    async revokeByGrantId(grantId: string): Promise<void> {
      await db.delete(oidcPayloads).where(eq(oidcPayloads.grantId, grantId))
    }

    private async findOne(where: ReturnType<typeof eq>): Promise<AdapterPayload | undefined> {
      const [row] = await db
        .select()
        .from(oidcPayloads)
        .where(and(eq(oidcPayloads.model, this.model), where, notExpired()))
        .limit(1)
      return toPayload(row)
    }
  }
}

/** Deletes rows whose lifetime is over; returns how many went. */
export async function deleteExpiredPayloads(db: Db, now: Date = new Date()): Promise<number> {
  const gone = await db
    .delete(oidcPayloads)
    .where(lte(oidcPayloads.expiresAt, now))
    .returning({ id: oidcPayloads.id })
  return gone.length
}

/**
 * Ends everything the provider holds for an account: sessions, grants, refresh tokens, codes
 * (each payload names its accountId). Its JWT access tokens are not stored; the API refuses
 * them through the user's disabled or deleted state instead.
 */
export async function revokeAccountPayloads(db: Db, accountId: string): Promise<number> {
  const gone = await db
    .delete(oidcPayloads)
    .where(sql`${oidcPayloads.payload}->>'accountId' = ${accountId}`)
    .returning({ id: oidcPayloads.id })
  return gone.length
}
