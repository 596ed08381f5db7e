import { Button, FileInput, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core'
import { snippetInText } from '@che/core'
import type { Example } from '@che/core'
import { useState } from 'react'
import type { FormEvent } from 'react'
import { Banner } from '../../../components/banner'
import { errorMessage } from '../../../lib/api-client'
import { useUpdateExample } from '../api/update-example'
import { fieldErrorsFrom } from '../field-errors'

type Field = 'text' | 'conjugatedSnippet' | 'voice'

/** Example edit (spec §5): text, conjugated snippet and voice are required; audio is optional. */
export function ExampleEditModal({
  example,
  onClose,
}: {
  example: Example | null
  onClose: () => void
}) {
  return (
    <Modal opened={example !== null} onClose={onClose} title="Edit example" size="lg">
      {example ? (
        <ExampleEditForm key={example.exampleId} example={example} onDone={onClose} />
      ) : null}
    </Modal>
  )
}

function ExampleEditForm({ example, onDone }: { example: Example; onDone: () => void }) {
  const update = useUpdateExample()
  const [text, setText] = useState(example.text)
  const [snippet, setSnippet] = useState(example.conjugatedSnippet)
  const [voice, setVoice] = useState(example.audio?.voice ?? '')
  const [translation, setTranslation] = useState(example.translation)
  const [audio, setAudio] = useState<File | null>(null)
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({})

  const server = fieldErrorsFrom(update.error)
  const fieldError = (f: Field) => errors[f] ?? server[f]

  function submit(event: FormEvent) {
    event.preventDefault()
    const next: Partial<Record<Field, string>> = {}
    if (!text.trim()) next.text = 'Text is required'
    if (!snippet.trim()) next.conjugatedSnippet = 'Conjugated snippet is required'
    else if (text.trim() && !snippetInText(text, snippet.trim())) {
      next.conjugatedSnippet =
        'The snippet must appear in the text, exactly as written there (case aside)'
    }
    if (!voice.trim()) next.voice = 'Voice is required'
    setErrors(next)
    if (Object.keys(next).length > 0) return
    update.mutate(
      {
        exampleId: example.exampleId,
        text: text.trim(),
        conjugatedSnippet: snippet.trim(),
        voice: voice.trim(),
        translation: translation.trim(),
        audio,
      },
      { onSuccess: onDone },
    )
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Textarea
          label="Text"
          required
          autosize
          minRows={2}
          maxRows={6}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          error={fieldError('text')}
          data-autofocus
        />
        <TextInput
          label="Conjugated snippet"
          description="The part of the text that is the idiom, as conjugated there."
          required
          value={snippet}
          onChange={(e) => setSnippet(e.currentTarget.value)}
          error={fieldError('conjugatedSnippet')}
        />
        <TextInput
          label="Voice"
          description="Who speaks the audio (a speaker name or a synthetic voice)."
          required
          value={voice}
          onChange={(e) => setVoice(e.currentTarget.value)}
          error={fieldError('voice')}
        />
        <Textarea
          label="Translation"
          autosize
          minRows={1}
          maxRows={4}
          value={translation}
          onChange={(e) => setTranslation(e.currentTarget.value)}
          error={server.translation}
        />
        {example.audio?.url ? (
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              Current audio
            </Text>
            <audio
              controls
              src={example.audio.url}
              preload="none"
              aria-label="Current audio"
              style={{ width: '100%' }}
            />
          </Stack>
        ) : null}
        <FileInput
          label={example.audio?.url ? 'Replace audio (optional)' : 'Audio file (optional)'}
          placeholder="Choose an audio file"
          accept="audio/*"
          value={audio}
          onChange={setAudio}
          clearable
          error={server.file ?? server.audio}
        />
        <Banner
          type="error"
          message={update.isError ? errorMessage(update.error, 'Failed to save example') : null}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={update.isPending}>
            Save example
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
