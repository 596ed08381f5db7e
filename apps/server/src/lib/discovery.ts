/** Reads an issuer's OpenID discovery document once and remembers it. */
export function createDiscovery(issuer: string) {
  let doc: Promise<Record<string, unknown>> | undefined
  return async (): Promise<Record<string, unknown>> => {
    doc ??= fetch(`${issuer}/.well-known/openid-configuration`, {
      signal: AbortSignal.timeout(10_000),
    })
      .then(async (res) => {
        if (!res.ok) throw new Error(`discovery failed with status ${res.status}`)
        return (await res.json()) as Record<string, unknown>
      })
      .catch((err: unknown) => {
        doc = undefined
        throw err
      })
    return doc
  }
}
