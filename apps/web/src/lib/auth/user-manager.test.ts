import { describe, expect, it } from 'vitest'
import { userManagerSettings } from './user-manager'

const config = {
  authority: 'http://localhost:3000/oidc',
  clientId: 'che-idioms-web',
  audience: 'http://localhost:3000/api',
  scope: 'openid profile email offline_access',
  embeddedIdp: true,
}

describe('userManagerSettings', () => {
  it('uses the code flow, the origin as redirect and logout address, and local storage', () => {
    const settings = userManagerSettings(config, 'https://che.example', localStorage)
    expect(settings).toMatchObject({
      authority: 'http://localhost:3000/oidc',
      client_id: 'che-idioms-web',
      response_type: 'code',
      scope: 'openid profile email offline_access',
      redirect_uri: 'https://che.example/',
      post_logout_redirect_uri: 'https://che.example/',
      automaticSilentRenew: true,
      accessTokenExpiringNotificationTimeInSeconds: 60,
    })
    expect(settings.disablePKCE).toBeFalsy()
  })

  it('asks the embedded provider for a JWT access token through resource indicators', () => {
    const settings = userManagerSettings(config, 'https://che.example', localStorage)
    expect(settings.resource).toBe('http://localhost:3000/api')
    expect(settings.extraTokenParams).toEqual({ resource: 'http://localhost:3000/api' })
  })

  it('passes the audience to an external provider instead', () => {
    const settings = userManagerSettings(
      { ...config, embeddedIdp: false },
      'https://che.example',
      localStorage,
    )
    expect(settings.resource).toBeUndefined()
    expect(settings.extraQueryParams).toEqual({ audience: 'http://localhost:3000/api' })
  })
})
