import { fileTypeFromBuffer } from 'file-type'
import { describe, expect, it } from 'vitest'
import { createEspeakSynthesizer, espeakIpa } from './tts.js'

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
    expect(tts.voice).toBe('espeak-ng es-rioplatense')
  })

  it('speaks a sentence with ll and y differently from the Latin-American voice', async () => {
    const sentence = 'Me llamo Yolanda y vivo en la calle Mayo.'
    const rioplatense = await tts.synthesize(sentence)
    const latin = await createEspeakSynthesizer({ voice: 'es-419' }).synthesize(sentence)
    expect((await fileTypeFromBuffer(rioplatense.bytes))?.ext).toBe('wav')
    expect(rioplatense.bytes.equals(latin.bytes)).toBe(false)
  })
})

describe('the fallback voice speaks Rio de la Plata Spanish (espeak-ng phonemes, in IPA)', () => {
  it('says ll and consonantal y as [ʃ], and keeps "y", "hoy" and "voy" vowels', async () => {
    expect(await espeakIpa('Me llamo Yolanda y hoy voy a la calle')).toBe(
      'me ʃˈamo ʃolˈanda i ˈoɪ βˈoɪ a la kˈaʃe',
    )
    // espeak-ng's own Latin-American voice, for contrast: yeísmo [ʝ], a long [j] in "calle".
    expect(await espeakIpa('Me llamo Yolanda y hoy voy a la calle', 'es-419')).toBe(
      'me ʝˈamo ʝolˈanda i ˈoɪ βˈoɪ a la kˈajje',
    )
  })

  it('says [ʃ] wherever ll or y is a consonant: between vowels, after n, in numbers', async () => {
    const ipa = await espeakIpa(
      '2000000 yo mayo pollo allá reyes yerba lluvia ayer con yeso un llamado y ella',
    )
    expect(ipa.split(' ')).toEqual([
      'dˈos',
      'miʃˈones',
      'ʃˈo',
      'mˈaʃo',
      'pˈoʃo',
      'aʃˈa',
      'rˈeʃes',
      'ʃˈeɾβa',
      'ʃˈuβja',
      'aʃˈeɾ',
      'kon',
      'ʃˈeso',
      'ˈun',
      'ʃamˈaðo',
      'i',
      'ˈeʃa',
    ])
  })

  it('keeps a final y a vowel and the glide of "hielo" and "muy"', async () => {
    expect(await espeakIpa('muy ley hoy hay Uruguay hielo')).toBe(
      'mˈuj lˈeɪ ˈoɪ ˈaɪ ˌuɾuɣwˈaɪ jˈelo',
    )
  })

  it('stresses voseo forms where their accents say', async () => {
    expect(await espeakIpa('Vos tenés, vení, sabés, querés')).toBe(
      'bˈos tenˈes\nbenˈi\nsaβˈes\nkeɾˈes',
    )
  })

  it('says everything else as the Latin-American voice does (seseo included)', async () => {
    const sentence = 'Hacé el favor de cerrar la puerta, ¿sabés? Es un zapato excelente.'
    const ipa = await espeakIpa(sentence)
    expect(ipa).toBe(await espeakIpa(sentence, 'es-419'))
    expect(ipa).toContain('asˈe')
    expect(ipa).toContain('sapˈato')
  })
})
