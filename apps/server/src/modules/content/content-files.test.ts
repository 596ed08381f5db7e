import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { IdiomFields, idiomKey, TONES, usageBand } from '@che/core'
import { CONTENT_DIR, loadContentFiles } from './content-files.js'

/** The curated library must be importable as it is: every record checked here. */
describe('content/idioms/*.json', () => {
  it('has files, and every file matches the ContentFile schema', async () => {
    const names = (await readdir(join(CONTENT_DIR, 'idioms'))).filter((n) => n.endsWith('.json'))
    expect(names.length).toBeGreaterThan(0)
    const loaded = await loadContentFiles()
    expect(loaded.invalid).toEqual([])
    expect(loaded.files.map((f) => f.name).sort()).toEqual(names.sort())
  })

  it('has valid records: tones, usage bands, two examples or more, snippets inside their sentences, no repeats', async () => {
    const { files } = await loadContentFiles()
    const problems: string[] = []
    const seen = new Map<string, string>()
    for (const file of files) {
      file.idioms.forEach((idiom, i) => {
        const where = `${file.name} #${i + 1} "${idiom.text}"`
        if (!(TONES as readonly string[]).includes(idiom.tone))
          problems.push(`${where}: unknown tone ${idiom.tone}`)
        try {
          usageBand(idiom.usage)
        } catch {
          problems.push(`${where}: usage ${idiom.usage} is in no band`)
        }
        if (idiom.examples.length < 2)
          problems.push(`${where}: ${idiom.examples.length} example(s), needs 2 or more`)
        const key = idiomKey(idiom.text)
        const first = seen.get(key)
        if (first) problems.push(`${where}: same idiom as ${first} (ignoring accents and case)`)
        else seen.set(key, where)
        const sentences = new Set<string>()
        for (const e of idiom.examples) {
          if (!e.text.includes(e.conjugatedSnippet))
            problems.push(`${where}: snippet "${e.conjugatedSnippet}" is not in "${e.text}"`)
          if (e.text.trim() !== e.text || e.conjugatedSnippet.trim() !== e.conjugatedSnippet) {
            problems.push(`${where}: stray spaces around "${e.text}" or its snippet`)
          }
          const ek = idiomKey(e.text)
          if (sentences.has(ek)) problems.push(`${where}: example "${e.text}" appears twice`)
          sentences.add(ek)
          if (!e.translation.trim() || !e.literal.trim())
            problems.push(`${where}: example "${e.text}" lacks a translation or literal`)
        }
      })
    }
    expect(problems).toEqual([])
    expect(seen.size).toBeGreaterThan(0)
  })

  it('fits the admin idiom form: an admin can save any library idiom as it is', async () => {
    const { files } = await loadContentFiles()
    const refused = files.flatMap((file) =>
      file.idioms.flatMap((idiom) => {
        const { text, translation, tone, usage, source, meanings, literals, senses } = idiom
        const checked = IdiomFields.safeParse({
          text,
          translation,
          tone,
          usage,
          source,
          meanings,
          literals,
          senses,
        })
        return checked.success
          ? []
          : [
              `${file.name} "${idiom.text}": ${checked.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`,
            ]
      }),
    )
    expect(refused).toEqual([])
  })
})
