import { FileInput, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import { api } from '@che/core'
import type { Example } from '@che/core'
import { useState } from 'react'
import { FormActions } from '../../../components/form-actions'
import { errorMessage } from '../../../lib/api-client'
import { bodySchema, contractResolver, fieldErrorsFrom } from '../../../lib/form'
import { useUpdateExample } from '../api/update-example'
import { SentenceFields, snippetRule } from '../example/example-fields'

/** What POST /api/example/:id takes besides the file: the server checks it with this schema too. */
const ExampleEdit = bodySchema(api.exampleUpdate)

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
  const [audio, setAudio] = useState<File | null>(null)
  const form = useForm({
    initialValues: {
      text: example.text,
      conjugatedSnippet: example.conjugatedSnippet,
      voice: example.audio?.voice ?? '',
      translation: example.translation,
    },
    validate: contractResolver(ExampleEdit, snippetRule),
  })
  const server = fieldErrorsFrom(update.error)

  return (
    <form
      onSubmit={form.onSubmit((values) =>
        update.mutate(
          { exampleId: example.exampleId, ...ExampleEdit.parse(values), audio },
          // What the server refused all the same shows under its field too.
          { onSuccess: onDone, onError: (error) => form.setErrors(fieldErrorsFrom(error)) },
        ),
      )}
      noValidate
    >
      <Stack gap="md">
        <SentenceFields
          form={form}
          snippetDescription="The part of the text that is the idiom, as conjugated there."
          autoFocus
        />
        <TextInput
          label="Voice"
          description="Who speaks the audio (a speaker name or a synthetic voice)."
          required
          {...form.getInputProps('voice')}
        />
        <Textarea
          label="Translation"
          autosize
          minRows={1}
          maxRows={4}
          {...form.getInputProps('translation')}
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
        <FormActions
          error={update.isError ? errorMessage(update.error, 'Failed to save example') : null}
          onCancel={onDone}
          submitLabel="Save example"
          loading={update.isPending}
        />
      </Stack>
    </form>
  )
}
