import { describe, expect, it, vi } from 'vitest'
import type { Storage } from '../../plugins/storage.js'
import type { ExampleRow, IdiomRow, IdiomsRepo } from '../idioms/idioms.repo.js'
import type { ExamplesRepo } from './examples.repo.js'
import { wav } from '../../test/audio.js'
import { createExamplesService } from './examples.service.js'

const now = new Date('2025-03-01T12:00:00Z')
const idiom: IdiomRow = {
  id: '00000000-0000-4000-8000-000000000001',
  text: 'Meter la pata',
  translation: 'to blunder',
  meanings: [],
  literals: [],
  senses: [],
  tone: 'Neutral',
  usage: 9,
  source: '',
  normalizedText: 'meter la pata',
  contentKey: null,
  contentListsHash: null,
  createdAt: now,
  updatedAt: now,
}
const example = {
  id: '00000000-0000-4000-8000-000000000002',
  idiomId: idiom.id,
  text: 'Metí la pata.',
  conjugatedSnippet: 'Metí la pata',
  translation: 'I blundered.',
  alternatives: [],
  literal: '',
  source: '',
  voice: 'Sofía',
  audioKey: 'old.wav',
  contentKey: null,
  createdAt: now,
  updatedAt: now,
} as unknown as ExampleRow
const edit = { text: 'Metiste la pata.', conjugatedSnippet: 'Metiste la pata', voice: 'Sofía' }

function setup(overrides: { storage?: Partial<Storage>; update?: ExamplesRepo['update'] } = {}) {
  const storage = {
    put: vi.fn<Storage['put']>(overrides.storage?.put ?? (async () => {})),
    get: vi.fn<Storage['get']>(async () => undefined),
    delete: vi.fn<Storage['delete']>(async () => {}),
  }
  const update = vi.fn(
    overrides.update ??
      (async (_id: string, changes: Partial<ExampleRow>) => ({ ...example, ...changes })),
  )
  const examples = {
    findWithIdiom: async () => ({ example, idiom }),
    update,
  } as unknown as ExamplesRepo
  const service = createExamplesService({
    examples,
    idioms: {} as IdiomsRepo,
    storage,
    audioOf: (row) =>
      row.audioKey ? { url: `/signed/${row.audioKey}`, voice: row.voice, kind: 'recorded' } : null,
    clock: () => now,
  })
  return { service, storage, update }
}

describe('examples service', () => {
  describe('update', () => {
    it('stores the new audio, points the example at it and removes the replaced file', async () => {
      const { service, storage, update } = setup()
      const result = await service.update(example.id, edit, wav())
      const key = storage.put.mock.calls[0]![0]
      expect(key).toMatch(/^[0-9a-f-]{36}\.wav$/)
      expect(storage.put).toHaveBeenCalledWith(key, expect.any(Buffer), 'audio/wav')
      expect(update).toHaveBeenCalledWith(example.id, { ...edit, audioKey: key, updatedAt: now })
      expect(storage.delete).toHaveBeenCalledWith('old.wav')
      expect(result.audio).toEqual({ url: `/signed/${key}`, voice: 'Sofía', kind: 'recorded' })
    })

    it('changes no row when the file cannot be stored', async () => {
      const { service, update } = setup({
        storage: { put: async () => Promise.reject(new Error('disk full')) },
      })
      await expect(service.update(example.id, edit, wav())).rejects.toThrow('disk full')
      expect(update).not.toHaveBeenCalled()
    })

    it('removes the new file when the row cannot be changed, and keeps the old one', async () => {
      const { service, storage } = setup({
        update: async () => Promise.reject(new Error('connection lost')),
      })
      await expect(service.update(example.id, edit, wav())).rejects.toThrow('connection lost')
      const key = storage.put.mock.calls[0]![0]
      expect(storage.delete.mock.calls).toEqual([[key]])
    })

    it('stores nothing for a file that is not audio (415)', async () => {
      const { service, storage, update } = setup()
      await expect(
        service.update(example.id, edit, Buffer.from('%PDF-1.7 not audio')),
      ).rejects.toMatchObject({ status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' })
      expect(storage.put).not.toHaveBeenCalled()
      expect(update).not.toHaveBeenCalled()
    })
  })
})
