import { Button, Group, Stack, TextInput } from '@mantine/core'
import { useRef } from 'react'
import type { FormEvent, KeyboardEvent } from 'react'
import { ErrorText } from '../../../components/error-text'
import { isReplayShortcut, ReplayButtons, type ReplayHandle } from './sentence-audio'

export interface InputPhaseProps {
  transcription: string
  translation: string
  onTranscriptionChange: (value: string) => void
  onTranslationChange: (value: string) => void
  onSubmit: () => void
  /** The last evaluation failed: its message, shown above the fields. */
  error?: string | null
  /** The sentence's audio, replayable beside the fields; absent when the example has none. */
  audioSrc?: string | undefined
  /** Called each time the sentence starts playing. */
  onPlay?: () => void
}

/**
 * Phase 2: type what you heard and its translation. Keyboard-first: focus starts in the Spanish
 * field, Enter there moves to the English field, Enter in the English field submits. The
 * sentence stays one keystroke away: Replay / Slow replay beside the fields, and Ctrl+Space
 * (Ctrl+Shift+Space for slow) from either field.
 */
export function InputPhase(props: InputPhaseProps) {
  const translationRef = useRef<HTMLInputElement>(null)
  const player = useRef<ReplayHandle>(null)

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
    props.onSubmit()
  }

  return (
    <form onSubmit={submit} onKeyDown={onFormKeyDown} noValidate>
      <Stack gap="md">
        {props.error ? <ErrorText message={props.error} /> : null}
        {props.audioSrc ? (
          <ReplayButtons ref={player} src={props.audioSrc} onPlay={props.onPlay} showShortcut />
        ) : null}
        <TextInput
          label="What you heard (Spanish)"
          lang="es"
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
          autoComplete="off"
          value={props.translation}
          onChange={(e) => props.onTranslationChange(e.currentTarget.value)}
        />
        <Group>
          <Button type="submit">Submit</Button>
        </Group>
      </Stack>
    </form>
  )
}
