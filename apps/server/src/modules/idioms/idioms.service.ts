import {
  idiomKey,
  sensesProblem,
  type Assigned,
  TONE_DESCRIPTIONS,
  TONES,
  type Idiom,
  type IdiomChanges,
  type IdiomFields,
  type IdiomSummary,
  type Tone,
} from '@che/core'
import type { z } from 'zod'
import { badRequest, conflict, notFound } from '../../errors.js'
import { listsOriginOf, toIdiom, toIdiomSummary, type AudioOf } from './idioms.mappers.js'
import { isUniqueViolation, type ExampleRow, type IdiomsRepo } from './idioms.repo.js'

/** Who is reading, for the parts only some roles see. */
export interface IdiomViewer {
  userId: string
  role: 'learner' | 'editor' | 'admin'
}

export function createIdiomsService(deps: {
  idioms: IdiomsRepo
  clock: () => Date
  /** The audio an example already has, with a signed URL. */
  audioOf: AudioOf
  /**
   * The `assigned` field per idiom (all idioms when `idiomIds` is undefined) as `viewer` may see
   * it (modules/editor); null everywhere without it.
   */
  assigned?: (
    idiomIds: string[] | undefined,
    viewer: IdiomViewer,
  ) => Promise<Map<string, z.infer<typeof Assigned>>>
}) {
  const assignedOf = async (ids: string[] | undefined, viewer: IdiomViewer | undefined) =>
    deps.assigned && viewer && viewer.role !== 'learner'
      ? deps.assigned(ids, viewer)
      : new Map<string, z.infer<typeof Assigned>>()

  const duplicate = (text: string) =>
    conflict(`An idiom "${text}" already exists (ignoring accents and case)`, [
      { field: 'text', message: 'already exists (ignoring accents and case)' },
    ])

  return {
    tones(): { tone: Tone; description: string }[] {
      return TONES.map((tone) => ({ tone, description: TONE_DESCRIPTIONS[tone] }))
    },

    async summaries(): Promise<z.infer<typeof IdiomSummary>[]> {
      const rows = await deps.idioms.listWithCounts()
      return rows.map((r) => toIdiomSummary(r, r.exampleCount))
    },

    /** Every idiom with its examples, in two queries whatever the size (three with assignments). */
    async full(viewer?: IdiomViewer): Promise<Idiom[]> {
      const [rows, examples] = await Promise.all([deps.idioms.listAll(), deps.idioms.examplesOf()])
      const assigned = await assignedOf(undefined, viewer)
      const byIdiom = new Map<string, ExampleRow[]>()
      for (const e of examples) {
        const list = byIdiom.get(e.idiomId)
        if (list) list.push(e)
        else byIdiom.set(e.idiomId, [e])
      }
      return rows.map((r) =>
        toIdiom(r, byIdiom.get(r.id) ?? [], deps.audioOf, assigned.get(r.id) ?? null),
      )
    },

    /** An admin's read also says where the lists come from (listsOrigin, decision 065). */
    async get(id: string, viewer?: IdiomViewer): Promise<Idiom> {
      const row = await deps.idioms.findById(id)
      if (!row) throw notFound('Idiom')
      const assigned = await assignedOf([id], viewer)
      const idiom = toIdiom(
        row,
        await deps.idioms.examplesOf([id]),
        deps.audioOf,
        assigned.get(id) ?? null,
      )
      return viewer?.role === 'admin' ? { ...idiom, listsOrigin: listsOriginOf(row) } : idiom
    },

    async create(fields: IdiomFields): Promise<Idiom> {
      const now = deps.clock()
      const row = await deps.idioms.insert({
        ...fields,
        normalizedText: idiomKey(fields.text),
        createdAt: now,
        updatedAt: now,
      })
      if (!row) throw duplicate(fields.text)
      return toIdiom(row, [], deps.audioOf)
    },

    /**
     * Changes meanings or senses only when the idiom they make keeps decision 067's rules (two
     * senses or more, each phrase in one list...): else 400 VALIDATION_FAILED on `senses`, as
     * IdiomFields answers a new idiom, and nothing is written.
     */
    async update(idiomId: string, changes: IdiomChanges): Promise<Idiom> {
      const set = Object.fromEntries(
        Object.entries(changes).filter(([, v]) => v !== undefined),
      ) as IdiomChanges
      let row: Awaited<ReturnType<IdiomsRepo['update']>>
      try {
        row = await deps.idioms.update(
          idiomId,
          {
            ...set,
            ...(set.text !== undefined ? { normalizedText: idiomKey(set.text) } : {}),
            updatedAt: deps.clock(),
          },
          ({ meanings, senses }) => {
            const problem = sensesProblem(meanings, senses)
            if (problem)
              throw badRequest(problem.message, [{ field: 'senses', message: problem.message }])
          },
        )
      } catch (err) {
        if (isUniqueViolation(err) && set.text !== undefined) throw duplicate(set.text)
        throw err
      }
      if (!row) throw notFound('Idiom')
      return toIdiom(row, await deps.idioms.examplesOf([idiomId]), deps.audioOf)
    },
  }
}
export type IdiomsService = ReturnType<typeof createIdiomsService>
