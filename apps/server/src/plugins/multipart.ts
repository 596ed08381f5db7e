import multipart from '@fastify/multipart'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { AppError } from '../errors.js'
import { assertNoControlCharacters } from './text-guard.js'

/** Default upload limit when the settings do not name one (settings key maxUploadBytes). */
export const DEFAULT_MAX_UPLOAD_BYTES = 20 * 1024 * 1024

/**
 * Accept multipart/form-data bodies. Only adds a content-type parser: JSON routes are
 * untouched, and a multipart route reads its parts itself with `readMultipart`.
 */
export async function registerMultipart(app: FastifyInstance): Promise<void> {
  if (app.hasContentTypeParser('multipart/form-data')) return
  await app.register(multipart, {
    limits: { fileSize: DEFAULT_MAX_UPLOAD_BYTES, files: 1, fields: 50, fieldSize: 1024 * 1024 },
  })
}

export interface UploadedFile {
  fieldname: string
  filename: string
  /** As the client declared it; never trusted (check the bytes). */
  mimetype: string
  bytes: Buffer
}

export interface MultipartBody {
  fields: Record<string, string>
  files: UploadedFile[]
}

const MB = 1024 * 1024

function limitText(bytes: number): string {
  return bytes >= MB ? `${Math.round((bytes / MB) * 10) / 10} MB` : `${bytes} bytes`
}

function errorCode(err: unknown): string | undefined {
  return typeof err === 'object' && err !== null && 'code' in err
    ? String((err as { code: unknown }).code)
    : undefined
}

/**
 * Read a whole multipart body: text fields and at most `maxFiles` files of at most
 * `maxFileBytes` each. A file part with no name and no bytes (a form's empty file input) is
 * ignored. Too large → 413 PAYLOAD_TOO_LARGE; not multipart → 415 UNSUPPORTED_MEDIA_TYPE.
 */
export async function readMultipart(
  request: FastifyRequest,
  opts: { maxFileBytes: number; maxFiles?: number },
): Promise<MultipartBody> {
  if (!request.isMultipart()) {
    throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send this form as multipart/form-data')
  }
  const maxFiles = opts.maxFiles ?? 1
  const body: MultipartBody = { fields: {}, files: [] }
  try {
    for await (const part of request.parts({
      limits: { fileSize: opts.maxFileBytes, files: maxFiles },
    })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer()
        if (bytes.length === 0 && !part.filename) continue
        body.files.push({
          fieldname: part.fieldname,
          filename: part.filename,
          mimetype: part.mimetype,
          bytes,
        })
      } else {
        body.fields[part.fieldname] =
          typeof part.value === 'string' ? part.value : String(part.value)
      }
    }
  } catch (err) {
    const code = errorCode(err)
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(
        413,
        'PAYLOAD_TOO_LARGE',
        `The file is larger than the ${limitText(opts.maxFileBytes)} upload limit`,
        {
          maxBytes: opts.maxFileBytes,
        },
      )
    }
    if (code === 'FST_FILES_LIMIT') {
      throw new AppError(
        413,
        'PAYLOAD_TOO_LARGE',
        maxFiles === 1 ? 'Send one file only' : `Send at most ${maxFiles} files`,
      )
    }
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new AppError(413, 'PAYLOAD_TOO_LARGE', 'The form has too many fields')
    }
    if (err instanceof AppError) throw err
    throw new AppError(400, 'VALIDATION_FAILED', 'The upload could not be read; please try again')
  }
  assertNoControlCharacters([{ part: 'body', value: body.fields }])
  return body
}

/** The upload limit the settings name (key maxUploadBytes), or the default. */
export function maxUploadBytes(settings: Record<string, string>): number {
  const n = Number(settings.maxUploadBytes)
  return Number.isSafeInteger(n) && n > 0 ? n : DEFAULT_MAX_UPLOAD_BYTES
}
