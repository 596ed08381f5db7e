/**
 * Characters no text field accepts: the C0 controls except tab, line feed and carriage return,
 * and DEL, and lone UTF-16 surrogates (half of an emoji, say). NUL and lone surrogates cannot be
 * stored in PostgreSQL text or JSONB at all: they would reach the database and fail there.
 */
export const CONTROL_CHARACTERS =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

export const CONTROL_CHARACTERS_MESSAGE = 'Contains control characters that are not allowed'

/**
 * Every string in `value` (object keys included) that holds a control character, as the
 * `{ field, message }` entries of a VALIDATION_FAILED body. `path` names where `value` sits
 * (e.g. 'title', 'preferences.filter.tone'); array items add their index.
 */
export function findControlCharacters(
  value: unknown,
  path = '',
  found: { field: string; message: string }[] = [],
  depth = 0,
): { field: string; message: string }[] {
  const here = path || '(body)'
  if (typeof value === 'string') {
    if (CONTROL_CHARACTERS.test(value))
      found.push({ field: here, message: CONTROL_CHARACTERS_MESSAGE })
  } else if (Array.isArray(value)) {
    if (depth < 32)
      for (const [i, item] of value.entries())
        findControlCharacters(item, join(path, i), found, depth + 1)
  } else if (typeof value === 'object' && value !== null) {
    if (depth < 32) {
      for (const [key, item] of Object.entries(value)) {
        if (CONTROL_CHARACTERS.test(key)) {
          found.push({ field: join(path, key), message: CONTROL_CHARACTERS_MESSAGE })
        } else {
          findControlCharacters(item, join(path, key), found, depth + 1)
        }
      }
    }
  }
  return found
}

const join = (path: string, key: string | number) => (path ? `${path}.${key}` : String(key))
