import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { importJWK, SignJWT } from 'jose'
import type { Role } from '@che/core'
import { buildApp, type BuildOptions } from '../app.js'
import { loadConfig, type Config } from '../config.js'
import { createTestDatabase, type TestDatabase } from '../db/test-db.js'
import { loadSigningKeys } from '../idp/keys.js'
import { createUsersRepo, type UserRow } from '../modules/users/users.repo.js'
import { userIssuer } from '../plugins/auth.js'

export interface TestApp {
  app: FastifyInstance
  config: Config
  database: TestDatabase
  /** An access token signed with the embedded provider's own key, as the provider would issue it. */
  tokenFor(subject: string, claims?: Record<string, unknown>): Promise<string>
  /** A synced user with the given role, and a token for them. */
  userWithRole(role: Role, name?: string): Promise<{ user: UserRow; token: string }>
  close(): Promise<void>
}

/**
 * The whole app on a fresh database (PGlite, or PostgreSQL in the server-pg project), for
 * `app.inject()` tests. Tokens are real RS256 JWTs signed with the provider's persisted key, so
 * the API's verification (jose against the provider's JWKS) runs for real.
 */
export async function startTestApp(
  env: Record<string, string> = {},
  options: Omit<BuildOptions, 'database'> = {},
): Promise<TestApp> {
  const database = await createTestDatabase()
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://127.0.0.1:3999',
    DATA_DIR: 'memory://',
    ...env,
  })
  const app = await buildApp(config, { ...options, database })
  await app.ready()
  const jwks = await loadSigningKeys(database.db)
  const jwk = jwks.keys[0]!
  const key = await importJWK(jwk, 'RS256')
  const users = createUsersRepo(database.db)

  async function tokenFor(subject: string, claims: Record<string, unknown> = {}): Promise<string> {
    const now = Math.floor(Date.now() / 1000)
    return new SignJWT({
      iss: config.oidc.issuer,
      aud: config.oidc.audience,
      sub: subject,
      iat: now,
      exp: now + 3600,
      jti: randomUUID(),
      scope: 'openid profile email',
      client_id: config.oidc.clientId,
      ...claims,
    })
      .setProtectedHeader({ alg: 'RS256', kid: jwk.kid!, typ: 'at+jwt' })
      .sign(key)
  }

  return {
    app,
    config,
    database,
    tokenFor,
    async userWithRole(role, name = `${role} ${randomUUID().slice(0, 6)}`) {
      const subject = randomUUID()
      const email = `${subject.slice(0, 8)}@test.example`
      const row = await users.upsert({
        issuer: userIssuer(config.oidc),
        subject,
        email,
        name,
        picture: null,
        claims: {},
        admin: false,
      })
      const user = (await users.setRole(row.id, role))!
      return { user, token: await tokenFor(subject, { email, name }) }
    },
    async close() {
      await app.close()
      await database.drop()
    },
  }
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` })
