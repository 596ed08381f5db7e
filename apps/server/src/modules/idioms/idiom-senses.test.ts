import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ErrorBody,
  Idiom,
  ImportResult,
  ValidationResult,
  NextExercise,
  ExercisePayload,
  type ContentFile,
  type ContentIdiom,
} from '@che/core'
import { evaluate } from '@che/core/evaluator'
import { buildApp } from '../../app.js'
import { idioms } from '../../db/schema.js'
import { libraryIdiom } from '../../test/library-idiom.js'
import { jsonCaller, listen, writeContentDir } from '../../test/http.js'
import { bearer, startTestApp, type TestApp } from '../../test/support.js'
import { listsFingerprint } from '../content/content-lists.js'

const BOLAS = 'Estar en bolas'
const HORNO = 'Estar al horno'
const CLUELESS = ['be clueless', 'have no idea', 'not have a clue']
const NAKED = ['be stark naked', 'be in the buff']

/** A library idiom of two senses (decision 067): nothing common to both, each sense its own phrases. */
function bolas(senses: string[][] = [CLUELESS, NAKED]): ContentIdiom {
  // The most common idiom of the library: a new learner's first exercise is one of its examples.
  return { ...libraryIdiom(BOLAS, [], ['be in balls']), usage: 10, senses }
}

/**
 * An idiom's senses through the server (decision 067): the admin's create and update calls, the
 * content import and restore-lists, and the reference the evaluator grades with, over real HTTP.
 */
describe('idiom senses through the API', () => {
  let root: string
  let t: TestApp
  let base: string
  let admin: string
  let learner: string

  const contentDir = (name: string, file: ContentFile) => writeContentDir(root, name, file)
  const call = jsonCaller(() => base)
  const read = async (idiomId: string) => {
    const res = await call('GET', `/api/idiom/${idiomId}`, admin)
    expect(res.status).toBe(200)
    return Idiom.parse(res.body)
  }
  const row = async (text: string) =>
    (await t.database.db.select().from(idioms).where(eq(idioms.text, text)))[0]
  function expectRefused(res: { status: number; body: unknown }, message: string) {
    expect(res.status).toBe(400)
    const body = ErrorBody.parse(res.body)
    expect(body.code).toBe('VALIDATION_FAILED')
    expect(body.details).toEqual([{ field: 'senses', message }])
  }

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'che-senses-'))
    const dir = await contentDir('release-1', {
      idioms: [bolas(), libraryIdiom(HORNO, ['be in trouble'], ['be in the oven'])],
    })
    t = await startTestApp({}, { contentDir: dir })
    base = await listen(t.app)
    admin = (await t.userWithRole('admin')).token
    learner = (await t.userWithRole('learner')).token
  }, 120_000)
  afterAll(async () => {
    await t?.close()
    await rm(root, { recursive: true, force: true })
  })

  it('imports a library idiom’s senses with the fingerprint of all its lists, and serves them', async () => {
    const stored = (await row(BOLAS))!
    expect(stored).toMatchObject({ meanings: [], senses: [CLUELESS, NAKED] })
    expect(stored.contentListsHash).toBe(listsFingerprint([], ['be in balls'], [CLUELESS, NAKED]))
    // An idiom of one sense keeps the fingerprint it had before senses existed (decision 065).
    const horno = (await row(HORNO))!
    expect(horno.senses).toEqual([])
    expect(horno.contentListsHash).toBe(listsFingerprint(['be in trouble'], ['be in the oven']))

    const idiom = await read(stored.id)
    expect(idiom).toMatchObject({ senses: [CLUELESS, NAKED], listsOrigin: 'library' })
    // One sense: the field is absent, as before senses existed.
    expect(await read(horno.id)).not.toHaveProperty('senses')
  })

  it('hands the senses to the evaluator: the reference served with the exercise, graded the same offline', async () => {
    const res = await call('GET', '/api/exercises/next', learner)
    expect(res.status).toBe(200)
    const next = NextExercise.parse(res.body)
    expect(next.idiom.text).toBe(BOLAS)
    expect(next.reference!.idiom).toMatchObject({ text: BOLAS, senses: [CLUELESS, NAKED] })
    expect(next.reference!.idiom).not.toHaveProperty('meanings')
    const answer = { userTranscription: next.text, userTranslation: 'I have no idea, honestly.' }
    const graded = await call('POST', '/api/exercises/evaluate', learner, {
      exampleId: next.exampleId,
      ...answer,
    })
    expect(graded.status).toBe(200)
    expect(ExercisePayload.parse(graded.body).evaluation).toEqual(evaluate(next.reference!, answer))
  })

  it('lets an admin create an idiom with two senses and refuses one sense, saving nothing', async () => {
    const created = await call('POST', '/api/admin/idiom', admin, {
      text: 'Tirar la goma',
      translation: 'to flirt; to nag',
      meanings: ['pester'],
      senses: [
        ['flirt', ' chat up ', ''],
        ['nag', 'keep on at'],
      ],
    })
    expect(created.status).toBe(200)
    const idiom = Idiom.parse(created.body)
    expect(idiom.senses).toEqual([
      ['flirt', 'chat up'],
      ['nag', 'keep on at'],
    ])
    expect(await read(idiom.idiomId)).toMatchObject({
      meanings: ['pester'],
      senses: idiom.senses,
      listsOrigin: 'own',
    })

    expectRefused(
      await call('POST', '/api/admin/idiom', admin, {
        text: 'Una sola acepción',
        translation: 'x',
        senses: [['only one']],
      }),
      'An idiom with senses has two or more: put the phrases of a single sense in its meanings',
    )
    expect(await row('Una sola acepción')).toBeUndefined()
  })

  it('checks an update’s senses against the idiom it makes, and writes nothing it refuses', async () => {
    const created = Idiom.parse(
      (
        await call('POST', '/api/admin/idiom', admin, {
          text: 'Hacer gancho',
          translation: 'to matchmake; to help out',
          meanings: ['set up', 'lend a hand'],
        })
      ).body,
    )
    const before = (await row('Hacer gancho'))!
    // "set up" is still one of the common meanings: the senses alone would be fine.
    const clash = await call('POST', '/api/admin/idiom/update', admin, {
      idiomId: created.idiomId,
      translation: 'changed in the same call',
      senses: [['Set up', 'matchmake'], ['help out']],
    })
    expectRefused(clash, '"Set up" stands in two lists: keep each phrase in one')
    expect(await row('Hacer gancho')).toEqual(before)

    // Moving the phrases from meanings to senses in one call is accepted.
    const moved = await call('POST', '/api/admin/idiom/update', admin, {
      idiomId: created.idiomId,
      meanings: [],
      senses: [
        ['set up', 'matchmake'],
        ['lend a hand', 'help out'],
      ],
    })
    expect(moved.status).toBe(200)
    expect(await read(created.idiomId)).toMatchObject({
      meanings: [],
      senses: [
        ['set up', 'matchmake'],
        ['lend a hand', 'help out'],
      ],
    })
    // Senses back to none: the idiom has one sense again and no field.
    const merged = await call('POST', '/api/admin/idiom/update', admin, {
      idiomId: created.idiomId,
      meanings: ['set up', 'help out'],
      senses: [],
    })
    expect(merged.status).toBe(200)
    expect(await read(created.idiomId)).not.toHaveProperty('senses')
  })

  it('imports senses from a CSV (|| between senses, | between phrases) and refuses a bad cell with INVALID_SENSES', async () => {
    const csv = [
      'text,translation,tone,usage,meanings,senses',
      'Hacer la gamba,to help out; to keep company,Casual,7,,"help out | lend a hand || keep someone company"',
      'Una acepción,one sense only,Casual,5,,be one thing',
      'Doble lista,twice,Casual,5,say it twice,say it twice || once more',
    ].join('\n')
    const form = new FormData()
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'senses.csv')
    const validated = await fetch(`${base}/api/admin/idioms/validate`, {
      method: 'POST',
      headers: bearer(admin),
      body: form,
    })
    expect(validated.status).toBe(200)
    const result = ValidationResult.parse(await validated.json())
    expect(result.idioms.map((i) => [i.text, i.senses])).toEqual([
      ['Hacer la gamba', [['help out', 'lend a hand'], ['keep someone company']]],
    ])
    expect(result.errors).toEqual([
      {
        row: 2,
        field: 'senses',
        code: 'INVALID_SENSES',
        message:
          'An idiom with senses has two or more: put the phrases of a single sense in its meanings',
      },
      {
        row: 3,
        field: 'senses',
        code: 'INVALID_SENSES',
        message: '"say it twice" stands in two lists: keep each phrase in one',
      },
    ])

    // The review page sends the rows back as the file had them; the server checks them again.
    const saved = await call('POST', '/api/admin/idioms', admin, {
      idioms: [
        {
          text: 'Hacer la gamba',
          translation: 'to help out; to keep company',
          tone: 'Casual',
          usage: '7',
          senses: 'help out | lend a hand || keep someone company',
        },
        { text: 'Una acepción', translation: 'one sense only', senses: 'be one thing' },
      ],
    })
    expect(saved.status).toBe(200)
    const imported = ImportResult.parse(saved.body)
    expect(imported.created.map((c) => c.text)).toEqual(['Hacer la gamba'])
    expect(imported.errors).toEqual([
      expect.objectContaining({ row: 2, field: 'senses', code: 'INVALID_SENSES' }),
    ])
    expect(await read(imported.created[0]!.idiomId)).toMatchObject({
      meanings: [],
      senses: [['help out', 'lend a hand'], ['keep someone company']],
      listsOrigin: 'own',
    })
    expect(await row('Una acepción')).toBeUndefined()
  })

  it('keeps the senses an admin changed through the next release, until the admin restores the library’s', async () => {
    const id = (await row(BOLAS))!.id
    const edited = [CLUELESS, [...NAKED, 'be in the nude']]
    const res = await call('POST', '/api/admin/idiom/update', admin, {
      idiomId: id,
      senses: edited,
    })
    expect(res.status).toBe(200)
    expect(await read(id)).toMatchObject({ senses: edited, listsOrigin: 'edited' })

    // Release 2 splits the first sense differently and gives the one-sense idiom two senses.
    const release2 = await contentDir('release-2', {
      idioms: [
        bolas([[...CLUELESS, 'be lost'], NAKED]),
        {
          ...libraryIdiom(HORNO, [], ['be in the oven']),
          senses: [['be in trouble'], ['be very hot']],
        },
      ],
    })
    const upgraded: FastifyInstance = await buildApp(t.config, {
      database: t.database,
      contentDir: release2,
    })
    try {
      await upgraded.ready()
      expect((await row(BOLAS))!.senses).toEqual(edited)
      // The one-sense idiom's lists were the library's: they follow the release, senses included.
      expect(await row(HORNO)).toMatchObject({
        meanings: [],
        senses: [['be in trouble'], ['be very hot']],
        contentListsHash: listsFingerprint(
          [],
          ['be in the oven'],
          [['be in trouble'], ['be very hot']],
        ),
      })

      const url = await listen(upgraded)
      const restored = await fetch(`${url}/api/admin/idiom/restore-lists`, {
        method: 'POST',
        headers: { ...bearer(admin), 'content-type': 'application/json' },
        body: JSON.stringify({ idiomId: id }),
      })
      expect(restored.status).toBe(200)
      expect(Idiom.parse(await restored.json())).toMatchObject({
        senses: [[...CLUELESS, 'be lost'], NAKED],
        listsOrigin: 'library',
      })
    } finally {
      await upgraded.close()
    }
  })
})
