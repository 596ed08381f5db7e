import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, startTestApp, type TestApp } from '../../test/support.js'
import {
  fakeSynthesizer,
  fakeWav,
  seedExample,
  type SeededExample,
} from '../exercises/exercises.fixtures.js'
import { parseRange } from './audio-range.js'
import { createAudioUrlSigner } from './audio-url.js'

const T0 = Date.parse('2026-07-01T10:00:00.000Z')
const SIZE = 2_000

/** A multipart body for POST /api/example/:id (fields plus one audio file). */
function multipart(
  fields: Record<string, string>,
  file: { name: string; type: string; bytes: Buffer },
) {
  const boundary = `----che${Date.now()}`
  const parts: Buffer[] = []
  for (const [k, v] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
    )
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  )
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}

describe('audio', () => {
  describe('parseRange', () => {
    it.each([
      [undefined, { kind: 'whole' }],
      ['bytes=0-99', { kind: 'part', start: 0, end: 99 }],
      ['bytes=1990-', { kind: 'part', start: 1990, end: 1999 }],
      ['bytes=1990-5000', { kind: 'part', start: 1990, end: 1999 }],
      ['bytes=-5', { kind: 'part', start: 1995, end: 1999 }],
      ['bytes=-5000', { kind: 'part', start: 0, end: 1999 }],
      ['bytes=2000-', { kind: 'unsatisfiable' }],
      ['bytes=-0', { kind: 'unsatisfiable' }],
      ['bytes=50-10', { kind: 'whole' }],
      ['bytes=0-1,5-6', { kind: 'whole' }],
      ['items=0-1', { kind: 'whole' }],
      ['bytes=-', { kind: 'whole' }],
    ])('reads %s of a 2000-byte file as %o', (header, expected) => {
      expect(parseRange(header, SIZE)).toEqual(expected)
    })
  })

  describe('signed URLs', () => {
    it('verify only the key and expiry they were made for, until they expire', () => {
      let now = T0
      const signer = createAudioUrlSigner({ secret: 's3cret', clock: () => new Date(now) })
      const url = new URL(signer.url('tts/abc.wav'), 'http://x')
      const exp = url.searchParams.get('exp')!
      const sig = url.searchParams.get('sig')!
      expect(signer.verify('tts/abc.wav', exp, sig)).toBe(true)
      expect(signer.verify('tts/abd.wav', exp, sig)).toBe(false)
      expect(signer.verify('tts/abc.wav', String(Number(exp) + 60), sig)).toBe(false)
      expect(signer.verify('tts/abc.wav', exp, `${sig.slice(0, -1)}A`)).toBe(false)
      expect(
        createAudioUrlSigner({ secret: 'other', clock: () => new Date(now) }).verify(
          'tts/abc.wav',
          exp,
          sig,
        ),
      ).toBe(false)
      now = Number(exp) * 1000
      expect(signer.verify('tts/abc.wav', exp, sig)).toBe(false)
    })
  })

  describe('GET /api/audio/* and speech synthesis', () => {
    let t: TestApp
    let now = T0
    const synth = fakeSynthesizer({ delayMs: 100, size: SIZE })
    let admin: string
    let ex: SeededExample
    let learner: string

    beforeAll(async () => {
      t = await startTestApp(
        {},
        { clock: () => new Date(now), contentDir: false, synthesizer: synth },
      )
      admin = (await t.userWithRole('admin')).token
      ex = await seedExample(t, admin)
      learner = (await t.userWithRole('learner')).token
    })
    afterAll(() => t.close())

    const next = (token: string) =>
      t.app.inject({ method: 'GET', url: '/api/exercises/next', headers: bearer(token) })
    const fetchAudio = (url: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url, headers })

    it('synthesises an example once, even for simultaneous requests, and reuses the stored file', async () => {
      const [a, b] = await Promise.all([next(learner), next(learner)])
      expect(a.statusCode, a.body).toBe(200)
      expect(b.json().audio).toEqual(a.json().audio)
      expect(synth.calls).toEqual([ex.text])
      const other = (await t.userWithRole('learner')).token
      expect((await next(other)).json().audio.url).toMatch(
        new RegExp(`^/api/audio/tts/${ex.exampleId}-[0-9a-f]{12}-synthetic-[0-9a-f]{8}\\.wav\\?`),
      )
      expect(synth.calls).toHaveLength(1)
    })

    it('serves the whole file with its type, byte ranges and private caching', async () => {
      const { url } = (await next(learner)).json().audio as { url: string }
      const whole = await fetchAudio(url)
      expect(whole.statusCode).toBe(200)
      expect(whole.headers).toMatchObject({
        'content-type': 'audio/wav',
        'accept-ranges': 'bytes',
        'content-length': String(SIZE),
        'cache-control': expect.stringMatching(/^private/),
      })
      expect(whole.rawPayload.equals(fakeWav(SIZE))).toBe(true)

      const cases: [string, number, number][] = [
        ['bytes=0-99', 0, 99],
        ['bytes=1000-1499', 1000, 1499],
        ['bytes=1990-', 1990, 1999],
        ['bytes=-5', 1995, 1999],
      ]
      for (const [range, start, end] of cases) {
        const part = await fetchAudio(url, { range })
        expect(part.statusCode, range).toBe(206)
        expect(part.headers['content-range']).toBe(`bytes ${start}-${end}/${SIZE}`)
        expect(part.headers['content-length']).toBe(String(end - start + 1))
        expect(part.headers['accept-ranges']).toBe('bytes')
        expect(part.rawPayload.equals(fakeWav(SIZE).subarray(start, end + 1))).toBe(true)
      }
    })

    it('answers 416 with the size for a range outside the file', async () => {
      const { url } = (await next(learner)).json().audio as { url: string }
      const res = await fetchAudio(url, { range: 'bytes=5000-6000' })
      expect(res.statusCode).toBe(416)
      expect(res.headers['content-range']).toBe(`bytes */${SIZE}`)
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' })
    })

    it('refuses unsigned, tampered and expired URLs, and accepts a bearer token instead', async () => {
      const { url } = (await next(learner)).json().audio as { url: string }
      const path = url.split('?')[0]!
      const unsigned = await fetchAudio(path)
      expect(unsigned.statusCode).toBe(401)
      expect(unsigned.json().code).toBe('UNAUTHENTICATED')
      const tampered = await fetchAudio(url.replace(/sig=./, 'sig=A'))
      expect(tampered.statusCode).toBe(403)
      expect(tampered.json().code).toBe('FORBIDDEN')
      const otherKey = await fetchAudio(
        url.replace(ex.exampleId, '00000000-0000-4000-8000-000000000000'),
      )
      expect(otherKey.statusCode).toBe(403)
      expect((await fetchAudio(path, bearer(learner))).statusCode).toBe(200)

      const start = now
      now += 2 * 3_600_000
      try {
        const expired = await fetchAudio(url)
        expect(expired.statusCode).toBe(403)
        expect(expired.json().code).toBe('FORBIDDEN')
        expect((await fetchAudio(path, bearer(learner))).statusCode).toBe(200)
      } finally {
        now = start
      }
    })

    it('answers 404 NOT_FOUND for unknown and malformed keys', async () => {
      for (const key of [
        'tts/00000000-0000-4000-8000-000000000000.wav',
        'nothing.mp3',
        '..%2Fsecrets',
        '.hidden',
        'a//b',
      ]) {
        const res = await fetchAudio(`/api/audio/${key}`, bearer(learner))
        expect(res.statusCode, key).toBe(404)
        expect(res.json().code).toBe('NOT_FOUND')
      }
    })

    it('serves a published recording instead of synthesised speech', async () => {
      const recorded = await seedExample(t, admin, { usage: 10 })
      const form = multipart(
        { text: recorded.text, conjugatedSnippet: 'estoy al horno', voice: 'Sofía (Buenos Aires)' },
        { name: 'take.wav', type: 'audio/wav', bytes: fakeWav(3_000) },
      )
      const upload = await t.app.inject({
        method: 'POST',
        url: `/api/example/${recorded.exampleId}`,
        headers: { ...bearer(admin), ...form.headers },
        payload: form.payload,
      })
      expect(upload.statusCode, upload.body).toBe(200)
      const calls = synth.calls.length
      const { token } = await t.userWithRole('learner')
      const served = (await next(token)).json()
      expect(served.exampleId).toBe(recorded.exampleId)
      expect(served.audio).toEqual({
        url: expect.stringMatching(/^\/api\/audio\/[0-9a-f-]+\.wav\?exp=\d+&sig=/),
        voice: 'Sofía (Buenos Aires)',
        kind: 'recorded',
      })
      expect(synth.calls).toHaveLength(calls)
      const file = await fetchAudio(served.audio.url)
      expect(file.statusCode).toBe(200)
      expect(file.rawPayload.equals(fakeWav(3_000))).toBe(true)
    })

    it('serves the example as text (audio null) when synthesis fails, and does not retry at once', async () => {
      const failing = await seedExample(t, admin, {
        tone: 'Esoteric',
        text: 'Che, ¿vamos al cine o estoy al horno?',
      })
      synth.failWith(true)
      try {
        const { token } = await t.userWithRole('learner')
        const esoteric = () =>
          t.app.inject({
            method: 'GET',
            url: '/api/exercises/next?tone=Esoteric',
            headers: bearer(token),
          })
        const res = await esoteric()
        expect(res.statusCode).toBe(200)
        expect(res.json()).toMatchObject({ exampleId: failing.exampleId, audio: null })
        const calls = synth.calls.length
        expect((await esoteric()).json().audio).toBeNull()
        expect(synth.calls).toHaveLength(calls)
      } finally {
        synth.failWith(false)
      }
    })
  })

  describe('with espeak-ng', () => {
    let t: TestApp
    beforeAll(async () => {
      t = await startTestApp({}, { contentDir: false })
    })
    afterAll(() => t.close())

    it('synthesises real speech a media element can fetch by its signed URL', async () => {
      const admin = (await t.userWithRole('admin')).token
      const ex = await seedExample(t, admin)
      const { token } = await t.userWithRole('learner')
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/exercises/next',
        headers: bearer(token),
      })
      expect(res.json()).toMatchObject({
        exampleId: ex.exampleId,
        audio: { voice: 'espeak-ng es-rioplatense' },
      })
      const wav = await t.app.inject({ method: 'GET', url: res.json().audio.url })
      expect(wav.statusCode).toBe(200)
      expect(wav.headers['content-type']).toBe('audio/wav')
      expect(wav.rawPayload.subarray(0, 4).toString()).toBe('RIFF')
      expect(wav.rawPayload.length).toBeGreaterThan(10_000)
    })
  })
})
