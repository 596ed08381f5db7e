import { spawn } from 'node:child_process'
import { resolve } from 'node:path'

/** What a learner hears when an example has no recording: a neural voice or espeak-ng's. */
export type SpeechKind = 'neural' | 'synthetic'

export interface Speech {
  bytes: Buffer
  contentType: string
  extension: string
  /** Who spoke it, when not the synthesizer's own `voice` (a fallback chain answers for its links). */
  voice?: string
  kind?: SpeechKind
}

/**
 * Speech for examples without a recording: espeak-ng offline, or a speech provider
 * (providers.ts) with espeak-ng as its fallback.
 */
export interface SpeechSynthesizer {
  /** Stored with the audio, shown as the example's voice. */
  readonly voice: string
  /** 'synthetic' when absent. */
  readonly kind?: SpeechKind
  synthesize(text: string): Promise<Speech>
}

const CLI = resolve(import.meta.dirname, 'espeak-cli.mjs')

/**
 * espeak-ng's Latin-American Spanish voice (es-419), run offline as a separate program
 * (espeak-cli.mjs, a child process) because espeak-ng is GPL-3.0: the server only exchanges
 * text and WAV bytes with it. About 0.2 s of synthesis per sentence plus process start-up.
 */
export function createEspeakSynthesizer(
  opts: { voice?: string; wordsPerMinute?: number; timeoutMs?: number } = {},
): SpeechSynthesizer {
  const voice = opts.voice ?? 'es-419'
  const wpm = String(opts.wordsPerMinute ?? 140)
  const timeoutMs = opts.timeoutMs ?? 20_000
  return {
    voice: `espeak-ng ${voice}`,
    kind: 'synthetic',
    synthesize(text) {
      const clean = text.replace(/\s+/g, ' ').trim()
      if (!clean) return Promise.reject(new Error('nothing to synthesise'))
      return new Promise((ok, fail) => {
        const child = spawn(process.execPath, [CLI, voice, wpm], {
          stdio: ['pipe', 'pipe', 'pipe'],
          timeout: timeoutMs,
        })
        const out: Buffer[] = []
        const err: Buffer[] = []
        child.stdout.on('data', (c: Buffer) => out.push(c))
        child.stderr.on('data', (c: Buffer) => err.push(c))
        child.on('error', fail)
        child.on('close', (code, signal) => {
          const bytes = Buffer.concat(out)
          if (code === 0 && bytes.length > 44)
            return ok({ bytes, contentType: 'audio/wav', extension: 'wav' })
          fail(
            new Error(
              `espeak-ng failed (${signal ?? code}): ${Buffer.concat(err).toString('utf8').trim()}`,
            ),
          )
        })
        child.stdin.end(clean, 'utf8')
      })
    },
  }
}
