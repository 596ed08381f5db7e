import type { z } from 'zod'
import type { Config } from '../config.js'

/**
 * Why a call failed. timeout: no full answer within the time-out; http: the server could not be
 * reached or answered a non-2xx status; invalid: a 2xx answer without usable content (no
 * choices, empty text, not JSON, or JSON that fails the schema).
 */
export type LlmErrorKind = 'timeout' | 'http' | 'invalid'

export class LlmError extends Error {
  constructor(
    readonly kind: LlmErrorKind,
    message: string,
    readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options)
    this.name = 'LlmError'
  }
}

export interface LlmMessage {
  role: 'system' | 'user' | 'assistant'
  content: string
}

export interface CompleteOptions {
  /** Whole call, from sending to the last byte of the answer (ms). */
  timeoutMs?: number
  /** Default 0: the same question gets the same answer, as far as the model allows. */
  temperature?: number
  maxTokens?: number
}

export interface LlmClient {
  readonly model: string
  /** The reply text, trimmed; never empty. */
  complete(messages: LlmMessage[], options?: CompleteOptions): Promise<string>
  /** Asks for a JSON object (`response_format: json_object`), parses it and validates it with `schema`. */
  completeJson<T>(
    messages: LlmMessage[],
    schema: z.ZodType<T>,
    options?: CompleteOptions,
  ): Promise<T>
  completeJson(
    messages: LlmMessage[],
    schema?: undefined,
    options?: CompleteOptions,
  ): Promise<unknown>
}

const DEFAULT_TIMEOUT_MS = 15_000
const DETAIL_CHARS = 300

const isTimeout = (err: unknown) =>
  err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')

/** Some models wrap JSON in a Markdown fence even when asked for a JSON object. */
function unfence(text: string): string {
  const fenced = /^```(?:json)?\s*([\s\S]*?)\s*```$/i.exec(text)
  return fenced ? fenced[1]! : text
}

/**
 * One client for any OpenAI-compatible server (OpenAI, Ollama's /v1, llama.cpp, vLLM, LiteLLM…):
 * `POST {baseUrl}/chat/completions`, the answer read from `choices[0].message.content`.
 * Every failure is an LlmError, so callers can fall back on one type.
 */
export function createLlmClient(
  llm: NonNullable<Config['llm']>,
  defaults: { timeoutMs?: number } = {},
): LlmClient {
  const url = `${llm.baseUrl.replace(/\/+$/, '')}/chat/completions`

  async function call(
    messages: LlmMessage[],
    json: boolean,
    options: CompleteOptions,
  ): Promise<string> {
    const timeoutMs = options.timeoutMs ?? defaults.timeoutMs ?? DEFAULT_TIMEOUT_MS
    const body = {
      model: llm.model,
      messages,
      temperature: options.temperature ?? 0,
      ...(options.maxTokens !== undefined ? { max_tokens: options.maxTokens } : {}),
      ...(json ? { response_format: { type: 'json_object' } } : {}),
    }
    let status = 0
    let raw: string
    try {
      // One signal for the request and the body: a server that stalls mid-answer also times out.
      const res = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(llm.apiKey ? { authorization: `Bearer ${llm.apiKey}` } : {}),
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      })
      status = res.status
      raw = await res.text()
      if (!res.ok) {
        throw new LlmError('http', `LLM answered ${status}: ${raw.slice(0, DETAIL_CHARS)}`, status)
      }
    } catch (err) {
      if (err instanceof LlmError) throw err
      if (isTimeout(err))
        throw new LlmError('timeout', `LLM gave no answer within ${timeoutMs} ms`, undefined, {
          cause: err,
        })
      // fetch rejects with a TypeError whose cause is the socket error (ECONNREFUSED, ENOTFOUND…).
      const cause =
        err instanceof Error && err.cause instanceof Error ? `: ${err.cause.message}` : ''
      const message = err instanceof Error ? err.message : String(err)
      throw new LlmError('http', `LLM request failed: ${message}${cause}`, status || undefined, {
        cause: err,
      })
    }
    let parsed: unknown
    try {
      parsed = JSON.parse(raw)
    } catch {
      throw new LlmError('invalid', `LLM answer is not JSON: ${raw.slice(0, DETAIL_CHARS)}`, status)
    }
    const content = (parsed as { choices?: { message?: { content?: unknown } }[] } | null)
      ?.choices?.[0]?.message?.content
    if (typeof content !== 'string' || content.trim() === '') {
      throw new LlmError('invalid', 'LLM gave no answer (no choices[0].message.content)', status)
    }
    return content.trim()
  }

  async function completeJson(
    messages: LlmMessage[],
    schema?: z.ZodType,
    options: CompleteOptions = {},
  ) {
    const content = await call(messages, true, options)
    let value: unknown
    try {
      value = JSON.parse(unfence(content))
    } catch {
      throw new LlmError('invalid', `LLM content is not JSON: ${content.slice(0, DETAIL_CHARS)}`)
    }
    if (!schema) return value
    const result = schema.safeParse(value)
    if (!result.success) {
      const issues = result.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
      throw new LlmError('invalid', `LLM JSON fails the schema: ${issues.join('; ')}`)
    }
    return result.data
  }

  return {
    model: llm.model,
    complete: (messages, options = {}) => call(messages, false, options),
    completeJson: completeJson as LlmClient['completeJson'],
  }
}
