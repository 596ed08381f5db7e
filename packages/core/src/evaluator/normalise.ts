/** Plain ASCII: nothing to compose, strip or lower-case by locale (most English, fast path). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the whole ASCII range, control characters included, is the point
const ASCII = /^[\x00-\x7f]*$/

/** Canonical composed form, so "é" typed as e + combining accent equals the precomposed "é". */
export function nfc(text: string): string {
  return ASCII.test(text) ? text : text.normalize('NFC')
}

/** Removes accents and the diaeresis but keeps ñ, which is a letter of its own in Spanish. */
export function stripAccents(text: string): string {
  if (ASCII.test(text)) return text
  return (
    text
      .normalize('NFD')
      // ñ survives the accent strip: held as two private-use characters meanwhile.
      .replace(/n\u0303/g, '\ue000')
      .replace(/N\u0303/g, '\ue001')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/\ue000/g, 'ñ')
      .replace(/\ue001/g, 'Ñ')
  )
}

/** Lower case, NFC. */
export function lower(text: string): string {
  return ASCII.test(text) ? text.toLowerCase() : nfc(text).toLocaleLowerCase('es')
}

/** Lower case without accents: the key for "same word apart from accents". */
export function fold(text: string): string {
  return stripAccents(lower(text))
}

/** True when the word carries an accent or diaeresis (ñ excluded). */
export function hasAccent(word: string): boolean {
  return stripAccents(word) !== nfc(word)
}
