import { readFileSync } from 'node:fs'
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type Provider from 'oidc-provider'
import { errors as oidcErrors, type InteractionResults } from 'oidc-provider'
import { CONTROL_CHARACTERS } from '@che/core'
import { AppError } from '../errors.js'
import type { Mailer } from '../lib/mailer.js'
import {
  normalizeEmail,
  PASSWORD_RULES,
  RESET_TOKEN_TTL_MS,
  VERIFY_TOKEN_TTL_MS,
  type AccountsRepo,
  type IdpAccount,
} from './accounts.js'
import {
  forgotPasswordPage,
  messagePage,
  newPasswordPage,
  signInPage,
  signUpPage,
  type Field,
  type FormError,
} from './pages.js'

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
  /** Outgoing mail; with it, sign-ups confirm their address and passwords reset by e-mail. */
  mailer?: Mailer | undefined
  /** Where links in e-mails point (the issuer's URL, e.g. https://host/oidc). */
  issuerUrl: string
  /** Ends every session, grant and refresh token of an account. */
  revokeSessions(accountId: string): Promise<void>
}

/** The one answer to a failed sign-in, whether the address is unknown or the password wrong. */
export const SIGN_IN_FAILED = 'The e-mail address or the password is wrong. Try again.'

const CSS = readFileSync(new URL('./assets/idp.css', import.meta.url), 'utf8')
const LOGOUT_JS = readFileSync(new URL('./assets/logout.js', import.meta.url), 'utf8')
const PASSWORD_JS = readFileSync(new URL('./assets/password.js', import.meta.url), 'utf8')

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
  scope.get(`${prefix}/assets/password.js`, (_request, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('Cache-Control', 'public, max-age=3600')
      .send(PASSWORD_JS),
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
      resetHref: `${issuerPath}/reset`,
      reportHref: `${home}report-a-problem?problem=sign-in`,
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

  async function sendVerification(account: IdpAccount) {
    if (!deps.mailer) return
    const token = await accounts.createToken(account.id, 'verify', VERIFY_TOKEN_TTL_MS)
    deps.mailer.send({
      to: account.email,
      subject: 'Confirm your e-mail address for Che Idioms',
      text: `Hello ${account.name},\n\nOpen this link to confirm your e-mail address and finish creating your Che Idioms account:\n${deps.issuerUrl}/verify/${token}\n\nThe link works once, for 24 hours. If you did not sign up, ignore this e-mail.\n`,
    })
  }

  function checkMailbox(reply: FastifyReply, email: string) {
    return sendPage(
      reply,
      200,
      messagePage({
        assets,
        title: 'Check your mailbox',
        message: `We have sent a link to ${email}. Open it to confirm your address, then sign in.`,
        homeHref: home,
      }),
    )
  }

  const message = (reply: FastifyReply, status: number, title: string, text: string) =>
    sendPage(reply, status, messagePage({ assets, title, message: text, homeHref: home }))

  const LINK_INVALID =
    'This link is no longer valid: it was used already or has expired. Ask for a new one.'

  // E-mail verification: the link in the sign-up mail.
  scope.get<{ Params: { token: string } }>(`${prefix}/verify/:token`, async (request, reply) => {
    const accountId = await accounts.consumeToken(request.params.token, 'verify')
    if (!accountId) return message(reply, 400, 'This link has expired', LINK_INVALID)
    await accounts.markVerified(accountId)
    return message(
      reply,
      200,
      'Your e-mail address is confirmed',
      'Thank you. Go back to Che Idioms and sign in.',
    )
  })

  // Password reset: ask for a link (by e-mail), then choose a new password through it.
  const resetPath = `${issuerPath}/reset`
  scope.get(`${prefix}/reset`, async (_request, reply) => {
    if (!deps.mailer) {
      return message(
        reply,
        200,
        'Reset your password',
        'This installation sends no e-mail. Ask its administrator to reset your password (npm run users -- reset-password).',
      )
    }
    return sendPage(reply, 200, forgotPasswordPage({ assets, action: resetPath, homeHref: home }))
  })

  scope.post<{ Body: unknown }>(`${prefix}/reset`, async (request, reply) => {
    if (!deps.mailer) return reply.redirect(resetPath, 303)
    const email = formField(request.body, 'email').trim()
    const form = (status: number, error: FormError) =>
      sendPage(
        reply,
        status,
        forgotPasswordPage({ assets, action: resetPath, homeHref: home, email, error }),
      )
    if (!email || CONTROL_CHARACTERS.test(email)) {
      return form(400, { message: 'Enter your e-mail address', field: 'email' })
    }
    const wait = await deps.signInLimiter.hit([
      `ip:${request.ip}`,
      `email:${normalizeEmail(email)}`,
    ])
    if (wait !== undefined) {
      reply.header('Retry-After', String(wait))
      return form(429, { message: `Too many attempts. Wait ${wait} seconds and try again.` })
    }
    const account = await accounts.findByEmail(email)
    if (account) {
      const token = await accounts.createToken(account.id, 'reset', RESET_TOKEN_TTL_MS)
      deps.mailer.send({
        to: account.email,
        subject: 'Reset your Che Idioms password',
        text: `Hello ${account.name},\n\nOpen this link to choose a new password for ${account.email}:\n${deps.issuerUrl}/reset/${token}\n\nThe link works once, for one hour. If you did not ask for it, ignore this e-mail: your password stays as it is.\n`,
      })
    }
    // The same answer whether or not the address has an account.
    return message(
      reply,
      200,
      'Check your mailbox',
      `If ${normalizeEmail(email)} has an account, we have sent it a link to reset the password. The link works once, for one hour.`,
    )
  })

  scope.get<{ Params: { token: string } }>(`${prefix}/reset/:token`, async (request, reply) => {
    if (!(await accounts.peekToken(request.params.token, 'reset'))) {
      return message(reply, 400, 'This link has expired', LINK_INVALID)
    }
    return sendPage(
      reply,
      200,
      newPasswordPage({
        assets,
        action: `${resetPath}/${encodeURIComponent(request.params.token)}`,
        passwordRules: PASSWORD_RULES,
      }),
    )
  })

  scope.post<{ Params: { token: string }; Body: unknown }>(
    `${prefix}/reset/:token`,
    async (request, reply) => {
      const { token } = request.params
      const password = formField(request.body, 'password')
      const accountId = await accounts.peekToken(token, 'reset')
      const account = accountId ? await accounts.findById(accountId) : undefined
      if (!account) return message(reply, 400, 'This link has expired', LINK_INVALID)
      try {
        await accounts.checkNewPassword(account, password)
      } catch (err) {
        if (!(err instanceof AppError)) throw err
        return sendPage(
          reply,
          err.status,
          newPasswordPage({
            assets,
            action: `${resetPath}/${encodeURIComponent(token)}`,
            passwordRules: PASSWORD_RULES,
            error: { message: err.message, field: 'password' },
          }),
        )
      }
      // Consuming is the single atomic step: of two submits of one link, one wins.
      if ((await accounts.consumeToken(token, 'reset')) !== account.id) {
        return message(reply, 400, 'This link has expired', LINK_INVALID)
      }
      await accounts.setPassword(account, password)
      // The link proved the mailbox is theirs.
      await accounts.markVerified(account.id)
      await deps.revokeSessions(account.id)
      return message(
        reply,
        200,
        'Your password is changed',
        'Go back to Che Idioms and sign in with your new password. Other devices are signed out.',
      )
    },
  )

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
      if (CONTROL_CHARACTERS.test(email)) return show(401, { message: SIGN_IN_FAILED })
      const result = await accounts.authenticate(email, password)
      // No field is marked: saying which one is wrong would say whether the address has an account.
      if (!result.ok) return show(401, { message: SIGN_IN_FAILED })
      // Only someone who knows the password learns these.
      if (await accounts.isDisabled(result.account.id)) {
        return show(403, {
          message: 'This account is disabled. Ask an administrator of Che Idioms to enable it.',
        })
      }
      if (deps.mailer && !result.account.emailVerified) {
        await sendVerification(result.account)
        return show(403, {
          message: `Confirm your e-mail address first: we have sent a new link to ${result.account.email}.`,
        })
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
        if (!deps.mailer) return await finish(request, reply, { login: { accountId: account.id } })
        await sendVerification(account)
        return checkMailbox(reply, account.email)
      } catch (err) {
        if (!(err instanceof AppError)) throw err
        // With mail, a taken address answers exactly like a new one (docs/decisions/024); the
        // owner is told by e-mail. Without mail, saying so is the only useful answer.
        if (deps.mailer && err.status === 409) {
          await accounts.hashDecoy(password)
          const owner = await accounts.findByEmail(email)
          if (owner) {
            deps.mailer.send({
              to: owner.email,
              subject: 'Someone tried to create a Che Idioms account with your address',
              text: `Someone (perhaps you) tried to create a new Che Idioms account with ${owner.email}, which already has one.\n\nIf it was you, sign in instead, or reset your password here:\n${deps.issuerUrl}/reset\n\nIf it was not you, you can ignore this e-mail.\n`,
            })
          }
          return checkMailbox(reply, normalizeEmail(email))
        }
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
