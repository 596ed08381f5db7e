/**
 * The in-process caches of this server, by name, so an admin can clear them all at once
 * (GET /api/admin/resetcaches). A module with a cache registers it when the app is built.
 */
export function createCacheRegistry(
  opts: {
    /** Tell the other instances to clear theirs too (PostgreSQL LISTEN/NOTIFY). */
    broadcast?: () => Promise<void>
  } = {},
) {
  const caches = new Map<string, () => void | Promise<void>>()
  async function clearLocal(): Promise<string[]> {
    for (const clear of caches.values()) await clear()
    return [...caches.keys()]
  }
  return {
    register(name: string, clear: () => void | Promise<void>): void {
      if (caches.has(name)) throw new Error(`cache ${name} is already registered`)
      caches.set(name, clear)
    },
    names(): string[] {
      return [...caches.keys()]
    },
    /**
     * Clear every cache here and on every other instance; returns the names cleared, in
     * registration order.
     */
    async clearAll(): Promise<string[]> {
      const cleared = await clearLocal()
      await opts.broadcast?.()
      return cleared
    },
    /** Clear this instance's caches only (another instance asked, or a missed notification). */
    clearLocal,
  }
}
export type CacheRegistry = ReturnType<typeof createCacheRegistry>
