import { mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ContentFile } from '@che/core'
import { createTestDatabase, type TestDatabase } from '../../db/test-db.js'
import { examples, idioms } from '../../db/schema.js'
import { createContentRepo } from './content.repo.js'
import { createContentService } from './content.service.js'
import { loadContentFiles } from './content-files.js'

const fixture: ContentFile = {
  idioms: [
    {
      text: 'Estar al horno',
      translation: 'to be in deep trouble',
      meanings: [],
      literals: [],
      tone: 'Casual',
      usage: 8,
      source: 'test',
      examples: [
        {
          text: 'Si no entrego hoy, estoy al horno.',
          conjugatedSnippet: 'estoy al horno',
          translation: 'If I do not hand it in today, I am toast.',
          alternatives: [],
          literal: 'I am at the oven.',
        },
        {
          text: 'Con esta nota, Juan está al horno.',
          conjugatedSnippet: 'está al horno',
          translation: 'With this grade, Juan is in trouble.',
          alternatives: ['Juan is done for.'],
          literal: 'Juan is at the oven.',
        },
      ],
    },
    {
      text: 'Tener mala leche',
      translation: 'to have bad luck; to mean harm',
      meanings: [],
      literals: [],
      tone: 'Street',
      usage: 6,
      source: 'test',
      examples: [
        {
          text: 'Qué mala leche, se largó a llover.',
          conjugatedSnippet: 'mala leche',
          translation: 'What bad luck, it started to rain.',
          alternatives: [],
          literal: 'What bad milk, it started to rain.',
        },
        {
          text: 'Lo hizo con mala leche.',
          conjugatedSnippet: 'mala leche',
          translation: 'He did it out of spite.',
          alternatives: [],
          literal: 'He did it with bad milk.',
        },
      ],
    },
  ],
}

describe('content service', () => {
  let db: TestDatabase
  let dir: string
  const clock = () => new Date('2025-01-01T00:00:00Z')
  const service = () => createContentService({ content: createContentRepo(db.db), clock })
  const counts = async () => ({
    idioms: (await db.db.select({ n: count() }).from(idioms))[0]!.n,
    examples: (await db.db.select({ n: count() }).from(examples))[0]!.n,
  })
  async function writeContent(files: Record<string, unknown>): Promise<void> {
    await rm(join(dir, 'idioms'), { recursive: true, force: true })
    await mkdir(join(dir, 'idioms'), { recursive: true })
    for (const [name, body] of Object.entries(files)) {
      await writeFile(
        join(dir, 'idioms', name),
        typeof body === 'string' ? body : JSON.stringify(body),
      )
    }
  }

  beforeAll(async () => {
    db = await createTestDatabase()
    dir = await mkdtemp(join(tmpdir(), 'che-content-test-'))
  })
  afterAll(async () => {
    await db.drop()
    await rm(dir, { recursive: true, force: true })
  })

  it('imports everything once; a second run changes nothing', async () => {
    await writeContent({ 'a.json': fixture })
    expect(await service().importDir(dir)).toEqual({
      files: ['a.json'],
      invalidFiles: [],
      idiomsCreated: 2,
      idiomsSkipped: 0,
      idiomsRefreshed: 0,
      examplesCreated: 4,
      examplesSkipped: 0,
    })
    const rows = await db.db.select().from(idioms)
    expect(rows.find((r) => r.text === 'Estar al horno')).toMatchObject({
      contentKey: 'estar al horno',
      normalizedText: 'estar al horno',
      tone: 'Casual',
      usage: 8,
    })
    const ex = await db.db.select().from(examples)
    expect(ex.find((e) => e.text.startsWith('Con esta'))).toMatchObject({
      alternatives: ['Juan is done for.'],
      literal: 'Juan is at the oven.',
      contentKey: 'con esta nota, juan esta al horno.',
    })

    const snapshot = {
      idioms: await db.db.select().from(idioms),
      examples: await db.db.select().from(examples),
    }
    expect(await service().importDir(dir)).toMatchObject({
      idiomsCreated: 0,
      idiomsSkipped: 2,
      examplesCreated: 0,
      examplesSkipped: 4,
    })
    expect({
      idioms: await db.db.select().from(idioms),
      examples: await db.db.select().from(examples),
    }).toEqual(snapshot)
  })

  it('never overwrites an admin’s edit, and does not bring back an edited example', async () => {
    const [idiom] = await db.db
      .update(idioms)
      .set({
        translation: 'edited by an admin',
        text: 'Estar en el horno',
        normalizedText: 'estar en el horno',
      })
      .where(eq(idioms.contentKey, 'estar al horno'))
      .returning()
    await db.db
      .update(examples)
      .set({ text: 'Si no entrego hoy, estoy re al horno.' })
      .where(eq(examples.contentKey, 'si no entrego hoy, estoy al horno.'))
    const before = await counts()
    const report = await service().importDir(dir)
    expect(report).toMatchObject({ idiomsCreated: 0, examplesCreated: 0 })
    expect(await counts()).toEqual(before)
    const [after] = await db.db.select().from(idioms).where(eq(idioms.id, idiom!.id))
    expect(after).toMatchObject({ translation: 'edited by an admin', text: 'Estar en el horno' })
  })

  it('adds only what is new: a new example, a new idiom; an idiom an admin typed first is not doubled', async () => {
    await db.db.insert(idioms).values({
      text: 'Hacer la VACA',
      translation: 'pool money (admin)',
      normalizedText: 'hacer la vaca',
    })
    const grown: ContentFile = {
      idioms: [
        fixture.idioms[0]!,
        {
          ...fixture.idioms[1]!,
          examples: [
            ...fixture.idioms[1]!.examples,
            {
              text: 'No seas mala leche.',
              conjugatedSnippet: 'mala leche',
              translation: "Don't be mean.",
              alternatives: [],
              literal: "Don't be bad milk.",
            },
          ],
        },
      ],
    }
    const more: ContentFile = {
      idioms: [
        {
          text: 'Hacer la vaca',
          translation: 'to pool money',
          meanings: [],
          literals: [],
          tone: 'Casual',
          usage: 7,
          source: 'test',
          examples: [
            {
              text: 'Hagamos la vaca para la pizza.',
              conjugatedSnippet: 'Hagamos la vaca',
              translation: "Let's chip in for the pizza.",
              alternatives: [],
              literal: "Let's make the cow for the pizza.",
            },
            {
              text: 'Hicimos la vaca.',
              conjugatedSnippet: 'Hicimos la vaca',
              translation: 'We chipped in.',
              alternatives: [],
              literal: 'We made the cow.',
            },
          ],
        },
        {
          text: 'Ser un pan de Dios',
          translation: 'to be a kind soul',
          meanings: [],
          literals: [],
          tone: 'Neutral',
          usage: 6,
          source: 'test',
          examples: [
            {
              text: 'Mi abuela es un pan de Dios.',
              conjugatedSnippet: 'es un pan de Dios',
              translation: 'My grandma is a kind soul.',
              alternatives: [],
              literal: 'My grandma is a bread of God.',
            },
            {
              text: 'Sos un pan de Dios.',
              conjugatedSnippet: 'Sos un pan de Dios',
              translation: 'You are so kind.',
              alternatives: [],
              literal: 'You are a bread of God.',
            },
          ],
        },
      ],
    }
    await writeContent({ 'a.json': grown, 'b.json': more })
    const report = await service().importDir(dir)
    // one new example of an imported idiom, the two of the admin's idiom, and a new idiom with two
    expect(report).toMatchObject({
      files: ['a.json', 'b.json'],
      idiomsCreated: 1,
      idiomsSkipped: 3,
      examplesCreated: 5,
    })
    const vaca = await db.db.select().from(idioms).where(eq(idioms.normalizedText, 'hacer la vaca'))
    expect(vaca).toHaveLength(1)
    expect(vaca[0]).toMatchObject({ translation: 'pool money (admin)', contentKey: null })
    expect(await service().importDir(dir)).toMatchObject({ idiomsCreated: 0, examplesCreated: 0 })
  })

  it('skips and reports a file that is not valid, importing the others', async () => {
    await writeContent({
      'a.json': fixture,
      'broken.json': '{ "idioms": [ {"text": "x"} ] }',
      'bad.json': '{ nope',
    })
    const report = await service().importDir(dir)
    expect(report.files).toEqual(['a.json'])
    expect(report.invalidFiles.map((f) => f.name)).toEqual(['bad.json', 'broken.json'])
  })

  it('imports the repository’s own library in one go, and only once', async () => {
    const fresh = await createTestDatabase()
    try {
      const s = createContentService({ content: createContentRepo(fresh.db), clock })
      const { files } = await loadContentFiles()
      const total = files.reduce((n, f) => n + f.idioms.length, 0)
      const first = await s.importDir()
      expect(first.invalidFiles).toEqual([])
      expect(first.idiomsCreated).toBe(total)
      const second = await s.importDir()
      expect(second).toMatchObject({ idiomsCreated: 0, examplesCreated: 0, idiomsSkipped: total })
    } finally {
      await fresh.drop()
    }
  })

  it('gives idioms imported before meaning data their meanings and literals, never over an admin’s', async () => {
    const fresh = await createTestDatabase()
    try {
      const s = createContentService({ content: createContentRepo(fresh.db), clock })
      await writeContent({ 'a.json': fixture })
      await s.importDir(dir)
      const [horno, leche] = ['estar al horno', 'tener mala leche']
      // an admin wrote their own list for one of them
      await fresh.db
        .update(idioms)
        .set({ meanings: ['admin phrase'] })
        .where(eq(idioms.contentKey, leche))
      const withMeanings = structuredClone(fixture)
      for (const idiom of withMeanings.idioms) {
        idiom.meanings = ['be in hot water', 'be in a jam']
        idiom.literals = ['be in the oven']
      }
      await writeContent({ 'a.json': withMeanings })
      const report = await s.importDir(dir)
      expect(report).toMatchObject({ idiomsCreated: 0, examplesCreated: 0 })
      const rows = await fresh.db.select().from(idioms)
      expect(rows.find((r) => r.contentKey === horno)).toMatchObject({
        meanings: ['be in hot water', 'be in a jam'],
        literals: ['be in the oven'],
      })
      expect(rows.find((r) => r.contentKey === leche)).toMatchObject({
        meanings: ['admin phrase'],
        literals: [],
      })
    } finally {
      await fresh.drop()
    }
  })
})
