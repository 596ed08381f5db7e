import {
  byCodeUnits,
  type CalendarCard,
  calendarItemConfidence,
  calendarItems,
} from '@che/core/scheduler'
import type { LibrarySnapshot } from '../examples/library.js'
import { type CalendarBytes, calendarReply, cardHead, withConfidences } from './calendar-json.js'

/** A record as the calendar keeps it: checked, and labelled while its example is in the library. */
export interface KeptCard {
  id: string
  exampleId: string
  /** As read; once labelled, as the reply writes it (ISO 8601). */
  dueDate: string
  card: CalendarCard
  /** The card's reply text up to its confidence (cardHead); undefined: not in the library, not listed. */
  head: Buffer | undefined
  /**
   * Its confidence, and the instants (ms) between which it is known to be that: worked out at
   * `from` and again an hour on, and equal at both (see confidencesAt). Empty at first.
   */
  confidence: number
  from: number
  until: number
}

/** A learner's calendar as this instance last answered it. */
export interface KeptCalendar {
  /** The snapshot of the read the cards are as of (pg_current_snapshot). */
  snapshot: string
  /** The library version the cards were labelled at. */
  library: number
  /** Every record, in reply order (due date, then id: calendarItems' order). */
  cards: readonly KeptCard[]
  /** The listed cards (those with a head), in reply order, and the reply last sent for them. */
  listed: readonly KeptCard[]
  reply: CalendarBytes
}

/** What the calendars kept may hold in all (bytes of the replies, and an estimate of the rest). */
export const CALENDAR_CACHE_BYTES = 16 * 1024 * 1024

/** Per card kept beside the reply's bytes: its head, its record, its card. */
const PER_CARD_BYTES = 600

const sizeOf = (kept: KeptCalendar) => kept.reply.bytes.length + kept.cards.length * PER_CARD_BYTES

const inReplyOrder = (a: KeptCard, b: KeptCard) =>
  byCodeUnits(a.dueDate, b.dueDate) || byCodeUnits(a.id, b.id)

/**
 * Each learner's last calendar, per instance (decision 069). A request reads only the records
 * written since the kept copy's snapshot (every progress row carries its last writer's
 * transaction id, migration 0021; a record that left the learner makes the read whole), and the
 * copy is labelled again when the library version moved. Both are kept by the database in the
 * writing transaction, so an answer, a deleted example or account, an edited idiom, or a write on
 * another instance or from a tool is seen at the next request. The confidences, which change with
 * the time alone, are worked out again at every request. The least recently used learners are
 * dropped past `maxBytes`.
 */
export function createCalendarCache(maxBytes = CALENDAR_CACHE_BYTES) {
  const kept = new Map<string, KeptCalendar>()
  let size = 0

  return {
    /** The learner's kept calendar, if any. */
    get: (userId: string): KeptCalendar | undefined => kept.get(userId),
    /** Keeps `calendar` as the learner's (the most recently used). */
    set(userId: string, calendar: KeptCalendar): void {
      const old = kept.get(userId)
      if (old) {
        kept.delete(userId)
        size -= sizeOf(old)
      }
      const bytes = sizeOf(calendar)
      if (bytes > maxBytes) return
      kept.set(userId, calendar)
      size += bytes
      for (const [id, oldest] of kept) {
        if (size <= maxBytes) break
        kept.delete(id)
        size -= sizeOf(oldest)
      }
    },
    /** Drops every calendar kept (GET /api/admin/resetcaches). */
    clear(): void {
      kept.clear()
      size = 0
    },
  }
}
export type CalendarCache = ReturnType<typeof createCalendarCache>

/** `records` labelled from `library` as calendarItems makes them (the one rule), in reply order. */
export function labelCards(
  records: readonly Pick<KeptCard, 'id' | 'exampleId' | 'dueDate' | 'card'>[],
  library: LibrarySnapshot,
  now: Date,
): KeptCard[] {
  const byId = new Map<string, KeptCard>()
  const items = []
  for (const r of records) {
    byId.set(r.id, {
      id: r.id,
      exampleId: r.exampleId,
      dueDate: r.dueDate,
      card: r.card,
      head: undefined,
      confidence: 0,
      from: Number.POSITIVE_INFINITY,
      until: Number.NEGATIVE_INFINITY,
    })
    // Labelled with its idiom from the library in memory (a record's example always exists:
    // deleting an example deletes its records).
    const found = library.get(r.exampleId)
    if (!found) continue
    items.push({
      progressId: r.id,
      dueDate: r.dueDate,
      tone: found.idiom.tone,
      usage: found.idiom.usage,
      idiom: found.idiom.text,
      card: r.card,
    })
  }
  for (const item of calendarItems(items, now)) {
    const card = byId.get(item.progressId)!
    card.dueDate = item.dueDate
    card.head = cardHead(item)
  }
  return [...byId.values()].sort(inReplyOrder)
}

/**
 * `cards` (in reply order) with `changed` in place of the cards of the same ids, or added, in
 * reply order: a few changed cards (an answer changes one) are put in place by binary search.
 */
export function mergeCards(cards: readonly KeptCard[], changed: readonly KeptCard[]): KeptCard[] {
  const ids = new Set(changed.map((c) => c.id))
  const merged = ids.size ? cards.filter((c) => !ids.has(c.id)) : [...cards]
  if (changed.length > 16) return merged.concat(changed).sort(inReplyOrder)
  for (const card of changed) {
    let lo = 0
    let hi = merged.length
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      if (inReplyOrder(merged[mid]!, card) < 0) lo = mid + 1
      else hi = mid
    }
    merged.splice(lo, 0, card)
  }
  return merged
}

/** How far ahead a card's confidence is worked out a second time (see confidencesAt). */
const PROBE_MS = 3_600_000

/**
 * The confidence of every listed card as of `now`. A card's confidence never rises as time
 * passes with nothing written (core calendarItemConfidence: retrievability falls with the time
 * since the last review, and the cap, the floor and the rounding keep the order; a core test
 * holds it), so when it is the same at `from` and an hour later it is that all the hour between:
 * a card is worked out again only outside the span it is known for (twice: now and an hour on),
 * and a clock set back is outside it too.
 */
function confidencesAt(listed: readonly KeptCard[], now: Date): Float64Array {
  const t = now.getTime()
  const confidences = new Float64Array(listed.length)
  for (let i = 0; i < listed.length; i++) {
    const card = listed[i]!
    if (!(t >= card.from && t <= card.until)) {
      card.confidence = calendarItemConfidence(card.card, now)
      const later = calendarItemConfidence(card.card, new Date(t + PROBE_MS))
      card.from = t
      card.until = later === card.confidence ? t + PROBE_MS : t
    }
    confidences[i] = card.confidence
  }
  return confidences
}

/** A calendar of `cards` (in reply order) and its reply as of `now`. */
export function keptCalendar(
  snapshot: string,
  library: number,
  cards: readonly KeptCard[],
  now: Date,
): KeptCalendar {
  const listed = cards.filter((c) => c.head)
  return {
    snapshot,
    library,
    cards,
    listed,
    reply: calendarReply(
      listed.map((c) => c.head!),
      confidencesAt(listed, now),
    ),
  }
}

/** `calendar` as of `now`: the same bytes when no confidence moved. */
export function calendarAt(calendar: KeptCalendar, snapshot: string, now: Date): KeptCalendar {
  return {
    ...calendar,
    snapshot,
    reply: withConfidences(calendar.reply, confidencesAt(calendar.listed, now)),
  }
}
