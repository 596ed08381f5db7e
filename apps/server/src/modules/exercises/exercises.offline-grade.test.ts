import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { allMeanings, ExercisePayload, NextExercise, type EvaluatorExample } from '@che/core'
import { evaluate } from '@che/core/evaluator'
import { bearer, startTestApp, type TestApp } from '../../test/support.js'
import { loadContentFiles } from '../content/content-files.js'

/**
 * A sentence answered on the exercise page after the connection dropped is graded in the browser
 * with core's evaluate() against the reference served with it (decisions 032, 056). That reference
 * must be what the server grades with, so the grade the learner sees offline is the one the
 * server gives when the answer syncs: the same answer, the same grade, offline and online.
 */
describe('GET /api/exercises/next serves what the server grades with', () => {
  let t: TestApp
  beforeAll(async () => {
    // The project's own content: its examples have accepted alternatives, its idioms meanings.
    t = await startTestApp()
  }, 120_000)
  afterAll(() => t.close())

  async function next(token: string) {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/exercises/next',
      headers: bearer(token),
    })
    expect(res.statusCode, res.body).toBe(200)
    return NextExercise.parse(res.json())
  }

  it('gives the same grade offline (evaluate on the served reference) as the server does', async () => {
    const learner = await t.userWithRole('learner')
    const first = await next(learner.token)
    const reference = first.reference as EvaluatorExample
    expect(reference).toMatchObject({
      text: first.text,
      conjugatedSnippet: first.conjugatedSnippet,
      translation: first.translation,
      idiom: { text: first.idiom.text, translation: first.idiom.translation },
    })
    expect(reference.alternatives?.length).toBeGreaterThan(0)
    // an idiom of two senses keeps its phrases in `senses`, its common ones (maybe none) in `meanings`
    expect(allMeanings(reference.idiom).length).toBeGreaterThan(0)

    const answers = [
      ...reference.alternatives!.map((translation) => ({
        userTranscription: first.text,
        userTranslation: translation,
      })),
      { userTranscription: first.text, userTranslation: first.translation },
      { userTranscription: first.text.slice(0, 20), userTranslation: reference.literal ?? 'no' },
      { userTranscription: 'nada que ver', userTranslation: 'something else entirely' },
    ]
    for (const answer of answers) {
      // A learner new to the sentence, as the first one was.
      const { token } = await t.userWithRole('learner')
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/exercises/evaluate',
        headers: bearer(token),
        payload: { exampleId: first.exampleId, ...answer },
      })
      expect(res.statusCode, res.body).toBe(200)
      const online = ExercisePayload.parse(res.json()).evaluation
      expect(evaluate(reference, answer), answer.userTranslation).toEqual(online)
    }

    // Once the learner has the sentence, the offline pack keeps it with the same reference.
    const answered = await t.app.inject({
      method: 'POST',
      url: '/api/exercises/evaluate',
      headers: bearer(learner.token),
      payload: { exampleId: first.exampleId, ...answers[0] },
    })
    expect(answered.statusCode, answered.body).toBe(200)
    const pack = await t.app.inject({
      method: 'GET',
      url: '/api/exercises/offline',
      headers: bearer(learner.token),
    })
    expect(pack.statusCode, pack.body).toBe(200)
    const kept = (
      pack.json() as { exercises: { example: { exampleId: string }; reference: unknown }[] }
    ).exercises
    expect(kept.find((k) => k.example.exampleId === first.exampleId)?.reference).toEqual(reference)
  }, 120_000)

  it('is needed: without it, some accepted alternatives of the content are graded otherwise', async () => {
    // What the page had before (the example's own fields): the same text, snippet, translation
    // and gloss, without the accepted alternatives, meanings and literals. The example /next
    // serves first depends on the learner's id, so this is checked over the whole library.
    const { files } = await loadContentFiles()
    let differ = 0
    for (const idiom of files.flatMap((f) => f.idioms))
      for (const example of idiom.examples) {
        const bare = {
          text: example.text,
          conjugatedSnippet: example.conjugatedSnippet,
          translation: example.translation,
          idiom: { text: idiom.text, translation: idiom.translation },
        }
        const full = {
          ...bare,
          idiom: { ...bare.idiom, meanings: idiom.meanings, literals: idiom.literals },
          alternatives: example.alternatives,
          literal: example.literal,
        }
        for (const userTranslation of example.alternatives ?? []) {
          const answer = { userTranscription: example.text, userTranslation }
          if (
            evaluate(bare, answer).translationAccuracy !==
            evaluate(full, answer).translationAccuracy
          )
            differ++
        }
      }
    expect(differ).toBeGreaterThan(0)
  })
})
