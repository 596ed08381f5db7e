import type { Config } from '../config.js'
import { createAudioStorage, type Storage } from './storage.js'

export type AppStorage = Storage & {
  /** Where objects live, for logs: a folder or s3://bucket at an endpoint. */
  location: string
  /** A public URL of an object when the store has one (S3_PUBLIC_URL), else undefined. */
  publicUrl(key: string): string | undefined
  close(): Promise<void>
}

/**
 * The audio store the config names: an S3-compatible bucket when S3_* is set, else the local
 * folder DATA_DIR/audio. The AWS SDK is loaded only when S3 is used.
 */
export async function createStorage(config: Pick<Config, 'dataDir' | 's3'>): Promise<AppStorage> {
  const s3 = config.s3
  if (s3) {
    const { createS3Storage } = await import('./storage-s3.js')
    const store = createS3Storage(s3)
    const base = s3.publicUrl
    return {
      ...store,
      location: `s3://${s3.bucket} at ${s3.endpoint}`,
      publicUrl: (key) =>
        base ? `${base}/${key.split('/').map(encodeURIComponent).join('/')}` : undefined,
    }
  }
  const local = await createAudioStorage(config.dataDir)
  return { ...local, location: local.root, publicUrl: () => undefined }
}
