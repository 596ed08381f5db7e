import { randomBytes } from 'node:crypto'
import { buffer } from 'node:stream/consumers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { InvalidStorageKey, type Storage } from './storage.js'

/**
 * What every Storage implementation must do, as one suite: run it against each implementation
 * (`storage-s3.test.ts` runs it on the local folder and on a real S3-protocol server).
 */
export function describeStorageContract(
  name: string,
  open: () => Promise<{ storage: Storage; close(): Promise<void> }>,
): void {
  describe(`${name} storage contract`, () => {
    let storage: Storage
    let close: () => Promise<void>
    beforeAll(async () => {
      ;({ storage, close } = await open())
    })
    afterAll(() => close())

    const read = async (key: string, range?: { start: number; end?: number }) => {
      const obj = await storage.get(key, range)
      if (!obj) return undefined
      return {
        size: obj.size,
        contentType: obj.contentType,
        range: obj.range,
        bytes: await buffer(obj.body),
      }
    }

    it('stores bytes with their content type and gives them back whole', async () => {
      const bytes = randomBytes(200_000)
      await storage.put('recordings/i1/1-a.webm', bytes, 'audio/webm')
      const got = await read('recordings/i1/1-a.webm')
      expect(got).toEqual({ size: 200_000, contentType: 'audio/webm', range: undefined, bytes })
    })

    it('serves byte ranges, inclusive, open-ended and clamped to the last byte', async () => {
      await storage.put('r/digits.mp3', Buffer.from('0123456789'), 'audio/mpeg')
      expect(await read('r/digits.mp3', { start: 2, end: 4 })).toEqual({
        size: 10,
        contentType: 'audio/mpeg',
        range: { start: 2, end: 4 },
        bytes: Buffer.from('234'),
      })
      expect(await read('r/digits.mp3', { start: 7 })).toMatchObject({
        size: 10,
        range: { start: 7, end: 9 },
        bytes: Buffer.from('789'),
      })
      expect(await read('r/digits.mp3', { start: 8, end: 50 })).toMatchObject({
        size: 10,
        range: { start: 8, end: 9 },
        bytes: Buffer.from('89'),
      })
      // (1-1, not 0-0: s3rver reads an end of 0 as "to the end"; S3 itself does not.)
      expect(await read('r/digits.mp3', { start: 1, end: 1 })).toMatchObject({
        range: { start: 1, end: 1 },
        bytes: Buffer.from('1'),
      })
    })

    it('replaces an object put again under the same key', async () => {
      await storage.put('r/again.wav', Buffer.from('first'), 'audio/wav')
      await storage.put('r/again.wav', Buffer.from('second!'), 'audio/wav')
      expect(await read('r/again.wav')).toMatchObject({ size: 7, bytes: Buffer.from('second!') })
    })

    it('answers undefined for a missing object and deletes idempotently', async () => {
      expect(await storage.get('r/missing.wav')).toBeUndefined()
      expect(await storage.get('r/missing.wav', { start: 0, end: 1 })).toBeUndefined()
      await storage.put('r/gone.ogg', Buffer.from('x'), 'audio/ogg')
      await storage.delete('r/gone.ogg')
      expect(await storage.get('r/gone.ogg')).toBeUndefined()
      await storage.delete('r/gone.ogg')
      await storage.delete('r/never-there.ogg')
    })

    it('keeps objects apart by key, also when written at the same time', async () => {
      const keys = Array.from({ length: 12 }, (_, i) => `par/${i}.wav`)
      await Promise.all(keys.map((k, i) => storage.put(k, Buffer.from(`object ${i}`), 'audio/wav')))
      const texts = await Promise.all(keys.map(async (k) => (await read(k))!.bytes.toString()))
      expect(texts).toEqual(keys.map((_, i) => `object ${i}`))
    })

    it('refuses keys that could escape or be ambiguous', async () => {
      for (const key of ['../x.mp3', 'a/../../x', '/etc/passwd', '', 'a//b', 'a/./b', '.hidden']) {
        await expect(storage.put(key, Buffer.from('x'), 'audio/mpeg'), key).rejects.toBeInstanceOf(
          InvalidStorageKey,
        )
        await expect(storage.get(key), key).rejects.toBeInstanceOf(InvalidStorageKey)
        await expect(storage.delete(key), key).rejects.toBeInstanceOf(InvalidStorageKey)
      }
    })
  })
}
