import { Button, Group, Stack, TextInput } from '@mantine/core'
import { useRef } from 'react'
import type { FormEvent, KeyboardEvent } from 'react'
import { ErrorText } from '../../../components/error-text'

export interface InputPhaseProps {
  transcription: string
  translation: string
  onTranscriptionChange: (value: string) => void
  onTranslationChange: (value: string) => void
  onSubmit: () => void
  /** The last evaluation failed: its message, shown above the fields. */
  error?: string | null
}

/**
 * Phase 2: type what you heard and its translation. Keyboard-first: focus starts in the Spanish
 * field, Enter there moves to the English field, Enter in the English field submits.
 */
export function InputPhase(props: InputPhaseProps) {
  const translationRef = useRef<HTMLInputElement>(null)

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
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {props.error ? <ErrorText message={props.error} /> : null}
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
