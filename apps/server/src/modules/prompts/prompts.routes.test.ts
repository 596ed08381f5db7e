import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { api, ErrorBody } from '@che/core'
import { prompts as promptsTable } from '../../db/schema.js'
import { bearer, startTestApp, type TestApp } from '../../test/support.js'
import { createKvRepo } from '../settings/settings.repo.js'
import { defaultPrompts } from './prompts.defaults.js'
import { createPromptsService } from './prompts.service.js'

describe('prompts routes', () => {
  let t: TestApp
  let admin: string
  let editor: string
  let learner: string
  beforeAll(async () => {
    t = await startTestApp({}, { contentDir: false })
    admin = (await t.userWithRole('admin')).token
    editor = (await t.userWithRole('editor')).token
    learner = (await t.userWithRole('learner')).token
  })
  afterAll(() => t.close())

  const getPrompts = (token = admin) =>
    t.app.inject({ method: 'GET', url: '/api/admin/prompts', headers: bearer(token) })
  const savePrompts = (prompts: unknown, token = admin) =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin/prompts',
      headers: bearer(token),
      payload: { prompts },
    })

  it('starts with the evaluation, report and chat prompts', async () => {
    const res = await getPrompts()
    expect(res.statusCode).toBe(200)
    const { prompts } = api.adminPromptsGet.response.parse(res.json())
    expect(Object.keys(prompts).sort()).toEqual(['chat', 'evaluation', 'report'])
    for (const field of [
      'transcriptionAccuracy',
      'translationAccuracy',
      'mistakeType',
      'missedWords',
      'targetWords',
      'englishTranslation',
    ]) {
      expect(prompts.evaluation).toContain(field)
    }
    expect(prompts.report).toMatch(/insights[\s\S]*strategyTips/)
    expect(prompts.chat).toMatch(/only the help passages/)
  })

  it('replaces the map and keeps multi-line values exactly', async () => {
    const before = (await getPrompts()).json().prompts as Record<string, string>
    const next = { ...before, evaluation: 'Grade strictly.\nAnswer JSON.', extra: 'x' }
    const res = await savePrompts(next)
    expect(res.statusCode).toBe(200)
    expect(api.adminPromptsSave.response.parse(res.json())).toEqual({ prompts: next })
    expect((await getPrompts()).json()).toEqual({ prompts: next })
    await savePrompts(before)
  })

  it('never overwrites an admin’s edit when seeding again, and puts back a removed default', async () => {
    const repo = createKvRepo(t.database.db, promptsTable)
    await repo.replace({ evaluation: 'my own prompt' })
    await createPromptsService({ prompts: repo }).seedDefaults()
    const all = await repo.all()
    expect(all.evaluation).toBe('my own prompt')
    expect(all.report).toBe(defaultPrompts().report)
    expect(all.chat).toBe(defaultPrompts().chat)
  })

  it('refuses a bad map and anyone but admins', async () => {
    const bad = await savePrompts({ '': 'empty key' })
    expect(bad.statusCode).toBe(400)
    expect(ErrorBody.parse(bad.json()).code).toBe('VALIDATION_FAILED')
    expect((await savePrompts('nope')).statusCode).toBe(400)
    for (const token of [editor, learner]) {
      expect((await getPrompts(token)).statusCode).toBe(403)
      expect((await savePrompts({ a: 'b' }, token)).statusCode).toBe(403)
    }
  })
})
