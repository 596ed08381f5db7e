import type { Evaluation, OfflineExercise } from '@che/core'
import { openDB } from 'idb'
import type { DBSchema, IDBPDatabase } from 'idb'

/**
 * Offline practice (issue 13.3, docs/decisions/032): the next due exercises and the answers given
 * offline live in IndexedDB; the exercises' audio lives in Cache Storage. Everything is per user.
 */

export interface QueuedAnswer {
  attemptId: string
  userId: string
  exampleId: string
  /** The idiom's text, to name the answer in the list. */
  idiomText?: string
  userTranscription: string
  userTranslation: string
  /** "Show the answer" with nothing typed (AnswerInput.gaveUp). */
  gaveUp?: boolean
  /** When the learner answered (ISO); the server schedules the review at this time. */
  answeredAt: string
  /** The browser's grade, shown at once. */
  localEvaluation: Evaluation
  /** 'failed': the server refused it for good (a 4xx, e.g. the sentence was removed); never resent. */
  status: 'pending' | 'synced' | 'failed'
  /** The server's grade once synced; it wins when it differs. */
  serverEvaluation?: Evaluation
  dueDate?: string
  /** When it synced (ISO): synced answers are listed for the visit they synced in, then dropped. */
  syncedAt?: string
  /** Why the server refused it (status 'failed'). */
  syncError?: string
}

export interface KeptExercise extends OfflineExercise {
  userId: string
}

interface OfflineDb extends DBSchema {
  kept: { key: [string, string]; value: KeptExercise & { exampleId: string } }
  answers: { key: string; value: QueuedAnswer; indexes: { byUser: string } }
}

const AUDIO_CACHE = 'che-offline-audio'
let dbPromise: Promise<IDBPDatabase<OfflineDb>> | null = null

function db(): Promise<IDBPDatabase<OfflineDb>> {
  dbPromise ??= openDB<OfflineDb>('che-offline', 1, {
    upgrade(database) {
      database.createObjectStore('kept', { keyPath: ['userId', 'exampleId'] })
      database
        .createObjectStore('answers', { keyPath: 'attemptId' })
        .createIndex('byUser', 'userId')
    },
  })
  return dbPromise
}

/** Replace the user's kept exercises with `list` and cache their audio (best effort). */
export async function keepExercises(userId: string, list: OfflineExercise[]): Promise<void> {
  const database = await db()
  const tx = database.transaction('kept', 'readwrite')
  for (const old of await tx.store.getAll()) {
    if (old.userId === userId) await tx.store.delete([userId, old.exampleId])
  }
  for (const item of list) {
    await tx.store.put({ ...item, userId, exampleId: item.example.exampleId })
  }
  await tx.done
  if (!('caches' in window)) return
  const cache = await caches.open(AUDIO_CACHE)
  const wanted = new Set(
    list.flatMap((i) => (i.example.audio ? [audioKey(i.example.audio.url)] : [])),
  )
  for (const request of await cache.keys()) {
    if (!wanted.has(audioKey(request.url))) await cache.delete(request)
  }
  await Promise.all(
    list.map(async (i) => {
      if (!i.example.audio) return
      const key = audioKey(i.example.audio.url)
      if (await cache.match(key)) return
      const response = await fetch(i.example.audio.url).catch(() => null)
      if (response?.ok) await cache.put(key, response)
    }),
  )
}

/** Audio URLs carry a signature that changes; the file's path names it. */
function audioKey(url: string): string {
  const u = new URL(url, window.location.origin)
  return `${u.origin}${u.pathname}`
}

/** A playable address for kept audio (a blob: URL), or null when it was not kept. */
export async function keptAudioUrl(url: string): Promise<string | null> {
  if (!('caches' in window)) return null
  const response = await (await caches.open(AUDIO_CACHE)).match(audioKey(url))
  return response ? URL.createObjectURL(await response.blob()) : null
}

export async function listKept(userId: string): Promise<KeptExercise[]> {
  const all = await (await db()).getAll('kept')
  return all.filter((k) => k.userId === userId).sort((a, b) => a.dueDate.localeCompare(b.dueDate))
}

export async function queueAnswer(answer: QueuedAnswer): Promise<void> {
  await (await db()).put('answers', answer)
}

/** The user's answers given offline, in the order they were given. */
export async function listAnswers(userId: string): Promise<QueuedAnswer[]> {
  const all = await (await db()).getAllFromIndex('answers', 'byUser', userId)
  return all.sort((a, b) => a.answeredAt.localeCompare(b.answeredAt))
}

export async function markSynced(
  attemptId: string,
  serverEvaluation: Evaluation,
  dueDate: string,
): Promise<void> {
  const database = await db()
  const answer = await database.get('answers', attemptId)
  if (!answer) return
  await database.put('answers', {
    ...answer,
    status: 'synced',
    serverEvaluation,
    dueDate,
    syncedAt: new Date().toISOString(),
  })
}

export async function markFailed(attemptId: string, syncError: string): Promise<void> {
  const database = await db()
  const answer = await database.get('answers', attemptId)
  if (!answer) return
  await database.put('answers', { ...answer, status: 'failed', syncError })
}

/** Forget the user's answers that synced (or were refused) before `before`: they are done. */
export async function forgetSettled(userId: string, before: Date): Promise<void> {
  const database = await db()
  for (const answer of await database.getAllFromIndex('answers', 'byUser', userId)) {
    if (answer.status === 'pending') continue
    const at = Date.parse(answer.syncedAt ?? answer.answeredAt)
    if (at < before.getTime()) await database.delete('answers', answer.attemptId)
  }
}
