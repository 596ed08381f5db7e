import { describe, expect, it } from 'vitest'
import { adminSettingsQuery } from './get-settings'
import { callKey } from '../../../lib/query-keys'
import { settingsQuery } from '../../../lib/queries/settings'

describe('settings query', () => {
  it("keys GET /api/settings by the call's name, and the admin view below it, so invalidating one refreshes both", () => {
    const key = settingsQuery().queryKey
    expect(key).toEqual(callKey('settingsGet'))
    expect(adminSettingsQuery().queryKey.slice(0, key.length)).toEqual([...key])
  })
})
