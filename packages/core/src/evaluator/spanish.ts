import { fold } from './normalise.js'

/** Spanish function words: short words whose loss is a small slip, and evidence of Spanish. */
export const SPANISH_FUNCTION_WORDS: ReadonlySet<string> = new Set(
  `a al ante con contra de del desde en entre hacia hasta para por segun sin so sobre tras
  el la lo los las un una unos unas y e o u ni que si no ya me te se le les nos os mi mis tu tus su sus
  yo vos tu el ella ellos ellas nosotros usted ustedes este esta esto ese esa eso aquel
  muy mas re tan como cuando donde quien cual pero sino che es son hay fue era estoy esta
  ay eh che bue dale`
    .split(/\s+/)
    .filter(Boolean),
)

/** A word learners may drop or add as a small slip ("me", "a", "de", "el", "che"). */
export function isShortWord(folded: string): boolean {
  return folded.length <= 3 || SPANISH_FUNCTION_WORDS.has(folded)
}

/**
 * Spelling key that merges the rubric's sound-alike confusions: ll/y, s/z/c (before e, i), b/v.
 * Two words with the same key are the "same sound" spelled differently.
 */
export function soundKey(word: string): string {
  return fold(word)
    .replace(/ll/g, 'y')
    .replace(/c([ei])/g, 's$1')
    .replace(/z/g, 's')
    .replace(/v/g, 'b')
}

// Irregular tú forms that no stem rule derives (vos form → tú form, accents removed).
const IRREGULAR_TU: Record<string, string[]> = {
  sos: ['eres'],
  tene: ['ten'],
  veni: ['ven'],
  pone: ['pon'],
  sali: ['sal'],
  hace: ['haz'],
  deci: ['di'],
  ande: ['vayas'],
  anda: ['ve'],
}

function stemVariants(stem: string): string[] {
  const variants = [stem]
  const m = /^(.*)([eou])([^aeiou]*)$/.exec(stem)
  if (m) {
    const [, head = '', vowel, tail = ''] = m
    if (vowel === 'e') variants.push(`${head}ie${tail}`, `${head}i${tail}`)
    if (vowel === 'o') variants.push(`${head}ue${tail}`)
    if (vowel === 'u') variants.push(`${head}ue${tail}`)
  }
  return variants
}

/**
 * The tú forms a vos form may be swapped for (accents removed): "querés" → "quieres",
 * "tenés" → "tienes", "vivís" → "vives", "dejá" → "deja", "sos" → "eres". Empty if the word
 * does not look like a vos form (stressed final -ás/-és/-ís or imperative -á/-é/-í).
 */
export function tuFormsOf(vosForm: string): string[] {
  const lowerForm = vosForm.normalize('NFC').toLocaleLowerCase('es')
  const folded = fold(vosForm)
  const forms = new Set<string>(IRREGULAR_TU[folded] ?? [])
  const m = /^(.+?)(á|é|í)(s?)$/.exec(lowerForm)
  if (m) {
    const [, stemRaw = '', vowel, s = ''] = m
    const stem = fold(stemRaw)
    const ending = (vowel === 'í' ? 'e' : fold(vowel ?? '')) + s
    for (const v of stemVariants(stem)) forms.add(v + ending)
  }
  forms.delete(folded)
  return [...forms]
}

/** True when `written` is the tú form of the vos form `heard` with a different spelling. */
export function isVoseoSwap(heard: string, written: string): boolean {
  return tuFormsOf(heard).includes(fold(written))
}
