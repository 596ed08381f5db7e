import { eq } from 'drizzle-orm'
import type { Db } from '../db/client.js'
import { secrets } from '../db/schema.js'

/**
 * Reads a secret, or stores the one `make` produces when there is none yet. When several
 * instances start at once, the first insert wins and everyone reads that one back.
 */
export async function loadOrCreateSecret<T>(
  db: Db,
  key: string,
  make: () => Promise<T>,
): Promise<T> {
  const read = async () =>
    (await db.select().from(secrets).where(eq(secrets.key, key)).limit(1))[0]?.value as
      | T
      | undefined
  const existing = await read()
  if (existing !== undefined) return existing
  await db
    .insert(secrets)
    .values({ key, value: await make() })
    .onConflictDoNothing()
  const stored = await read()
  if (stored === undefined) throw new Error(`could not store the secret ${key}`)
  return stored
}
