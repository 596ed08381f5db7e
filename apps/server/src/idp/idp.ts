import type { IncomingMessage } from 'node:http'
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { JSONWebKeySet, JWK } from 'jose'
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider'
import type { Config } from '../config.js'
import type { Db } from '../db/client.js'
import type { AccountsRepo } from './accounts.js'
import type { Mailer } from '../lib/mailer.js'
import { createDrizzleAdapter, deleteExpiredPayloads } from './adapter.js'
import { createEmbeddedAccounts, type EmbeddedAccounts } from './embedded-accounts.js'
import { registerInteractionRoutes } from './interactions.js'
import { loadCookieKeys, loadSigningKeys, toPublicJwks } from './keys.js'
import { logoutPage, messagePage } from './pages.js'
import { createSharedCounter, createSharedRateLimiter } from '../lib/shared-rate-limit.js'

/** The provider, with its accounts (e-mail, name, password) and their sessions to revoke. */
export interface EmbeddedIdp extends EmbeddedAccounts {
  /** Mount the provider and its interaction pages under /oidc on the Fastify app. */
  register(app: FastifyInstance): Promise<void>
  /** The public JWKS (for jose's createLocalJWKSet in the API's bearer verification). */
  publicJwks(): JSONWebKeySet
}

/** Where the provider lives on this server; the issuer's path is what browsers see. */
export const IDP_PREFIX = '/oidc'

/** Scopes the SPA asks for; the API (resource server) accepts the same. */
const API_SCOPE = 'openid profile email'
const DAY = 24 * 60 * 60
const CLEANUP_EVERY_MS = 60 * 60 * 1000

export interface IdpLimits {
  /** Sign-in attempts per IP and per e-mail address in one window. */
  signInMax: number
  /** Accounts created per IP in one window. */
  signUpMax: number
  windowMs: number
}

const DEFAULT_LIMITS: IdpLimits = { signInMax: 10, signUpMax: 10, windowMs: 60_000 }

/**
 * The embedded OpenID provider (oidc-provider): discovery, authorization code with PKCE S256,
 * RS256 ID tokens, JWT access tokens for the API, rotating refresh tokens, RP-initiated logout
 * and our own sign-in and sign-up pages. All of its state lives in the database.
 */
export async function createEmbeddedIdp(deps: {
  config: Config
  db: Db
  log: FastifyBaseLogger
  limits?: Partial<IdpLimits>
  mailer?: Mailer | undefined
}): Promise<EmbeddedIdp> {
  const { config, db, log } = deps
  const limits = { ...DEFAULT_LIMITS, ...deps.limits }
  const { accounts, revokeSessions } = createEmbeddedAccounts(db)
  const signingKeys = await loadSigningKeys(db)
  const cookieKeys = await loadCookieKeys(db)
  const publicJwks = toPublicJwks(signingKeys)
  const issuerPath = new URL(config.oidc.issuer).pathname.replace(/\/+$/, '')
  const assets = `${issuerPath}/assets`
  const home = `${config.publicUrl}/`

  const provider = new Provider(
    config.oidc.issuer,
    providerConfiguration({
      config,
      db,
      accounts,
      signingKeys,
      cookieKeys,
      issuerPath,
      assets,
      home,
    }),
  )
  // Honour X-Forwarded-Proto/Host/For only when a reverse proxy in front of us sets them.
  provider.proxy = config.trustProxy
  provider.on('server_error', (_ctx: unknown, err: unknown) =>
    log.error({ err }, 'oidc provider error'),
  )

  // Security headers on everything the provider renders itself.
  provider.use(async (ctx, next) => {
    ctx.set('Referrer-Policy', 'same-origin')
    if (!ctx.response.get('Content-Security-Policy'))
      ctx.set('Content-Security-Policy', FALLBACK_CSP)
    await next()
  })

  const callback = provider.callback()

  return {
    publicJwks: () => publicJwks,
    accounts,
    revokeSessions,

    async register(app) {
      // The provider itself: every /oidc path Fastify has no route for goes to Koa, untouched.
      await app.register(async (scope) => {
        // Koa reads request bodies itself; keep Fastify's parsers off the stream.
        scope.removeAllContentTypeParsers()
        scope.addContentTypeParser('*', (_request, _payload, done) => done(null))
        const forward = (request: FastifyRequest, reply: FastifyReply) => {
          reply.hijack()
          const raw = request.raw as IncomingMessage & { originalUrl?: string }
          const url = raw.url ?? '/'
          const inner = url.slice(IDP_PREFIX.length)
          raw.url = inner.startsWith('/') ? inner : `/${inner}`
          // oidc-provider builds its URLs from originalUrl minus url, i.e. the issuer's path.
          raw.originalUrl = `${issuerPath}${raw.url}`
          void callback(raw, reply.raw)
        }
        scope.all(IDP_PREFIX, forward)
        scope.all(`${IDP_PREFIX}/*`, forward)
      })

      await app.register(async (scope) => {
        registerInteractionRoutes(scope, {
          provider,
          accounts,
          prefix: IDP_PREFIX,
          issuerPath,
          assets,
          home,
          log,
          // Counted in the database: every instance shares one budget per address and e-mail.
          signInLimiter: createSharedRateLimiter({
            counter: createSharedCounter(db),
            name: 'signin',
            max: limits.signInMax,
            windowMs: limits.windowMs,
          }),
          signUpLimiter: createSharedRateLimiter({
            counter: createSharedCounter(db),
            name: 'signup',
            max: limits.signUpMax,
            windowMs: limits.windowMs,
          }),
          mailer: deps.mailer,
          issuerUrl: config.oidc.issuer,
          revokeSessions,
        })
      })

      const cleanup = () =>
        deleteExpiredPayloads(db).catch((err: unknown) => log.warn({ err }, 'oidc cleanup failed'))
      void cleanup()
      const timer = setInterval(cleanup, CLEANUP_EVERY_MS)
      timer.unref()
      app.addHook('onClose', async () => clearInterval(timer))
    },
  }
}

// Used only when nothing upstream (helmet) set a policy. Same-origin frames stay allowed for the
// SPA's silent prompt=none check.
const FALLBACK_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; frame-ancestors 'self'"

function providerConfiguration(opts: {
  config: Config
  db: Db
  accounts: AccountsRepo
  signingKeys: { keys: JWK[] }
  cookieKeys: string[]
  issuerPath: string
  assets: string
  home: string
}): Configuration {
  const { config, accounts, issuerPath, assets, home } = opts
  const publicUrl = config.publicUrl
  const audience = config.oidc.audience

  return {
    adapter: createDrizzleAdapter(opts.db),
    clients: [
      {
        client_id: config.oidc.clientId,
        client_name: 'Che Idioms',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        // The SPA may come back to its origin, its root or a dedicated callback route.
        redirect_uris: [publicUrl, `${publicUrl}/`, `${publicUrl}/callback`],
        post_logout_redirect_uris: [`${publicUrl}/`, publicUrl],
      },
    ],
    jwks: opts.signingKeys as Configuration['jwks'],
    cookies: {
      keys: [...(config.cookieSecret ? [config.cookieSecret] : []), ...opts.cookieKeys],
      long: { httpOnly: true, sameSite: 'lax' },
      short: { httpOnly: true, sameSite: 'lax' },
    },
    scopes: ['openid', 'offline_access', 'profile', 'email'],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name'],
    },
    // The SPA reads the profile from the ID token, so it carries the claims even in the code flow.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    interactions: {
      url: (_ctx, interaction) => `${issuerPath}/interaction/${interaction.uid}`,
    },
    features: {
      devInteractions: { enabled: false },
      revocation: {
        enabled: true,
        allowedPolicy: async (_ctx, client, token) => token.clientId === client.clientId,
      },
      rpInitiatedLogout: {
        enabled: true,
        async logoutSource(ctx, form) {
          ctx.type = 'html'
          // A hint that verified as one of our ID tokens shows the request came from our app;
          // only then sign out without asking.
          const auto = Boolean(ctx.oidc.entities.IdTokenHint)
          ctx.body = logoutPage({ assets, form, auto })
        },
        async postLogoutSuccessSource(ctx) {
          ctx.type = 'html'
          ctx.body = messagePage({
            assets,
            title: 'Signed out',
            message: 'You are signed out of Che Idioms.',
            homeHref: home,
          })
        },
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => audience,
        useGrantedResource: () => true,
        getResourceServerInfo: () => ({
          audience,
          scope: API_SCOPE,
          accessTokenFormat: 'jwt',
          jwt: { sign: { alg: 'RS256' } },
        }),
      },
    },
    // Public SPA: refresh tokens even without prompt=consent (oidc-provider drops offline_access
    // then), tied to the session so signing out ends them.
    issueRefreshToken: async (_ctx, client, code) =>
      client.grantTypeAllowed('refresh_token') && code.scopes.has('openid'),
    clientBasedCORS: (_ctx, origin, client) =>
      client.redirectUris?.some((uri) => URL.parse(uri)?.origin === origin) ?? false,
    async findAccount(_ctx, sub) {
      const account = await accounts.findById(sub)
      // A disabled account gets no new tokens (refresh, silent sign-in) while it stays disabled.
      if (!account || (await accounts.isDisabled(account.id))) return undefined
      return {
        accountId: account.id,
        // Verified: operator-made accounts, and with SMTP_URL addresses confirmed by their link.
        claims: () => ({
          sub: account.id,
          email: account.email,
          email_verified: account.emailVerified,
          name: account.name,
        }),
      }
    },
    async extraTokenClaims(_ctx, token) {
      if (token.kind !== 'AccessToken' || !('accountId' in token) || !token.accountId)
        return undefined
      const account = await accounts.findById(token.accountId)
      return account
        ? { email: account.email, email_verified: account.emailVerified, name: account.name }
        : undefined
    },
    loadExistingGrant: firstPartyGrant(config.oidc.clientId, audience),
    ttl: {
      AccessToken: 60 * 60,
      AuthorizationCode: 60,
      IdToken: 60 * 60,
      Interaction: 60 * 60,
      Session: 30 * DAY,
      Grant: 365 * DAY,
      RefreshToken(ctx, _token, client) {
        // A rotated refresh token inherits what is left of its predecessor: 30 days in all.
        const rotated = ctx?.oidc?.entities.RotatedRefreshToken
        if (rotated && client.clientAuthMethod === 'none') return rotated.remainingTTL
        return 30 * DAY
      },
    },
    async renderError(ctx, out) {
      ctx.type = 'html'
      ctx.body = messagePage({
        assets,
        title: 'Something went wrong',
        message: String(
          out.error_description ?? out.error ?? 'The request could not be completed.',
        ),
        homeHref: home,
      })
    },
  }
}

/**
 * Our own SPA never sees a consent screen: the grant it needs (the requested OIDC scopes and
 * the API resource) is created, or extended, on the spot.
 */
function firstPartyGrant(clientId: string, audience: string) {
  return async (ctx: KoaContextWithOIDC) => {
    const { client, session } = ctx.oidc
    if (!client || !session) return undefined
    const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId)
    let grant = grantId ? await ctx.oidc.provider.Grant.find(grantId) : undefined
    if (client.clientId !== clientId) return grant
    if (!grant || grant.accountId !== session.accountId) {
      grant = new ctx.oidc.provider.Grant({
        clientId: client.clientId,
        accountId: session.accountId,
      })
    }
    const scopes = ctx.oidc.requestParamScopes
    grant.addOIDCScope([...scopes].join(' ') || 'openid')
    const claims = [...ctx.oidc.requestParamClaims].filter((c) => c !== 'sub')
    if (claims.length) grant.addOIDCClaims(claims)
    grant.addResourceScope(audience, API_SCOPE)
    await grant.save()
    return grant
  }
}
