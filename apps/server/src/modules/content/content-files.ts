import { readdir, readFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { ContentFile, type ContentIdiom } from '@che/core'
import { toMessage } from '../../errors.js'

/** The repository's curated library (content/ at the root, CC BY-SA 4.0). */
export const CONTENT_DIR = resolve(import.meta.dirname, '../../../../../content')

export interface LoadedContent {
  files: { name: string; idioms: ContentIdiom[] }[]
  /** Files that are not valid JSON or do not match ContentFile; they are skipped. */
  invalid: { name: string; error: string }[]
}

/** Read and check every content/idioms/*.json, in name order. A missing folder is empty content. */
export async function loadContentFiles(dir = CONTENT_DIR): Promise<LoadedContent> {
  const folder = join(dir, 'idioms')
  let names: string[]
  try {
    names = (await readdir(folder)).filter((n) => n.endsWith('.json')).sort()
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { files: [], invalid: [] }
    throw err
  }
  const loaded: LoadedContent = { files: [], invalid: [] }
  for (const name of names) {
    try {
      const parsed = ContentFile.safeParse(JSON.parse(await readFile(join(folder, name), 'utf8')))
      if (parsed.success) loaded.files.push({ name, idioms: parsed.data.idioms })
      else {
        const issues = parsed.error.issues
          .slice(0, 5)
          .map((i) => `${i.path.join('.')}: ${i.message}`)
        loaded.invalid.push({ name, error: issues.join('; ') })
      }
    } catch (err) {
      loaded.invalid.push({ name, error: toMessage(err) })
    }
  }
  return loaded
}
