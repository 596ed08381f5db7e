import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app.js'
import { ConfigError, loadConfig } from '../config.js'
import { createTestDatabase, type TestDatabase } from '../db/test-db.js'
import { examples, idioms } from '../db/schema.js'
import { ttsKeyOf } from '../modules/audio/audio.service.js'
import { seedExample } from '../modules/exercises/exercises.fixtures.js'
import { startHttpPeer, type HttpPeer } from '../test/http-peer.js'
import { bearer, startTestApp, type TestApp } from '../test/support.js'
import { createEspeakSynthesizer, type SpeechSynthesizer } from './tts.js'

/**
 * A database and data folder of their own for one describe block, with "al toque" examples, and
 * apps started on them with the background queue on (closed again by `stop` or after the block).
 */
function queueWorld(prefix: string) {
  let app: FastifyInstance | undefined
  const world = {
    database: undefined as unknown as TestDatabase,
    dataDir: '',
    async examples(texts: string[]) {
      const [idiom] = await world.database.db
        .insert(idioms)
        .values({ text: 'al toque', translation: 'right away', normalizedText: 'al toque' })
        .returning()
      return world.database.db
        .insert(examples)
        .values(texts.map((text) => ({ idiomId: idiom!.id, text, conjugatedSnippet: 'al toque' })))
        .returning()
    },
    async start(extra: Record<string, string>, synthesizer?: SpeechSynthesizer) {
      app = await buildApp(
        loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: world.dataDir, ...extra }),
        {
          database: world.database,
          contentDir: false,
          speechQueue: true,
          ...(synthesizer ? { synthesizer } : {}),
        },
      )
      await app.ready()
    },
    async stop() {
      await app?.close()
      app = undefined
    },
    /** Long enough for espeak-ng on a loaded machine (up to ~15 s a sentence at load 20). */
    async waitFor(done: () => Promise<boolean>, withinMs = 60_000) {
      const until = Date.now() + withinMs
      while (!(await done())) {
        if (Date.now() > until) throw new Error('the queue did not get there')
        await new Promise((r) => setTimeout(r, 20))
      }
    },
  }
  beforeAll(async () => {
    world.database = await createTestDatabase()
    world.dataDir = mkdtempSync(join(tmpdir(), prefix))
  })
  afterAll(async () => {
    await world.stop()
    await world.database.drop()
    rmSync(world.dataDir, { recursive: true, force: true })
  })
  return world
}

describe('speech providers configured by environment', () => {
  let peer: HttpPeer
  let failing = false
  let realAudio: Buffer

  beforeAll(async () => {
    realAudio = (await createEspeakSynthesizer().synthesize('Dale, nos vemos al toque.')).bytes
    peer = await startHttpPeer(() =>
      failing
        ? { status: 500, json: { error: 'down' } }
        : { status: 200, bytes: realAudio, contentType: 'audio/mpeg' },
    )
  })
  afterAll(() => peer.close())

  async function nextAudio(t: TestApp) {
    const { token } = await t.userWithRole('learner')
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/exercises/next',
      headers: bearer(token),
    })
    expect(res.statusCode, res.body).toBe(200)
    return res.json().audio as { url: string; voice: string; kind: string }
  }

  it.each([
    ['TTS_*', () => ({ TTS_BASE_URL: `${peer.url}/v1`, TTS_API_KEY: 'sk-x' }), 'tts-1 nova'],
    [
      'ELEVENLABS_*',
      () => ({
        ELEVENLABS_API_KEY: 'xi',
        ELEVENLABS_VOICE_ID: 'abc',
        ELEVENLABS_BASE_URL: peer.url,
      }),
      'ElevenLabs abc',
    ],
  ])(
    'with %s a learner hears the neural voice; when it fails, espeak-ng',
    { timeout: 90_000 },
    async (_n, env, voice) => {
      failing = false
      const t = await startTestApp(env(), { contentDir: false })
      try {
        const admin = (await t.userWithRole('admin')).token
        await seedExample(t, admin, { tone: 'Casual' })
        const audio = await nextAudio(t)
        expect(audio).toMatchObject({ voice, kind: 'neural' })
        const file = await t.app.inject({ method: 'GET', url: audio.url })
        expect(file.rawPayload.equals(realAudio)).toBe(true)

        failing = true
        await seedExample(t, admin, {
          tone: 'Official',
          text: 'Che, ¿me hacés la gauchada?',
          snippet: 'la gauchada',
        })
        const { token } = await t.userWithRole('learner')
        const official = await t.app.inject({
          method: 'GET',
          url: '/api/exercises/next?tone=Official',
          headers: bearer(token),
        })
        expect(official.json().audio).toMatchObject({
          voice: 'espeak-ng es-rioplatense',
          kind: 'synthetic',
        })
      } finally {
        await t.close()
      }
    },
  )

  it('refuses half or double provider configuration with a clear message', () => {
    const base = { NODE_ENV: 'test' }
    expect(() => loadConfig({ ...base, TTS_MODEL: 'tts-1' })).toThrow(
      new ConfigError('Invalid env: TTS_BASE_URL (Required when any TTS_* variable is set)'),
    )
    expect(() => loadConfig({ ...base, ELEVENLABS_API_KEY: 'k' })).toThrow(
      'ELEVENLABS_API_KEY and ELEVENLABS_VOICE_ID go together',
    )
    expect(() =>
      loadConfig({
        ...base,
        TTS_BASE_URL: 'http://x/v1',
        ELEVENLABS_API_KEY: 'k',
        ELEVENLABS_VOICE_ID: 'v',
      }),
    ).toThrow('configure one speech provider')
    expect(loadConfig({ ...base, TTS_BASE_URL: 'http://x/v1/' }).speech).toEqual({
      provider: 'openai',
      baseUrl: 'http://x/v1',
      apiKey: undefined,
      model: 'tts-1',
      voice: 'nova',
    })
  })

  describe('when a provider is configured after espeak-ng spoke the library', () => {
    const world = queueWorld('che-speech-upgrade-')

    it('the queue replaces espeak-ng speech with the neural voice, and keeps it while the provider fails', {
      timeout: 180_000,
    }, async () => {
      const { start, stop, waitFor } = world
      await world.examples(['Vengo al toque.', 'Te llamo al toque.'])
      const speechRows = () =>
        world.database.db
          .select({ key: examples.ttsKey, voice: examples.ttsVoice, kind: examples.ttsKind })
          .from(examples)
          .orderBy(examples.text)

      // First start: no provider; the queue speaks both with espeak-ng.
      await start({}, createEspeakSynthesizer())
      await waitFor(async () => (await speechRows()).every((r) => r.kind === 'synthetic'))
      await stop()
      const espeakRows = await speechRows()

      // A provider is configured but down: the espeak-ng speech stays, nothing is lost.
      failing = true
      const asked = peer.requests.length
      await start({ TTS_BASE_URL: `${peer.url}/v1` })
      await waitFor(async () => peer.requests.length - asked >= 2)
      await stop()
      expect(await speechRows()).toEqual(espeakRows)

      // The provider is back: the next start replaces both with the neural voice.
      failing = false
      await start({ TTS_BASE_URL: `${peer.url}/v1` })
      await waitFor(async () => (await speechRows()).every((r) => r.kind === 'neural'))
      await stop()
      const neural = await speechRows()
      expect(neural.map((r) => r.voice)).toEqual(['tts-1 nova', 'tts-1 nova'])
      expect(neural.map((r) => r.key)).not.toEqual(espeakRows.map((r) => r.key))
    })
  })

  describe('when espeak-ng spoke the library with its voice of before (es-419)', () => {
    const world = queueWorld('che-speech-voice-')

    it('the queue speaks it again in Rio de la Plata Spanish, and leaves recordings and neural speech alone', {
      timeout: 180_000,
    }, async () => {
      const { database, dataDir } = world
      const [, recorded, neural] = await world.examples([
        'Te llamo al toque.',
        'Ya voy al toque.',
        'Vengo al toque.',
      ])
      // An editor's published recording, and speech a neural provider made before.
      await database.db
        .update(examples)
        .set({ audioKey: 'recordings/ya-voy.mp3', voice: 'Lucía' })
        .where(eq(examples.id, recorded!.id))
      const neuralKey = ttsKeyOf(neural!.id, neural!.text, 'neural', 'tts-1 nova', 'mp3')
      mkdirSync(join(dataDir, 'audio', 'tts'), { recursive: true })
      writeFileSync(join(dataDir, 'audio', neuralKey), 'neural bytes')
      await database.db
        .update(examples)
        .set({ ttsKey: neuralKey, ttsVoice: 'tts-1 nova', ttsKind: 'neural' })
        .where(eq(examples.id, neural!.id))

      const rows = async () =>
        Object.fromEntries(
          (
            await database.db
              .select({
                text: examples.text,
                key: examples.ttsKey,
                voice: examples.ttsVoice,
                kind: examples.ttsKind,
                audioKey: examples.audioKey,
                recordedBy: examples.voice,
              })
              .from(examples)
          ).map(({ text, ...row }) => [text, row]),
        )
      const counting = (synth: SpeechSynthesizer) => {
        const calls: string[] = []
        return {
          calls,
          synth: {
            voice: synth.voice,
            kind: synth.kind,
            synthesize: (text: string) => {
              calls.push(text)
              return synth.synthesize(text)
            },
          } satisfies SpeechSynthesizer,
        }
      }
      const run = async (synthesizer: SpeechSynthesizer, until: () => Promise<boolean>) => {
        await world.start({}, synthesizer)
        await world.waitFor(until)
        await world.stop()
      }
      const spokenBy = (voice: string) => async () => {
        const r = await rows()
        return r['Te llamo al toque.']?.voice === voice && r['Ya voy al toque.']?.voice === voice
      }

      // Before the upgrade: espeak-ng's Latin-American voice spoke the examples without speech.
      const before = counting(createEspeakSynthesizer({ voice: 'es-419' }))
      await run(before.synth, spokenBy('espeak-ng es-419'))
      expect(before.calls.sort()).toEqual(['Te llamo al toque.', 'Ya voy al toque.'])
      const old = await rows()

      // After it: the same examples again, by the Rio de la Plata voice, under new keys.
      const after = counting(createEspeakSynthesizer())
      expect(after.synth.voice).toBe('espeak-ng es-rioplatense')
      await run(after.synth, spokenBy('espeak-ng es-rioplatense'))
      expect(after.calls.sort()).toEqual(['Te llamo al toque.', 'Ya voy al toque.'])
      const now = await rows()
      for (const text of ['Te llamo al toque.', 'Ya voy al toque.']) {
        expect(now[text]).toMatchObject({ voice: 'espeak-ng es-rioplatense', kind: 'synthetic' })
        expect(now[text]!.key).not.toBe(old[text]!.key)
        expect(existsSync(join(dataDir, 'audio', old[text]!.key!))).toBe(false)
        const wav = readFileSync(join(dataDir, 'audio', now[text]!.key!))
        expect(wav.subarray(0, 4).toString()).toBe('RIFF')
      }
      // The recording and the neural speech are as they were.
      expect(now['Ya voy al toque.']).toMatchObject({
        audioKey: 'recordings/ya-voy.mp3',
        recordedBy: 'Lucía',
      })
      expect(now['Vengo al toque.']).toEqual(old['Vengo al toque.'])
      expect(now['Vengo al toque.']).toMatchObject({ key: neuralKey, kind: 'neural' })
      expect(readFileSync(join(dataDir, 'audio', neuralKey), 'utf8')).toBe('neural bytes')

      // A start with the same voice speaks nothing again.
      const again = counting(createEspeakSynthesizer())
      await run(again.synth, async () => {
        await new Promise((r) => setTimeout(r, 1000))
        return true
      })
      expect(again.calls).toEqual([])
      expect(await rows()).toEqual(now)
    })
  })
})
