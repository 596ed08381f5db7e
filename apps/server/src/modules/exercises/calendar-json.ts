import type { CalendarItem } from '@che/core'
import type { z } from 'zod'

type CalendarEntry = z.infer<typeof CalendarItem>

/**
 * A calendar reply's bytes and, per card in reply order, where its `confidence` is written in
 * them: the one field that changes with the time alone (core calendarItemConfidence), so a kept
 * reply is brought up to date by rewriting those numbers (`withConfidences`, decision 069).
 */
export interface CalendarBytes {
  bytes: Buffer
  /** Per card: the byte offset of its confidence's text. */
  at: Int32Array
  /** Per card: that text's length in bytes. */
  length: Uint8Array
  /** Per card: the confidence written there. */
  confidences: Float64Array
}

/**
 * A card's JSON text up to its confidence, `{"progressId":…,"confidence":`, as UTF-8: every field
 * but `confidence` (the last, where calendarItems puts it) serialised by `JSON.stringify`, so a
 * field added to the contract's calendar item travels without a change here.
 */
export function cardHead(item: CalendarEntry): Buffer {
  const { confidence: _, ...rest } = item
  return Buffer.from(`${JSON.stringify(rest).slice(0, -1)},"confidence":`)
}

/**
 * GET /api/exercises's reply for cards whose heads (`cardHead`) and confidences are given: the
 * same JSON text as `JSON.stringify(items)`, as UTF-8 bytes (decision 050, session 17). For a
 * long-time learner that text is large (≈ 160 KB for 830 cards), and V8 builds `JSON.stringify`'s
 * result as a rope that the first pass over it (Fastify's `Buffer.byteLength` for the
 * content-length) copies flat: 0.8 ms for 150 KB, then the socket encodes it again. Here the
 * heads are copied as they are and Fastify sends the bytes as they are.
 */
export function calendarReply(heads: readonly Buffer[], confidences: Float64Array): CalendarBytes {
  const n = heads.length
  const texts: string[] = new Array(n)
  let size = 2 + Math.max(0, n - 1)
  for (let i = 0; i < n; i++) {
    texts[i] = String(confidences[i])
    size += heads[i]!.length + texts[i]!.length + 1
  }
  const out = Buffer.allocUnsafe(size)
  const at = new Int32Array(n)
  const length = new Uint8Array(n)
  let end = 0
  out[end++] = 0x5b // [
  for (let i = 0; i < n; i++) {
    if (i > 0) out[end++] = 0x2c // ,
    end += heads[i]!.copy(out, end)
    at[i] = end
    length[i] = out.write(texts[i]!, end, 'latin1')
    end += length[i]!
    out[end++] = 0x7d // }
  }
  out[end++] = 0x5d // ]
  return { bytes: out, at, length, confidences: Float64Array.from(confidences) }
}

/** The reply's bytes for `items` (calendarReply): what Fastify's JSON.stringify would send. */
export function calendarJson(items: readonly CalendarEntry[]): Buffer {
  return calendarReply(
    items.map(cardHead),
    Float64Array.from(items, (i) => i.confidence),
  ).bytes
}

/**
 * `reply` with each card's confidence set to `confidences` (same cards, same order): `reply`
 * itself when none changed, else new bytes (a reply already handed to a socket is never written
 * into). Everything between the confidences is copied as it is.
 */
export function withConfidences(reply: CalendarBytes, confidences: Float64Array): CalendarBytes {
  const n = confidences.length
  let first = 0
  while (first < n && confidences[first] === reply.confidences[first]) first++
  if (first === n) return reply
  const texts: string[] = new Array(n)
  let size = reply.bytes.length
  for (let i = first; i < n; i++) {
    texts[i] = String(confidences[i])
    size += texts[i]!.length - reply.length[i]!
  }
  const out = Buffer.allocUnsafe(size)
  const at = new Int32Array(n)
  const length = new Uint8Array(n)
  // Up to the first changed confidence the bytes, offsets and lengths are the old ones.
  let from = reply.at[first]!
  let to = reply.bytes.copy(out, 0, 0, from)
  at.set(reply.at.subarray(0, first))
  length.set(reply.length.subarray(0, first))
  for (let i = first; i < n; i++) {
    // The bytes from the end of the previous card's confidence to the start of this one's.
    to += reply.bytes.copy(out, to, from, reply.at[i]!)
    at[i] = to
    length[i] = out.write(texts[i]!, to, 'latin1')
    to += length[i]!
    from = reply.at[i]! + reply.length[i]!
  }
  reply.bytes.copy(out, to, from)
  return { bytes: out, at, length, confidences: Float64Array.from(confidences) }
}
