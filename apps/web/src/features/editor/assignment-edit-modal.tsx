import { FileInput, Group, Modal, Stack, Tabs, Text, Textarea, TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import { api, snippetInText } from '@che/core'
import type { UserProfile } from '@che/core'
import { useState } from 'react'
import { AudioPlayer } from '../../components/audio-player'
import { AudioRecorder } from '../../components/audio-recorder'
import { EditorSelect } from '../../components/editor-select'
import { FormActions } from '../../components/form-actions'
import { useFulfillAssignment } from './api/fulfill-assignment'
import type { AssignmentReport } from '../../lib/queries/assignments'
import { useEditors } from '../../lib/queries/editors'
import { AssignmentStateBadge } from './assignment-state-badge'
import { bodySchema, contractResolver, fieldErrorsFrom } from '../../lib/form'
import { fulfilErrorMessage } from './fulfil-error'

/** The typed fields of a fulfil, checked with the contract's own limits and messages. */
const FulfilFields = bodySchema(api.editorFulfill).pick({
  transcription: true,
  conjugatedSnippet: true,
})
type Source = 'record' | 'upload'

export interface AssignmentEditModalProps {
  report: AssignmentReport | null
  viewer: UserProfile
  onClose: () => void
  onSaved: (report: AssignmentReport) => void
}

/**
 * The edit-assignment modal (spec §2, §4 fulfil): transcription, the snippet and the voice for
 * admins only (spec §6), and a take recorded here or uploaded. The form unmounts when the modal
 * closes, which releases the microphone.
 */
export function AssignmentEditModal({
  report,
  viewer,
  onClose,
  onSaved,
}: AssignmentEditModalProps) {
  return (
    <Modal opened={report !== null} onClose={onClose} title="Edit assignment" size="lg">
      {report?.assigned ? (
        <AssignmentEditForm
          key={`${report.idiomId}:${report.assigned.sync}`}
          report={report}
          assigned={report.assigned}
          viewer={viewer}
          onCancel={onClose}
          onSaved={onSaved}
        />
      ) : null}
    </Modal>
  )
}

interface FormProps {
  report: AssignmentReport
  assigned: NonNullable<AssignmentReport['assigned']>
  viewer: UserProfile
  onCancel: () => void
  onSaved: (report: AssignmentReport) => void
}

function AssignmentEditForm({ report, assigned, viewer, onCancel, onSaved }: FormProps) {
  const isAdmin = viewer.role === 'admin'
  const fulfill = useFulfillAssignment()
  const editors = useEditors(isAdmin)
  const [voice, setVoice] = useState<string | null>(null)
  const [source, setSource] = useState<Source>('record')
  const [recorded, setRecorded] = useState<File | null>(null)
  const [uploaded, setUploaded] = useState<File | null>(null)
  const [recording, setRecording] = useState(false)
  const audio = source === 'record' ? recorded : uploaded
  // Mantine reads `validate` on every render, so the take checked is the current one.
  const form = useForm({
    initialValues: {
      transcription: assigned.transcription,
      conjugatedSnippet: assigned.conjugatedSnippet,
    },
    validate: contractResolver(FulfilFields, ({ transcription, conjugatedSnippet }) => ({
      conjugatedSnippet:
        isAdmin &&
        conjugatedSnippet.trim() &&
        transcription.trim() &&
        !snippetInText(transcription.trim(), conjugatedSnippet.trim())
          ? 'The snippet must appear in the transcription, exactly as written there (case aside)'
          : null,
      audio:
        audio || assigned.audio
          ? null
          : source === 'record'
            ? 'Record the sentence first, or upload a file.'
            : 'Choose an audio file, or record one.',
    })),
  })

  // Whose voice: the admin's choice, else the assigned editor (matched by name), else unsent.
  const assignedEditor = editors.data?.find((e) => e.name === assigned.source)?.userId ?? null
  const voiceId = isAdmin ? (voice ?? assignedEditor) : viewer.id
  const server = fieldErrorsFrom(fulfill.error)
  const fieldError = (f: 'transcription' | 'conjugatedSnippet' | 'audio') =>
    form.errors[f] ?? server[f]

  const submit = form.onSubmit((values) => {
    const snippet = values.conjugatedSnippet.trim()
    fulfill.mutate(
      {
        idiomId: report.idiomId,
        transcription: values.transcription.trim(),
        ...(isAdmin && snippet ? { conjugatedSnippet: snippet } : {}),
        ...(voiceId ? { editor: voiceId } : {}),
        audio,
      },
      { onSuccess: (saved) => onSaved(saved) },
    )
  })

  const snippetHint =
    !isAdmin && assigned.conjugatedSnippet
      ? ` Keep the idiom as “${assigned.conjugatedSnippet}”.`
      : ''

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Group gap="sm" justify="space-between" wrap="wrap">
          <Text fw={600} size="lg">
            {report.text}
          </Text>
          <AssignmentStateBadge state={assigned.state} sync={assigned.sync} />
        </Group>
        <Textarea
          label="Transcription"
          description={`What is said in the recording, word for word.${snippetHint}`}
          required
          autosize
          minRows={2}
          maxRows={6}
          {...form.getInputProps('transcription')}
          error={fieldError('transcription')}
          data-autofocus
        />
        {isAdmin ? (
          <>
            <TextInput
              label="Conjugated snippet"
              description="The part of the transcription that is the idiom, as conjugated there."
              {...form.getInputProps('conjugatedSnippet')}
              error={fieldError('conjugatedSnippet')}
            />
            <EditorSelect
              label="Voice"
              description="The editor who speaks in the recording."
              placeholder="Choose an editor"
              value={voiceId}
              onChange={setVoice}
              error={server.editor}
            />
          </>
        ) : null}
        {assigned.audio ? (
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              Current recording
            </Text>
            <AudioPlayer
              src={assigned.audio.url}
              isAdmin={isAdmin}
              label={`Current recording of ${report.text}`}
            />
          </Stack>
        ) : null}
        <Stack gap={6}>
          <Text size="sm" fw={500} id="new-take-label">
            {assigned.audio ? 'New recording (optional)' : 'Recording'}
          </Text>
          <Tabs
            value={source}
            onChange={(v) => setSource(v === 'upload' ? 'upload' : 'record')}
            variant="outline"
          >
            <Tabs.List aria-labelledby="new-take-label">
              <Tabs.Tab value="record">Record</Tabs.Tab>
              <Tabs.Tab value="upload">Upload a file</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="record" pt="sm">
              <AudioRecorder
                onTake={setRecorded}
                disabled={fulfill.isPending}
                onRecordingChange={setRecording}
              />
            </Tabs.Panel>
            <Tabs.Panel value="upload" pt="sm">
              <FileInput
                label="Audio file"
                description="Any audio type (MP3, M4A, OGG, WAV, WebM...)."
                placeholder="Choose an audio file"
                accept="audio/*"
                value={uploaded}
                onChange={setUploaded}
                clearable
                error={server.file}
              />
            </Tabs.Panel>
          </Tabs>
          {fieldError('audio') ? (
            <Text c="red.7" size="sm" role="alert">
              {fieldError('audio')}
            </Text>
          ) : null}
        </Stack>
        <FormActions
          error={fulfill.isError ? fulfilErrorMessage(fulfill.error) : null}
          onCancel={onCancel}
          submitLabel="Save"
          loading={fulfill.isPending}
          disabled={recording && source === 'record'}
        />
      </Stack>
    </form>
  )
}
