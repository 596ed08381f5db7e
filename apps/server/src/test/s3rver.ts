import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import S3rver from 's3rver'
import type { S3Config } from '../config.js'

export interface LocalS3 {
  /** The S3_* settings that point the app at this server's bucket. */
  config: S3Config
  env: Record<string, string>
  close(): Promise<void>
}

/**
 * A real S3-protocol server (s3rver, objects on disk in a temporary folder) on 127.0.0.1 and
 * a free port, with one empty bucket. It checks the access key id of each signed request, but
 * not the SigV4 signature itself.
 */
export async function startLocalS3(
  opts: { bucket?: string; publicUrl?: string } = {},
): Promise<LocalS3> {
  const directory = await mkdtemp(join(tmpdir(), 'che-s3rver-'))
  const bucket = opts.bucket ?? 'che-audio'
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    vhostBuckets: false,
    configureBuckets: [{ name: bucket, configs: [] }],
  })
  const { port } = await server.run()
  const config: S3Config = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    region: 'us-east-1',
    // s3rver's fixed credentials.
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    publicUrl: opts.publicUrl,
  }
  return {
    config,
    env: {
      S3_ENDPOINT: config.endpoint,
      S3_BUCKET: bucket,
      S3_REGION: config.region,
      S3_ACCESS_KEY_ID: config.accessKeyId,
      S3_SECRET_ACCESS_KEY: config.secretAccessKey,
      ...(opts.publicUrl ? { S3_PUBLIC_URL: opts.publicUrl } : {}),
    },
    async close() {
      await server.close()
      await rm(directory, { recursive: true, force: true })
    },
  }
}
