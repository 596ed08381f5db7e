import { fileTypeFromBuffer } from 'file-type'
import { describe, expect, it } from 'vitest'
import { createEspeakSynthesizer } from './tts.js'

/** Seconds of audio in a PCM WAV, from its header. */
function wavSeconds(bytes: Buffer): number {
  const byteRate = bytes.readUInt32LE(28)
  const dataIndex = bytes.indexOf('data', 12, 'ascii')
  return bytes.readUInt32LE(dataIndex + 4) / byteRate
}

describe('createEspeakSynthesizer', () => {
  const tts = createEspeakSynthesizer()

  it('speaks a Spanish sentence as a WAV file of plausible length', async () => {
    const { bytes, contentType } = await tts.synthesize('Ni en pedo voy a la fiesta de tu primo.')
    expect(contentType).toBe('audio/wav')
    expect((await fileTypeFromBuffer(bytes))?.mime).toMatch(/^audio\/(wav|x-wav|vnd\.wave)$/)
    const seconds = wavSeconds(bytes)
    expect(seconds).toBeGreaterThan(1)
    expect(seconds).toBeLessThan(6)
  })

  it('takes longer to say a longer sentence', async () => {
    const short = await tts.synthesize('Dale.')
    const long = await tts.synthesize(
      'Si no entrego el informe mañana, estoy al horno, así que me voy a quedar hasta tarde.',
    )
    expect(wavSeconds(long.bytes)).toBeGreaterThan(wavSeconds(short.bytes) * 3)
  })

  it('refuses empty text', async () => {
    await expect(tts.synthesize('   ')).rejects.toThrow('nothing to synthesise')
  })

  it('names its voice', () => {
    expect(tts.voice).toBe('espeak-ng es-419')
  })
})
