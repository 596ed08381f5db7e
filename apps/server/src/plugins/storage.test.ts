import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { text } from 'node:stream/consumers'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  createAudioStorage,
  createLocalStorage,
  InvalidStorageKey,
  type Storage,
} from './storage.js'

describe('local storage', () => {
  let root: string
  let storage: Storage
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'che-storage-test-'))
    storage = createLocalStorage(root)
  })
  afterEach(() => rm(root, { recursive: true, force: true }))

  it('puts, gets (whole or a range) and deletes an object', async () => {
    await storage.put('a/b.mp3', Buffer.from('0123456789'), 'audio/mpeg')
    const whole = (await storage.get('a/b.mp3'))!
    expect({
      size: whole.size,
      contentType: whole.contentType,
      body: await text(whole.body),
    }).toEqual({
      size: 10,
      contentType: 'audio/mpeg',
      body: '0123456789',
    })
    const part = (await storage.get('a/b.mp3', { start: 2, end: 4 }))!
    expect({ range: part.range, body: await text(part.body) }).toEqual({
      range: { start: 2, end: 4 },
      body: '234',
    })
    await storage.delete('a/b.mp3')
    expect(await storage.get('a/b.mp3')).toBeUndefined()
    await storage.delete('a/b.mp3')
  })

  it('refuses keys that could leave its folder', async () => {
    for (const key of ['../x.mp3', 'a/../../x', '/etc/passwd', '', 'a//b']) {
      await expect(storage.put(key, Buffer.from('x'), 'audio/mpeg')).rejects.toBeInstanceOf(
        InvalidStorageKey,
      )
    }
  })

  it('leaves no partial file behind when a write fails', async () => {
    await storage.put('taken', Buffer.from('x'), 'text/plain')
    // a directory where the file should go makes the rename fail
    await expect(storage.put('taken/x', Buffer.from('y'), 'audio/mpeg')).rejects.toThrow()
    expect(await readdir(root)).toEqual(['taken'])
  })

  it('uses a temporary folder for an in-memory data directory and removes it on close', async () => {
    const s = await createAudioStorage('memory://')
    await s.put('k.wav', Buffer.from('x'), 'audio/wav')
    expect(await readdir(s.root)).toEqual(['k.wav'])
    await s.close()
    await expect(readdir(s.root)).rejects.toThrow()
  })
})
