import { describe, expect, it } from 'vitest'
import { loadHelpSections } from './chat.content.js'
import {
  BUG_REPORT_PATH,
  createChatService,
  processTerm,
  VISITOR_REPORT_PATH,
} from './chat.service.js'

const sections = loadHelpSections()
const silent = { warn: () => {} }
const local = createChatService({
  sections,
  model: undefined,
  prompt: async () => undefined,
  log: silent,
})

describe('chat service', () => {
  describe('processTerm', () => {
    it('drops stop words and strips common English endings', () => {
      expect(
        ['How', 'the', 'unlocks', 'recording', 'Playroom', 'dictionaries', 'Confidence'].map(
          processTerm,
        ),
      ).toEqual([null, null, 'unlock', 'record', 'playroom', 'dictionary', 'confidence'])
    })
  })

  describe('ask (help pages only)', () => {
    it.each([
      ['how do I unlock the Playroom?', 'how-the-playroom-unlocks'],
      ['What does minor errors mean?', 'what-perfect-minor-and-major-mean'],
      ['why is my answer major', 'what-perfect-minor-and-major-mean'],
      ['how do I record audio', 'recording-or-uploading-audio'],
      ['the microphone is not working', 'microphone-permission'],
      ['how to import a CSV file', 'importing-idioms-from-csv'],
      ['what is the beta password?', 'the-beta-password'],
      ['how do I sign up', 'signing-up-and-signing-in'],
      ['what do the dots on the calendar mean', 'the-calendar-and-confidence-dots'],
      ['change the tone of idioms', 'preferences-usage-bands-and-tones'],
      ['keyboard shortcuts', 'keyboard-shortcuts-in-exercises'],
      ['how do I report a bug?', 'reporting-a-bug'],
      ['reset caches', 'reset-caches'],
      ['what is betaKey', 'settings'],
      ['dailyNewLimit', 'settings'],
    ])('answers "%s" from section %s', async (question, anchor) => {
      const res = await local.ask(question)
      expect(res.known).toBe(true)
      expect(res.sources[0]).toEqual({
        title: expect.any(String),
        url: `/chat#${anchor}`,
        excerpt: expect.any(String),
      })
      expect(res.answer).toContain(`/chat#${anchor}`)
    })

    it.each([
      'purple giraffe quantum spaghetti',
      'asdkjh qwpoe zxcmnb',
      'what is the weather in Paris',
      'who won the world cup in 1986',
      'best pizza recipe',
      'how do I delete my account',
      'can I pay with bitcoin',
      'hello',
    ])('says plainly it does not know "%s" and points to the bug report form', async (question) => {
      const res = await local.ask(question)
      expect(res).toEqual({
        answer: expect.stringContaining(BUG_REPORT_PATH),
        sources: [],
        known: false,
      })
      expect(res.answer).toMatch(/don't know/)
      // A visitor who cannot sign in gets a form that works without an account.
      expect(res.answer).toContain(VISITOR_REPORT_PATH)
    })
  })

  describe('ask (with a model)', () => {
    it('gives the model the admin prompt and the retrieved passages only', async () => {
      const seen: { role: string; content: string }[][] = []
      const chat = createChatService({
        sections,
        model: async (messages) => {
          seen.push(messages)
          return 'Clear your calendar first.'
        },
        prompt: async () => 'ADMIN PROMPT',
        log: silent,
      })
      const res = await chat.ask('how do I unlock the Playroom?')
      expect(res).toMatchObject({ answer: 'Clear your calendar first.', known: true })
      expect(seen[0]![0]).toEqual({ role: 'system', content: 'ADMIN PROMPT' })
      expect(seen[0]![1]!.content).toContain(
        'How the Playroom unlocks (/chat#how-the-playroom-unlocks)',
      )
      expect(seen[0]![1]!.content).not.toContain('Importing idioms from CSV')
    })

    it('does not ask the model when the help has nothing on the question', async () => {
      let calls = 0
      const chat = createChatService({
        sections,
        model: async () => {
          calls++
          return 'made up'
        },
        prompt: async () => undefined,
        log: silent,
      })
      expect((await chat.ask('best pizza recipe')).known).toBe(false)
      expect(calls).toBe(0)
    })

    it('falls back to quoting the help and logs when the model fails', async () => {
      const warnings: object[] = []
      const chat = createChatService({
        sections,
        model: () => Promise.reject(new Error('chat model answered 500')),
        prompt: async () => undefined,
        log: { warn: (obj) => warnings.push(obj) },
      })
      const res = await chat.ask('how do I unlock the Playroom?')
      expect(res.known).toBe(true)
      expect(res.answer).toContain('clear your calendar')
      expect(warnings).toEqual([{ err: 'chat model answered 500' }])
    })
  })
})
