import { Button, Group, Modal, Stack, Text } from '@mantine/core'
import { useState } from 'react'
import type { FormEvent } from 'react'
import { AudioPlayer } from '../../../components/audio-player'
import { Banner } from '../../../components/banner'
import { EditorSelect } from '../../../components/editor-select'
import { FormActions } from '../../../components/form-actions'
import { errorMessage } from '../../../lib/api-client'
import { useAssignIdiom } from './api/assign-idiom'
import type { AssignmentReport } from '../../../lib/queries/assignments'
import { useEditors } from '../../../lib/queries/editors'
import { StateBadge } from './state-badge'
import { LabelledText } from '../../../components/labelled-text'

/** Assign an idiom to an editor (or give it to another one): a Select of editors. */
export function AssignModal({
  report,
  onClose,
  onDone,
}: {
  report: AssignmentReport | null
  onClose: () => void
  onDone: (report: AssignmentReport, editorName: string) => void
}) {
  return (
    <Modal
      opened={report !== null}
      onClose={onClose}
      title={report?.assigned ? 'Reassign idiom' : 'Assign idiom'}
    >
      {report ? (
        <AssignForm key={report.idiomId} report={report} onCancel={onClose} onDone={onDone} />
      ) : null}
    </Modal>
  )
}

function AssignForm({
  report,
  onCancel,
  onDone,
}: {
  report: AssignmentReport
  onCancel: () => void
  onDone: (report: AssignmentReport, editorName: string) => void
}) {
  const editors = useEditors()
  const assign = useAssignIdiom()
  const current = editors.data?.find((e) => e.name === report.assigned?.source)?.userId ?? null
  const [chosen, setChosen] = useState<string | null>(null)
  const [missing, setMissing] = useState(false)
  const source = chosen ?? current

  function submit(event: FormEvent) {
    event.preventDefault()
    if (!source) {
      setMissing(true)
      return
    }
    const name = editors.data?.find((e) => e.userId === source)?.name ?? ''
    assign.mutate(
      { idiomId: report.idiomId, source },
      { onSuccess: (saved) => onDone(saved, name) },
    )
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text fw={600}>{report.text}</Text>
        {report.assigned ? (
          <Text size="sm" c="dimmed">
            Now with {report.assigned.source}. Its recordings and versions stay with the idiom.
          </Text>
        ) : null}
        <EditorSelect
          label="Editor"
          description="Who records this idiom."
          placeholder="Choose an editor"
          value={source}
          onChange={(v) => {
            setChosen(v)
            setMissing(false)
          }}
          required
          error={missing ? 'Choose an editor' : undefined}
          data-autofocus
          comboboxProps={{ withinPortal: true }}
        />
        <FormActions
          error={assign.isError ? errorMessage(assign.error, 'Failed to assign the idiom') : null}
          onCancel={onCancel}
          submitLabel="Assign"
          loading={assign.isPending}
        />
      </Stack>
    </form>
  )
}

/** Confirm publishing a fulfilled take, after listening to it (admins get the download control). */
export function PublishModal({
  report,
  pending,
  error,
  onConfirm,
  onClose,
}: {
  report: AssignmentReport | null
  pending: boolean
  error: unknown
  onConfirm: (report: AssignmentReport) => void
  onClose: () => void
}) {
  const assigned = report?.assigned
  return (
    <Modal opened={report !== null} onClose={onClose} title="Publish recording" size="lg">
      {report && assigned ? (
        <Stack gap="md">
          <Group justify="space-between" gap="sm">
            <Text fw={600}>{report.text}</Text>
            <StateBadge assigned={assigned} />
          </Group>
          <LabelledText label="Recorded by">{assigned.source}</LabelledText>
          <LabelledText label="Transcription">{assigned.transcription || '—'}</LabelledText>
          <LabelledText label="Conjugated snippet">
            {assigned.conjugatedSnippet || '—'}
          </LabelledText>
          {assigned.audio ? (
            <AudioPlayer
              src={assigned.audio.url}
              isAdmin
              label={`Pending recording of ${report.text}`}
            />
          ) : null}
          <Text>
            Publish version {assigned.sync}? Learners will hear this recording and read this
            transcription from now on.
          </Text>
          <Banner
            type="error"
            message={error ? errorMessage(error, 'Failed to publish the recording') : null}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button
              color="green"
              loading={pending}
              onClick={() => onConfirm(report)}
              data-autofocus
            >
              Publish v{assigned.sync}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  )
}
