/** oidc-client-ts keeps users and sign-in transactions under keys starting with 'oidc.'. */
const PREFIX = 'oidc.'

function authKeys(storage: Storage): string[] {
  const keys: string[] = []
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i)
    if (key?.startsWith(PREFIX)) keys.push(key)
  }
  return keys
}

/** True when every stored auth entry is parseable JSON. */
export function isAuthStorageHealthy(storage: Storage): boolean {
  return authKeys(storage).every((key) => {
    try {
      const value = storage.getItem(key)
      if (value === null) return true
      JSON.parse(value)
      return true
    } catch {
      return false
    }
  })
}

export function clearAuthStorage(storage: Storage): void {
  for (const key of authKeys(storage)) storage.removeItem(key)
}

/**
 * Corrupt local auth storage is cleared and the page reloads (spec §5, §8).
 * Returns true when a reload was requested, so the caller stops starting the app.
 */
export function repairAuthStorage(storage: Storage, reload: () => void): boolean {
  if (isAuthStorageHealthy(storage)) return false
  clearAuthStorage(storage)
  reload()
  return true
}
