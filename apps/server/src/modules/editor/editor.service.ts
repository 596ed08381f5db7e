import { randomUUID } from 'node:crypto'
import type { z } from 'zod'
import {
  snippetInText,
  type Assigned,
  type AssignmentReport,
  type Editor,
  type Example,
  type Role,
} from '@che/core'
import { badRequest, conflict, forbidden, notFound, toMessage } from '../../errors.js'
import type { Storage } from '../../plugins/storage.js'
import { detectAudio } from '../examples/audio-check.js'
import { recordingOf, toExample } from '../idioms/idioms.mappers.js'
import type { ExampleRow } from '../idioms/idioms.repo.js'
import type { AssignmentRow, AssignmentWithNames, EditorRepo } from './editor.repo.js'

type AssignedView = z.infer<typeof Assigned>
type Report = z.infer<typeof AssignmentReport>

/** Who is asking: a synced user and their role. */
export interface Viewer {
  userId: string
  role: Role
}

export interface FulfilInput {
  idiomId: string
  transcription: string
  conjugatedSnippet?: string | undefined
  /** Admins only: whose voice the take is (default: the assigned editor). */
  editor?: string | undefined
}

/** Storage key of a take: `recordings/<idiomId>/<sync>-<uuid>.<ext>` (never reused). */
export function recordingKey(idiomId: string, sync: number, ext: string): string {
  return `recordings/${idiomId}/${sync}-${randomUUID()}.${ext}`
}

/**
 * The bytes of an uploaded audio file, checked: a missing or empty file is 400 VALIDATION_FAILED
 * (on `field`), anything whose bytes are not audio 415 UNSUPPORTED_MEDIA_TYPE (name and declared
 * type are ignored).
 */
export async function checkAudioFile(
  bytes: Uint8Array | undefined,
  field: string,
): Promise<{ ext: string; mime: string }> {
  if (!bytes) throw badRequest('Attach the audio file', [{ field, message: 'Required' }])
  if (bytes.length === 0)
    throw badRequest('The audio file is empty', [{ field, message: 'The file has no bytes' }])
  return detectAudio(bytes)
}

const canRecord = (role: Role) => role === 'editor' || role === 'admin'

/**
 * The snippet a fulfilment keeps: the one given (admins only may change it, and it must appear
 * in the transcription), else the assignment's.
 */
function fulfilledSnippet(current: AssignmentRow, input: FulfilInput, isAdmin: boolean): string {
  const given = input.conjugatedSnippet?.trim()
  if (!given) return current.conjugatedSnippet
  if (!isAdmin && given !== current.conjugatedSnippet)
    throw forbidden('Only an admin can change the snippet')
  if (!snippetInText(input.transcription, given)) {
    throw badRequest('The snippet must appear in the transcription', [
      { field: 'conjugatedSnippet', message: `"${given}" does not appear in the transcription` },
    ])
  }
  return given
}

/** The take of version `sync`, if that is the fulfilled version waiting (else 409). */
function waitingTake(current: AssignmentRow, sync: number): string {
  if (current.state !== 'fulfilled' || current.sync !== sync || !current.audioKey) {
    throw conflict(
      current.state === 'fulfilled'
        ? `Version ${sync} is not the one waiting: version ${current.sync} is`
        : `There is no fulfilled version to publish (the assignment is ${current.state})`,
      { state: current.state, sync: current.sync },
    )
  }
  return current.audioKey
}

/** The snippet a published example gets; it must appear in the transcription (else 400). */
function publishedSnippet(current: AssignmentRow, example: ExampleRow | undefined): string {
  const snippet = current.conjugatedSnippet || example?.conjugatedSnippet || ''
  if (!snippet || !snippetInText(current.transcription, snippet)) {
    throw badRequest(
      'The snippet must appear in the transcription: fulfil again with a snippet from it',
      [
        {
          field: 'conjugatedSnippet',
          message: snippet ? `"${snippet}" does not appear in the transcription` : 'Required',
        },
      ],
    )
  }
  return snippet
}

export interface EditorDeps {
  repo: EditorRepo
  storage: Storage & { publicUrl?(key: string): string | undefined }
  /** Signed, short-lived `/api/audio/<key>` URLs (modules/audio/audio-url.ts). */
  signer: { url(key: string): string }
  clock: () => Date
  log: { warn(obj: unknown, msg: string): void }
}

/** What the workflow steps share: file clean-up, take storage, views of an assignment. */
function editorParts(deps: EditorDeps) {
  const { repo, storage } = deps

  /** Remove files no row refers to any more; a failure only leaves a stray file, so it is logged. */
  async function removeFiles(
    keys: (string | null | undefined)[],
    keep: (string | null | undefined)[] = [],
  ): Promise<void> {
    const doomed = [...new Set(keys)].filter((k): k is string => !!k && !keep.includes(k))
    for (const key of doomed) {
      await storage
        .delete(key)
        .catch((err: unknown) =>
          deps.log.warn({ err: toMessage(err), key }, 'could not remove an audio file'),
        )
    }
  }

  /**
   * Stores an uploaded take under a new key (returned); without an upload the assignment must
   * already have one (else 400 on `audio`) and nothing is stored.
   */
  async function storeTake(
    idiomId: string,
    sync: number,
    audio: Uint8Array | undefined,
    currentKey: string | null,
  ): Promise<string | undefined> {
    if (audio === undefined) {
      if (!currentKey) await checkAudioFile(undefined, 'audio')
      return undefined
    }
    const type = await checkAudioFile(audio, 'audio')
    const key = recordingKey(idiomId, sync, type.ext)
    await storage.put(key, audio, type.mime)
    return key
  }

  function assignedView(a: AssignmentWithNames): AssignedView {
    const url = a.audioKey ? deps.signer.url(a.audioKey) : undefined
    return {
      sync: a.sync,
      source: a.editorName,
      transcription: a.transcription,
      conjugatedSnippet: a.conjugatedSnippet,
      audio: a.audioKey && url ? { url, publicUrl: storage.publicUrl?.(a.audioKey) ?? url } : null,
      state: a.state,
    }
  }

  async function report(idiomId: string): Promise<Report> {
    const idiom = await repo.findIdiom(idiomId)
    if (!idiom) throw notFound('Idiom')
    const a = await repo.findAssignment(idiomId)
    return {
      idiomId,
      text: idiom.text,
      tone: idiom.tone,
      usage: idiom.usage,
      assigned: a ? assignedView(a) : null,
    }
  }

  /** A user who may record (editor or admin): 404 when unknown, 400 when of another role. */
  async function recorder(userId: string, field: string) {
    const user = await repo.findUser(userId)
    if (!user) throw notFound('User')
    if (!canRecord(user.role)) {
      throw badRequest('Only an editor or an admin can record audio', [
        { field, message: `this user is a ${user.role}; make them an editor first` },
      ])
    }
    return user
  }

  return { removeFiles, storeTake, assignedView, report, recorder }
}

type EditorParts = ReturnType<typeof editorParts>

/**
 * The editors' audio workflow (spec §4 Assignment: assign → fulfil → publish) and the admin's
 * direct example upload. The longer steps are the functions below it.
 */
export function createEditorService(deps: EditorDeps) {
  const { repo } = deps
  const parts = editorParts(deps)
  const { assignedView, report, recorder } = parts

  return {
    /** GET /api/editors: users who may record. */
    async editors(): Promise<z.infer<typeof Editor>[]> {
      const rows = await repo.listEditors()
      return rows.map((u) => ({ userId: u.id, name: u.name, email: u.email }))
    },

    /**
     * The assignment list. An editor sees only their own assignments (asking for another
     * editor's is 403); an admin sees every idiom, assigned or not, or one editor's assignments.
     */
    async reports(viewer: Viewer, editor?: string): Promise<Report[]> {
      if (viewer.role !== 'admin' && editor !== undefined && editor !== viewer.userId) {
        throw forbidden('You can only see your own assignments')
      }
      const rows = await repo.reports(
        viewer.role === 'admin'
          ? { editorId: editor, assignedOnly: false }
          : { editorId: viewer.userId, assignedOnly: true },
      )
      return rows.map((r) => ({
        idiomId: r.idiom.id,
        text: r.idiom.text,
        tone: r.idiom.tone,
        usage: r.idiom.usage,
        assigned: r.assignment ? assignedView(r.assignment) : null,
      }))
    },

    /**
     * Assign an idiom to an editor, or give it to another one (its takes and versions stay).
     * A new assignment starts from the example's text and snippet, so the editor knows what to
     * read out.
     */
    async assign(input: {
      idiomId: string
      source: string
      exampleId?: string | undefined
    }): Promise<Report> {
      const idiom = await repo.findIdiom(input.idiomId)
      if (!idiom) throw notFound('Idiom')
      await recorder(input.source, 'source')
      let example: ExampleRow | undefined
      if (input.exampleId) {
        example = await repo.findExample(input.exampleId)
        if (!example || example.idiomId !== idiom.id) {
          throw badRequest('The example is not one of this idiom', [
            { field: 'exampleId', message: 'not an example of this idiom' },
          ])
        }
      } else {
        example = await repo.firstExample(idiom.id)
      }
      await repo.upsertAssignment({
        idiomId: idiom.id,
        editorId: input.source,
        exampleId: example?.id ?? null,
        exampleChosen: input.exampleId !== undefined,
        transcription: example?.text ?? '',
        conjugatedSnippet: example?.conjugatedSnippet ?? '',
        assignedAt: deps.clock(),
      })
      return report(idiom.id)
    },
    fulfil: (viewer: Viewer, input: FulfilInput, audio: Uint8Array | undefined) =>
      fulfil(deps, parts, viewer, input, audio),
    publish: (input: { idiomId: string; assign: number }) => publish(deps, parts, input),
    attachExampleAudio: (exampleId: string, audio: Uint8Array | undefined) =>
      attachExampleAudio(deps, parts, exampleId, audio),

    /**
     * The `assigned` field of idioms for a viewer: admins see every assignment, an editor their
     * own, anyone else none.
     */
    async assignedFor(
      idiomIds: string[] | undefined,
      viewer: Viewer | undefined,
    ): Promise<Map<string, AssignedView>> {
      const out = new Map<string, AssignedView>()
      if (!viewer || !canRecord(viewer.role)) return out
      for (const a of await repo.assignmentsOf(idiomIds)) {
        if (viewer.role === 'admin' || a.editorId === viewer.userId)
          out.set(a.idiomId, assignedView(a))
      }
      return out
    },
  }
}

/**
 * Fulfil an assignment: the transcription and a take (audio file). Only its editor or an
 * admin may. Fulfilling a published assignment starts version sync+1; what learners hear
 * stays until that version is published. The file is stored first and the row changed
 * after, in one transaction guarded by the version read; if that fails the file is removed,
 * so a failure leaves neither an orphan file nor a half-changed row. A take it replaces
 * (an unpublished one) is removed after the commit.
 */
async function fulfil(
  deps: EditorDeps,
  parts: EditorParts,
  viewer: Viewer,
  input: FulfilInput,
  audio: Uint8Array | undefined,
): Promise<Report> {
  const { repo } = deps
  const { removeFiles, recorder, report, storeTake } = parts
  const idiom = await repo.findIdiom(input.idiomId)
  if (!idiom) throw notFound('Idiom')
  const current = await repo.findAssignment(input.idiomId)
  const isAdmin = viewer.role === 'admin'
  if (!isAdmin && current?.editorId !== viewer.userId)
    throw forbidden('This idiom is not assigned to you')
  if (!current) throw notFound('Assignment')

  // Whose voice the take is; null = the assigned editor's. An admin may name anyone who
  // records, an editor only themselves.
  let recordedBy = audio ? null : current.recordedBy
  if (input.editor !== undefined) {
    if (!isAdmin && input.editor !== viewer.userId)
      throw forbidden('You can only upload your own recordings')
    recordedBy =
      input.editor === current.editorId ? null : (await recorder(input.editor, 'editor')).id
  }
  const snippet = fulfilledSnippet(current, input, isAdmin)

  // Fulfilling a published assignment starts the next version.
  const sync = current.state === 'published' ? current.sync + 1 : current.sync
  const newKey = await storeTake(idiom.id, sync, audio, current.audioKey)
  let updated: AssignmentRow | undefined
  try {
    updated = await repo.transaction((tx) =>
      tx.updateAssignment(
        idiom.id,
        { sync: current.sync, state: current.state },
        {
          sync,
          state: 'fulfilled',
          transcription: input.transcription,
          conjugatedSnippet: snippet,
          audioKey: newKey ?? current.audioKey,
          recordedBy,
          fulfilledAt: deps.clock(),
        },
      ),
    )
  } catch (err) {
    await removeFiles([newKey])
    throw err
  }
  if (!updated) {
    await removeFiles([newKey])
    throw conflict('The assignment changed meanwhile; reload it and try again')
  }
  // The take this one replaces, unless it is what learners hear.
  if (newKey && current.state === 'fulfilled')
    await removeFiles([current.audioKey], [current.publishedAudioKey, newKey])
  return report(idiom.id)
}

/**
 * Publish version `sync` of a fulfilled assignment. In one transaction the take becomes its
 * example's audio (voice: who recorded it) and the transcription its text (with the
 * snippet); an idiom without examples gets one. The files it supersedes (the previously
 * published take, the example's previous audio) are removed only after the commit.
 */
async function publish(
  deps: EditorDeps,
  parts: EditorParts,
  input: { idiomId: string; assign: number },
): Promise<Report> {
  const { repo } = deps
  const { removeFiles, report } = parts
  const current = await repo.findAssignment(input.idiomId)
  if (!current) throw notFound('Assignment')
  const key = waitingTake(current, input.assign)
  const example =
    (current.exampleId ? await repo.findExample(current.exampleId) : undefined) ??
    (await repo.firstExample(current.idiomId))
  const snippet = publishedSnippet(current, example)
  const voice = current.recordedByName ?? current.editorName
  const now = deps.clock()
  const published = await repo.transaction(async (tx) => {
    const ex = example
      ? await tx.updateExample(example.id, {
          text: current.transcription,
          conjugatedSnippet: snippet,
          voice,
          audioKey: key,
          updatedAt: now,
        })
      : await tx.insertExample({
          idiomId: current.idiomId,
          text: current.transcription,
          conjugatedSnippet: snippet,
          voice,
          audioKey: key,
          createdAt: now,
          updatedAt: now,
        })
    if (!ex) throw conflict('The example was removed meanwhile; try again')
    const row = await tx.updateAssignment(
      current.idiomId,
      { sync: current.sync, state: 'fulfilled' },
      { state: 'published', publishedAudioKey: key, publishedAt: now, exampleId: ex.id },
    )
    // Throwing rolls the example change back with it.
    if (!row) throw conflict('The assignment changed meanwhile; reload it and try again')
    return row
  })
  await removeFiles(
    [current.publishedAudioKey, example?.audioKey],
    [published.audioKey, published.publishedAudioKey],
  )
  return report(current.idiomId)
}

/**
 * POST /api/admin/example-audio: attach an audio file to an example directly. The file is
 * stored first; if the row cannot be changed it is removed. The example's previous audio is
 * removed after, unless an assignment still refers to it.
 */
async function attachExampleAudio(
  deps: EditorDeps,
  parts: EditorParts,
  exampleId: string,
  audio: Uint8Array | undefined,
): Promise<Example> {
  const { repo, storage } = deps
  const { removeFiles } = parts
  const example = await repo.findExample(exampleId)
  if (!example) throw notFound('Example')
  const type = await checkAudioFile(audio, 'file')
  const key = `examples/${exampleId}/${randomUUID()}.${type.ext}`
  await storage.put(key, audio!, type.mime)
  let row: ExampleRow | undefined
  try {
    row = await repo.updateExample(exampleId, { audioKey: key, updatedAt: deps.clock() })
  } catch (err) {
    await removeFiles([key])
    throw err
  }
  if (!row) {
    await removeFiles([key])
    throw notFound('Example')
  }
  const old = example.audioKey
  if (old && old !== key && !(await repo.keyInUse(old))) await removeFiles([old])
  const idiom = (await repo.findIdiom(row.idiomId))!
  return toExample(
    row,
    idiom,
    recordingOf(row, (key) => deps.signer.url(key)),
  )
}

export type EditorService = ReturnType<typeof createEditorService>
