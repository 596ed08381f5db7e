import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startHttpPeer, type HttpPeer, type PeerAnswer } from '../test/http-peer.js'
import {
  createElevenLabsSpeech,
  createOpenAiSpeech,
  createSpeech,
  SpeechProviderError,
  withFallback,
} from './providers.js'
import { createEspeakSynthesizer, type SpeechSynthesizer } from './tts.js'

const SENTENCE = 'Ni en pedo voy a la fiesta de tu primo.'

/** What the local peer answers: real audio, a 500, a reply slower than the time-out, or junk. */
type Mode = 'audio' | '500' | 'slow' | 'junk-json' | 'junk-html'

// No database in these: the server-pg project (CHE_TEST_DB=postgres) would run them twice.
describe.skipIf(process.env.CHE_TEST_DB === 'postgres')(
  'speech providers against a local HTTP peer',
  () => {
    let peer: HttpPeer
    let mode: Mode = 'audio'
    /** Real speech (espeak-ng's WAV), standing in for the provider's audio bytes. */
    let realAudio: Buffer
    const espeak = createEspeakSynthesizer()

    beforeAll(async () => {
      realAudio = (await espeak.synthesize('Dale, nos vemos al toque.')).bytes
      peer = await startHttpPeer(async (): Promise<PeerAnswer> => {
        switch (mode) {
          case 'audio':
            return { status: 200, bytes: realAudio, contentType: 'audio/wav' }
          case '500':
            return { status: 500, json: { error: { message: 'upstream overloaded' } } }
          case 'slow':
            await new Promise((r) => setTimeout(r, 2_000))
            return { status: 200, bytes: realAudio, contentType: 'audio/wav' }
          case 'junk-json':
            return { status: 200, json: { id: 'not audio at all' } }
          case 'junk-html':
            return {
              status: 200,
              bytes: Buffer.from('<html><body>Please log in</body></html>'),
              contentType: 'audio/mpeg',
            }
        }
      })
    })
    afterAll(() => peer.close())

    const providers: [string, () => SpeechSynthesizer, string][] = [
      [
        'OpenAI-compatible',
        () =>
          createOpenAiSpeech({
            baseUrl: `${peer.url}/v1`,
            apiKey: 'sk-test',
            model: 'tts-1',
            voice: 'nova',
            timeoutMs: 500,
          }),
        'tts-1 nova',
      ],
      [
        'ElevenLabs',
        () =>
          createElevenLabsSpeech({
            apiKey: 'xi-test',
            voiceId: 'voice123',
            baseUrl: peer.url,
            timeoutMs: 500,
          }),
        'ElevenLabs voice123',
      ],
    ]

    describe.each(providers)('%s', (_name, make, voiceName) => {
      it('returns the audio bytes the provider sent, as neural speech', async () => {
        mode = 'audio'
        const speech = await make().synthesize(`  ${SENTENCE}\n`)
        expect(speech.bytes.equals(realAudio)).toBe(true)
        expect(speech.contentType).toMatch(/^audio\//)
        expect(speech.extension).toBe('wav')
        expect(speech).toMatchObject({ voice: voiceName, kind: 'neural' })
      })

      it.each([
        ['500', 'http', /HTTP 500.*upstream overloaded/],
        ['slow', 'timeout', /no answer within 500 ms/],
        ['junk-json', 'invalid', /not audio/],
        ['junk-html', 'invalid', /not audio/],
      ] as const)('fails with a reason on a %s reply', async (m, kind, message) => {
        mode = m
        const err = await make()
          .synthesize(SENTENCE)
          .catch((e: unknown) => e)
        expect(err).toBeInstanceOf(SpeechProviderError)
        expect(err).toMatchObject({ kind, message: expect.stringMatching(message) })
      })

      it.each(['500', 'slow', 'junk-json'] as const)(
        'falls back to espeak-ng on a %s reply and logs a warning',
        async (m) => {
          mode = m
          const warnings: unknown[] = []
          const speech = await withFallback(make(), espeak, {
            warn: (obj) => warnings.push(obj),
          }).synthesize(SENTENCE)
          expect(speech).toMatchObject({ voice: 'espeak-ng es-rioplatense', kind: 'synthetic' })
          expect(speech.bytes.subarray(0, 4).toString()).toBe('RIFF')
          expect(speech.bytes.equals(realAudio)).toBe(false)
          expect(warnings).toEqual([
            expect.objectContaining({ provider: voiceName, fallback: 'espeak-ng es-rioplatense' }),
          ])
        },
      )
    })

    it('sends the OpenAI speech request: model, voice, input and the bearer key', async () => {
      mode = 'audio'
      const before = peer.requests.length
      await createOpenAiSpeech({
        baseUrl: `${peer.url}/v1/`,
        apiKey: 'sk-test',
        model: 'gpt-4o-mini-tts',
        voice: 'coral',
      }).synthesize(SENTENCE)
      const req = peer.requests[before]!
      expect(req).toMatchObject({
        method: 'POST',
        path: '/v1/audio/speech',
        body: { model: 'gpt-4o-mini-tts', voice: 'coral', input: SENTENCE, response_format: 'mp3' },
      })
      expect(req.headers.authorization).toBe('Bearer sk-test')
    })

    it('sends the ElevenLabs request: voice in the path, xi-api-key, multilingual model', async () => {
      mode = 'audio'
      const before = peer.requests.length
      await createElevenLabsSpeech({
        apiKey: 'xi-k',
        voiceId: 'v/1',
        baseUrl: peer.url,
      }).synthesize(SENTENCE)
      const req = peer.requests[before]!
      expect(req.path).toBe('/v1/text-to-speech/v%2F1?output_format=mp3_44100_128')
      expect(req.headers['xi-api-key']).toBe('xi-k')
      expect(req.body).toEqual({ text: SENTENCE, model_id: 'eleven_multilingual_v2' })
    })

    it('skips a provider for a minute after three failures in a row, then asks it again', async () => {
      mode = '500'
      let now = 0
      const offline: SpeechSynthesizer = {
        voice: 'offline',
        synthesize: async () => ({ bytes: realAudio, contentType: 'audio/wav', extension: 'wav' }),
      }
      const speech = withFallback(
        createOpenAiSpeech({ baseUrl: peer.url, model: 'tts-1', voice: 'nova' }),
        offline,
        { warn() {} },
        () => now,
      )
      const before = peer.requests.length
      for (let i = 0; i < 5; i++) await speech.synthesize('Dale.')
      expect(peer.requests.length - before).toBe(3)
      mode = 'audio'
      now = 61_000
      expect(await speech.synthesize('Dale.')).toMatchObject({ kind: 'neural' })
      expect(peer.requests.length - before).toBe(4)
    })

    it('uses espeak-ng alone when no provider is configured', () => {
      expect(createSpeech(undefined, espeak, { warn() {} })).toBe(espeak)
    })
  },
)
