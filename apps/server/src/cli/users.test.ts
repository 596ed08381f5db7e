import { spawnSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { eq } from 'drizzle-orm'
import { importJWK, SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app.js'
import { loadConfig } from '../config.js'
import { openDatabase } from '../db/client.js'
import { createTestDatabase, type TestDatabase } from '../db/test-db.js'
import { idpAccounts, users } from '../db/schema.js'
import { loadSigningKeys } from '../idp/keys.js'
import { EMBEDDED_ISSUER } from '../plugins/auth.js'

const ROOT = resolve(import.meta.dirname, '../../../..')

describe('npm run users -- create, with another PORT and PUBLIC_URL than the server', () => {
  let dataDir: string

  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'che-users-cli-'))
  })
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

  it('creates an admin who is an admin when signing in to the server', {
    timeout: 240_000,
  }, async () => {
    const cli = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        'apps/server/src/cli/users.ts',
        'create',
        'boss@cli.test',
        '--name',
        'Bea Boss',
        '--password',
        'yerba-mate-con-azucar-7',
        '--role',
        'admin',
      ],
      {
        cwd: ROOT,
        encoding: 'utf8',
        env: {
          ...process.env,
          NODE_ENV: 'test',
          LOG_LEVEL: 'silent',
          DATA_DIR: dataDir,
          PORT: '3000',
          PUBLIC_URL: '',
          DATABASE_URL: '',
        },
      },
    )
    expect(cli.status, cli.stderr).toBe(0)
    expect(cli.stdout).toContain('created boss@cli.test (admin)')

    // The server runs on another port and address: its issuer is not the CLI's.
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      PORT: '4321',
      PUBLIC_URL: 'http://127.0.0.1:4321',
    })
    const database = await openDatabase({ url: undefined, dataDir })
    const app = await buildApp(config, { contentDir: false, database })
    try {
      await app.ready()
      // An access token as the embedded provider issues it at sign-in, for the CLI's account.
      const [account] = await database.db
        .select()
        .from(idpAccounts)
        .where(eq(idpAccounts.email, 'boss@cli.test'))
      const jwk = (await loadSigningKeys(database.db)).keys[0]!
      const now = Math.floor(Date.now() / 1000)
      const token = await new SignJWT({
        iss: config.oidc.issuer,
        aud: config.oidc.audience,
        sub: account!.id,
        iat: now,
        exp: now + 600,
        jti: randomUUID(),
        email: 'boss@cli.test',
        name: 'Bea Boss',
        client_id: config.oidc.clientId,
      })
        .setProtectedHeader({ alg: 'RS256', kid: jwk.kid!, typ: 'at+jwt' })
        .sign(await importJWK(jwk, 'RS256'))
      const res = await app.inject({
        method: 'POST',
        url: '/api/users/sync',
        headers: { authorization: `Bearer ${token}` },
        payload: {},
      })
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json()).toMatchObject({ email: 'boss@cli.test', role: 'admin' })
    } finally {
      await app.close()
      await database.close()
    }
  })
})

describe('migration 0014: embedded users under one issuer', () => {
  let database: TestDatabase
  beforeAll(async () => {
    database = await createTestDatabase()
  })
  afterAll(() => database.drop())

  it('moves each embedded account to the issuer "embedded", keeping its highest-role row', async () => {
    const db = database.db
    const [account] = await db
      .insert(idpAccounts)
      .values({ email: 'm@x.test', name: 'M', passwordHash: 'x' })
      .returning()
    const subject = account!.id
    await db.insert(users).values([
      { issuer: 'http://localhost:3000/oidc', subject, email: 'm@x.test', role: 'admin' },
      { issuer: 'http://127.0.0.1:3000/oidc', subject, email: 'm@x.test', role: 'learner' },
      { issuer: 'https://keycloak.test/realms/x', subject: randomUUID(), role: 'editor' },
    ])
    const sql = readFileSync(
      resolve(import.meta.dirname, '../../drizzle/0014_voice-embedded-issuer.sql'),
      'utf8',
    )
    await db.execute(sql)
    const rows = await db.select().from(users).where(eq(users.subject, subject))
    const moved = rows.filter((r) => r.issuer === EMBEDDED_ISSUER)
    expect(moved).toHaveLength(1)
    expect(moved[0]!.role).toBe('admin')
    const external = await db
      .select()
      .from(users)
      .where(eq(users.issuer, 'https://keycloak.test/realms/x'))
    expect(external).toHaveLength(1)
  })
})
