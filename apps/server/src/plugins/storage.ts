import { randomUUID } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { mkdir, mkdtemp, rename, rm, stat, unlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, extname, join, resolve, sep } from 'node:path'
import type { Readable } from 'node:stream'

/** A byte range, both ends inclusive (as in an HTTP Range header). */
export interface ByteRange {
  start: number
  end?: number
}

export interface StoredObject {
  body: Readable
  /** Size of the whole object in bytes. */
  size: number
  contentType: string
  /** The range actually served, when one was asked for. */
  range?: { start: number; end: number }
}

/**
 * Where uploaded files (audio) live. The local folder is the embedded default; an S3-compatible
 * store can implement the same three calls.
 */
export interface Storage {
  /** Store `bytes` under `key` atomically: a failed put leaves nothing behind. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>
  /** The object, or undefined when there is none. */
  get(key: string, range?: ByteRange): Promise<StoredObject | undefined>
  /** Remove an object; removing a missing one is not an error. */
  delete(key: string): Promise<void>
}

const KEY = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/

const CONTENT_TYPES: Record<string, string> = {
  '.mp3': 'audio/mpeg',
  '.m4a': 'audio/mp4',
  '.mp4': 'audio/mp4',
  '.aac': 'audio/aac',
  '.ogg': 'audio/ogg',
  '.oga': 'audio/ogg',
  '.opus': 'audio/opus',
  '.wav': 'audio/wav',
  '.webm': 'audio/webm',
  '.flac': 'audio/flac',
  '.aif': 'audio/aiff',
  '.aiff': 'audio/aiff',
  '.amr': 'audio/amr',
  '.mid': 'audio/midi',
}

export class InvalidStorageKey extends Error {
  constructor(key: string) {
    super(`invalid storage key: ${key}`)
    this.name = 'InvalidStorageKey'
  }
}

/** Files in a local folder; the content type comes from the key's extension. */
export function createLocalStorage(root: string): Storage {
  const base = resolve(root)

  function pathOf(key: string): string {
    if (!KEY.test(key) || key.split('/').some((part) => part === '..' || part === '.')) {
      throw new InvalidStorageKey(key)
    }
    const path = resolve(base, key)
    if (!path.startsWith(base + sep)) throw new InvalidStorageKey(key)
    return path
  }

  return {
    async put(key, bytes) {
      const path = pathOf(key)
      await mkdir(dirname(path), { recursive: true })
      // Write beside the target, then rename: readers never see half a file, and a failed
      // write removes its temporary file.
      const temp = `${path}.${randomUUID()}.part`
      try {
        await writeFile(temp, bytes, { flag: 'wx' })
        await rename(temp, path)
      } catch (err) {
        await rm(temp, { force: true })
        throw err
      }
    },
    async get(key, range) {
      const path = pathOf(key)
      let size: number
      try {
        const s = await stat(path)
        if (!s.isFile()) return undefined
        size = s.size
      } catch {
        return undefined
      }
      const contentType = CONTENT_TYPES[extname(key).toLowerCase()] ?? 'application/octet-stream'
      if (!range) return { body: createReadStream(path), size, contentType }
      const end = Math.min(range.end ?? size - 1, size - 1)
      return {
        body: createReadStream(path, { start: range.start, end }),
        size,
        contentType,
        range: { start: range.start, end },
      }
    },
    async delete(key) {
      try {
        await unlink(pathOf(key))
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err
      }
    },
  }
}

/**
 * Audio storage for a data directory: DATA_DIR/audio, or a temporary folder (removed by
 * `close`) when the data directory is 'memory://'.
 */
export async function createAudioStorage(
  dataDir: string,
): Promise<Storage & { root: string; close(): Promise<void> }> {
  if (dataDir === 'memory://' || dataDir.endsWith(`${sep}memory:`)) {
    const root = await mkdtemp(join(tmpdir(), 'che-audio-'))
    return {
      ...createLocalStorage(root),
      root,
      close: () => rm(root, { recursive: true, force: true }),
    }
  }
  const root = join(dataDir, 'audio')
  await mkdir(root, { recursive: true })
  return { ...createLocalStorage(root), root, close: async () => {} }
}
