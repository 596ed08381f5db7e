import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { decodeJwt, decodeProtectedHeader } from 'jose'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { buildApp } from '../app.js'
import { loadConfig, type Config } from '../config.js'
import { createTestDatabase, type TestDatabase } from '../db/test-db.js'
import { createUsersRepo } from '../modules/users/users.repo.js'
import { createAccountsRepo } from './accounts.js'
import { Browser, freePort } from './test-client.js'
import { idpFlows } from './test-flows.js'

const PASSWORD = 'mate amargo con bizcochitos'
const NEW_PASSWORD = 'colectivo lleno a las siete'
const ADMIN = 'boss@example.com'

interface Received {
  to: string[]
  text: string
}

/** A real SMTP server on a free loopback port that keeps what it receives. */
async function startMailbox() {
  const received: Received[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8')
        // Undo quoted-printable soft breaks and escapes: the links are long lines.
        const text = raw
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), text })
        callback()
      })
    },
  })
  const port = await freePort()
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

let mailbox: Awaited<ReturnType<typeof startMailbox>>
let config: Config
let database: TestDatabase
let app: FastifyInstance
let origin: string
let flows: ReturnType<typeof idpFlows>

beforeAll(async () => {
  mailbox = await startMailbox()
  const port = await freePort()
  origin = `http://127.0.0.1:${port}`
  config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PORT: String(port),
    PUBLIC_URL: origin,
    DATA_DIR: 'memory://',
    WEB_DIST: '/nonexistent',
    TRUST_PROXY: 'true',
    SMTP_URL: mailbox.url,
    MAIL_FROM: 'Che Idioms <noreply@che.test>',
    ADMIN_EMAILS: ADMIN,
  })
  database = await createTestDatabase()
  app = await buildApp(config, { database, contentDir: false })
  await app.listen({ host: '127.0.0.1', port })
  flows = idpFlows(origin, config)
})
afterAll(async () => {
  await app?.close()
  await database?.drop()
  await mailbox?.close()
})
beforeEach(() => {
  mailbox.received.length = 0
})

const uniqueEmail = () => `user-${randomBytes(4).toString('hex')}@example.com`

/** Waits for the next mail to `to` and returns its text. */
async function mailTo(to: string): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const mail = mailbox.received.find((m) => m.to.includes(to))
    if (mail) return mail.text
    await new Promise((r) => setTimeout(r, 50))
  }
  throw new Error(`no mail to ${to}`)
}
const linkIn = (text: string, kind: 'verify' | 'reset') => {
  const match = text.match(new RegExp(`${origin}/oidc/${kind}/[\\w-]+`))
  expect(match, text).not.toBeNull()
  return match![0]
}
const page = async (res: Response) => ({ status: res.status, html: await res.text() })

/** A confirmed account, signed in, with its tokens. */
async function confirmedUser(email = uniqueEmail()) {
  const up = await flows.signUp({ email, name: 'Lucía Pérez', password: PASSWORD })
  expect(up.res.status).toBe(200)
  const link = linkIn(await mailTo(email), 'verify')
  expect((await fetch(link)).status).toBe(200)
  const { flow, res } = await flows.signIn(email, PASSWORD)
  expect(res.status).toBe(303)
  return { email, tokens: await flows.tokensAfter(flow, res) }
}

describe('with SMTP configured', () => {
  it('confirms a new address by e-mail before the first sign-in; ADMIN_EMAILS then relies on it', async () => {
    const up = await flows.signUp({ email: ADMIN, name: 'La Jefa', password: PASSWORD })
    const shown = await page(up.res)
    expect(shown.status).toBe(200)
    expect(shown.html).toContain('Check your mailbox')
    const mail = await mailTo(ADMIN)
    expect(mail).toContain('Confirm your e-mail address')
    expect(mail).toContain('From: Che Idioms <noreply@che.test>')

    // Signing in before confirming sends a fresh link and says so.
    const early = await flows.signIn(ADMIN, PASSWORD)
    const earlyPage = await page(early.res)
    expect(earlyPage.status).toBe(403)
    expect(earlyPage.html).toContain('Confirm your e-mail address first')

    mailbox.received.length = 0
    const link = linkIn(await mailTo(ADMIN), 'verify')
    const confirmed = await page(await fetch(link))
    expect(confirmed.status).toBe(200)
    expect(confirmed.html).toContain('Your e-mail address is confirmed')
    // A link works once.
    expect((await fetch(link)).status).toBe(400)

    const { flow, res } = await flows.signIn(ADMIN, PASSWORD)
    expect(res.status).toBe(303)
    const tokens = await flows.tokensAfter(flow, res)
    const access = tokens.access_token as string
    expect(decodeJwt(access)).toMatchObject({ email: ADMIN, email_verified: true })
    expect(decodeProtectedHeader(access).typ).toBe('at+jwt')
    const profile = await fetch(`${origin}/api/users/sync`, {
      method: 'POST',
      headers: { authorization: `Bearer ${access}`, 'content-type': 'application/json' },
      body: '{}',
    })
    expect(((await profile.json()) as { role: string }).role).toBe('admin')
  })

  it('answers a sign-up with a taken address exactly like a new one, and tells the owner', async () => {
    const { email } = await confirmedUser()
    mailbox.received.length = 0
    const fresh = uniqueEmail()
    const taken = await page(
      (await flows.signUp({ email, name: 'Otra', password: NEW_PASSWORD })).res,
    )
    const created = await page(
      (await flows.signUp({ email: fresh, name: 'Otra', password: NEW_PASSWORD })).res,
    )
    expect(taken.status).toBe(created.status)
    expect(taken.html.replace(email, 'X')).toBe(created.html.replace(fresh, 'X'))
    expect(await mailTo(email)).toContain('already has one')
    // The owner's password still works; no second account appeared.
    expect((await flows.signIn(email, PASSWORD)).res.status).toBe(303)
    expect((await flows.signIn(email, NEW_PASSWORD)).res.status).toBe(401)
  })

  it('resets a password through a single-use e-mailed link that ends the old sessions', async () => {
    const { email, tokens } = await confirmedUser()
    mailbox.received.length = 0
    const browser = new Browser(origin)
    const ask = await page(await browser.request('/oidc/reset', { form: { email } }))
    expect(ask.status).toBe(200)
    expect(ask.html).toContain('Check your mailbox')
    const unknown = uniqueEmail()
    const askUnknown = await page(
      await browser.request('/oidc/reset', { form: { email: unknown } }),
    )
    expect(askUnknown.html.replace(unknown, 'X')).toBe(ask.html.replace(email, 'X'))

    const link = linkIn(await mailTo(email), 'reset')
    const form = await page(await browser.request(link.slice(origin.length)))
    expect(form.status).toBe(200)
    expect(form.html).toContain('Choose a new password')
    // A weak password is refused and the link stays usable.
    const weak = await page(
      await browser.request(link.slice(origin.length), { form: { password: 'password1' } }),
    )
    expect(weak.status).toBe(400)
    expect(weak.html).toContain('too common')
    const done = await page(
      await browser.request(link.slice(origin.length), { form: { password: NEW_PASSWORD } }),
    )
    expect(done.status).toBe(200)
    expect(done.html).toContain('Your password is changed')
    const again = await browser.request(link.slice(origin.length), {
      form: { password: 'yet another fine passphrase' },
    })
    expect(again.status).toBe(400)

    const refreshed = await flows.token({
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token as string,
    })
    expect(refreshed.body.error).toBe('invalid_grant')
    expect((await flows.signIn(email, PASSWORD)).res.status).toBe(401)
    expect((await flows.signIn(email, NEW_PASSWORD)).res.status).toBe(303)
    expect(mailbox.received.filter((m) => m.to.includes(unknown))).toEqual([])
  })

  it('answers NUL in the sign-up, sign-in and reset forms with the form again, not an error page', async () => {
    const up = await page(
      (await flows.signUp({ email: uniqueEmail(), name: 'Ana\u0000', password: PASSWORD })).res,
    )
    expect(up.status).toBe(400)
    expect(up.html).toContain('not allowed')
    const bad = await page(
      (await flows.signUp({ email: 'a\u0000@example.com', name: 'Ana', password: PASSWORD })).res,
    )
    expect(bad.status).toBe(400)
    const signIn = await page((await flows.signIn('a\u0000@example.com', PASSWORD)).res)
    expect(signIn.status).toBe(401)
    const reset = await page(
      await new Browser(origin).request('/oidc/reset', { form: { email: 'a\u0000@example.com' } }),
    )
    expect(reset.status).toBe(400)
  })

  it('refuses an expired or unknown reset link', async () => {
    const res = await page(await fetch(`${origin}/oidc/reset/not-a-real-token`))
    expect(res.status).toBe(400)
    expect(res.html).toContain('no longer valid')
    const { email } = await confirmedUser()
    const accounts = createAccountsRepo(database.db)
    const account = await accounts.findByEmail(email)
    const expired = await accounts.createToken(
      account!.id,
      'reset',
      60_000,
      new Date(Date.now() - 120_000),
    )
    expect((await fetch(`${origin}/oidc/reset/${expired}`)).status).toBe(400)
    const post = await fetch(`${origin}/oidc/reset/${expired}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ password: NEW_PASSWORD }),
    })
    expect(post.status).toBe(400)
    expect((await flows.signIn(email, PASSWORD)).res.status).toBe(303)
  })

  it('refuses a disabled account at sign-in and at refresh', async () => {
    const { email, tokens } = await confirmedUser()
    const users = createUsersRepo(database.db)
    // The user row appears at the first API call.
    const sync = (access: unknown) =>
      fetch(`${origin}/api/users/sync`, {
        method: 'POST',
        headers: { authorization: `Bearer ${String(access)}`, 'content-type': 'application/json' },
        body: '{}',
      })
    await sync(tokens.access_token)
    const [row] = await users.findByEmail(email)
    const admin = await confirmedUser()
    await sync(admin.tokens.access_token)
    const [adminRow] = await users.findByEmail(admin.email)
    await users.setRole(adminRow!.id, 'admin')
    const disable = await fetch(`${origin}/api/admin/users/${row!.id}/disable`, {
      method: 'POST',
      headers: { authorization: `Bearer ${String(admin.tokens.access_token)}` },
    })
    expect(disable.status).toBe(200)

    const api = await fetch(`${origin}/api/exercises/stats`, {
      headers: { authorization: `Bearer ${String(tokens.access_token)}` },
    })
    expect(api.status).toBe(403)
    expect(await api.json()).toMatchObject({ code: 'ACCOUNT_DISABLED' })
    const refreshed = await flows.token({
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token as string,
    })
    expect(refreshed.body.error).toBe('invalid_grant')
    const signIn = await page((await flows.signIn(email, PASSWORD)).res)
    expect(signIn.status).toBe(403)
    expect(signIn.html).toContain('This account is disabled')
  })
})
