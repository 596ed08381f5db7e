import type { z } from 'zod'
import type { Evaluation, Example } from '@che/core'
import type { Evaluator } from '@che/core/evaluator'
import { isDueToday, resolveTimeZone, startOfLocalDay } from '@che/core/scheduler'
import { AppError, conflict, notFound } from '../../errors.js'
import { evaluatorModule } from '../../lib/evaluator-module.js'
import type { AudioService } from '../audio/audio.service.js'
import type { ExamplesRepo } from '../examples/examples.repo.js'
import type { ExercisesRepo } from '../exercises/exercises.repo.js'
import { evaluatorExample, gradeAnswer, type AnswerInput } from '../exercises/exercises.service.js'
import { toExample } from '../idioms/idioms.mappers.js'
import type { UserRow } from '../users/users.repo.js'

export const PLAYROOM_LOCKED = 'Unlock the Playroom by clearing your calendar'
export const PLAYROOM_EMPTY = 'Your playroom is empty.'
/** Only the sentence just drilled holds the missed words: it is not served again straight away. */
export const PLAYROOM_NOTHING_ELSE =
  'You have practised every sentence with your missed words for now. Start again to go round once more.'

/** The words of a sentence, normalised as the evaluator's target words are. */
function wordsOf(toTargetWords: (words: string[]) => string[], text: string): Set<string> {
  return new Set(toTargetWords(text.split(/\s+/)))
}

export function createSandboxService(deps: {
  exercises: Pick<ExercisesRepo, 'listProgress' | 'allExamples'>
  examples: Pick<ExamplesRepo, 'findWithIdiom'>
  audio: Pick<AudioService, 'audioFor'>
  evaluator: (
    ...args: Parameters<Evaluator>
  ) => ReturnType<Evaluator> | Promise<ReturnType<Evaluator>>
  clock: () => Date
  /** 0 ≤ x < 1; picks among equally good examples. */
  random?: () => number
}) {
  const random = deps.random ?? Math.random

  return {
    /**
     * A Playroom example: one containing as many of the target words as possible. The targets
     * are `basedOn` (one word to drill) when some example contains it, else every word the
     * learner currently misses. Empty playroom (nothing missed) → 404; something due today in
     * the learner's zone → 409: the Playroom opens only once the calendar is clear.
     *
     * Never the sentence just drilled (`after`), whose answer the learner has just seen; and,
     * while others hold the targets, not a sentence the learner answered today either (they saw
     * its answer in the exercise's results). Only `after` left → 404 PLAYROOM_NOTHING_ELSE.
     */
    async next(
      user: UserRow,
      input: { basedOn?: string | undefined; tz?: string | undefined; after?: string | undefined },
    ): Promise<Example> {
      const { toTargetWords } = await evaluatorModule()
      const now = deps.clock()
      const timeZone = resolveTimeZone(input.tz ?? 'UTC')
      const records = await deps.exercises.listProgress(user.id)
      const missed = toTargetWords(records.filter((r) => r.isSandbox).flatMap((r) => r.missedWords))
      if (missed.length === 0) throw new AppError(404, 'NOT_FOUND', PLAYROOM_EMPTY)
      if (records.some((r) => isDueToday(r.dueAt, now, timeZone))) throw conflict(PLAYROOM_LOCKED)

      const midnight = startOfLocalDay(now, timeZone).getTime()
      const answeredToday = new Set(
        records.filter((r) => r.updatedAt.getTime() >= midnight).map((r) => r.exampleId),
      )
      const all = (await deps.exercises.allExamples())
        .filter((row) => row.example.id !== input.after)
        .map((row) => ({ ...row, words: wordsOf(toTargetWords, row.example.text) }))
      const fresh = all.filter((row) => !answeredToday.has(row.example.id))
      let library = fresh
      const pick = (targets: string[]) => {
        let best: typeof library = []
        let bestScore = 0
        for (const row of library) {
          const score = targets.reduce((n, w) => n + (row.words.has(w) ? 1 : 0), 0)
          if (score > bestScore) {
            best = [row]
            bestScore = score
          } else if (score > 0 && score === bestScore) {
            best.push(row)
          }
        }
        return best.length
          ? best[Math.min(best.length - 1, Math.floor(random() * best.length))]
          : undefined
      }
      const based = input.basedOn ? toTargetWords([input.basedOn]) : []
      const choose = () => (based.length ? pick(based) : undefined) ?? pick(missed)
      let chosen = choose()
      if (!chosen) {
        library = all
        chosen = choose()
      }
      if (!chosen && input.after) throw new AppError(404, 'NOT_FOUND', PLAYROOM_NOTHING_ELSE)
      if (!chosen) throw new AppError(404, 'NOT_FOUND', PLAYROOM_EMPTY)
      const seen = records.some((r) => r.exampleId === chosen.example.id)
      return toExample(
        chosen.example,
        chosen.idiom,
        await deps.audio.audioFor(chosen.example),
        !seen,
      )
    },

    /** Grade a Playroom answer: no score, no schedule change, nothing written. */
    async evaluate(
      input: AnswerInput,
    ): Promise<{ exampleId: string; evaluation: z.infer<typeof Evaluation> }> {
      const found = await deps.examples.findWithIdiom(input.exampleId)
      if (!found) throw notFound('Example')
      const evaluation = await gradeAnswer(
        deps.evaluator,
        evaluatorExample(found.example, found.idiom),
        input,
      )
      return { exampleId: found.example.id, evaluation }
    },
  }
}
export type SandboxService = ReturnType<typeof createSandboxService>
