import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { createRemoteJWKSet, decodeJwt, jwtVerify, type JSONWebKeySet } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app.js'
import { loadConfig, type Config } from '../config.js'
import { createTestDatabase, type TestDatabase } from '../db/test-db.js'
import { createTokenVerifier, EMBEDDED_ISSUER } from '../plugins/auth.js'
import { Browser, freePort, inputValue, pkce } from './test-client.js'

const PASSWORD = 'mate amargo con bizcochitos'

let config: Config
let database: TestDatabase
let app: FastifyInstance
let origin: string
let redirectUri: string

async function start(): Promise<FastifyInstance> {
  const server = await buildApp(config, { database })
  await server.listen({ host: '127.0.0.1', port: config.port })
  return server
}

beforeAll(async () => {
  const port = await freePort()
  origin = `http://127.0.0.1:${port}`
  redirectUri = `${origin}/`
  config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PORT: String(port),
    PUBLIC_URL: origin,
    DATA_DIR: 'memory://',
    WEB_DIST: '/nonexistent',
    // The test client gives each simulated browser its own X-Forwarded-For address.
    TRUST_PROXY: 'true',
  })
  database = await createTestDatabase()
  app = await start()
})

afterAll(async () => {
  await app?.close()
  await database?.drop()
})

const uniqueEmail = () => `user-${randomBytes(4).toString('hex')}@Example.com`
const atSpa = (url: URL) => `${url.origin}${url.pathname}` === redirectUri

/** Starts an authorization request the way the SPA does. */
async function authorize(browser: Browser, extra: Record<string, string> = {}) {
  const { verifier, challenge } = pkce()
  const state = randomBytes(8).toString('hex')
  const nonce = randomBytes(8).toString('hex')
  const params = new URLSearchParams({
    client_id: config.oidc.clientId,
    response_type: 'code',
    redirect_uri: redirectUri,
    scope: 'openid profile email offline_access',
    state,
    nonce,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    ...extra,
  })
  const res = await browser.request(`/oidc/auth?${params}`)
  return { res, verifier, state, nonce }
}

/** Where an authorize request ends up: the interaction page or the SPA's callback. */
async function landing(browser: Browser, res: Response) {
  return browser.follow(res, (url) => atSpa(url) || url.pathname.startsWith('/oidc/interaction/'))
}

async function openInteraction(browser: Browser) {
  const started = await authorize(browser)
  const { url } = await landing(browser, started.res)
  expect(url.pathname).toMatch(/^\/oidc\/interaction\/[\w-]+$/)
  return { ...started, interaction: url.pathname }
}

async function signUp(browser: Browser, input: { email: string; name: string; password: string }) {
  const started = await openInteraction(browser)
  const page = await browser.request(`${started.interaction}/signup`)
  expect(page.status).toBe(200)
  const res = await browser.request(`${started.interaction}/signup`, { form: input })
  return { ...started, res }
}

async function codeFrom(browser: Browser, res: Response, state: string): Promise<string> {
  const { url } = await browser.follow(res, atSpa)
  expect(atSpa(url)).toBe(true)
  expect(url.searchParams.get('error')).toBeNull()
  expect(url.searchParams.get('state')).toBe(state)
  return url.searchParams.get('code')!
}

async function token(form: Record<string, string>) {
  const res = await fetch(`${origin}/oidc/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_id: config.oidc.clientId, ...form }),
  })
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}

async function exchange(code: string, verifier: string) {
  return token({
    grant_type: 'authorization_code',
    code,
    redirect_uri: redirectUri,
    code_verifier: verifier,
  })
}

/** A new account, signed in, with its first tokens. */
async function newUser(browser = new Browser(origin)) {
  const email = uniqueEmail()
  const flow = await signUp(browser, { email, name: 'Lucía Pérez', password: PASSWORD })
  const code = await codeFrom(browser, flow.res, flow.state)
  const tokens = await exchange(code, flow.verifier)
  expect(tokens.status).toBe(200)
  return { browser, email: email.toLowerCase(), nonce: flow.nonce, tokens: tokens.body }
}

describe('embedded identity provider', () => {
  it('publishes discovery with S256-only PKCE and its endpoints under /oidc', async () => {
    const res = await fetch(`${origin}/oidc/.well-known/openid-configuration`)
    expect(res.status).toBe(200)
    const doc = (await res.json()) as Record<string, unknown>
    expect(doc).toMatchObject({
      issuer: config.oidc.issuer,
      authorization_endpoint: `${origin}/oidc/auth`,
      token_endpoint: `${origin}/oidc/token`,
      jwks_uri: `${origin}/oidc/jwks`,
      end_session_endpoint: `${origin}/oidc/session/end`,
      code_challenge_methods_supported: ['S256'],
      id_token_signing_alg_values_supported: expect.arrayContaining(['RS256']),
      scopes_supported: expect.arrayContaining(['openid', 'profile', 'email', 'offline_access']),
    })
    const jwks = await (await fetch(`${origin}/oidc/jwks`)).json()
    expect(jwks).toEqual({
      keys: [expect.objectContaining({ kty: 'RSA', alg: 'RS256', use: 'sig' })],
    })
    expect(JSON.stringify(jwks)).not.toMatch(/"d"|"p"|"q"/)
  })

  it('signs up, returns to the SPA with a code and issues verifiable ID and access tokens', async () => {
    const { email, nonce, tokens } = await newUser()
    expect(tokens).toMatchObject({
      access_token: expect.any(String),
      id_token: expect.any(String),
      refresh_token: expect.any(String),
      token_type: 'Bearer',
      expires_in: expect.any(Number),
    })

    const jwks = createRemoteJWKSet(new URL(`${origin}/oidc/jwks`))
    const id = await jwtVerify(tokens.id_token as string, jwks, {
      issuer: config.oidc.issuer,
      audience: config.oidc.clientId,
      algorithms: ['RS256'],
    })
    expect(id.payload).toMatchObject({
      sub: expect.any(String),
      nonce,
      email,
      email_verified: false,
      name: 'Lucía Pérez',
    })

    const access = await jwtVerify(tokens.access_token as string, jwks, {
      issuer: config.oidc.issuer,
      audience: config.oidc.audience,
      algorithms: ['RS256'],
    })
    expect(access.payload).toMatchObject({
      sub: id.payload.sub,
      email,
      name: 'Lucía Pérez',
      client_id: config.oidc.clientId,
    })
    expect(String(access.payload.scope).split(' ')).toEqual(
      expect.arrayContaining(['openid', 'profile', 'email']),
    )

    // The API's own verifier accepts it through the provider's public JWKS.
    const published = (await (await fetch(`${origin}/oidc/jwks`)).json()) as JSONWebKeySet
    const principal = await createTokenVerifier(
      config.oidc,
      () => published,
    )(tokens.access_token as string)
    // Embedded accounts are stored under one issuer whatever the PUBLIC_URL (see userIssuer).
    expect(principal).toMatchObject({ issuer: EMBEDDED_ISSUER, subject: id.payload.sub })
  })

  it('refuses the plain PKCE method', async () => {
    const browser = new Browser(origin)
    const { res } = await authorize(browser, {
      code_challenge: pkce().verifier,
      code_challenge_method: 'plain',
    })
    const { url } = await browser.follow(res, atSpa)
    expect(atSpa(url)).toBe(true)
    expect(url.searchParams.get('error')).toBe('invalid_request')
    expect(url.searchParams.get('code')).toBeNull()
  })

  it('refuses a code exchange without the right code_verifier', async () => {
    const browser = new Browser(origin)
    const flow = await signUp(browser, { email: uniqueEmail(), name: 'Ana', password: PASSWORD })
    const code = await codeFrom(browser, flow.res, flow.state)
    const bad = await exchange(code, pkce().verifier)
    expect(bad).toMatchObject({ status: 400, body: { error: 'invalid_grant' } })
  })

  it('exchanges a refresh token for new tokens, rotating it', async () => {
    const { tokens } = await newUser()
    const refreshed = await token({
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token as string,
    })
    expect(refreshed.status).toBe(200)
    expect(refreshed.body).toMatchObject({
      access_token: expect.any(String),
      id_token: expect.any(String),
      refresh_token: expect.any(String),
    })
    expect(refreshed.body.refresh_token).not.toBe(tokens.refresh_token)
    expect(decodeJwt(refreshed.body.access_token as string).aud).toBe(config.oidc.audience)
  })

  it('answers prompt=none with a code when signed in and login_required when not', async () => {
    const { browser } = await newUser()
    const silent = await authorize(browser, { prompt: 'none' })
    const code = await codeFrom(browser, silent.res, silent.state)
    expect((await exchange(code, silent.verifier)).status).toBe(200)

    const stranger = new Browser(origin)
    const anonymous = await authorize(stranger, { prompt: 'none' })
    const { url } = await stranger.follow(anonymous.res, atSpa)
    expect(url.searchParams.get('error')).toBe('login_required')
    expect(url.searchParams.get('state')).toBe(anonymous.state)
  })

  it('signs an existing user in with e-mail and password, whatever the case of the address', async () => {
    const { email } = await newUser()
    const browser = new Browser(origin)
    const flow = await openInteraction(browser)
    const page = await browser.request(flow.interaction)
    const html = await page.text()
    expect(page.status).toBe(200)
    expect(page.headers.get('referrer-policy')).toBe('same-origin')
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'")
    expect(html).toContain('<label for="email">')
    expect(html).toContain(`href="${flow.interaction}/signup"`)
    expect(html).not.toMatch(/<script(?![^>]*src=)/)
    const res = await browser.request(`${flow.interaction}/login`, {
      form: { email: email.toUpperCase(), password: PASSWORD },
    })
    expect(res.status).toBe(303)
    const code = await codeFrom(browser, res, flow.state)
    expect((await exchange(code, flow.verifier)).status).toBe(200)
  })

  it('serves its stylesheet from its own origin', async () => {
    const res = await fetch(`${origin}/oidc/assets/idp.css`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('text/css')
  })

  it('offers a show-password toggle on its password pages, from a script of its own origin', async () => {
    const browser = new Browser(origin)
    const flow = await openInteraction(browser)
    const signIn = await (await browser.request(flow.interaction)).text()
    expect(signIn).toContain('<script src="/oidc/assets/password.js" defer></script>')
    const signUp = await (await browser.request(`${flow.interaction}/signup`)).text()
    expect(signUp).toContain('src="/oidc/assets/password.js"')
    const res = await fetch(`${origin}/oidc/assets/password.js`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('text/javascript')
    const script = await res.text()
    expect(script).toContain("'Show password'")
    expect(script).toContain('aria-pressed')
  })

  describe('sign-in and sign-up errors', () => {
    let email: string
    beforeAll(async () => {
      ;({ email } = await newUser())
    })

    async function submit(action: 'login' | 'signup', form: Record<string, string>) {
      const browser = new Browser(origin)
      const flow = await openInteraction(browser)
      const res = await browser.request(`${flow.interaction}/${action}`, { form })
      return { status: res.status, html: await res.text(), headers: res.headers }
    }

    it('says the e-mail or the password is wrong, keeping the address', async () => {
      const res = await submit('login', { email, password: 'not the password' })
      expect(res.status).toBe(401)
      expect(res.html).toContain('The e-mail address or the password is wrong')
      expect(res.html).toContain('role="alert"')
      expect(res.html).toContain(`value="${email}"`)
    })

    it('answers an unknown e-mail exactly as a wrong password (no account enumeration)', async () => {
      const unknown = uniqueEmail()
      const wrongPassword = await submit('login', { email, password: 'not the password' })
      const noAccount = await submit('login', { email: unknown, password: PASSWORD })
      expect(noAccount.status).toBe(wrongPassword.status)
      const normalise = (html: string, address: string) =>
        html.replaceAll(address, 'ADDRESS').replace(/\/interaction\/[\w-]+/g, '/interaction/UID')
      expect(normalise(noAccount.html, unknown)).toBe(normalise(wrongPassword.html, email))
      expect(noAccount.html).not.toMatch(/aria-invalid/)
    })

    it('refuses a second account with the same e-mail in another case', async () => {
      const res = await submit('signup', {
        email: email.toUpperCase(),
        name: 'Otro',
        password: PASSWORD,
      })
      expect(res.status).toBe(409)
      expect(res.html).toContain('An account with this e-mail already exists')
    })

    it('refuses a weak password and shows the rules', async () => {
      const res = await submit('signup', {
        email: uniqueEmail(),
        name: 'Otro',
        password: 'password1',
      })
      expect(res.status).toBe(400)
      expect(res.html).toContain('too common or easy to guess')
      expect(res.html).toContain('At least 8 characters')
    })

    it('refuses a short password', async () => {
      const res = await submit('signup', { email: uniqueEmail(), name: 'Otro', password: 'Xy7$' })
      expect(res.status).toBe(400)
      expect(res.html).toContain('at least 8 characters')
    })

    it('refuses an invalid e-mail, keeping what was typed', async () => {
      const res = await submit('signup', {
        email: 'not-an-address',
        name: 'Otro <b>',
        password: PASSWORD,
      })
      expect(res.status).toBe(400)
      expect(res.html).toContain('Enter a valid e-mail address')
      expect(res.html).toContain('value="Otro &lt;b&gt;"')
    })

    it('shows an expired-page message for an unknown interaction', async () => {
      const res = await new Browser(origin).request('/oidc/interaction/nope')
      expect(res.status).toBe(400)
      expect(await res.text()).toContain('This page has expired')
    })

    it('limits sign-in attempts per e-mail address', async () => {
      const { email } = await newUser()
      const browser = new Browser(origin)
      const flow = await openInteraction(browser)
      const statuses: number[] = []
      let last = ''
      for (let i = 0; i < 11; i++) {
        const res = await browser.request(`${flow.interaction}/login`, {
          form: { email, password: `wrong guess ${i}` },
          headers: { 'x-forwarded-for': `10.0.0.${i}` },
        })
        statuses.push(res.status)
        last = await res.text()
      }
      expect(statuses).toEqual([...Array(10).fill(401), 429])
      expect(last).toContain('Too many sign-in attempts')
      // The right password is refused too while the limit lasts.
      const blocked = await browser.request(`${flow.interaction}/login`, {
        form: { email, password: PASSWORD },
      })
      expect(blocked.status).toBe(429)
      expect(blocked.headers.get('retry-after')).toMatch(/^\d+$/)
    })

    it('limits sign-in attempts per client address', async () => {
      const browser = new Browser(origin)
      const flow = await openInteraction(browser)
      const statuses: number[] = []
      for (let i = 0; i < 11; i++) {
        const res = await browser.request(`${flow.interaction}/login`, {
          form: { email: uniqueEmail(), password: PASSWORD },
        })
        statuses.push(res.status)
      }
      expect(statuses).toEqual([...Array(10).fill(401), 429])
    })
  })

  it('keeps sessions and refresh tokens across a restart, then signs out back to the origin', async () => {
    const { browser, tokens } = await newUser()
    await app.close()
    // Let fetch notice that its pooled keep-alive sockets to the old server are gone.
    await new Promise((resolve) => setTimeout(resolve, 200))
    app = await start()

    const refreshed = await token({
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token as string,
    })
    expect(refreshed.status).toBe(200)
    const silent = await authorize(browser, { prompt: 'none' })
    await codeFrom(browser, silent.res, silent.state)

    const params = new URLSearchParams({
      id_token_hint: refreshed.body.id_token as string,
      post_logout_redirect_uri: `${origin}/`,
      client_id: config.oidc.clientId,
      state: 'bye',
    })
    const page = await browser.request(`/oidc/session/end?${params}`)
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('src="/oidc/assets/logout.js"')
    expect(html).toContain('Sign out')
    const xsrf = inputValue(html, 'xsrf')
    expect(xsrf).toBeTruthy()
    const confirm = await browser.request('/oidc/session/end/confirm', {
      form: { xsrf: xsrf!, logout: 'yes' },
    })
    expect(confirm.status).toBe(303)
    const back = new URL(confirm.headers.get('location')!)
    expect(`${back.origin}${back.pathname}`).toBe(`${origin}/`)
    expect(back.searchParams.get('state')).toBe('bye')

    const after = await authorize(browser, { prompt: 'none' })
    const { url } = await browser.follow(after.res, atSpa)
    expect(url.searchParams.get('error')).toBe('login_required')
  })
})

describe('as the external provider of a second instance (OIDC_ISSUER)', () => {
  let second: FastifyInstance
  let secondDb: TestDatabase

  beforeAll(async () => {
    const port = await freePort()
    secondDb = await createTestDatabase()
    // The second instance knows the first one only by its issuer URL, as it would Keycloak or Auth0.
    second = await buildApp(
      loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        PORT: String(port),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DATA_DIR: 'memory://',
        WEB_DIST: '/nonexistent',
        OIDC_ISSUER: config.oidc.issuer,
        OIDC_CLIENT_ID: config.oidc.clientId,
        OIDC_AUDIENCE: config.oidc.audience,
      }),
      { database: secondDb, contentDir: false },
    )
  })
  afterAll(async () => {
    await second?.close()
    await secondDb?.drop()
  })

  it('runs no provider of its own and points the SPA at the external issuer', async () => {
    const cfg = await second.inject({ method: 'GET', url: '/api/client-config' })
    expect(cfg.json()).toMatchObject({
      authority: config.oidc.issuer,
      clientId: config.oidc.clientId,
      embeddedIdp: false,
    })
    const discovery = await second.inject({
      method: 'GET',
      url: '/oidc/.well-known/openid-configuration',
    })
    expect(discovery.statusCode).toBe(404)
  })

  it('accepts access tokens the external issuer signed, verified through its discovery and JWKS', async () => {
    const { tokens, email } = await newUser()
    const res = await second.inject({
      method: 'POST',
      url: '/api/users/sync',
      headers: { authorization: `Bearer ${String(tokens.access_token)}` },
      payload: {},
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ email, name: 'Lucía Pérez', role: 'admin' })
  })

  it('refuses an ID token in place of an access token (wrong audience)', async () => {
    const { tokens } = await newUser()
    const res = await second.inject({
      method: 'POST',
      url: '/api/users/sync',
      headers: { authorization: `Bearer ${String(tokens.id_token)}` },
      payload: {},
    })
    expect(res.statusCode).toBe(401)
  })
})
