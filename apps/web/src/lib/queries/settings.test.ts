import { api } from '@che/core'
import { describe, expect, it } from 'vitest'
import { callKey } from '../api-client'
import { SETTINGS_KEY, settingsQuery } from './settings'

describe('settings query', () => {
  it('keys GET /api/settings as callKey does, so the admin view keyed below it is invalidated with it', () => {
    expect(settingsQuery().queryKey).toEqual(callKey(api.settingsGet))
    expect([...SETTINGS_KEY]).toEqual(callKey(api.settingsGet))
  })
})
