import type { ReactNode } from 'react'
import { Paper, VisuallyHidden } from '@mantine/core'
import { useEffect, useReducer, useRef, useState } from 'react'
import { errorMessage } from '../../../lib/api-client'
import { Loading } from '../../../components/loading'
import type { Answer, EvaluatedAnswer, ExerciseFlowProps } from '../../../types/exercise'
import { clearDraft, loadDraft, saveDraft } from './draft'
import { InputPhase } from './input-phase'
import { phaseReducer } from './phase'
import { PromptPhase } from './prompt-phase'
import { ANSWER_SHOWN, GAVE_UP_PRACTICE, GAVE_UP_SCORED, ResultsPhase } from './results-phase'

export type { Answer, EvaluatedAnswer, ExerciseFlowProps }

const ACCURACY_WORDS = { perfect: 'Perfect', minor: 'Minor errors', major: 'Major errors' } as const

function newAttemptId(): string {
  return globalThis.crypto.randomUUID()
}

/**
 * One exercise (or Playroom drill) through its four phases: prompt → input → evaluation → results.
 * Shared by the exercise and Playroom screens; each brings its own evaluate call.
 *
 * In the scored mode it measures the time from the sentence's first play (with no audio, from
 * the prompt being shown) to submit and sends it as `elapsedMs` (docs/decisions/013). With a
 * `draftKey`, the answer in progress is kept in sessionStorage and restored, in the input phase,
 * when the same example comes back.
 */
export function ExerciseFlow({
  example,
  isAdmin,
  evaluate,
  onNext,
  nextLabel = 'Next Exercise',
  evaluateFallback = 'Failed to evaluate response',
  mode = 'scored',
  draftKey,
  onPhaseChange,
}: ExerciseFlowProps) {
  const [kept] = useState(() => (draftKey ? loadDraft(draftKey, example.exampleId) : undefined))
  const [phase, dispatch] = useReducer(phaseReducer, kept ? 'input' : 'prompt')
  const [transcription, setTranscription] = useState(kept?.transcription ?? '')
  const [translation, setTranslation] = useState(kept?.translation ?? '')
  const [result, setResult] = useState<EvaluatedAnswer | null>(null)
  const [error, setError] = useState<string | null>(null)
  const inFlight = useRef(false)
  const audioSrc = example.audio?.url
  // First play of the sentence; with no audio the prompt's text is the "play". A restored draft
  // has no time: its answer cannot count as fast.
  const firstPlayAt = useRef<number | null>(null)
  useEffect(() => {
    if (!audioSrc && !kept) firstPlayAt.current = performance.now()
  }, [audioSrc, kept])
  const onPlay = () => {
    if (firstPlayAt.current === null && !kept) firstPlayAt.current = performance.now()
  }

  const phaseListener = useRef(onPhaseChange)
  phaseListener.current = onPhaseChange
  useEffect(() => {
    phaseListener.current?.(phase)
  }, [phase])

  useEffect(() => {
    if (!draftKey || phase !== 'input') return
    saveDraft(draftKey, { exampleId: example.exampleId, transcription, translation })
  }, [draftKey, phase, example.exampleId, transcription, translation])

  const submit = async (gaveUp = false) => {
    if (inFlight.current) return
    inFlight.current = true
    setError(null)
    dispatch({ type: 'submit' })
    try {
      const started = firstPlayAt.current
      const evaluated = await evaluate({
        exampleId: example.exampleId,
        userTranscription: transcription.trim(),
        userTranslation: translation.trim(),
        attemptId: newAttemptId(),
        ...(gaveUp ? { gaveUp: true } : {}),
        ...(mode === 'scored' && started !== null && !gaveUp
          ? { elapsedMs: Math.max(0, Math.round(performance.now() - started)) }
          : {}),
      })
      if (draftKey) clearDraft(draftKey)
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

  let body: ReactNode
  switch (phase) {
    case 'prompt':
      body = (
        <PromptPhase
          example={example}
          isAdmin={isAdmin}
          onContinue={() => dispatch({ type: 'continue' })}
          onPlay={onPlay}
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
          onGiveUp={() => void submit(true)}
          mode={mode}
          error={error}
          audioSrc={audioSrc}
          onPlay={onPlay}
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
          gradedOffline={result.offline === true}
          nextLabel={nextLabel}
          onNext={next}
          answer={{ transcription, translation }}
          mode={mode}
        />
      ) : (
        <Loading message="Evaluating your response..." />
      )
      break
  }

  // Always mounted, so screen readers announce the grade when it arrives (errors are role=alert).
  let announcement = ''
  if (phase === 'results' && result) {
    const { evaluation } = result
    announcement = evaluation.gaveUp
      ? `${ANSWER_SHOWN}. ${mode === 'practice' ? GAVE_UP_PRACTICE : GAVE_UP_SCORED}`
      : `Transcription: ${ACCURACY_WORDS[evaluation.transcriptionAccuracy]}. Translation: ${ACCURACY_WORDS[evaluation.translationAccuracy]}.`
  }

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md" data-phase={phase}>
      <VisuallyHidden role="status" aria-live="polite" data-testid="exercise-announcement">
        {announcement}
      </VisuallyHidden>
      {body}
    </Paper>
  )
}
