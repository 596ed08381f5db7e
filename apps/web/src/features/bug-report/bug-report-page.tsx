import {
  Anchor,
  Button,
  Group,
  Paper,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core'
import { PROBLEM_TYPES } from '@che/core'
import type { ProblemType } from '@che/core'
import { useState } from 'react'
import { useParams } from 'react-router'
import { Banner } from '../../components/banner'
import { QueryState } from '../../components/query-state'
import { EXAMPLE_FALLBACK_ERROR, useExample } from './api/get-example'
import { REPORT_BUG_FALLBACK_ERROR, useReportBug } from './api/report-bug'
import { sendError } from './send-error'
import { DESCRIPTION_HINT, THANK_YOU } from './texts'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export { DESCRIPTION_HINT, THANK_YOU }

/** /app/bugreport and /app/bugreport/:exampleID: a bug report form, then a confirmation (spec §2, §4, §5). */
export function BugReportPage() {
  const { exampleID } = useParams()
  const exampleId = exampleID && UUID.test(exampleID) ? exampleID : undefined
  // A new key after "Send another report" starts a fresh form.
  const [round, setRound] = useState(0)
  return (
    <Stack gap="md" maw={720}>
      <Title order={1}>Report Bugs</Title>
      {exampleID ? <AttachedExample id={exampleId} raw={exampleID} /> : null}
      <BugReportForm key={round} exampleId={exampleId} onAnother={() => setRound((r) => r + 1)} />
    </Stack>
  )
}

function AttachedExample({ id, raw }: { id: string | undefined; raw: string }) {
  const example = useExample(id)
  if (!id)
    return (
      <Banner
        type="warning"
        message={`"${raw}" is not an exercise example, so none is attached.`}
      />
    )
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Attached example">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} mb={4}>
        About this exercise
      </Text>
      <QueryState query={example} errorFallback={EXAMPLE_FALLBACK_ERROR}>
        {(ex) => (
          <Stack gap={4}>
            <Text fw={500} lang="es">
              {ex.text}
            </Text>
            <Text size="sm" c="dimmed">
              Idiom:{' '}
              <Text span fw={600} c="var(--mantine-color-text)" lang="es">
                {ex.idiom.text}
              </Text>{' '}
              ({ex.idiom.translation})
            </Text>
          </Stack>
        )}
      </QueryState>
    </Paper>
  )
}

function BugReportForm({
  exampleId,
  onAnother,
}: {
  exampleId: string | undefined
  onAnother: () => void
}) {
  const [title, setTitle] = useState('')
  const [description, setDescription] = useState('')
  const [problemType, setProblemType] = useState<ProblemType | null>(null)
  const send = useReportBug()

  if (send.isSuccess) {
    return (
      <Paper withBorder p="lg" radius="md" role="status">
        <Stack gap="sm">
          <Text fw={600} fz="lg">
            {THANK_YOU}
          </Text>
          {send.data.url ? (
            <Text>
              You can follow it on{' '}
              <Anchor href={send.data.url} target="_blank" rel="noreferrer">
                GitHub
              </Anchor>
              .
            </Text>
          ) : (
            <Text c="dimmed">The team will look at it soon.</Text>
          )}
          <Group>
            <Button variant="light" onClick={onAnother}>
              Send another report
            </Button>
          </Group>
        </Stack>
      </Paper>
    )
  }

  const blank = !title.trim() || !description.trim() || !problemType
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        if (blank || send.isPending || !problemType) return
        send.mutate({
          title: title.trim(),
          body: description.trim(),
          labels: [problemType],
          ...(exampleId ? { exampleId } : {}),
        })
      }}
    >
      <Stack gap="md">
        <TextInput
          label="Title"
          required
          maxLength={200}
          value={title}
          onChange={(e) => setTitle(e.currentTarget.value)}
        />
        <Select
          label="Problem type"
          required
          placeholder="Choose the kind of problem"
          data={[...PROBLEM_TYPES]}
          value={problemType}
          onChange={(v) => setProblemType(v as ProblemType | null)}
          allowDeselect={false}
          maxDropdownHeight={320}
        />
        <Textarea
          label="Description"
          description={DESCRIPTION_HINT}
          required
          autosize
          minRows={4}
          maxRows={12}
          maxLength={10_000}
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
        />
        <Banner
          type="error"
          message={send.isError ? sendError(send.error, REPORT_BUG_FALLBACK_ERROR) : null}
        />
        <Group>
          <Button type="submit" disabled={blank || send.isPending} loading={send.isPending}>
            Submit
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
