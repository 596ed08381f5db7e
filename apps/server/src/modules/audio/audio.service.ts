import type { Metrics } from '../../plugins/metrics.js'
import type { z } from 'zod'
import type { AudioRef } from '@che/core'
import { toMessage } from '../../errors.js'
import type { StoredObject, Storage } from '../../plugins/storage.js'
import type { SpeechSynthesizer } from '../../tts/tts.js'
import type { ExampleRow } from '../idioms/idioms.repo.js'
import type { AudioRepo } from './audio.repo.js'
import { parseRange } from './audio-range.js'
import type { AudioUrlSigner } from './audio-url.js'

type Audio = z.infer<typeof AudioRef>

/** Storage key of an example's synthesised speech. */
export function ttsKeyOf(exampleId: string): string {
  return `tts/${exampleId}.wav`
}

/** After a failed synthesis, wait this long before trying that example again (ms). */
const RETRY_AFTER_FAILURE_MS = 5 * 60 * 1000
const MAX_REMEMBERED_FAILURES = 10_000

export type AudioRead =
  | { kind: 'whole'; object: StoredObject }
  | { kind: 'part'; object: StoredObject; start: number; end: number }
  | { kind: 'unsatisfiable'; size: number }

export function createAudioService(deps: {
  storage: Storage
  synthesizer: SpeechSynthesizer
  /** Counts speech that could not be made (the example is then shown as text). */
  metrics?: Pick<Metrics, 'fallback'>
  audio: AudioRepo
  signer: AudioUrlSigner
  clock: () => Date
  log: { error(obj: unknown, msg: string): void }
  /** Syntheses running at once in this process; more wait their turn (each is a child process). */
  maxConcurrentSyntheses?: number
}) {
  const maxConcurrent = deps.maxConcurrentSyntheses ?? 2
  // One synthesis per example at a time in this process: a second request for the same example
  // waits for the first one's result instead of starting espeak-ng again.
  const inFlight = new Map<string, Promise<string | null>>()
  const failedAt = new Map<string, number>()
  let running = 0
  const queue: (() => void)[] = []

  async function withSlot<T>(work: () => Promise<T>): Promise<T> {
    if (running >= maxConcurrent) await new Promise<void>((go) => queue.push(go))
    running++
    try {
      return await work()
    } finally {
      running--
      queue.shift()?.()
    }
  }

  async function synthesize(example: ExampleRow): Promise<string | null> {
    const last = failedAt.get(example.id)
    if (last !== undefined && deps.clock().getTime() - last < RETRY_AFTER_FAILURE_MS) return null
    try {
      const key = ttsKeyOf(example.id)
      const speech = await withSlot(() => deps.synthesizer.synthesize(example.text))
      await deps.storage.put(key, speech.bytes, speech.contentType)
      await deps.audio.setTtsKey(example.id, key)
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

  return {
    /**
     * The audio a learner hears for an example: its published recording when it has one,
     * otherwise speech synthesised once (stored as tts/<id>.wav and reused), otherwise null when
     * synthesis fails (the exercise then shows the text to read). URLs are signed so an
     * `<audio src>` can fetch them without a bearer token.
     */
    /** The audio the example already has (recording, else stored speech); never synthesises. */
    existing(example: ExampleRow): Audio | null {
      if (example.audioKey) return { url: deps.signer.url(example.audioKey), voice: example.voice }
      return example.ttsKey
        ? { url: deps.signer.url(example.ttsKey), voice: deps.synthesizer.voice }
        : null
    },

    async audioFor(example: ExampleRow): Promise<Audio | null> {
      if (example.audioKey) return { url: deps.signer.url(example.audioKey), voice: example.voice }
      let key = example.ttsKey
      if (!key) {
        let pending = inFlight.get(example.id)
        if (!pending) {
          pending = synthesize(example).finally(() => inFlight.delete(example.id))
          inFlight.set(example.id, pending)
        }
        key = await pending
      }
      return key ? { url: deps.signer.url(key), voice: deps.synthesizer.voice } : null
    },

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
