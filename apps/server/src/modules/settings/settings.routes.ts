import { api, BETA_COOKIE } from '@che/core'
import type { AppContext } from '../../app-context.js'
import { registerEndpoint } from '../../plugins/contract.js'

export function registerSettingsRoutes(ctx: AppContext): void {
  const { app, contract, services } = ctx
  registerEndpoint(app, contract, api.settingsGet, async ({ caller, request }) =>
    services.settings.view({
      admin: caller?.role === 'admin',
      betaVerified: await ctx.betaCookieValid(request),
    }),
  )
  registerEndpoint(app, contract, api.settingsSave, async ({ body }) => {
    await services.settings.replace(body.settings)
    return services.settings.view({ admin: true, betaVerified: true })
  })
  registerEndpoint(
    app,
    contract,
    api.betaVerify,
    async ({ body, reply }) => {
      const key = await services.settings.verifyBetaPassword(body.password)
      void reply.setCookie(BETA_COOKIE, key, {
        path: '/',
        sameSite: 'lax',
        httpOnly: true,
        signed: true,
        secure: ctx.config.publicUrl.startsWith('https:'),
        maxAge: 60 * 60 * 24 * 365,
      })
      return { ok: true as const }
    },
    { rateLimit: { max: 10, timeWindow: '1 minute' } },
  )
}
