import { describe, expect, it } from 'vitest'
import { IdiomFields } from '../contract/entities.js'
import { IDIOM_PHRASES_MAX } from '../contract/senses.js'
import {
  idiomKey,
  matchTone,
  missingColumns,
  normaliseHeader,
  snippetInText,
  validateIdiomRow,
  validateIdiomRows,
} from './csv-import.js'

describe('csv-import', () => {
  describe('idiomKey', () => {
    it('ignores case, accents and spacing but keeps ñ apart from n', () => {
      expect(idiomKey('  Ser  un  PÁJARO ')).toBe('ser un pajaro')
      expect(idiomKey('Está al horno')).toBe(idiomKey('esta al HORNO'))
      expect(idiomKey('Año')).not.toBe(idiomKey('ano'))
      // "é" as e + combining accent equals the precomposed letter
      expect(idiomKey('cafe\u0301')).toBe(idiomKey('café'))
    })
  })

  describe('matchTone', () => {
    it('matches the five tones case-insensitively', () => {
      expect(matchTone('casual')).toBe('Casual')
      expect(matchTone(' STREET ')).toBe('Street')
      expect(matchTone('Formal')).toBeUndefined()
    })
  })

  describe('headers', () => {
    it('names the required columns a header row lacks', () => {
      expect(missingColumns(['\uFEFFText', ' Translation ', 'tone', 'usage'])).toEqual([])
      expect(missingColumns(['text', 'tone'])).toEqual(['translation', 'usage'])
      expect(normaliseHeader('\uFEFF Usage')).toBe('usage')
    })
  })

  describe('validateIdiomRow: meanings and literals', () => {
    it('splits the meanings and literals cells on | and drops blanks and repeats', () => {
      const r = validateIdiomRow(
        {
          text: 'tirar la toalla',
          translation: 'to give up',
          tone: 'Casual',
          usage: '9',
          meanings: ' give up | throw in the towel ||give up',
          literals: 'throw the towel',
        },
        1,
      )
      expect(r).toMatchObject({
        ok: true,
        idiom: { meanings: ['give up', 'throw in the towel'], literals: ['throw the towel'] },
      })
    })
    it('takes the arrays a client sends back, and refuses a phrase over 200 characters', () => {
      const ok = validateIdiomRow(
        { text: 'a', translation: 'b', meanings: ['one', 'two'], literals: [] },
        2,
      )
      expect(ok).toMatchObject({ ok: true, idiom: { meanings: ['one', 'two'], literals: [] } })
      const long = validateIdiomRow({ text: 'a', translation: 'b', literals: 'x'.repeat(201) }, 3)
      expect(long).toEqual({
        ok: false,
        errors: [{ row: 3, field: 'literals', message: 'A phrase is longer than 200 characters' }],
      })
    })
  })

  // The CSV kept a limit of its own (40) while the admin form took 80: an idiom saved from the form
  // could not come back through a CSV. The contract's limit is the CSV's (decision 070).
  describe('validateIdiomRow: the number of phrases is the contract’s', () => {
    const list = (n: number, tag = 'phrase') =>
      Array.from({ length: n }, (_, i) => `${tag} ${i + 1}`).join(' | ')
    const row = (cells: Record<string, string>) => ({
      text: 'estar hasta las manos',
      translation: 'to be swamped',
      ...cells,
    })
    it('imports a row of 60 meanings, as the admin form saves one', () => {
      const r = validateIdiomRow(row({ meanings: list(60) }), 1)
      expect(r.ok).toBe(true)
      expect(r.ok && r.idiom.meanings).toHaveLength(60)
      expect(r.ok && IdiomFields.safeParse(r.idiom).success).toBe(true)
      // The limit itself imports, and so do the literals at it.
      expect(
        validateIdiomRow(
          row({ meanings: list(IDIOM_PHRASES_MAX), literals: list(IDIOM_PHRASES_MAX) }),
          2,
        ).ok,
      ).toBe(true)
    })
    it('refuses one phrase over the limit with the code TOO_MANY_PHRASES, as the form would', () => {
      const over = list(IDIOM_PHRASES_MAX + 1)
      expect(IdiomFields.safeParse({ ...row({}), meanings: over.split(' | ') }).success).toBe(false)
      expect(validateIdiomRow(row({ meanings: over, literals: over }), 5)).toEqual({
        ok: false,
        errors: [
          {
            row: 5,
            field: 'meanings',
            code: 'TOO_MANY_PHRASES',
            message: `At most ${IDIOM_PHRASES_MAX} phrases, separated by |`,
          },
          {
            row: 5,
            field: 'literals',
            code: 'TOO_MANY_PHRASES',
            message: `At most ${IDIOM_PHRASES_MAX} phrases, separated by |`,
          },
        ],
      })
    })
    it('counts the meanings and every sense together, as the contract does', () => {
      const senses = `${list(30, 'swamped')} || ${list(29, 'head over heels')}`
      expect(validateIdiomRow(row({ meanings: list(21), senses }), 1).ok).toBe(true)
      expect(validateIdiomRow(row({ meanings: list(22), senses }), 2)).toEqual({
        ok: false,
        errors: [
          {
            row: 2,
            field: 'senses',
            code: 'INVALID_SENSES',
            message: `At most ${IDIOM_PHRASES_MAX} meaning phrases in all, senses included`,
          },
        ],
      })
      // 60 phrases in one sense: the CSV refused them (40 a sense), the contract does not.
      expect(validateIdiomRow(row({ senses: `${list(60, 'swamped')} || in love` }), 3).ok).toBe(
        true,
      )
    })
  })

  describe('validateIdiomRow: senses (decision 067)', () => {
    const row = (senses: unknown, meanings: unknown = '') => ({
      text: 'estar en bolas',
      translation: 'to be clueless; to be stark naked',
      meanings,
      senses,
    })
    it('splits the senses cell on || and each sense on |, dropping blanks', () => {
      const r = validateIdiomRow(
        row(' be clueless | have no idea | || be stark naked|in the buff ||  ', 'be out of it'),
        1,
      )
      expect(r).toMatchObject({
        ok: true,
        idiom: {
          meanings: ['be out of it'],
          senses: [
            ['be clueless', 'have no idea'],
            ['be stark naked', 'in the buff'],
          ],
        },
      })
      // An empty cell, or none: one sense, no field (as before senses existed).
      for (const cell of ['', ' || ', undefined]) {
        const one = validateIdiomRow(row(cell, 'be clueless'), 2)
        expect(one.ok && 'senses' in one.idiom).toBe(false)
      }
    })
    it('takes the lists a client sends back', () => {
      expect(validateIdiomRow(row([['a', 'b'], 'c | d']), 3)).toMatchObject({
        ok: true,
        idiom: {
          senses: [
            ['a', 'b'],
            ['c', 'd'],
          ],
        },
      })
    })
    it('refuses a bad senses cell with the code INVALID_SENSES and says why', () => {
      const refused = (senses: string, meanings = '') => {
        const r = validateIdiomRow(row(senses, meanings), 7)
        return r.ok ? [] : r.errors
      }
      expect(refused('be clueless | have no idea')).toEqual([
        {
          row: 7,
          field: 'senses',
          code: 'INVALID_SENSES',
          message:
            'An idiom with senses has two or more: put the phrases of a single sense in its meanings',
        },
      ])
      expect(refused('be clueless || Be Naked', 'be naked')).toEqual([
        {
          row: 7,
          field: 'senses',
          code: 'INVALID_SENSES',
          message: '"Be Naked" stands in two lists: keep each phrase in one',
        },
      ])
      expect(refused('a || b || c || d || e')[0]).toMatchObject({
        code: 'INVALID_SENSES',
        message: 'At most 4 senses, separated by ||',
      })
      expect(refused(`a || ${'b'.repeat(201)}`)[0]).toMatchObject({
        code: 'INVALID_SENSES',
        message: 'A phrase is longer than 200 characters',
      })
    })
  })

  describe('validateIdiomRow', () => {
    it('turns a good row into IdiomFields', () => {
      expect(
        validateIdiomRow(
          {
            text: ' Estar al horno ',
            translation: 'to be in trouble',
            tone: 'neutral',
            usage: '7',
          },
          1,
        ),
      ).toEqual({
        ok: true,
        idiom: {
          text: 'Estar al horno',
          translation: 'to be in trouble',
          tone: 'Neutral',
          usage: 7,
          source: '',
          meanings: [],
          literals: [],
        },
      })
    })

    it('takes numbers for usage and fills Casual and 8 when tone and usage are empty', () => {
      const r = validateIdiomRow(
        { text: 'a full', translation: 'flat out', tone: '', usage: '' },
        1,
      )
      expect(r).toEqual({
        ok: true,
        idiom: {
          text: 'a full',
          translation: 'flat out',
          tone: 'Casual',
          usage: 8,
          source: '',
          meanings: [],
          literals: [],
        },
      })
      expect(
        validateIdiomRow({ text: 'a', translation: 'b', tone: 'Casual', usage: 10 }, 1).ok,
      ).toBe(true)
    })

    it('reports every bad field of a row with its row number', () => {
      const r = validateIdiomRow({ text: ' ', translation: '', tone: 'Formal', usage: 'eight' }, 4)
      expect(r).toEqual({
        ok: false,
        errors: [
          { row: 4, field: 'text', message: 'Text is required' },
          { row: 4, field: 'translation', message: 'Translation is required' },
          {
            row: 4,
            field: 'tone',
            message: expect.stringContaining('Casual, Neutral, Street, Esoteric, Official'),
          },
          { row: 4, field: 'usage', message: expect.stringContaining('1 to 10') },
        ],
      })
    })

    it.each(['0', '11', '8.5', '-3', '1e1', 'eight'])('refuses usage %s', (usage) => {
      const r = validateIdiomRow({ text: 'x', translation: 'y', tone: 'Casual', usage }, 2)
      expect(r.ok).toBe(false)
      expect(r.ok ? [] : r.errors.map((e) => e.field)).toEqual(['usage'])
    })

    it('refuses text longer than 300 characters', () => {
      const r = validateIdiomRow(
        { text: 'a'.repeat(301), translation: 'y', tone: 'Casual', usage: 5 },
        1,
      )
      expect(r.ok ? [] : r.errors.map((e) => e.field)).toEqual(['text'])
    })
  })

  describe('validateIdiomRows', () => {
    it('keeps the first of two rows that differ only in case and accents and reports the second', () => {
      const r = validateIdiomRows([
        { text: 'Está al horno', translation: 'in trouble', tone: 'Casual', usage: '8' },
        { text: '', translation: 'nothing', tone: 'Casual', usage: '8' },
        { text: 'ESTA AL HORNO', translation: 'again', tone: 'Casual', usage: '8' },
        { text: '', translation: '', tone: '', usage: '' },
        { text: 'Bondi', translation: 'bus', tone: 'Street', usage: '9' },
      ])
      expect(r.idioms.map((i) => i.text)).toEqual(['Está al horno', 'Bondi'])
      expect(r.rows).toEqual([1, 5])
      expect(r.errors).toEqual([{ row: 2, field: 'text', message: 'Text is required' }])
      expect(r.duplicates).toEqual([
        { row: 3, of: 1, idiom: expect.objectContaining({ text: 'ESTA AL HORNO' }) },
      ])
    })
  })

  describe('snippetInText', () => {
    it('finds the snippet ignoring case only', () => {
      expect(snippetInText('Che, estoy A FULL hoy', 'a full')).toBe(true)
      expect(snippetInText('Está al horno', 'esta al horno')).toBe(false)
      expect(snippetInText('Está al horno', 'al  horno')).toBe(false)
      expect(snippetInText('Está al horno', '')).toBe(false)
    })
  })
})
