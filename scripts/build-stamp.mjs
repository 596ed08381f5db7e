// The fingerprint that lets `npm start` skip a build whose sources did not change: a SHA-256 over
// the path and bytes of every input file, kept in a stamp file beside the build's output.
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'

/** Every file under `path` (or `path` itself), sorted, node_modules left out. */
export function files(path) {
  if (!existsSync(path)) return []
  if (!statSync(path).isDirectory()) return [path]
  return readdirSync(path)
    .sort()
    .flatMap((name) => (name === 'node_modules' ? [] : files(join(path, name))))
}

/** SHA-256 over every input file's path (relative to `root`) and contents. */
export function sourcesHash(root, inputs) {
  const hash = createHash('sha256')
  for (const input of inputs) {
    for (const file of files(join(root, input))) {
      hash.update(relative(root, file))
      hash.update('\0')
      hash.update(readFileSync(file))
      hash.update('\0')
    }
  }
  return hash.digest('hex')
}

/** True when `output` exists and `stamp` holds `hash`: the build is of these sources. */
export function builtFrom(hash, stamp, output) {
  return existsSync(output) && existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === hash
}
