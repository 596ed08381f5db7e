import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'

/** content/help at the repository root: one Markdown file per audience. */
export const HELP_DIR = resolve(import.meta.dirname, '../../../../../content/help')

/** One `##` section of a help file: a passage the chat can retrieve and link to. */
export interface HelpSection {
  /** Slug of the title; the passage's address is /chat#<anchor>. */
  anchor: string
  title: string
  /** The file it comes from: learners, editors or admins. */
  audience: string
  /** The section as plain text (Markdown emphasis and code marks removed). */
  text: string
}

/** GitHub-style heading slug: lower case, accents and punctuation dropped, spaces to hyphens. */
export function slugify(title: string): string {
  return title
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
}

const plain = (markdown: string) =>
  markdown
    .replace(/\*\*([^*]+)\*\*/g, '$1')
    .replace(/`([^`]+)`/g, '$1')
    .replace(/\n{3,}/g, '\n\n')
    .trim()

/** Split one help file into its `##` sections; text before the first `##` is not a passage. */
export function parseHelp(markdown: string, audience: string): HelpSection[] {
  const sections: HelpSection[] = []
  let current: { title: string; lines: string[] } | undefined
  const flush = () => {
    if (current) {
      sections.push({
        anchor: slugify(current.title),
        title: current.title,
        audience,
        text: plain(current.lines.join('\n')),
      })
    }
  }
  for (const line of markdown.replace(/<!--[\s\S]*?-->/g, '').split(/\r?\n/)) {
    const heading = /^##\s+(.+?)\s*$/.exec(line)
    if (heading) {
      flush()
      current = { title: heading[1]!, lines: [] }
    } else if (/^#\s/.test(line)) {
      flush()
      current = undefined
    } else {
      current?.lines.push(line)
    }
  }
  flush()
  return sections.filter((s) => s.text !== '')
}

/** Every section of every help file, in file order; anchors must be unique across files. */
export function loadHelpSections(dir = HELP_DIR): HelpSection[] {
  const order = ['learners', 'editors', 'admins']
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.md'))
    .map((f) => f.slice(0, -3))
    .sort(
      (a, b) => (order.indexOf(a) + 1 || 99) - (order.indexOf(b) + 1 || 99) || a.localeCompare(b),
    )
  const sections = files.flatMap((name) =>
    parseHelp(readFileSync(join(dir, `${name}.md`), 'utf8'), name),
  )
  const seen = new Set<string>()
  for (const s of sections) {
    if (seen.has(s.anchor))
      throw new Error(`help section anchor "${s.anchor}" appears twice in ${dir}`)
    seen.add(s.anchor)
  }
  return sections
}
