import { Paper, VisuallyHidden } from '@mantine/core'
import { useReducer, useRef, useState } from 'react'
import { errorMessage } from '../../../lib/api-client'
import { Loading } from '../../../components/loading'
import type { Answer, EvaluatedAnswer, ExerciseFlowProps } from '../../../types/exercise'
import { InputPhase } from './input-phase'
import { phaseReducer } from './phase'
import { PromptPhase } from './prompt-phase'
import { ResultsPhase } from './results-phase'

export type { Answer, EvaluatedAnswer, ExerciseFlowProps }

const ACCURACY_WORDS = { perfect: 'Perfect', minor: 'Minor errors', major: 'Major errors' } as const

function newAttemptId(): string {
  return globalThis.crypto.randomUUID()
}

/**
 * One exercise (or Playroom drill) through its four phases: prompt → input → evaluation → results.
 * Shared by the exercise and Playroom screens; each brings its own evaluate call.
 */
export function ExerciseFlow({
  example,
  isAdmin,
  evaluate,
  onNext,
  nextLabel = 'Next Exercise',
  evaluateFallback = 'Failed to evaluate response',
}: ExerciseFlowProps) {
  const [phase, dispatch] = useReducer(phaseReducer, 'prompt')
  const [transcription, setTranscription] = useState('')
  const [translation, setTranslation] = useState('')
  const [result, setResult] = useState<EvaluatedAnswer | null>(null)
  const [error, setError] = useState<string | null>(null)
  const inFlight = useRef(false)

  const submit = async () => {
    if (inFlight.current) return
    inFlight.current = true
    setError(null)
    dispatch({ type: 'submit' })
    try {
      const evaluated = await evaluate({
        exampleId: example.exampleId,
        userTranscription: transcription.trim(),
        userTranslation: translation.trim(),
        attemptId: newAttemptId(),
      })
      setResult(evaluated)
      dispatch({ type: 'evaluated' })
    } catch (err: unknown) {
      setError(errorMessage(err, evaluateFallback))
      dispatch({ type: 'failed' })
    } finally {
      inFlight.current = false
    }
  }

  const next = () => {
    dispatch({ type: 'next' })
    setTranscription('')
    setTranslation('')
    setResult(null)
    setError(null)
    onNext()
  }

  let body
  switch (phase) {
    case 'prompt':
      body = (
        <PromptPhase
          example={example}
          isAdmin={isAdmin}
          onContinue={() => dispatch({ type: 'continue' })}
        />
      )
      break
    case 'input':
      body = (
        <InputPhase
          transcription={transcription}
          translation={translation}
          onTranscriptionChange={setTranscription}
          onTranslationChange={setTranslation}
          onSubmit={() => void submit()}
          error={error}
        />
      )
      break
    case 'evaluation':
      body = <Loading message="Evaluating your response..." />
      break
    case 'results':
      body = result ? (
        <ResultsPhase
          example={example}
          evaluation={result.evaluation}
          dueDate={result.dueDate}
          nextLabel={nextLabel}
          onNext={next}
          answer={{ transcription, translation }}
        />
      ) : (
        <Loading message="Evaluating your response..." />
      )
      break
  }

  // Always mounted, so screen readers announce the grade when it arrives (errors are role=alert).
  const announcement =
    phase === 'results' && result
      ? `Transcription: ${ACCURACY_WORDS[result.evaluation.transcriptionAccuracy]}. Translation: ${ACCURACY_WORDS[result.evaluation.translationAccuracy]}.`
      : ''

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md" data-phase={phase}>
      <VisuallyHidden role="status" aria-live="polite" data-testid="exercise-announcement">
        {announcement}
      </VisuallyHidden>
      {body}
    </Paper>
  )
}
