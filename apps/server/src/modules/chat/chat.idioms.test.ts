import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HelpAnswer } from '@che/core'
import { startTestApp, type TestApp } from '../../test/support.js'
import { seedExample } from '../exercises/exercises.fixtures.js'
import { candidatePhrases } from './chat.idioms.js'

describe('help chat: questions about idioms of the library', () => {
  let t: TestApp

  beforeAll(async () => {
    t = await startTestApp({}, { contentDir: false })
    const admin = (await t.userWithRole('admin')).token
    await seedExample(t, admin, {
      idiom: 'al toque',
      tone: 'Street',
      usage: 9,
      text: 'Esperame que vuelvo al toque.',
      snippet: 'al toque',
      translation: "Wait for me, I'll be right back.",
    })
  }, 180_000)
  afterAll(() => t.close())

  const ask = async (question: string) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/chat', payload: { question } })
    expect(res.statusCode, res.body).toBe(200)
    return HelpAnswer.parse(res.json())
  }

  it('answers "What does \'al toque\' mean?" with meaning, tone and an example, citing the library', async () => {
    const answer = await ask("What does 'al toque' mean?")
    expect(answer.known).toBe(true)
    expect(answer.answer).toContain('“al toque” means “to be in trouble”')
    expect(answer.answer).toContain('Tone: Street')
    expect(answer.answer).toContain('Esperame que vuelvo al toque.')
    expect(answer.sources[0]).toMatchObject({ title: 'Idiom library: al toque' })
  })

  it('finds the idiom whatever the accents, case or quotes', async () => {
    for (const q of ['what does "Al Toque" mean', 'What is AL TOQUE?', 'meaning of «al toque»']) {
      expect((await ask(q)).sources[0]?.title, q).toBe('Idiom library: al toque')
    }
  })

  it('gives no answer without a source for an idiom the library does not have', async () => {
    const answer = await ask("What does 'estar en pedo' mean?")
    expect(answer.sources.some((s) => s.title.startsWith('Idiom library'))).toBe(false)
    if (!answer.known) expect(answer.sources).toEqual([])
  })

  it('reads the phrase asked about', () => {
    expect(candidatePhrases("What does 'al toque' mean?")).toEqual(['al toque', "'al toque'"])
    expect(candidatePhrases('meaning of ni en pedo?')).toEqual(['ni en pedo'])
  })
})
