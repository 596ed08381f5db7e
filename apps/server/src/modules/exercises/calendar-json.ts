import type { CalendarItem } from '@che/core'
import type { z } from 'zod'

type CalendarEntry = z.infer<typeof CalendarItem>

/**
 * GET /api/exercises's reply, the same JSON text as `JSON.stringify(items)`, written card by card
 * into UTF-8 bytes (decision 050, session 17). For a long-time learner that text is large (≈ 150 KB
 * for 770 cards), and V8 builds `JSON.stringify`'s result as a rope that the first pass over it
 * (Fastify's `Buffer.byteLength` for the content-length) copies flat: 0.8 ms for those 150 KB,
 * then the socket encodes it again. Here each card's text is short, goes straight into the
 * buffer, and Fastify sends the bytes as they are.
 *
 * Each card is still serialised by `JSON.stringify` (every field, every escape), so a field added
 * to the contract's calendar item travels without a change here; only the array's brackets and
 * commas are written by hand.
 */
export function calendarJson(items: readonly CalendarEntry[]): Buffer {
  // ≈ 195 bytes a card; grown when an idiom is long.
  let out = Buffer.allocUnsafe(items.length * 224 + 2)
  let at = 0
  out[at++] = 0x5b // [
  for (let i = 0; i < items.length; i++) {
    const text = (i === 0 ? '' : ',') + JSON.stringify(items[i])
    // A UTF-8 byte sequence is at most three bytes per UTF-16 code unit.
    if (at + text.length * 3 + 1 > out.length) {
      const grown = Buffer.allocUnsafe(Math.max(out.length * 2, at + text.length * 3 + 1))
      out.copy(grown, 0, 0, at)
      out = grown
    }
    at += out.write(text, at)
  }
  out[at++] = 0x5d // ]
  return out.subarray(0, at)
}
