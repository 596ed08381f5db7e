import { execFileSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { idiomKey } from '@che/core'
import { CONTENT_DIR } from '../modules/content/content-files.js'
import { listsFingerprint, SHIPPED_LISTS_FILE } from '../modules/content/content-lists.js'

/**
 * `npx tsx apps/server/src/cli/shipped-lists.ts`: writes content/shipped-lists.json, the
 * fingerprint of every set of meaning lists (meanings, literals, senses) each library idiom had in any commit of
 * content/idioms/ reachable from HEAD (decision 065). The content import replaces the lists of an
 * idiom imported before fingerprints existed only when they are one of these. Re-running it
 * only adds fingerprints; the file is needed for installs made before decision 065 and so need
 * not follow later content changes.
 */
function main(): void {
  const root = execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim()
  const folder = relative(root, join(CONTENT_DIR, 'idioms'))
  const git = (...args: string[]) =>
    execFileSync('git', args, { cwd: root, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 })
  const commits = git('rev-list', 'HEAD', '--', folder).split('\n').filter(Boolean)
  const shipped = new Map<string, Set<string>>()
  for (const commit of commits) {
    const paths = git('ls-tree', '--name-only', `${commit}:${folder}`)
      .split('\n')
      .filter((n) => n.endsWith('.json'))
    for (const name of paths) {
      let file: {
        idioms?: { text?: unknown; meanings?: unknown; literals?: unknown; senses?: unknown }[]
      }
      try {
        file = JSON.parse(git('show', `${commit}:${folder}/${name}`))
      } catch {
        continue // a version that was not valid JSON was never imported
      }
      for (const idiom of file.idioms ?? []) {
        if (typeof idiom.text !== 'string') continue
        const list = (v: unknown) =>
          Array.isArray(v) && v.every((s) => typeof s === 'string') ? (v as string[]) : []
        const key = idiomKey(idiom.text)
        const set = shipped.get(key) ?? new Set<string>()
        shipped.set(key, set)
        const senses = Array.isArray(idiom.senses) ? idiom.senses.map(list) : []
        set.add(listsFingerprint(list(idiom.meanings), list(idiom.literals), senses))
      }
    }
  }
  const idioms = Object.fromEntries(
    [...shipped.keys()].sort().map((key) => [key, [...shipped.get(key)!].sort()]),
  )
  const out = join(CONTENT_DIR, SHIPPED_LISTS_FILE)
  writeFileSync(
    out,
    `${JSON.stringify(
      {
        about:
          'Fingerprints of every meanings/literals pair each idiom had in the library (content/idioms, ' +
          `${commits.length} commits); written by apps/server/src/cli/shipped-lists.ts (decision 065).`,
        idioms,
      },
      null,
      2,
    )}\n`,
  )
  // The repository's formatter has the last word on layout (short arrays on one line).
  execFileSync('npx', ['biome', 'format', '--write', out], { cwd: root, stdio: 'ignore' })
  const pairs = [...shipped.values()].reduce((n, s) => n + s.size, 0)
  console.log(
    `${out}: ${shipped.size} idioms, ${pairs} fingerprints from ${commits.length} commits`,
  )
}

main()
