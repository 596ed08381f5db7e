import { UserManager, WebStorageStateStore } from 'oidc-client-ts'
import type { SigninSilentArgs, UserManagerSettings } from 'oidc-client-ts'
import { type api, TOKEN_EXPIRY_MARGIN_S } from '@che/core'
import type { z } from 'zod'

export type ClientConfig = z.output<typeof api.clientConfig.response>

export const AUTH_SCOPE = 'openid profile email offline_access'

/** Where the app is running: the redirect and logout URIs are the site origin plus '/'. */
export function userManagerSettings(
  config: ClientConfig,
  origin: string,
  storage: Storage,
): UserManagerSettings {
  const settings: UserManagerSettings = {
    authority: config.authority,
    client_id: config.clientId,
    redirect_uri: `${origin}/`,
    post_logout_redirect_uri: `${origin}/`,
    response_type: 'code',
    scope: config.scope || AUTH_SCOPE,
    userStore: new WebStorageStateStore({ store: storage }),
    stateStore: new WebStorageStateStore({ store: storage }),
    automaticSilentRenew: true,
    accessTokenExpiringNotificationTimeInSeconds: TOKEN_EXPIRY_MARGIN_S,
    // The profile comes from our own /api/users/sync, not from the userinfo endpoint.
    loadUserInfo: false,
    requestTimeoutInSeconds: 10,
  }
  if (config.audience) {
    if (config.embeddedIdp) {
      // The embedded provider issues a JWT access token for the API only through RFC 8707
      // resource indicators: `resource` on the authorize request and on every token request.
      settings.resource = config.audience
      settings.extraTokenParams = { resource: config.audience }
    } else {
      // Auth0-style providers take `audience` on the authorize request.
      settings.extraQueryParams = { audience: config.audience }
    }
  }
  return settings
}

/**
 * oidc-client-ts sends settings.extraTokenParams with the code exchange but not with a
 * refresh-token grant, so silent renewals add them here (this also covers automaticSilentRenew).
 */
export class AppUserManager extends UserManager {
  override signinSilent(args: SigninSilentArgs = {}) {
    const extra = this.settings.extraTokenParams
    return super.signinSilent({
      ...args,
      extraTokenParams: { ...extra, ...args.extraTokenParams },
    })
  }
}

export function createUserManager(
  config: ClientConfig,
  origin = window.location.origin,
  storage = window.localStorage,
) {
  return new AppUserManager(userManagerSettings(config, origin, storage))
}
