import { Readable } from 'node:stream'
import {
  DeleteObjectCommand,
  GetObjectCommand,
  type GetObjectCommandOutput,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3'
import type { S3Config } from '../config.js'
import { InvalidStorageKey, type Storage, type StoredObject } from './storage.js'

/** The same key shape the local folder accepts, so a key means the same thing in both stores. */
const KEY = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/

function checkKey(key: string): string {
  if (!KEY.test(key) || key.split('/').some((part) => part === '..' || part === '.')) {
    throw new InvalidStorageKey(key)
  }
  return key
}

function status(err: unknown): number | undefined {
  return err instanceof S3ServiceException ? err.$metadata.httpStatusCode : undefined
}

/** Total size from `Content-Range: bytes a-b/size`. */
function totalFromContentRange(header: string | undefined): number | undefined {
  const m = header ? /\/(\d+)\s*$/.exec(header) : null
  return m ? Number(m[1]) : undefined
}

/**
 * Objects in a bucket of any S3-compatible service (AWS S3, MinIO, Ceph, R2, s3rver...).
 * Path-style addressing (`endpoint/bucket/key`), which every such service understands; checksums
 * only where the protocol requires them, since not every compatible server knows the newer ones.
 */
export function createS3Storage(config: S3Config): Storage & { close(): Promise<void> } {
  const client = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: true,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
    requestHandler: { connectionTimeout: 5_000, socketTimeout: 30_000 },
  })
  const Bucket = config.bucket

  return {
    async put(key, bytes, contentType) {
      // A single PutObject is atomic: readers see the old object or the whole new one.
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: checkKey(key),
          Body: bytes,
          ContentType: contentType,
          ContentLength: bytes.byteLength,
        }),
      )
    },

    async get(key, range): Promise<StoredObject | undefined> {
      checkKey(key)
      let out: GetObjectCommandOutput
      try {
        out = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: key,
            ...(range ? { Range: `bytes=${range.start}-${range.end ?? ''}` } : {}),
          }),
        )
      } catch (err) {
        if (status(err) === 404) return undefined
        throw err
      }
      const body = out.Body
      if (!(body instanceof Readable)) throw new Error(`S3 GetObject ${key}: no body stream`)
      const contentType = out.ContentType ?? 'application/octet-stream'
      const length = out.ContentLength ?? 0
      if (!range) return { body, size: length, contentType }
      // A server that ignores Range answers 200 with the whole object; say so rather than lie.
      const size = totalFromContentRange(out.ContentRange)
      if (size === undefined)
        return { body, size: length, contentType, range: { start: 0, end: length - 1 } }
      return {
        body,
        size,
        contentType,
        range: { start: range.start, end: range.start + length - 1 },
      }
    },

    async delete(key) {
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: checkKey(key) }))
      } catch (err) {
        // S3 answers 204 for a missing key; some compatible servers answer 404.
        if (status(err) !== 404) throw err
      }
    },

    async close() {
      client.destroy()
    },
  }
}
