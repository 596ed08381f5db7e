/** What a `Range` request header asks of an object of `size` bytes. */
export type RangeRequest =
  | { kind: 'whole' }
  | { kind: 'part'; start: number; end: number }
  | { kind: 'unsatisfiable' }

/**
 * Parse a `Range` header (RFC 9110 §14.1.2) against an object of `size` bytes: `bytes=a-b`,
 * `bytes=a-` and `bytes=-n`; `end` is inclusive and clamped to the last byte. A header that is
 * absent, malformed, in another unit or asks for several ranges is ignored (the whole object is
 * served, as the RFC allows); a well-formed range that lies wholly outside the object is
 * unsatisfiable (416).
 */
export function parseRange(header: string | undefined, size: number): RangeRequest {
  if (!header) return { kind: 'whole' }
  const m = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header)
  if (!m) return { kind: 'whole' }
  const [, first = '', last = ''] = m
  if (first === '' && last === '') return { kind: 'whole' }
  if (first === '') {
    // Suffix: the last n bytes.
    const n = Number(last)
    if (n === 0 || size === 0) return { kind: 'unsatisfiable' }
    return { kind: 'part', start: Math.max(0, size - n), end: size - 1 }
  }
  const start = Number(first)
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1)
  if (last !== '' && Number(last) < start) return { kind: 'whole' }
  if (start >= size) return { kind: 'unsatisfiable' }
  return { kind: 'part', start, end }
}
