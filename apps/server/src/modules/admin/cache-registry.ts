/**
 * The in-process caches of this server, by name, so an admin can clear them all at once
 * (GET /api/admin/resetcaches). A module with a cache registers it when the app is built.
 */
export function createCacheRegistry() {
  const caches = new Map<string, () => void | Promise<void>>()
  return {
    register(name: string, clear: () => void | Promise<void>): void {
      if (caches.has(name)) throw new Error(`cache ${name} is already registered`)
      caches.set(name, clear)
    },
    names(): string[] {
      return [...caches.keys()]
    },
    /** Clear every cache; returns the names cleared, in registration order. */
    async clearAll(): Promise<string[]> {
      for (const clear of caches.values()) await clear()
      return [...caches.keys()]
    },
  }
}
export type CacheRegistry = ReturnType<typeof createCacheRegistry>
