import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import { toMessage } from '../../errors.js'

/**
 * An idiom's meaning lists as one short value: 16 hex digits (64 bits) of SHA-256 over
 * `JSON.stringify([meanings, literals])`, or `[meanings, literals, senses]` for an idiom with
 * senses (decision 067), so order and spelling count (decision 065). An idiom of one sense keeps
 * the fingerprint it had before senses existed, so stored fingerprints and shipped-lists.json
 * stay valid.
 */
export function listsFingerprint(
  meanings: readonly string[],
  literals: readonly string[],
  senses: readonly (readonly string[])[] = [],
): string {
  return createHash('sha256')
    .update(JSON.stringify(senses.length ? [meanings, literals, senses] : [meanings, literals]))
    .digest('hex')
    .slice(0, 16)
}

/** content/shipped-lists.json, written by apps/server/src/cli/shipped-lists.ts from the content's git history. */
export const SHIPPED_LISTS_FILE = 'shipped-lists.json'

const ShippedListsFile = z.object({
  about: z.string().optional(),
  idioms: z.record(z.string(), z.array(z.string().regex(/^[0-9a-f]{16}$/))),
})

/** For each content key, the fingerprints of every set of meaning lists the library shipped. */
export type ShippedLists = ReadonlyMap<string, ReadonlySet<string>>

/**
 * Read `<dir>/shipped-lists.json`. A missing file is an empty history; a broken one is reported
 * and read as empty (library rows not yet settled then stay as they are).
 */
export async function loadShippedLists(
  dir: string,
): Promise<{ lists: ShippedLists; error?: string }> {
  let text: string
  try {
    text = await readFile(join(dir, SHIPPED_LISTS_FILE), 'utf8')
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { lists: new Map() }
    return { lists: new Map(), error: toMessage(err) }
  }
  try {
    const parsed = ShippedListsFile.safeParse(JSON.parse(text))
    if (!parsed.success) {
      const issues = parsed.error.issues.slice(0, 5).map((i) => `${i.path.join('.')}: ${i.message}`)
      return { lists: new Map(), error: issues.join('; ') }
    }
    return {
      lists: new Map(
        Object.entries(parsed.data.idioms).map(([key, hashes]) => [key, new Set(hashes)]),
      ),
    }
  } catch (err) {
    return { lists: new Map(), error: toMessage(err) }
  }
}
