import { readFileSync } from 'node:fs'
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type Provider from 'oidc-provider'
import { errors as oidcErrors, type InteractionResults } from 'oidc-provider'
import { AppError } from '../errors.js'
import { normalizeEmail, PASSWORD_RULES, type AccountsRepo } from './accounts.js'
import { messagePage, signInPage, signUpPage, type Field, type FormError } from './pages.js'

/** Counts attempts per key; the seconds to wait when any key is over its limit. */
type RateLimiter = { hit(keys: string[]): Promise<number | undefined> }

export interface InteractionDeps {
  provider: Provider
  accounts: AccountsRepo
  /** Where Fastify sees the provider ('/oidc'). */
  prefix: string
  /** Where browsers see it (the issuer's path, usually the same). */
  issuerPath: string
  assets: string
  home: string
  log: FastifyBaseLogger
  signInLimiter: RateLimiter
  signUpLimiter: RateLimiter
}

const CSS = readFileSync(new URL('./assets/idp.css', import.meta.url), 'utf8')
const LOGOUT_JS = readFileSync(new URL('./assets/logout.js', import.meta.url), 'utf8')

const FIELDS = new Set<string>(['email', 'name', 'password'])

/** A string field of an urlencoded form body, '' when absent. */
function formField(body: unknown, name: string): string {
  if (typeof body !== 'object' || body === null) return ''
  const value = (body as Record<string, unknown>)[name]
  return typeof value === 'string' ? value : ''
}

function sendPage(reply: FastifyReply, status: number, html: string) {
  return reply
    .code(status)
    .header('Cache-Control', 'no-store')
    .header('Referrer-Policy', 'same-origin')
    .type('text/html; charset=utf-8')
    .send(html)
}

/**
 * The provider's interaction pages: sign-in and sign-up forms that finish the login prompt,
 * and automatic consent for anything else oidc-provider asks about.
 */
export function registerInteractionRoutes(scope: FastifyInstance, deps: InteractionDeps): void {
  const { provider, accounts, prefix, issuerPath, assets, home, log } = deps
  const pathFor = (uid: string, action = '') =>
    `${issuerPath}/interaction/${encodeURIComponent(uid)}${action}`

  if (!scope.hasContentTypeParser('application/x-www-form-urlencoded')) {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 16_384 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    )
  }

  scope.get(`${prefix}/assets/idp.css`, (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(CSS),
  )
  scope.get(`${prefix}/assets/logout.js`, (_request, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('Cache-Control', 'public, max-age=3600')
      .send(LOGOUT_JS),
  )

  /** The interaction the cookie points at, checked against the uid in the path. */
  async function details(
    request: FastifyRequest<{ Params: { uid: string } }>,
    reply: FastifyReply,
  ) {
    const interaction = await provider.interactionDetails(request.raw, reply.raw)
    if (interaction.uid !== request.params.uid) {
      throw new oidcErrors.SessionNotFound('interaction mismatch')
    }
    return interaction
  }

  /** Stores the outcome and sends the browser back to the provider, which resumes the flow. */
  async function finish(request: FastifyRequest, reply: FastifyReply, result: InteractionResults) {
    const returnTo = await provider.interactionResult(request.raw, reply.raw, result, {
      mergeWithLastSubmission: false,
    })
    return reply.header('Cache-Control', 'no-store').redirect(returnTo, 303)
  }

  /** Expired or foreign interactions get a page with the way back; anything else is logged. */
  function handle<R extends FastifyRequest<{ Params: { uid: string } }>>(
    fn: (request: R, reply: FastifyReply) => Promise<unknown>,
  ) {
    return async (request: R, reply: FastifyReply) => {
      try {
        return await fn(request, reply)
      } catch (err) {
        if (err instanceof oidcErrors.SessionNotFound) {
          return sendPage(
            reply,
            400,
            messagePage({
              assets,
              title: 'This page has expired',
              message:
                'The sign-in request is no longer valid. Go back to Che Idioms and try again.',
              homeHref: home,
            }),
          )
        }
        log.error({ err }, 'sign-in interaction failed')
        return sendPage(
          reply,
          500,
          messagePage({
            assets,
            title: 'Something went wrong',
            message: 'We could not complete the sign-in. Please try again in a moment.',
            homeHref: home,
          }),
        )
      }
    }
  }

  const signIn = (uid: string, status: number, email?: string, error?: FormError) => ({
    status,
    html: signInPage({
      assets,
      action: pathFor(uid, '/login'),
      signUpHref: pathFor(uid, '/signup'),
      email,
      error,
    }),
  })

  const signUp = (
    uid: string,
    status: number,
    values: { email?: string; name?: string },
    error?: FormError,
  ) => ({
    status,
    html: signUpPage({
      assets,
      action: pathFor(uid, '/signup'),
      signInHref: pathFor(uid),
      passwordRules: PASSWORD_RULES,
      ...values,
      error,
    }),
  })

  scope.get<{ Params: { uid: string } }>(
    `${prefix}/interaction/:uid`,
    handle(async (request, reply) => {
      const interaction = await details(request, reply)
      if (interaction.prompt.name === 'login') {
        const hint = interaction.params.login_hint
        const page = signIn(interaction.uid, 200, typeof hint === 'string' ? hint : undefined)
        return sendPage(reply, page.status, page.html)
      }
      // Consent for our own client is granted by loadExistingGrant; should the provider still
      // ask, grant what it says is missing.
      const grant = interaction.grantId
        ? await provider.Grant.find(interaction.grantId)
        : new provider.Grant({
            accountId: interaction.session?.accountId,
            clientId: String(interaction.params.client_id),
          })
      if (!grant) throw new oidcErrors.SessionNotFound('grant not found')
      const missing = interaction.prompt.details as {
        missingOIDCScope?: string[]
        missingOIDCClaims?: string[]
        missingResourceScopes?: Record<string, string[]>
      }
      if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '))
      if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims)
      for (const [resource, scopes] of Object.entries(missing.missingResourceScopes ?? {})) {
        grant.addResourceScope(resource, scopes.join(' '))
      }
      const grantId = await grant.save()
      return finish(request, reply, { consent: { grantId } })
    }),
  )

  scope.get<{ Params: { uid: string } }>(
    `${prefix}/interaction/:uid/signup`,
    handle(async (request, reply) => {
      const interaction = await details(request, reply)
      const page = signUp(interaction.uid, 200, {})
      return sendPage(reply, page.status, page.html)
    }),
  )

  scope.post<{ Params: { uid: string }; Body: unknown }>(
    `${prefix}/interaction/:uid/login`,
    handle(async (request, reply) => {
      const interaction = await details(request, reply)
      const email = formField(request.body, 'email').trim()
      const password = formField(request.body, 'password')
      const uid = interaction.uid
      const show = (status: number, error: FormError) => {
        const page = signIn(uid, status, email, error)
        return sendPage(reply, page.status, page.html)
      }

      if (!email) return show(400, { message: 'Enter your e-mail address', field: 'email' })
      if (!password) return show(400, { message: 'Enter your password', field: 'password' })
      const wait = await deps.signInLimiter.hit([
        `ip:${request.ip}`,
        `email:${normalizeEmail(email)}`,
      ])
      if (wait !== undefined) {
        reply.header('Retry-After', String(wait))
        return show(429, {
          message: `Too many sign-in attempts. Wait ${wait} seconds and try again.`,
        })
      }
      const result = await accounts.authenticate(email, password)
      if (!result.ok) {
        return result.reason === 'UNKNOWN_EMAIL'
          ? show(401, {
              message:
                'There is no account with this e-mail address. Check it, or create an account.',
              field: 'email',
            })
          : show(401, { message: 'The password is wrong. Try again.', field: 'password' })
      }
      return finish(request, reply, { login: { accountId: result.account.id } })
    }),
  )

  scope.post<{ Params: { uid: string }; Body: unknown }>(
    `${prefix}/interaction/:uid/signup`,
    handle(async (request, reply) => {
      const interaction = await details(request, reply)
      const email = formField(request.body, 'email').trim()
      const name = formField(request.body, 'name').trim()
      const password = formField(request.body, 'password')
      const show = (status: number, error: FormError) => {
        const page = signUp(interaction.uid, status, { email, name }, error)
        return sendPage(reply, page.status, page.html)
      }

      const wait = await deps.signUpLimiter.hit([`ip:${request.ip}`])
      if (wait !== undefined) {
        reply.header('Retry-After', String(wait))
        return show(429, {
          message: `Too many new accounts from here. Wait ${wait} seconds and try again.`,
        })
      }
      try {
        const account = await accounts.create({ email, name, password })
        return await finish(request, reply, { login: { accountId: account.id } })
      } catch (err) {
        if (!(err instanceof AppError)) throw err
        return show(err.status, { message: err.message, field: fieldOf(err.details) })
      }
    }),
  )
}

function fieldOf(details: unknown): Field | undefined {
  if (typeof details !== 'object' || details === null || !('field' in details)) return undefined
  const field = (details as { field: unknown }).field
  return typeof field === 'string' && FIELDS.has(field) ? (field as Field) : undefined
}
