import { buildPath } from '@che/core/plain'
import type { Endpoint, ErrorBody } from '@che/core'
import type { z } from 'zod'

/** A failed product API call (spec §8): the server's message, or 'Request failed with status {status}'. */
export class ApiError extends Error {
  override readonly name = 'ApiError'
  readonly status: number
  readonly code: string | undefined
  readonly details: unknown
  /** True when the message came from the response body rather than the client's fallback. */
  readonly fromServer: boolean

  constructor(
    message: string,
    init: { status: number; code?: string; details?: unknown; fromServer?: boolean },
  ) {
    super(message)
    this.status = init.status
    this.code = init.code
    this.details = init.details
    this.fromServer = init.fromServer ?? false
  }
}

type BodyOf<E> = E extends Endpoint<infer B, z.ZodType, z.ZodType, z.ZodType> ? z.input<B> : never
type QueryOf<E> = E extends Endpoint<z.ZodType, infer Q, z.ZodType, z.ZodType> ? z.input<Q> : never
type ParamsOf<E> = E extends Endpoint<z.ZodType, z.ZodType, infer P, z.ZodType> ? z.input<P> : never
export type ResponseOf<E> =
  E extends Endpoint<z.ZodType, z.ZodType, z.ZodType, infer R> ? z.output<R> : never

/** What a call takes: each part is present only when the endpoint declares it. */
export type CallOptions<E extends Endpoint> = {
  body?: BodyOf<E>
  query?: QueryOf<E>
  params?: ParamsOf<E>
  signal?: AbortSignal
}

export type UploadOptions<E extends Endpoint> = {
  /** The file to send; omitted when the call has only fields. */
  file?: Blob | null
  /** Name of the file's form field; 'file' unless the endpoint expects another. */
  fileField?: string
  fileName?: string
  fields?: Record<string, string | number | boolean | null | undefined>
  params?: ParamsOf<E>
  signal?: AbortSignal
}

interface ClientHooks {
  getAccessToken: () => string | null | undefined
  onUnauthorized: () => void
  logError: (error: unknown, context: string) => void
}

const hooks: ClientHooks = {
  getAccessToken: () => null,
  onUnauthorized: () => {},
  logError: (error, context) => console.error(`[api] ${context}`, error),
}

/** Lets the auth layer attach the bearer token and react to a 401. */
export function configureApiClient(next: Partial<ClientHooks>): void {
  Object.assign(hooks, next)
}

/** Query parameters with empty values (undefined, null, '') left out (spec §7). */
export function toSearch(query: Record<string, unknown> | undefined): string {
  if (!query) return ''
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue
    search.append(key, String(value))
  }
  const text = search.toString()
  return text ? `?${text}` : ''
}

function urlFor(endpoint: Endpoint, params: unknown, query: unknown): string {
  const path = buildPath(endpoint.path, (params ?? {}) as Record<string, string>)
  return path + toSearch(query as Record<string, unknown> | undefined)
}

/**
 * The contract's flat error body (code and message strings). Checked by hand rather than with the
 * zod schema so that the contract's schemas stay off the landing page's first load (decision 039).
 */
function isErrorBody(json: unknown): json is ErrorBody {
  if (!json || typeof json !== 'object') return false
  const body = json as Record<string, unknown>
  return typeof body.code === 'string' && typeof body.message === 'string'
}

async function errorFrom(response: Response): Promise<ApiError> {
  let parsed: ErrorBody | undefined
  let loose: { message?: unknown; code?: unknown; details?: unknown } | undefined
  try {
    const json: unknown = await response.json()
    if (isErrorBody(json)) parsed = json
    else if (json && typeof json === 'object') loose = json as typeof loose
  } catch {
    // Not JSON: the status fallback below says enough.
  }
  const message =
    parsed?.message ??
    (typeof loose?.message === 'string' && loose.message ? loose.message : undefined)
  const code = parsed?.code ?? (typeof loose?.code === 'string' ? loose.code : undefined)
  return new ApiError(message ?? `Request failed with status ${response.status}`, {
    status: response.status,
    code,
    details: parsed?.details ?? loose?.details,
    fromServer: message !== undefined,
  })
}

async function send<E extends Endpoint>(
  endpoint: E,
  url: string,
  init: RequestInit,
): Promise<ResponseOf<E>> {
  const headers = new Headers(init.headers)
  headers.set('Accept', 'application/json')
  const token = hooks.getAccessToken()
  if (token) headers.set('Authorization', `Bearer ${token}`)
  const context = `${endpoint.method} ${url}`
  try {
    const response = await fetch(url, { ...init, headers, credentials: 'same-origin' })
    if (!response.ok) {
      const error = await errorFrom(response)
      if (response.status === 401 && token) hooks.onUnauthorized()
      throw error
    }
    const json: unknown = response.status === 204 ? undefined : await response.json()
    return endpoint.response.parse(json) as ResponseOf<E>
  } catch (error) {
    hooks.logError(error, context)
    throw error
  }
}

/** Call a contract endpoint with a JSON body (if any); resolves to the parsed response. */
export function call<E extends Endpoint>(
  endpoint: E,
  options: CallOptions<E> = {},
): Promise<ResponseOf<E>> {
  const url = urlFor(endpoint, options.params, options.query)
  const init: RequestInit = { method: endpoint.method }
  if (options.signal) init.signal = options.signal
  if (endpoint.method !== 'GET') {
    init.headers = { 'Content-Type': 'application/json' }
    init.body = JSON.stringify(options.body ?? {})
  }
  return send(endpoint, url, init)
}

/** Multipart POST: a file field plus extra text fields (spec §7 generic helper). */
export function upload<E extends Endpoint>(
  endpoint: E,
  options: UploadOptions<E>,
): Promise<ResponseOf<E>> {
  const url = urlFor(endpoint, options.params, undefined)
  const form = new FormData()
  for (const [key, value] of Object.entries(options.fields ?? {})) {
    if (value === undefined || value === null) continue
    form.append(key, String(value))
  }
  if (options.file) {
    const name = options.fileName ?? (options.file instanceof File ? options.file.name : 'upload')
    form.append(options.fileField ?? 'file', options.file, name)
  }
  const init: RequestInit = { method: 'POST', body: form }
  if (options.signal) init.signal = options.signal
  return send(endpoint, url, init)
}

/** The message to show for a failed call: the server's, else the screen's fallback (spec §8). */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.fromServer) return error.message
  return fallback
}
