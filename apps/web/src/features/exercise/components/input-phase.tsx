import { Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core'
import { useEffect, useId, useRef, useState } from 'react'
import type { FormEvent, KeyboardEvent } from 'react'
import { ErrorText } from '../../../components/error-text'
import { isReplayShortcut, ReplayButtons, type ReplayHandle } from './sentence-audio'

/** Under an evaluation that failed: the answer is still in the fields. */
export const ANSWER_KEPT = 'Your answer is still here: press Submit to send it again.'

export interface InputPhaseProps {
  transcription: string
  translation: string
  onTranscriptionChange: (value: string) => void
  onTranslationChange: (value: string) => void
  onSubmit: () => void
  /** "Show the answer" after an empty submit: the learner gives up on this sentence. */
  onGiveUp: () => void
  /** 'practice' in the Playroom: giving up costs nothing there, and the question says so. */
  mode?: 'scored' | 'practice'
  /** The last evaluation failed: its message, shown above the fields. */
  error?: string | null
  /** The sentence's audio, replayable beside the fields; absent when the example has none. */
  audioSrc?: string | undefined
  /** Called each time the sentence starts playing. */
  onPlay?: () => void
}

const NOTHING_TYPED = 'You have not typed anything.'
const GIVE_UP_SCORED =
  'Show the answer? The sentence counts as not known yet, so it comes back soon.'
const GIVE_UP_PRACTICE = 'Show the answer? Nothing is scored in the Playroom.'

/**
 * Phase 2: type what you heard and its translation. Keyboard-first: focus starts in the Spanish
 * field, Enter there moves to the English field, Enter in the English field submits. The
 * sentence stays one keystroke away: Replay / Slow replay beside the fields, and Ctrl+Space or
 * Alt+R (Option+R on a Mac; with Shift for slow) from either field.
 *
 * Submitting with both fields blank asks first, so a stray Enter costs no review: "Keep trying"
 * (focused, and Escape) goes back to the Spanish field; "Show the answer" gives up honestly (the
 * answer is recorded as given up, not as typed and wrong). Typing anything dismisses the question.
 */
export function InputPhase(props: InputPhaseProps) {
  const spanishRef = useRef<HTMLInputElement>(null)
  const translationRef = useRef<HTMLInputElement>(null)
  const player = useRef<ReplayHandle>(null)
  const keepTrying = useRef<HTMLButtonElement>(null)
  const [asking, setAsking] = useState(false)
  const questionId = useId()
  const empty = props.transcription.trim() === '' && props.translation.trim() === ''

  useEffect(() => {
    if (asking) keepTrying.current?.focus()
  }, [asking])
  useEffect(() => {
    if (!empty) setAsking(false)
  }, [empty])

  const backToTyping = () => {
    setAsking(false)
    spanishRef.current?.focus()
  }

  const onFormKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (
      !props.audioSrc ||
      !isReplayShortcut({ ...event, isComposing: event.nativeEvent.isComposing })
    )
      return
    event.preventDefault()
    player.current?.replay(event.shiftKey)
  }

  const onSpanishKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return
    event.preventDefault()
    translationRef.current?.focus()
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (empty) setAsking(true)
    else props.onSubmit()
  }

  return (
    <form onSubmit={submit} onKeyDown={onFormKeyDown} noValidate>
      <Stack gap="md">
        {props.error ? (
          // What failed, then what to do: the answer was kept.
          <div>
            <ErrorText message={props.error} />
            <Text size="sm">{ANSWER_KEPT}</Text>
          </div>
        ) : null}
        {props.audioSrc ? (
          <ReplayButtons ref={player} src={props.audioSrc} onPlay={props.onPlay} showShortcut />
        ) : null}
        <TextInput
          ref={spanishRef}
          label="What you heard (Spanish)"
          lang="es"
          // A phone's on-screen keyboard labels its Enter key by what Enter does here.
          enterKeyHint="next"
          autoFocus
          autoComplete="off"
          autoCorrect="off"
          autoCapitalize="off"
          spellCheck={false}
          value={props.transcription}
          onChange={(e) => props.onTranscriptionChange(e.currentTarget.value)}
          onKeyDown={onSpanishKeyDown}
        />
        <TextInput
          ref={translationRef}
          label="English translation"
          lang="en"
          enterKeyHint="send"
          autoComplete="off"
          value={props.translation}
          onChange={(e) => props.onTranslationChange(e.currentTarget.value)}
        />
        {asking ? (
          // A group (fieldset) named by the question; focus moves to "Keep trying", so the question
          // is read out with it.
          <fieldset
            style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}
            aria-labelledby={`${questionId}-title`}
            aria-describedby={`${questionId}-text`}
            data-testid="empty-answer"
            onKeyDown={(event) => {
              if (event.key !== 'Escape') return
              event.preventDefault()
              backToTyping()
            }}
          >
            {/* A Paper, not an Alert: Alert clips its content, and with it the buttons' focus ring. */}
            <Paper p="md" radius="md" bg="yellow.0" withBorder>
              <Stack gap="xs">
                <Text fw={600} id={`${questionId}-title`}>
                  {NOTHING_TYPED}
                </Text>
                <Text id={`${questionId}-text`}>
                  {props.mode === 'practice' ? GIVE_UP_PRACTICE : GIVE_UP_SCORED}
                </Text>
                <Group gap="sm">
                  <Button ref={keepTrying} type="button" onClick={backToTyping}>
                    Keep trying
                  </Button>
                  <Button type="button" variant="default" onClick={props.onGiveUp}>
                    Show the answer
                  </Button>
                </Group>
              </Stack>
            </Paper>
          </fieldset>
        ) : (
          <Group>
            <Button type="submit">Submit</Button>
          </Group>
        )}
      </Stack>
    </form>
  )
}
