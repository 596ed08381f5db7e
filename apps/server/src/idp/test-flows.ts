// The SPA's side of the embedded provider's flows, for tests over real HTTP.
import { randomBytes } from 'node:crypto'
import { expect } from 'vitest'
import type { Config } from '../config.js'
import { Browser, pkce } from './test-client.js'

export function idpFlows(origin: string, config: Config) {
  const redirectUri = `${origin}/`
  const atSpa = (url: URL) => `${url.origin}${url.pathname}` === redirectUri

  async function authorize(browser: Browser) {
    const { verifier, challenge } = pkce()
    const state = randomBytes(8).toString('hex')
    const params = new URLSearchParams({
      client_id: config.oidc.clientId,
      response_type: 'code',
      redirect_uri: redirectUri,
      scope: 'openid profile email offline_access',
      state,
      nonce: randomBytes(8).toString('hex'),
      code_challenge: challenge,
      code_challenge_method: 'S256',
    })
    const res = await browser.request(`/oidc/auth?${params}`)
    return { res, verifier, state }
  }

  /** A fresh sign-in page: its interaction path, PKCE verifier and state. */
  async function openInteraction(browser = new Browser(origin)) {
    const started = await authorize(browser)
    const { url } = await browser.follow(
      started.res,
      (u) => atSpa(u) || u.pathname.startsWith('/oidc/interaction/'),
    )
    expect(url.pathname).toMatch(/^\/oidc\/interaction\/[\w-]+$/)
    return { ...started, browser, interaction: url.pathname }
  }

  async function token(form: Record<string, string>) {
    const res = await fetch(`${origin}/oidc/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: config.oidc.clientId, ...form }),
    })
    return { status: res.status, body: (await res.json()) as Record<string, unknown> }
  }

  /** Follows a finished interaction back to the SPA and exchanges the code for tokens. */
  async function tokensAfter(flow: Awaited<ReturnType<typeof openInteraction>>, res: Response) {
    const { url } = await flow.browser.follow(res, atSpa)
    expect(url.searchParams.get('error')).toBeNull()
    const tokens = await token({
      grant_type: 'authorization_code',
      code: url.searchParams.get('code')!,
      redirect_uri: redirectUri,
      code_verifier: flow.verifier,
    })
    expect(tokens.status).toBe(200)
    return tokens.body
  }

  async function signIn(email: string, password: string) {
    const flow = await openInteraction()
    const res = await flow.browser.request(`${flow.interaction}/login`, {
      form: { email, password },
    })
    return { flow, res }
  }

  async function signUp(form: { email: string; name: string; password: string }) {
    const flow = await openInteraction()
    const res = await flow.browser.request(`${flow.interaction}/signup`, { form })
    return { flow, res }
  }

  return { authorize, openInteraction, token, tokensAfter, signIn, signUp }
}
