import { describe, expect, it, vi } from 'vitest'
import type { Storage } from '../../plugins/storage.js'
import type { ExampleRow, IdiomRow } from '../idioms/idioms.repo.js'
import type { UserRow } from '../users/users.repo.js'
import { sineWav } from './editor.fixtures.js'
import type { AssignmentWithNames, EditorRepo, EditorTx } from './editor.repo.js'
import { createEditorService, recordingKey } from './editor.service.js'

const NOW = new Date('2026-08-01T12:00:00.000Z')
const IDIOM = '11111111-1111-4111-8111-111111111111'
const EXAMPLE = '22222222-2222-4222-8222-222222222222'
const ANA = '33333333-3333-4333-8333-333333333333'

const idiom = { id: IDIOM, text: 'estar al horno', tone: 'Casual', usage: 8 } as IdiomRow
const example = {
  id: EXAMPLE,
  idiomId: IDIOM,
  text: 'Mañana estoy al horno.',
  conjugatedSnippet: 'estoy al horno',
  audioKey: 'examples/old.wav',
} as ExampleRow

function assignment(over: Partial<AssignmentWithNames> = {}): AssignmentWithNames {
  return {
    idiomId: IDIOM,
    editorId: ANA,
    sync: 1,
    state: 'assigned',
    transcription: example.text,
    conjugatedSnippet: 'estoy al horno',
    audioKey: null,
    publishedAudioKey: null,
    recordedBy: null,
    exampleId: EXAMPLE,
    assignedAt: NOW,
    fulfilledAt: null,
    publishedAt: null,
    editorName: 'Ana',
    recordedByName: null,
    ...over,
  }
}

function setup(opts: {
  current: AssignmentWithNames
  tx?: Partial<EditorTx>
  put?: Storage['put']
}) {
  const tx: EditorTx = {
    findAssignment: vi.fn(async () => opts.current),
    updateAssignment: vi.fn(
      async (_id, _expected, changes) => ({ ...opts.current, ...changes }) as AssignmentWithNames,
    ),
    updateExample: vi.fn(async (_id, changes) => ({ ...example, ...changes }) as ExampleRow),
    insertExample: vi.fn(async (values) => ({ ...example, ...values }) as ExampleRow),
    ...opts.tx,
  }
  const repo = {
    ...tx,
    findIdiom: vi.fn(async () => idiom),
    findExample: vi.fn(async () => example),
    firstExample: vi.fn(async () => example),
    findUser: vi.fn(async () => ({ id: ANA, role: 'editor', name: 'Ana' }) as UserRow),
    transaction: vi.fn(async <T>(work: (t: EditorTx) => Promise<T>) => work(tx)),
  } as unknown as EditorRepo
  const storage = {
    put: vi.fn<Storage['put']>(opts.put ?? (async () => {})),
    get: vi.fn<Storage['get']>(async () => undefined),
    delete: vi.fn<Storage['delete']>(async () => {}),
  }
  const log = { warn: vi.fn() }
  const service = createEditorService({
    repo,
    storage,
    signer: { url: (k) => `/api/audio/${k}?sig` },
    clock: () => NOW,
    log,
  })
  return { service, tx, storage, log }
}

const editor = { userId: ANA, role: 'editor' as const }

describe('editor service', () => {
  describe('recordingKey', () => {
    it('names takes by idiom and version, never twice the same', () => {
      const a = recordingKey(IDIOM, 3, 'webm')
      expect(a).toMatch(new RegExp(`^recordings/${IDIOM}/3-[0-9a-f-]{36}\\.webm$`))
      expect(recordingKey(IDIOM, 3, 'webm')).not.toBe(a)
    })
  })

  describe('fulfil', () => {
    it('stores the file before changing the row, guarded by the version it read', async () => {
      const { service, tx, storage } = setup({ current: assignment() })
      await service.fulfil(
        editor,
        { idiomId: IDIOM, transcription: 'Mañana estoy al horno.' },
        sineWav(),
      )
      const key = storage.put.mock.calls[0]![0]
      expect(storage.put).toHaveBeenCalledWith(key, expect.any(Buffer), 'audio/wav')
      expect(tx.updateAssignment).toHaveBeenCalledWith(
        IDIOM,
        { sync: 1, state: 'assigned' },
        expect.objectContaining({ sync: 1, state: 'fulfilled', audioKey: key, fulfilledAt: NOW }),
      )
      expect(storage.put.mock.invocationCallOrder[0]!).toBeLessThan(
        vi.mocked(tx.updateAssignment).mock.invocationCallOrder[0]!,
      )
      expect(storage.delete).not.toHaveBeenCalled()
    })

    it('removes the stored file when the row cannot be written', async () => {
      const { service, storage } = setup({
        current: assignment(),
        tx: { updateAssignment: vi.fn(async () => Promise.reject(new Error('connection lost'))) },
      })
      await expect(
        service.fulfil(editor, { idiomId: IDIOM, transcription: 'x' }, sineWav()),
      ).rejects.toThrow('connection lost')
      const key = storage.put.mock.calls[0]![0]
      expect(storage.delete).toHaveBeenCalledWith(key)
    })

    it('removes the stored file and answers CONFLICT when the assignment changed meanwhile', async () => {
      const { service, storage } = setup({
        current: assignment(),
        tx: { updateAssignment: vi.fn(async () => undefined) },
      })
      await expect(
        service.fulfil(editor, { idiomId: IDIOM, transcription: 'x' }, sineWav()),
      ).rejects.toMatchObject({ code: 'CONFLICT' })
      expect(storage.delete).toHaveBeenCalledWith(storage.put.mock.calls[0]![0])
    })

    it('changes no row when the file cannot be stored', async () => {
      const { service, tx } = setup({
        current: assignment(),
        put: async () => Promise.reject(new Error('bucket gone')),
      })
      await expect(
        service.fulfil(editor, { idiomId: IDIOM, transcription: 'x' }, sineWav()),
      ).rejects.toThrow('bucket gone')
      expect(tx.updateAssignment).not.toHaveBeenCalled()
    })

    it('starts version sync+1 on a published assignment and keeps the published file', async () => {
      const { service, tx, storage } = setup({
        current: assignment({
          state: 'published',
          sync: 4,
          audioKey: 'recordings/p.wav',
          publishedAudioKey: 'recordings/p.wav',
        }),
      })
      await service.fulfil(editor, { idiomId: IDIOM, transcription: 'x' }, sineWav())
      expect(storage.put.mock.calls[0]![0]).toMatch(new RegExp(`^recordings/${IDIOM}/5-`))
      expect(tx.updateAssignment).toHaveBeenCalledWith(
        IDIOM,
        { sync: 4, state: 'published' },
        expect.objectContaining({ sync: 5 }),
      )
      expect(storage.delete).not.toHaveBeenCalled()
    })

    it('removes the unpublished take it replaces, after the commit', async () => {
      const { service, storage } = setup({
        current: assignment({
          state: 'fulfilled',
          sync: 2,
          audioKey: 'recordings/pending.wav',
          publishedAudioKey: 'recordings/live.wav',
        }),
      })
      await service.fulfil(editor, { idiomId: IDIOM, transcription: 'x' }, sineWav())
      expect(storage.delete.mock.calls).toEqual([['recordings/pending.wav']])
    })
  })

  describe('publish', () => {
    const waiting = () =>
      assignment({
        state: 'fulfilled',
        sync: 2,
        audioKey: 'recordings/new.wav',
        publishedAudioKey: 'recordings/live.wav',
        transcription: 'Hoy estoy al horno.',
      })

    it('moves the take to the example and the assignment to published in one transaction, then removes what it superseded', async () => {
      const { service, tx, storage } = setup({ current: waiting() })
      await service.publish({ idiomId: IDIOM, assign: 2 })
      expect(tx.updateExample).toHaveBeenCalledWith(EXAMPLE, {
        text: 'Hoy estoy al horno.',
        conjugatedSnippet: 'estoy al horno',
        voice: 'Ana',
        audioKey: 'recordings/new.wav',
        updatedAt: NOW,
      })
      expect(tx.updateAssignment).toHaveBeenCalledWith(
        IDIOM,
        { sync: 2, state: 'fulfilled' },
        expect.objectContaining({ state: 'published', publishedAudioKey: 'recordings/new.wav' }),
      )
      expect(storage.delete.mock.calls.map((c) => c[0]).sort()).toEqual([
        'examples/old.wav',
        'recordings/live.wav',
      ])
    })

    it('removes no file when the transaction fails', async () => {
      const { service, storage } = setup({
        current: waiting(),
        tx: { updateAssignment: vi.fn(async () => undefined) },
      })
      await expect(service.publish({ idiomId: IDIOM, assign: 2 })).rejects.toMatchObject({
        code: 'CONFLICT',
      })
      expect(storage.delete).not.toHaveBeenCalled()
    })

    it('answers CONFLICT for a stale version without writing', async () => {
      const { service, tx } = setup({ current: waiting() })
      await expect(service.publish({ idiomId: IDIOM, assign: 1 })).rejects.toMatchObject({
        code: 'CONFLICT',
        details: { state: 'fulfilled', sync: 2 },
      })
      expect(tx.updateExample).not.toHaveBeenCalled()
    })

    it('logs, and does not fail, when a superseded file cannot be removed', async () => {
      const { service, storage, log } = setup({ current: waiting() })
      storage.delete.mockRejectedValue(new Error('timeout'))
      await expect(service.publish({ idiomId: IDIOM, assign: 2 })).resolves.toMatchObject({
        idiomId: IDIOM,
      })
      expect(log.warn).toHaveBeenCalledWith(
        { err: 'timeout', key: expect.any(String) },
        'could not remove an audio file',
      )
    })
  })
})
