import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { betaKeyFor } from '@che/core'
import { bearer, startTestApp, type TestApp } from '../../test/support.js'

describe('settings routes', () => {
  let t: TestApp
  let admin: string
  let learner: string
  beforeEach(async () => {
    t = await startTestApp()
    admin = (await t.userWithRole('admin')).token
    learner = (await t.userWithRole('learner')).token
  })
  afterEach(() => t.close())

  const getSettings = (token?: string, cookie?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/settings',
      headers: { ...(token ? bearer(token) : {}), ...(cookie ? { cookie } : {}) },
    })

  async function turnBetaOn(password: string): Promise<void> {
    const current = (await getSettings(admin)).json().settings as Record<string, string>
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/settings',
      headers: bearer(admin),
      payload: {
        settings: { ...current, inBeta: 'true', betaKey: betaKeyFor(password, current.testKey!) },
      },
    })
    expect(res.statusCode).toBe(200)
  }

  it('gives non-admins only the beta flags, never the keys', async () => {
    for (const token of [undefined, learner]) {
      const res = await getSettings(token)
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({ inBeta: false, betaVerified: true })
    }
  })

  it('gives admins the whole map, seeded with defaults', async () => {
    const body = (await getSettings(admin)).json()
    expect(body.settings).toMatchObject({
      inBeta: 'false',
      betaKey: '',
      testKey: expect.stringMatching(/^[0-9a-f]{32}$/),
    })
  })

  it('lets only admins save settings', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/settings',
      headers: bearer(learner),
      payload: { settings: {} },
    })
    expect(res.statusCode).toBe(403)
  })

  it('refuses bad values with VALIDATION_FAILED and keeps the old map', async () => {
    const before = (await getSettings(admin)).json().settings
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/settings',
      headers: bearer(admin),
      payload: { settings: { ...before, inBeta: 'maybe', dailyNewLimit: 'ten' } },
    })
    expect(res.statusCode).toBe(400)
    const details = res.json().details as { field: string }[]
    expect(details.map((d) => d.field).sort()).toEqual([
      'settings.dailyNewLimit',
      'settings.inBeta',
    ])
    expect((await getSettings(admin)).json().settings).toEqual(before)
  })

  it('keeps a long multi-line value exactly', async () => {
    const before = (await getSettings(admin)).json().settings
    const welcome =
      'Bienvenidos.\nThis value spans lines and is longer than sixty characters, on purpose.'
    await t.app.inject({
      method: 'POST',
      url: '/api/settings',
      headers: bearer(admin),
      payload: { settings: { ...before, welcome } },
    })
    expect((await getSettings(admin)).json().settings.welcome).toBe(welcome)
  })

  describe('the beta gate', () => {
    it('holds learners back until the server has checked their password', async () => {
      await turnBetaOn('pan-con-manteca')
      expect((await getSettings(learner)).json()).toEqual({ inBeta: true, betaVerified: false })
      const blocked = await t.app.inject({
        method: 'POST',
        url: '/api/users/sync',
        headers: bearer(learner),
        payload: {},
      })
      expect(blocked.statusCode).toBe(403)
      expect(blocked.json().code).toBe('BETA_REQUIRED')

      const wrong = await t.app.inject({
        method: 'POST',
        url: '/api/beta/verify',
        payload: { password: 'pan-con-dulce' },
      })
      expect(wrong.statusCode).toBe(403)
      expect(wrong.headers['set-cookie']).toBeUndefined()

      const right = await t.app.inject({
        method: 'POST',
        url: '/api/beta/verify',
        payload: { password: 'pan-con-manteca' },
      })
      expect(right.statusCode).toBe(200)
      const setCookie = String(right.headers['set-cookie'])
      expect(setCookie).toMatch(/^betaKey=/)
      expect(setCookie).toMatch(/Path=\//)
      expect(setCookie).toMatch(/HttpOnly/)
      expect(setCookie).toMatch(/SameSite=Lax/)
      const cookie = setCookie.split(';')[0]!
      expect((await getSettings(learner, cookie)).json()).toEqual({
        inBeta: true,
        betaVerified: true,
      })
      const allowed = await t.app.inject({
        method: 'POST',
        url: '/api/users/sync',
        headers: { ...bearer(learner), cookie },
        payload: {},
      })
      expect(allowed.statusCode).toBe(200)
    })

    it('refuses a forged cookie holding the right key but no valid signature', async () => {
      await turnBetaOn('pan-con-manteca')
      const key = (await getSettings(admin)).json().settings.betaKey
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/users/sync',
        headers: { ...bearer(learner), cookie: `betaKey=${key}` },
        payload: {},
      })
      expect(res.json().code).toBe('BETA_REQUIRED')
    })

    it('lets admins through without a password', async () => {
      await turnBetaOn('pan-con-manteca')
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/users/sync',
        headers: bearer(admin),
        payload: {},
      })
      expect(res.statusCode).toBe(200)
    })

    it('fails the check when the keys are missing', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/beta/verify',
        payload: { password: 'anything' },
      })
      expect(res.statusCode).toBe(403)
    })

    it('refuses to turn the gate on without a key', async () => {
      const current = (await getSettings(admin)).json().settings
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/settings',
        headers: bearer(admin),
        payload: { settings: { ...current, inBeta: 'true', betaKey: '' } },
      })
      expect(res.statusCode).toBe(400)
    })

    it('rate-limits password guesses', async () => {
      const statuses: number[] = []
      for (let i = 0; i < 12; i++) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/beta/verify',
          payload: { password: `guess-${i}` },
        })
        statuses.push(res.statusCode)
      }
      expect(statuses.slice(0, 10).every((s) => s === 403)).toBe(true)
      expect(statuses.at(-1)).toBe(429)
    })
  })
})
