// Test fixtures for the learning loop: a counting fake synthesiser and idioms seeded through the admin API.
import { expect } from 'vitest'
import type { Tone } from '@che/core'
import { wav } from '../../test/audio.js'
import { bearer, type TestApp } from '../../test/support.js'
import type { SpeechSynthesizer } from '../../tts/tts.js'

/** A valid WAV of `size` bytes (even) whose data bytes run i % 251 (easy to check ranges). */
export function fakeWav(size = 2_000): Buffer {
  return wav((size - 44) / 2, (i) => i % 251)
}

/** A synthesiser that records each text and answers after `delayMs`; `fail` makes it throw. */
export function fakeSynthesizer(opts: { delayMs?: number; size?: number } = {}) {
  const calls: string[] = []
  let fail = false
  const synth: SpeechSynthesizer & { calls: string[]; failWith(on: boolean): void } = {
    voice: 'fake-tts',
    calls,
    failWith(on) {
      fail = on
    },
    async synthesize(text) {
      calls.push(text)
      await new Promise((r) => setTimeout(r, opts.delayMs ?? 0))
      if (fail) throw new Error('synthesiser down')
      return { bytes: fakeWav(opts.size), contentType: 'audio/wav', extension: 'wav' }
    },
  }
  return synth
}

export interface SeededExample {
  exampleId: string
  idiomId: string
  /** The idiom's text (the calendar card's label). */
  idiomText: string
  text: string
  translation: string
  tone: Tone
  usage: number
}

/** Perfect answers, as the local evaluator grades them. */
export const perfect = (e: SeededExample) => ({
  userTranscription: e.text,
  userTranslation: e.translation,
})

let counter = 0

/** Create an idiom and one example through the admin API. */
export async function seedExample(
  t: TestApp,
  adminToken: string,
  opts: {
    tone?: Tone
    usage?: number
    text?: string
    translation?: string
    snippet?: string
    idiom?: string
  } = {},
): Promise<SeededExample> {
  counter++
  const tone = opts.tone ?? 'Casual'
  const usage = opts.usage ?? 8
  const idiomText =
    opts.idiom ?? `estar al horno ${counter} ${Math.random().toString(36).slice(2, 8)}`
  const idiom = await t.app.inject({
    method: 'POST',
    url: '/api/admin/idiom',
    headers: bearer(adminToken),
    payload: { text: idiomText, translation: 'to be in trouble', tone, usage },
  })
  expect(idiom.statusCode, idiom.body).toBe(200)
  const idiomId = idiom.json().idiomId as string
  const text = opts.text ?? 'Si no entrego el informe mañana estoy al horno.'
  const translation = opts.translation ?? "If I don't hand in the report tomorrow I'm in trouble."
  const example = await t.app.inject({
    method: 'POST',
    url: '/api/admin/idiom-examples',
    headers: bearer(adminToken),
    payload: { idiomId, text, conjugatedSnippet: opts.snippet ?? 'estoy al horno', translation },
  })
  expect(example.statusCode, example.body).toBe(200)
  return {
    exampleId: example.json().exampleId as string,
    idiomId,
    idiomText,
    text,
    translation,
    tone,
    usage,
  }
}
