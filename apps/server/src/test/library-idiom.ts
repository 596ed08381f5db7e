import type { ContentIdiom } from '@che/core'

/** One library idiom with the given lists (two examples, as content requires), for tests. */
export function libraryIdiom(text: string, meanings: string[], literals: string[]): ContentIdiom {
  return {
    text,
    translation: `${text} (gloss)`,
    meanings,
    literals,
    tone: 'Casual',
    usage: 7,
    source: 'test',
    examples: [1, 2].map((n) => ({
      text: `${text}, ejemplo ${n}.`,
      conjugatedSnippet: text,
      translation: `Example ${n}.`,
      alternatives: [],
      literal: `Literal ${n}.`,
    })),
  }
}
