import type { VersionReader } from '../../db/cache-versions.js'
import type { UserRow, UsersRepo } from './users.repo.js'

/** At most this many callers' rows are held; the oldest goes first. */
const MAX_ENTRIES = 10_000

/**
 * The callers' user rows held in memory by this instance, so an authenticated request does not
 * read its user again (docs/decisions/044). Every row written in users bumps
 * `cache_versions.users` in the writing transaction (migration 0017); a row is used only when it was
 * read at the version read now for this request, so a role change, a disabled or deleted account
 * or new preferences count from the next request on, whichever instance wrote them.
 */
export function createUsersCache(
  repo: Pick<UsersRepo, 'findBySubject'>,
  versions: Pick<VersionReader, 'read'>,
) {
  const rows = new Map<string, UserRow>()
  let version = -1

  return {
    /**
     * The id of the row held for this subject, without checking the versions: a hint only (for a
     * read that may start before the check, decision 050), never who the caller is. A caller's id
     * does not change, but the row may be gone or stale: use `findBySubject` for the caller.
     */
    peekId(issuer: string, subject: string): string | undefined {
      return rows.get(`${issuer}\n${subject}`)?.id
    },

    /** `scope`: the request, whose later reads of the versions then share this one. */
    async findBySubject(
      issuer: string,
      subject: string,
      scope?: object,
    ): Promise<UserRow | undefined> {
      const now = (await versions.read('users', scope)).get('users')
      // Without the row, or behind a newer read: no cache for this request.
      if (now === undefined || now < version) return repo.findBySubject(issuer, subject)
      if (now > version) {
        rows.clear()
        version = now
      }
      const key = `${issuer}\n${subject}`
      const hit = rows.get(key)
      if (hit) return hit
      // Read after `now` was: at least as new as that version (never older), so it may be kept
      // under it, unless a newer version came meanwhile.
      const row = await repo.findBySubject(issuer, subject)
      if (row && version === now) {
        if (rows.size >= MAX_ENTRIES) rows.delete(rows.keys().next().value!)
        rows.set(key, row)
      }
      return row
    },
  }
}
