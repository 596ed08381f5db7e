import { describe, expect, it } from 'vitest'

import {
  antonymIn,
  antonymNegates,
  antonymsOf,
  isDetailWord,
  isNounLike,
  isPastForm,
  lemmasOf,
  nearSynonymsOf,
  negatesAt,
  numberSpelling,
  sensesOf,
  startsNearPhrase,
} from './english.js'

/** Whether two words share a near-synonym group (a word may sit in several). */
const shareGroup = (a: string, b: string) =>
  nearSynonymsOf(a).some((id) => nearSynonymsOf(b).includes(id))

describe('english', () => {
  it('groups everyday nouns WordNet does not link, as nouns only', () => {
    expect(nearSynonymsOf('boss')).not.toEqual([])
    expect(shareGroup('manager', 'boss')).toBe(true)
    expect(shareGroup('matches', 'game')).toBe(true)
    expect(shareGroup('game', 'boss')).toBe(false)
    expect(nearSynonymsOf('matching')).toEqual([])
    expect(nearSynonymsOf('marked')).toEqual([])
    expect(nearSynonymsOf('mom')).toEqual([])
    expect(shareGroup('reporters', 'journalist')).toBe(true)
    expect(shareGroup('integrity', 'honesty')).toBe(true)
    expect(shareGroup('voice messages', 'voice note')).toBe(true)
    expect(nearSynonymsOf('fighting')).toEqual([])
  })
  it('groups near-synonyms of several words, their last word in any noun form', () => {
    expect(nearSynonymsOf('locker room')).not.toEqual([])
    expect(shareGroup('changing rooms', 'locker room')).toBe(true)
    expect(shareGroup('grocery store', 'supermarket')).toBe(true)
    expect(shareGroup('gas station', 'petrol station')).toBe(true)
    expect(shareGroup('gridlock', 'traffic jams')).toBe(true)
    expect(shareGroup('bus station', 'train station')).toBe(false)
    expect(shareGroup('old man', 'dad')).toBe(true)
    expect(nearSynonymsOf('old woman')).toEqual([])
    expect(shareGroup('home', 'house')).toBe(true)
    expect(shareGroup('professor', 'teacher')).toBe(true)
    expect(shareGroup('teacher', 'class')).toBe(false)
    expect(shareGroup('living room', 'locker room')).toBe(false)
    expect(startsNearPhrase('locker')).toBe(true)
    expect(startsNearPhrase('room')).toBe(false)
  })
  it('reads "unless", "instead of", "rather than" as negators, "no matter" and "not only" not', () => {
    const at = (text: string, word: string) => {
      const tokens = text.split(' ')
      return negatesAt(tokens, tokens.indexOf(word))
    }
    expect(at('unless you study hard', 'unless')).toBe(true)
    expect(at('she called instead of writing', 'instead')).toBe(true)
    expect(at('he walked rather than drive', 'rather')).toBe(true)
    expect(at('he is rather tired', 'rather')).toBe(false)
    expect(at('instead she called', 'instead')).toBe(false)
    expect(at('no matter what you decide', 'no')).toBe(false)
    expect(at('not only cheap but good', 'not')).toBe(false)
    expect(at('no money at all', 'no')).toBe(true)
  })
  it('reads "a nobody", "a total nobody" as a person of no account, not a negation', () => {
    const at = (text: string, word: string) => {
      const tokens = text.split(' ')
      return negatesAt(tokens, tokens.indexOf(word))
    }
    expect(at('at work he is a nobody', 'nobody')).toBe(false)
    expect(at('at work he is a total nobody', 'nobody')).toBe(false)
    expect(at('it was a big nothing', 'nothing')).toBe(false)
    expect(at('nobody called me', 'nobody')).toBe(true)
    expect(at('act like a cop nobody is guilty', 'nobody')).toBe(true)
  })
  it('reads "no doubt", "without a doubt", "no wonder" as affirming what follows', () => {
    const at = (text: string, word: string) => {
      const tokens = text.split(' ')
      return negatesAt(tokens, tokens.indexOf(word))
    }
    expect(at('no doubt the bus will be late', 'no')).toBe(false)
    expect(at('she will win without a doubt', 'without')).toBe(false)
    expect(at('no wonder he left early', 'no')).toBe(false)
    expect(at('no bus came today', 'no')).toBe(true)
    expect(at('she left without a word', 'without')).toBe(true)
  })
  it('spells numbers both ways', () => {
    expect(numberSpelling('six')).toBe('6')
    expect(numberSpelling('6')).toBe('six')
    expect(numberSpelling('forty')).toBe('40')
    expect(numberSpelling('thousand')).toBe('000')
    expect(numberSpelling('sixty-six')).toBeUndefined()
  })
  it('knows verbs that say "not" of another word, against a text that has that word', () => {
    expect(antonymsOf('forgot')).toContain('remember')
    expect(antonymNegates('forgot', new Set(['remember']))).toBe(true)
    expect(antonymNegates('forgot', new Set(['remember', 'forget']))).toBe(false)
    expect(antonymNegates('forgot', new Set(['know']))).toBe(false)
    expect(antonymIn('attention', new Set(['ignore']))).toBe(true)
    expect(antonymIn('attention', new Set(['pay']))).toBe(false)
  })
  it('lemmatises inflected words', () => {
    expect(lemmasOf('drove')).toContain('drive')
    expect(lemmasOf('parties')).toContain('party')
  })
  it('finds shared WordNet senses for synonyms', () => {
    const a = sensesOf('immediately', 3)
    const b = sensesOf('right away', 7)
    expect([...a.keys()].some((id) => b.has(id))).toBe(true)
  })
  it('recognises simple past forms but not participles used as adjectives or nouns', () => {
    expect(isPastForm('went')).toBe(true)
    expect(isPastForm('asked')).toBe(true)
    expect(isPastForm('bed')).toBe(false)
  })
  it('tells names, times and numbers as details', () => {
    expect(isDetailWord('tomorrow')).toBe(true)
    expect(isDetailWord('rosario', 'Rosario')).toBe(true)
    expect(isDetailWord('house', 'house')).toBe(false)
  })
  it('tells things from actions', () => {
    expect(isNounLike('umbrella')).toBe(true)
    expect(isNounLike('chose')).toBe(false)
  })
})
