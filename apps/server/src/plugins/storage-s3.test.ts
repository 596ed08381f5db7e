import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../config.js'
import { startLocalS3, type LocalS3 } from '../test/s3rver.js'
import { createStorage } from './storage-factory.js'
import { createLocalStorage } from './storage.js'
import { createS3Storage } from './storage-s3.js'
import { describeStorageContract } from './storage-suite.js'

describeStorageContract('local folder', async () => {
  const root = await mkdtemp(join(tmpdir(), 'che-storage-contract-'))
  return {
    storage: createLocalStorage(root),
    close: () => rm(root, { recursive: true, force: true }),
  }
})

describeStorageContract('S3 (s3rver)', async () => {
  const s3 = await startLocalS3()
  const storage = createS3Storage(s3.config)
  return {
    storage,
    async close() {
      await storage.close()
      await s3.close()
    },
  }
})

describe('S3 storage', () => {
  let s3: LocalS3
  beforeAll(async () => {
    s3 = await startLocalS3({ bucket: 'che-other' })
  })
  afterAll(() => s3.close())

  it('fails a put with unknown credentials and stores nothing', async () => {
    const wrong = createS3Storage({ ...s3.config, accessKeyId: 'NOT-A-KEY' })
    await expect(wrong.put('k.wav', Buffer.from('x'), 'audio/wav')).rejects.toThrow()
    await wrong.close()
    const right = createS3Storage(s3.config)
    expect(await right.get('k.wav')).toBeUndefined()
    await right.close()
  })

  it('fails loudly for a bucket that does not exist', async () => {
    const missing = createS3Storage({ ...s3.config, bucket: 'no-such-bucket' })
    await expect(missing.put('k.wav', Buffer.from('x'), 'audio/wav')).rejects.toThrow()
    await missing.close()
  })
})

describe('createStorage', () => {
  it('uses the local folder without S3_* and S3 with it, with public URLs only from S3_PUBLIC_URL', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'che-storage-factory-'))
    const local = await createStorage(loadConfig({ DATA_DIR: dataDir }))
    await local.put('a.wav', Buffer.from('x'), 'audio/wav')
    expect(await readdir(join(dataDir, 'audio'))).toEqual(['a.wav'])
    expect(local.publicUrl('a.wav')).toBeUndefined()
    await local.close()
    await rm(dataDir, { recursive: true, force: true })

    const s3 = await startLocalS3()
    try {
      const remote = await createStorage(
        loadConfig({
          DATA_DIR: 'memory://',
          ...s3.env,
          S3_PUBLIC_URL: 'https://cdn.example/audio/',
        }),
      )
      await remote.put('recordings/x/1-y.wav', Buffer.from('xyz'), 'audio/wav')
      expect((await remote.get('recordings/x/1-y.wav'))?.size).toBe(3)
      expect(remote.location).toBe(`s3://che-audio at ${s3.config.endpoint}`)
      expect(remote.publicUrl('recordings/x/1-y.wav')).toBe(
        'https://cdn.example/audio/recordings/x/1-y.wav',
      )
      await remote.close()
    } finally {
      await s3.close()
    }
  })
})

describe('S3 configuration', () => {
  const full = {
    S3_ENDPOINT: 'http://127.0.0.1:9000',
    S3_BUCKET: 'che-audio',
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'id',
    S3_SECRET_ACCESS_KEY: 'secret',
  }

  it('is absent when no S3_* variable is set, blank ones included', () => {
    expect(loadConfig({}).s3).toBeUndefined()
    expect(loadConfig({ S3_ENDPOINT: ' ', S3_BUCKET: '' }).s3).toBeUndefined()
  })

  it('reads all five variables and the optional public URL', () => {
    expect(loadConfig({ ...full, S3_ENDPOINT: 'http://127.0.0.1:9000/' }).s3).toEqual({
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'che-audio',
      region: 'us-east-1',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      publicUrl: undefined,
    })
    expect(loadConfig({ ...full, S3_PUBLIC_URL: 'https://cdn.example/a/' }).s3?.publicUrl).toBe(
      'https://cdn.example/a',
    )
  })

  it('is all or nothing and names every missing variable', () => {
    const { S3_REGION: _r, S3_SECRET_ACCESS_KEY: _s, ...partial } = full
    expect(() => loadConfig(partial)).toThrow(ConfigError)
    expect(() => loadConfig(partial)).toThrow(/S3_REGION .*S3_SECRET_ACCESS_KEY/)
    expect(() => loadConfig({ S3_PUBLIC_URL: 'https://cdn.example' })).toThrow(
      /S3_PUBLIC_URL needs/,
    )
  })

  it('refuses a malformed endpoint or bucket', () => {
    expect(() => loadConfig({ ...full, S3_ENDPOINT: 'not a url' })).toThrow(/S3_ENDPOINT/)
    expect(() => loadConfig({ ...full, S3_BUCKET: 'Bad_Bucket' })).toThrow(/S3_BUCKET/)
  })
})
