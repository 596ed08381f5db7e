import { describe, expect, it } from 'vitest'
import { loadHelpSections, parseHelp, slugify } from './chat.content.js'

describe('help content', () => {
  it('slugs titles like GitHub headings', () => {
    expect(slugify('What perfect, minor and major mean')).toBe('what-perfect-minor-and-major-mean')
    expect(slugify('Preferences: usage bands and tones')).toBe('preferences-usage-bands-and-tones')
    expect(slugify('Qué es "che"?')).toBe('que-es-che')
  })

  it('splits a file into its ## sections, without the comments and the lead text', () => {
    const md =
      '# Help\n\n<!-- licence -->\nLead text.\n\n## First one\n\nSome **bold** `code`.\n\n## Second\nMore.\n'
    expect(parseHelp(md, 'learners')).toEqual([
      { anchor: 'first-one', title: 'First one', audience: 'learners', text: 'Some bold code.' },
      { anchor: 'second', title: 'Second', audience: 'learners', text: 'More.' },
    ])
  })

  it('loads the three help files with unique anchors', () => {
    const sections = loadHelpSections()
    expect(new Set(sections.map((s) => s.audience))).toEqual(
      new Set(['learners', 'editors', 'admins']),
    )
    expect(sections.length).toBeGreaterThanOrEqual(20)
    expect(new Set(sections.map((s) => s.anchor)).size).toBe(sections.length)
    for (const s of sections) expect(s.text.length, s.title).toBeGreaterThan(80)
  })
})
