import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq, inArray } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../app.js'
import { loadConfig } from '../../config.js'
import { createTestDatabase, type TestDatabase } from '../../db/test-db.js'
import { examples, idioms } from '../../db/schema.js'
import { bearer, startTestApp, type TestApp } from '../../test/support.js'
import { fakeSynthesizer, seedExample } from '../exercises/exercises.fixtures.js'
import { createAudioRepo, type SpeechTodo } from './audio.repo.js'
import { createSpeechQueue } from './speech-queue.js'

/** Wait (polling the database) until every example has speech for its current text. */
async function allSpoken(db: TestDatabase['db'], withinMs = 20_000): Promise<void> {
  const repo = createAudioRepo(db)
  const until = Date.now() + withinMs
  while ((await repo.countMissing()) > 0) {
    if (Date.now() > until) throw new Error(`${await repo.countMissing()} examples still silent`)
    await new Promise((r) => setTimeout(r, 20))
  }
}

describe('the background speech queue', () => {
  describe('in a running app', () => {
    let t: TestApp
    let admin: string
    const synth = fakeSynthesizer({ delayMs: 10 })

    beforeAll(async () => {
      t = await startTestApp({}, { contentDir: false, synthesizer: synth, speechQueue: true })
      admin = (await t.userWithRole('admin')).token
    })
    afterAll(() => t.close())

    it('speaks new examples ahead of time, so a learner gets stored audio and waits for no synthesis', async () => {
      const a = await seedExample(t, admin, {
        text: 'Me quedé sin un mango.',
        snippet: 'sin un mango',
      })
      const b = await seedExample(t, admin, { text: 'Esto es un quilombo.', snippet: 'quilombo' })
      await allSpoken(t.database.db)
      expect([...synth.calls].sort()).toEqual([a.text, b.text].sort())

      const { token } = await t.userWithRole('learner')
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/exercises/next',
        headers: bearer(token),
      })
      expect(res.json().audio).toMatchObject({ voice: 'fake-tts', kind: 'synthetic' })
      expect(synth.calls).toHaveLength(2)
      const file = await t.app.inject({ method: 'GET', url: res.json().audio.url })
      expect(file.statusCode).toBe(200)
      expect(file.headers['content-type']).toBe('audio/wav')
    })

    it('speaks an example again after its text changes', async () => {
      const ex = await seedExample(t, admin, { text: 'Estoy al horno.', snippet: 'al horno' })
      await allSpoken(t.database.db)
      const before = synth.calls.length
      const boundary = '----che-queue'
      const field = (k: string, v: string) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`
      const edit = await t.app.inject({
        method: 'POST',
        url: `/api/example/${ex.exampleId}`,
        headers: {
          ...bearer(admin),
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
        payload: `${field('text', 'Hoy sí que estoy al horno.')}${field('conjugatedSnippet', 'al horno')}${field('voice', 'Sofía')}--${boundary}--\r\n`,
      })
      expect(edit.statusCode, edit.body).toBe(200)
      await allSpoken(t.database.db)
      expect(synth.calls.slice(before)).toEqual(['Hoy sí que estoy al horno.'])
      const [row] = await t.database.db
        .select({ key: examples.ttsKey })
        .from(examples)
        .where(eq(examples.id, ex.exampleId))
      const served = await t.app.inject({
        method: 'GET',
        url: `/api/example/${ex.exampleId}`,
        headers: bearer(admin),
      })
      expect(served.json().audio.url).toContain(`/api/audio/${row!.key}?`)
    })
  })

  describe('across a restart', () => {
    let database: TestDatabase
    let dataDir: string
    let app: FastifyInstance | undefined

    beforeAll(async () => {
      database = await createTestDatabase()
      dataDir = mkdtempSync(join(tmpdir(), 'che-speech-queue-'))
    })
    afterAll(async () => {
      await app?.close()
      await database.drop()
      rmSync(dataDir, { recursive: true, force: true })
    })

    const config = () =>
      loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        PUBLIC_URL: 'http://127.0.0.1:3998',
        DATA_DIR: dataDir,
      })

    it('stops cleanly on shutdown mid-library and the next start finishes the rest', async () => {
      const [idiom] = await database.db
        .insert(idioms)
        .values({ text: 'al toque', translation: 'right away', normalizedText: 'al toque' })
        .returning()
      const texts = Array.from({ length: 8 }, (_, i) => `Vengo al toque, número ${i}.`)
      const rows = await database.db
        .insert(examples)
        .values(texts.map((text) => ({ idiomId: idiom!.id, text, conjugatedSnippet: 'al toque' })))
        .returning({ id: examples.id })

      const slow = fakeSynthesizer({ delayMs: 150 })
      app = await buildApp(config(), {
        database,
        contentDir: false,
        synthesizer: slow,
        speechQueue: true,
      })
      await app.ready()
      while (slow.calls.length < 2) await new Promise((r) => setTimeout(r, 10))
      await app.close()
      app = undefined
      const spokenAtStop = slow.calls.length
      const repo = createAudioRepo(database.db)
      // The sentence in hand when the app closed was finished and stored, and nothing after it.
      expect(await repo.countMissing()).toBe(texts.length - spokenAtStop)
      await new Promise((r) => setTimeout(r, 300))
      expect(slow.calls).toHaveLength(spokenAtStop)

      const next = fakeSynthesizer()
      app = await buildApp(config(), {
        database,
        contentDir: false,
        synthesizer: next,
        speechQueue: true,
      })
      await app.ready()
      await allSpoken(database.db)
      expect(next.calls).toHaveLength(texts.length - spokenAtStop)
      expect(new Set([...slow.calls, ...next.calls])).toEqual(new Set(texts))
      const keys = await database.db
        .select({ key: examples.ttsKey, kind: examples.ttsKind })
        .from(examples)
        .where(
          inArray(
            examples.id,
            rows.map((r) => r.id),
          ),
        )
      expect(keys.every((k) => k.key?.startsWith('tts/') && k.kind === 'synthetic')).toBe(true)
    })

    it('is off by default under NODE_ENV=test: nothing is spoken until a learner needs it', async () => {
      await database.db.update(examples).set({ ttsKey: null })
      const idle = fakeSynthesizer()
      app = await buildApp(config(), { database, contentDir: false, synthesizer: idle })
      await app.ready()
      await new Promise((r) => setTimeout(r, 200))
      expect(idle.calls).toEqual([])
      await app.close()
      app = undefined
    })
  })
})

const silentLog = { info() {}, error() {} }

/** An in-memory library: examples due until `make` has spoken them. */
function library() {
  const due = new Map<string, SpeechTodo>()
  const add = (id: string) =>
    due.set(id, { id, text: `frase ${id}`, ttsKey: null, ttsVoice: null, ttsKind: null })
  let countGate: Promise<void> | undefined
  let countEntered: (() => void) | undefined
  const repo = {
    async speechTodo(after: string | null, limit: number) {
      return [...due.values()]
        .filter((t) => after === null || t.id > after)
        .sort((a, b) => a.id.localeCompare(b.id))
        .slice(0, limit)
    },
    async countMissing() {
      countEntered?.()
      if (countGate) await countGate
      return due.size
    },
  }
  return {
    repo,
    add,
    due,
    /** Hold the queue's closing count until `release` is called; resolves once it is entered. */
    holdCount() {
      let release!: () => void
      countGate = new Promise<void>((r) => {
        release = r
      })
      const entered = new Promise<void>((r) => {
        countEntered = r
      })
      return {
        entered,
        release: () => {
          countGate = undefined
          countEntered = undefined
          release()
        },
      }
    },
  }
}

describe('createSpeechQueue', () => {
  it('speaks an example added while the previous pass was closing (the kick is not lost)', async () => {
    const lib = library()
    const spoken: string[] = []
    const queue = createSpeechQueue({
      repo: lib.repo,
      due: { upgrade: false },
      log: silentLog,
      async make(todo) {
        spoken.push(todo.id)
        lib.due.delete(todo.id)
      },
    })
    lib.add('b')
    const hold = lib.holdCount()
    queue.start()
    await hold.entered
    // The pass is over and the queue is reading its closing count: a new example arrives.
    lib.add('a')
    queue.kick()
    hold.release()
    await queue.idle()
    expect(spoken).toEqual(['b', 'a'])
    expect(lib.due.size).toBe(0)
    expect(queue.running).toBe(false)
  })

  it('stop() waits for the sentence in hand, then nothing more is spoken', async () => {
    const lib = library()
    for (const id of ['a', 'b', 'c']) lib.add(id)
    const spoken: string[] = []
    let inHand: (() => void) | undefined
    const queue = createSpeechQueue({
      repo: lib.repo,
      due: { upgrade: false },
      log: silentLog,
      make: (todo) =>
        new Promise<void>((done) => {
          inHand = () => {
            spoken.push(todo.id)
            lib.due.delete(todo.id)
            done()
          }
        }),
    })
    queue.start()
    while (!inHand) await new Promise((r) => setTimeout(r, 1))
    const stopping = queue.stop()
    inHand()
    await stopping
    expect(spoken).toEqual(['a'])
    expect(queue.running).toBe(false)
  })

  it('leaves the examples to the next kick when the database fails, and does not spin', async () => {
    const lib = library()
    lib.add('a')
    let fail = true
    const errors: unknown[] = []
    const spoken: string[] = []
    const queue = createSpeechQueue({
      repo: {
        ...lib.repo,
        async speechTodo(after, limit) {
          if (fail) throw new Error('connection lost')
          return lib.repo.speechTodo(after, limit)
        },
      },
      due: { upgrade: false },
      log: { info() {}, error: (obj) => errors.push(obj) },
      async make(todo) {
        spoken.push(todo.id)
        lib.due.delete(todo.id)
      },
    })
    queue.start()
    await queue.idle()
    expect(errors).toHaveLength(1)
    expect(spoken).toEqual([])
    fail = false
    queue.kick()
    await queue.idle()
    expect(spoken).toEqual(['a'])
  })
})
