import { createHash } from 'node:crypto'
import type { Metrics } from '../../plugins/metrics.js'
import type { z } from 'zod'
import type { AudioRef } from '@che/core'
import { toMessage } from '../../errors.js'
import type { StoredObject, Storage } from '../../plugins/storage.js'
import type { FallbackSynthesizer } from '../../tts/providers.js'
import type { Speech, SpeechKind, SpeechSynthesizer } from '../../tts/tts.js'
import type { ExampleRow } from '../idioms/idioms.repo.js'
import { TEXT_VERSION_CHARS, type AudioRepo } from './audio.repo.js'
import { createSpeechQueue } from './speech-queue.js'
import { parseRange } from './audio-range.js'
import type { AudioUrlSigner } from './audio-url.js'

type Audio = z.infer<typeof AudioRef>

/**
 * Storage key of an example's synthesised speech for one text version, kind and voice:
 * tts/<example id>-<12 hex of md5(text)>-<neural|synthetic>-<8 hex of md5(voice)>.<ext>. A new
 * text, a neural voice replacing espeak-ng's or a new espeak-ng voice (decision 058) gives a new
 * key, so no cached copy of the old speech is ever served.
 */
export function ttsKeyOf(
  exampleId: string,
  text: string,
  kind: SpeechKind,
  voice: string,
  extension: string,
): string {
  const voiceVersion = createHash('md5').update(voice, 'utf8').digest('hex').slice(0, 8)
  return `${ttsStemOf(exampleId, text)}${kind}-${voiceVersion}.${extension}`
}

function ttsStemOf(exampleId: string, text: string): string {
  const version = createHash('md5').update(text, 'utf8').digest('hex').slice(0, TEXT_VERSION_CHARS)
  return `tts/${exampleId}-${version}-`
}

/** True when `key` is speech of `text` (made by ttsKeyOf for this example and text). */
function speaksText(key: string, exampleId: string, text: string): boolean {
  return key.startsWith(ttsStemOf(exampleId, text))
}

/** After a failed synthesis, wait this long before the request path tries that example again (ms). */
const RETRY_AFTER_FAILURE_MS = 5 * 60 * 1000
const MAX_REMEMBERED_FAILURES = 10_000

export type AudioRead =
  | { kind: 'whole'; object: StoredObject }
  | { kind: 'part'; object: StoredObject; start: number; end: number }
  | { kind: 'unsatisfiable'; size: number }

type Log = {
  error(obj: unknown, msg: string): void
  warn(obj: unknown, msg: string): void
  info(obj: unknown, msg: string): void
}

export function createAudioService(deps: {
  storage: Storage
  synthesizer: SpeechSynthesizer
  /** Counts speech that could not be made (the example is then shown as text). */
  metrics?: Pick<Metrics, 'fallback'>
  audio: AudioRepo
  signer: AudioUrlSigner
  clock: () => Date
  log: Log
  /**
   * Syntheses running at once in this process, queue and requests together (default 1: one
   * espeak-ng process, one core, at a time); more wait their turn.
   */
  maxConcurrentSyntheses?: number
}) {
  const maxConcurrent = deps.maxConcurrentSyntheses ?? 1
  // One synthesis per example at a time in this process: a second request for the same example
  // (or the queue reaching it) waits for the first one's result instead of starting again.
  const inFlight = new Map<string, Promise<string | null>>()
  const failedAt = new Map<string, number>()
  let running = 0
  const waiting: (() => void)[] = []
  const synthKind = deps.synthesizer.kind ?? 'synthetic'
  // The espeak-ng voice speaking now (alone, or as a provider's fallback): espeak-ng speech by
  // another voice is made again by the queue.
  const fallback = (deps.synthesizer as Partial<FallbackSynthesizer>).fallback
  const espeakVoice = fallback
    ? fallback.voice
    : synthKind === 'synthetic'
      ? deps.synthesizer.voice
      : undefined

  async function withSlot<T>(work: () => Promise<T>): Promise<T> {
    if (running >= maxConcurrent) await new Promise<void>((go) => waiting.push(go))
    running++
    try {
      return await work()
    } finally {
      running--
      waiting.shift()?.()
    }
  }

  /** Synthesise, store and record one example's speech; the stored key, or null on failure. */
  async function synthesizeNow(
    example: { id: string; text: string },
    speak: (text: string) => Promise<Speech> = (t) => deps.synthesizer.synthesize(t),
  ): Promise<string | null> {
    try {
      const speech = await withSlot(() => speak(example.text))
      const kind = speech.kind ?? synthKind
      const voice = speech.voice ?? deps.synthesizer.voice
      const key = ttsKeyOf(example.id, example.text, kind, voice, speech.extension)
      await deps.storage.put(key, speech.bytes, speech.contentType)
      const kept = await deps.audio.setTts(example.id, example.text, { key, voice, kind })
      if (!kept) {
        // The text changed while we spoke it: this speech is stale already.
        await deps.storage.delete(key).catch(() => {})
        return null
      }
      failedAt.delete(example.id)
      return key
    } catch (err) {
      deps.log.error(
        { err: toMessage(err), exampleId: example.id },
        'speech synthesis failed; serving the example as text',
      )
      deps.metrics?.fallback('tts', 'synthesis_failed')
      if (failedAt.size >= MAX_REMEMBERED_FAILURES) failedAt.clear()
      failedAt.set(example.id, deps.clock().getTime())
      return null
    }
  }

  function once(example: { id: string; text: string }, work: () => Promise<string | null>) {
    let pending = inFlight.get(example.id)
    if (!pending) {
      pending = work().finally(() => inFlight.delete(example.id))
      inFlight.set(example.id, pending)
    }
    return pending
  }

  function storedRef(example: ExampleRow): Audio | null {
    if (!example.ttsKey || !speaksText(example.ttsKey, example.id, example.text)) return null
    return {
      url: deps.signer.url(example.ttsKey),
      voice: example.ttsVoice ?? deps.synthesizer.voice,
      kind: example.ttsKind ?? 'synthetic',
    }
  }

  const queue = createSpeechQueue({
    repo: deps.audio,
    log: deps.log,
    due: { upgrade: synthKind === 'neural', synthetic: espeakVoice },
    async make(todo) {
      const stale = todo.ttsKey
      // espeak-ng speech by the voice it had before (e.g. es-419 before decision 058): the
      // configured speech makes it again, espeak-ng's voice of today when a provider fails.
      const olderEspeakVoice =
        espeakVoice !== undefined && todo.ttsKind !== 'neural' && todo.ttsVoice !== espeakVoice
      if (stale && speaksText(stale, todo.id, todo.text) && !olderEspeakVoice) {
        // Spoken by espeak-ng while a neural voice is configured: only the provider may replace it.
        const primary = (deps.synthesizer as Partial<FallbackSynthesizer>).primaryOnly
        if (!primary) return
        const key = await once(todo, () => synthesizeNow(todo, primary))
        if (key && key !== stale) await deps.storage.delete(stale).catch(() => {})
        return
      }
      const key = await once(todo, () => synthesizeNow(todo))
      if (key && stale && stale !== key) await deps.storage.delete(stale).catch(() => {})
    },
  })

  /**
   * The audio a learner hears for an example: its published recording when it has one,
   * otherwise its stored speech (made ahead of time by the queue), otherwise null. Never
   * synthesises. URLs are signed so an `<audio src>` can fetch them without a bearer token.
   */
  function existing(example: ExampleRow): Audio | null {
    if (example.audioKey)
      return { url: deps.signer.url(example.audioKey), voice: example.voice, kind: 'recorded' }
    return storedRef(example)
  }

  /** The voice recorded with a speech key just made (read back from the row). */
  async function voiceOf(
    exampleId: string,
    key: string,
  ): Promise<{ voice: string; kind: SpeechKind }> {
    const row = await deps.audio.ttsOf(exampleId)
    return row && row.ttsKey === key && row.ttsVoice
      ? { voice: row.ttsVoice, kind: row.ttsKind ?? 'synthetic' }
      : { voice: deps.synthesizer.voice, kind: synthKind }
  }

  return {
    existing,

    /**
     * Like `existing`, but when the queue has not reached this example yet its speech is made
     * now (once, however many requests ask); null when synthesis fails (the exercise then shows
     * the text to read).
     */
    async audioFor(example: ExampleRow): Promise<Audio | null> {
      const ready = existing(example)
      if (ready) return ready
      const last = failedAt.get(example.id)
      if (last !== undefined && deps.clock().getTime() - last < RETRY_AFTER_FAILURE_MS) return null
      const key = await once(example, () => synthesizeNow(example))
      if (!key) return null
      return { url: deps.signer.url(key), ...(await voiceOf(example.id, key)) }
    },

    /** The background speech queue: start, kick after a change, stop on shutdown. */
    queue,

    /** Read an object for an HTTP response, honouring a `Range` header; undefined when absent. */
    async read(key: string, rangeHeader: string | undefined): Promise<AudioRead | undefined> {
      const whole = await deps.storage.get(key)
      if (!whole) return undefined
      const range = parseRange(rangeHeader, whole.size)
      if (range.kind === 'whole') return { kind: 'whole', object: whole }
      whole.body.destroy()
      if (range.kind === 'unsatisfiable') return { kind: 'unsatisfiable', size: whole.size }
      const part = await deps.storage.get(key, { start: range.start, end: range.end })
      if (!part) return undefined
      return { kind: 'part', object: part, start: range.start, end: range.end }
    },

    /** True when the signature grants reading `key` now. */
    signatureValid(key: string, exp: string | undefined, sig: string | undefined): boolean {
      return deps.signer.verify(key, exp, sig)
    },
  }
}
export type AudioService = ReturnType<typeof createAudioService>
