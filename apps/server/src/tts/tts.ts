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

/** espeak-ng's voice for the fallback: Rio de la Plata Spanish, defined in espeak-cli.mjs. */
const DEFAULT_VOICE = 'es-rioplatense'
/** Slower than espeak-ng's 175 words a minute: learners listen for each word. */
const DEFAULT_WPM = 140

/** Run espeak-cli.mjs once with `args`, `text` on its stdin; its stdout. */
function runCli(args: string[], text: string, timeoutMs: number): Promise<Buffer> {
  return new Promise((ok, fail) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      stdio: ['pipe', 'pipe', 'pipe'],
      timeout: timeoutMs,
    })
    const out: Buffer[] = []
    const err: Buffer[] = []
    child.stdout.on('data', (c: Buffer) => out.push(c))
    child.stderr.on('data', (c: Buffer) => err.push(c))
    child.on('error', fail)
    child.on('close', (code, signal) => {
      if (code === 0) return ok(Buffer.concat(out))
      fail(
        new Error(
          `espeak-ng failed (${signal ?? code}): ${Buffer.concat(err).toString('utf8').trim()}`,
        ),
      )
    })
    child.stdin.end(text, 'utf8')
  })
}

function cleanText(text: string): string {
  const clean = text.replace(/\s+/g, ' ').trim()
  if (!clean) throw new Error('nothing to synthesise')
  return clean
}

/**
 * espeak-ng's Rio de la Plata Spanish (es-419 with sheísmo: "calle" [ˈkaʃe], "yo" [ʃo];
 * decision 058), run offline as a separate program (espeak-cli.mjs, a child process) because
 * espeak-ng is GPL-3.0: the server only exchanges text and WAV bytes with it. About 0.2 s of
 * synthesis per sentence plus process start-up.
 */
export function createEspeakSynthesizer(
  opts: { voice?: string; wordsPerMinute?: number; timeoutMs?: number } = {},
): SpeechSynthesizer {
  const voice = opts.voice ?? DEFAULT_VOICE
  const wpm = String(opts.wordsPerMinute ?? DEFAULT_WPM)
  const timeoutMs = opts.timeoutMs ?? 20_000
  return {
    voice: `espeak-ng ${voice}`,
    kind: 'synthetic',
    async synthesize(text) {
      const bytes = await runCli([voice, wpm], cleanText(text), timeoutMs)
      if (bytes.length <= 44) throw new Error(`espeak-ng failed: ${bytes.length} bytes of WAV`)
      return { bytes, contentType: 'audio/wav', extension: 'wav' }
    },
  }
}

/** What espeak-ng says for `text` with `voice` (default: the fallback's), in IPA, a line a clause. */
export async function espeakIpa(text: string, voice = DEFAULT_VOICE): Promise<string> {
  return (await runCli([voice, '--ipa'], cleanText(text), 20_000)).toString('utf8').trim()
}
