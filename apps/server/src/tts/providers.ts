import { fileTypeFromBuffer } from 'file-type'
import type { SpeechConfig } from '../config.js'
import { toMessage } from '../errors.js'
import type { Speech, SpeechSynthesizer } from './tts.js'

/** How long a provider may take for one sentence, from sending to the last byte (ms). */
export const DEFAULT_PROVIDER_TIMEOUT_MS = 20_000
/** A sentence of speech is tens of kilobytes; anything beyond this is not what we asked for. */
const MAX_AUDIO_BYTES = 10 * 1024 * 1024

export class SpeechProviderError extends Error {
  constructor(
    readonly kind: 'timeout' | 'http' | 'invalid',
    message: string,
  ) {
    super(message)
    this.name = 'SpeechProviderError'
  }
}

const isTimeout = (err: unknown) =>
  err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')

/**
 * POST a JSON body and return the answer's bytes when they are audio (checked by their content,
 * not the content-type header, so an HTML error page or JSON answered with 200 is refused).
 */
async function fetchAudio(
  url: string,
  init: { headers: Record<string, string>; body: unknown },
  timeoutMs: number,
  voice: string,
): Promise<Speech> {
  let res: Response
  let bytes: Buffer
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...init.headers },
      body: JSON.stringify(init.body),
      signal: AbortSignal.timeout(timeoutMs),
    })
    bytes = Buffer.from(await res.arrayBuffer())
  } catch (err) {
    if (isTimeout(err)) throw new SpeechProviderError('timeout', `no answer within ${timeoutMs} ms`)
    throw new SpeechProviderError('http', `could not reach the provider: ${toMessage(err)}`)
  }
  if (!res.ok) {
    const detail = bytes.subarray(0, 300).toString('utf8').replace(/\s+/g, ' ').trim()
    throw new SpeechProviderError('http', `HTTP ${res.status}${detail ? `: ${detail}` : ''}`)
  }
  if (bytes.length > MAX_AUDIO_BYTES)
    throw new SpeechProviderError('invalid', `answer too large (${bytes.length} bytes)`)
  const type = await fileTypeFromBuffer(bytes)
  if (!type?.mime.startsWith('audio/')) {
    throw new SpeechProviderError(
      'invalid',
      `answer is not audio (${type?.mime ?? res.headers.get('content-type') ?? 'unknown'}, ${bytes.length} bytes)`,
    )
  }
  return { bytes, contentType: type.mime, extension: type.ext, voice, kind: 'neural' }
}

/**
 * A neural voice behind an HTTP API: each text, cleaned, becomes one JSON POST (`request` says
 * its headers and body) whose answer is the audio.
 */
function httpSpeech(
  voice: string,
  url: string,
  timeoutMs: number | undefined,
  request: (text: string) => { headers: Record<string, string>; body: unknown },
): SpeechSynthesizer {
  return {
    voice,
    kind: 'neural',
    async synthesize(text) {
      return fetchAudio(
        url,
        request(cleanText(text)),
        timeoutMs ?? DEFAULT_PROVIDER_TIMEOUT_MS,
        voice,
      )
    },
  }
}

function cleanText(text: string): string {
  const clean = text.replace(/\s+/g, ' ').trim()
  if (!clean) throw new Error('nothing to synthesise')
  return clean
}

/**
 * Any OpenAI-compatible speech endpoint (OpenAI, Kokoro-FastAPI, openedai-speech, LocalAI…):
 * `POST {baseUrl}/audio/speech` with `{model, voice, input, response_format: 'mp3'}`.
 */
export function createOpenAiSpeech(opts: {
  baseUrl: string
  apiKey?: string
  model: string
  voice: string
  timeoutMs?: number
}): SpeechSynthesizer {
  const url = `${opts.baseUrl.replace(/\/+$/, '')}/audio/speech`
  const headers: Record<string, string> = opts.apiKey
    ? { authorization: `Bearer ${opts.apiKey}` }
    : {}
  return httpSpeech(`${opts.model} ${opts.voice}`, url, opts.timeoutMs, (input) => ({
    headers,
    body: { model: opts.model, voice: opts.voice, input, response_format: 'mp3' },
  }))
}

/** ElevenLabs' text-to-speech API with a multilingual model (it speaks Rioplatense Spanish). */
export function createElevenLabsSpeech(opts: {
  apiKey: string
  voiceId: string
  baseUrl?: string
  modelId?: string
  timeoutMs?: number
}): SpeechSynthesizer {
  const base = (opts.baseUrl ?? 'https://api.elevenlabs.io').replace(/\/+$/, '')
  const url = `${base}/v1/text-to-speech/${encodeURIComponent(opts.voiceId)}?output_format=mp3_44100_128`
  const modelId = opts.modelId ?? 'eleven_multilingual_v2'
  return httpSpeech(`ElevenLabs ${opts.voiceId}`, url, opts.timeoutMs, (text) => ({
    headers: { 'xi-api-key': opts.apiKey, accept: 'audio/mpeg' },
    body: { text, model_id: modelId },
  }))
}

/** After this many failures in a row the provider is skipped for a while (a circuit breaker). */
const BREAK_AFTER_FAILURES = 3
const BREAK_FOR_MS = 60_000

export interface FallbackSynthesizer extends SpeechSynthesizer {
  primary: SpeechSynthesizer
  fallback: SpeechSynthesizer
  /** The provider alone (no fallback); throws when it fails or is being skipped. */
  primaryOnly(text: string): Promise<Speech>
}

/**
 * A provider with espeak-ng behind it: any failure of the provider (time-out, HTTP error, an
 * answer that is not audio) is logged as a warning and the sentence is spoken by the fallback.
 * After three failures in a row the provider is skipped for a minute, so a provider that is
 * down costs one time-out, not one per sentence. The result says which voice spoke it.
 */
export function withFallback(
  primary: SpeechSynthesizer,
  fallback: SpeechSynthesizer,
  log: { warn(obj: unknown, msg: string): void },
  clock: () => number = Date.now,
): FallbackSynthesizer {
  let failures = 0
  let skipUntil = 0
  const tag = (s: SpeechSynthesizer, speech: Speech): Speech => ({
    ...speech,
    voice: speech.voice ?? s.voice,
    kind: speech.kind ?? s.kind ?? 'synthetic',
  })

  async function primaryOnly(text: string): Promise<Speech> {
    if (clock() < skipUntil) {
      throw new SpeechProviderError('http', 'skipped after repeated failures')
    }
    try {
      const speech = tag(primary, await primary.synthesize(text))
      failures = 0
      return speech
    } catch (err) {
      failures++
      if (failures >= BREAK_AFTER_FAILURES) skipUntil = clock() + BREAK_FOR_MS
      log.warn(
        {
          err: toMessage(err),
          reason: err instanceof SpeechProviderError ? err.kind : 'error',
          provider: primary.voice,
          fallback: fallback.voice,
          ...(failures >= BREAK_AFTER_FAILURES ? { skippedForMs: BREAK_FOR_MS } : {}),
        },
        'speech provider failed; using the fallback voice',
      )
      throw err
    }
  }

  return {
    voice: primary.voice,
    kind: primary.kind,
    primary,
    fallback,
    primaryOnly,
    async synthesize(text) {
      try {
        return await primaryOnly(text)
      } catch {
        return tag(fallback, await fallback.synthesize(text))
      }
    },
  }
}

/** The configured speech: a provider with espeak-ng as fallback, or espeak-ng alone. */
export function createSpeech(
  speech: SpeechConfig | undefined,
  espeak: SpeechSynthesizer,
  log: { warn(obj: unknown, msg: string): void },
  opts: { timeoutMs?: number } = {},
): SpeechSynthesizer {
  if (!speech) return espeak
  const provider =
    speech.provider === 'openai'
      ? createOpenAiSpeech({ ...speech, timeoutMs: opts.timeoutMs })
      : createElevenLabsSpeech({ ...speech, timeoutMs: opts.timeoutMs })
  return withFallback(provider, espeak, log)
}
