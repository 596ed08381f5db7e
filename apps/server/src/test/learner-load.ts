import { randomUUID } from 'node:crypto'
import { importJWK, SignJWT, type JWK } from 'jose'
import { openDatabase } from '../db/client.js'
import { loadSigningKeys } from '../idp/keys.js'

/**
 * Tokens for a running server on PostgreSQL `databaseUrl`, signed with the embedded provider's
 * persisted key exactly as the provider would sign them.
 */
export async function tokenMinter(databaseUrl: string, publicUrl: string) {
  const database = await openDatabase({ url: databaseUrl, dataDir: 'unused' })
  const jwk = (await loadSigningKeys(database.db)).keys[0] as JWK
  await database.close()
  return minterFromKey(jwk, publicUrl)
}

/**
 * Access tokens signed with `jwk` (the embedded provider's private key) for the app at
 * `publicUrl`: what the provider issues, for subjects `<subject>@<emailDomain>`.
 */
export async function minterFromKey(jwk: JWK, publicUrl: string, emailDomain = 'test.example') {
  const key = await importJWK(jwk, 'RS256')
  return (subject: string) =>
    new SignJWT({
      iss: `${publicUrl}/oidc`,
      aud: `${publicUrl}/api`,
      sub: subject,
      email: `${subject}@${emailDomain}`,
      email_verified: true,
      name: subject,
      scope: 'openid profile email',
      client_id: 'che-idioms-web',
      jti: randomUUID(),
    })
      .setProtectedHeader({ alg: 'RS256', kid: jwk.kid!, typ: 'at+jwt' })
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(key)
}

export interface Reply {
  status: number
  headers: Headers
  body: string
}

/** One API call; a network failure resolves with status 0 (the request never got an answer). */
export async function call(
  base: string,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
): Promise<Reply> {
  try {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    })
    return { status: res.status, headers: res.headers, body: await res.text() }
  } catch {
    return { status: 0, headers: new Headers(), body: '' }
  }
}

/**
 * Learners looping next + evaluate until `stop()`: every evaluate answered 2xx is an
 * acknowledged write, remembered by its attempt id. Status counts are kept per call.
 */
export function learningLoad(base: string | (() => string), tokens: string[]) {
  const acknowledged: string[] = []
  const statuses: Record<string, number> = {}
  const samples: { at: number; status: number; retryAfter: string | null }[] = []
  let running = true
  const baseOf = typeof base === 'string' ? () => base : base
  const count = (label: string, reply: Reply) => {
    statuses[`${label} ${reply.status}`] = (statuses[`${label} ${reply.status}`] ?? 0) + 1
    samples.push({
      at: performance.now(),
      status: reply.status,
      retryAfter: reply.headers.get('retry-after'),
    })
  }
  const loops = tokens.map(async (token) => {
    while (running) {
      const next = await call(baseOf(), 'GET', '/api/exercises/next', token)
      count('next', next)
      if (next.status !== 200) {
        await new Promise((r) => setTimeout(r, 50))
        continue
      }
      const example = JSON.parse(next.body) as {
        exampleId: string
        text: string
        translation: string
      }
      const attemptId = randomUUID()
      const res = await call(baseOf(), 'POST', '/api/exercises/evaluate', token, {
        exampleId: example.exampleId,
        userTranscription: example.text,
        userTranslation: example.translation,
        attemptId,
      })
      count('evaluate', res)
      if (res.status >= 200 && res.status < 300) acknowledged.push(attemptId)
      else await new Promise((r) => setTimeout(r, 50))
    }
  })
  return {
    acknowledged,
    statuses,
    samples,
    async stop() {
      running = false
      await Promise.all(loops)
    },
  }
}

/** Sign in every token once (POST /api/users/sync); the first account becomes the admin. */
export async function syncAll(base: string, tokens: string[]): Promise<void> {
  for (const token of tokens) {
    const res = await call(base, 'POST', '/api/users/sync', token, {})
    if (res.status !== 200) throw new Error(`sync failed: ${res.status} ${res.body}`)
  }
}

/** As the admin: lift the daily new-item limit so learners keep getting work. */
export async function liftDailyLimit(base: string, admin: string): Promise<void> {
  const current = JSON.parse((await call(base, 'GET', '/api/settings', admin)).body) as {
    settings: Record<string, string>
  }
  const saved = await call(base, 'POST', '/api/settings', admin, {
    settings: { ...current.settings, dailyNewLimit: '100000' },
  })
  if (saved.status !== 200)
    throw new Error(`could not save settings: ${saved.status} ${saved.body}`)
}
