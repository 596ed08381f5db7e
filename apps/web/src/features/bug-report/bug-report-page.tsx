import { Anchor, Paper, Stack, Text, TextInput, Title } from '@mantine/core'
import { useForm } from '@mantine/form'
import { BugReportInput, PROBLEM_TYPES } from '@che/core'
import type { ProblemType } from '@che/core'
import { useState } from 'react'
import { z } from 'zod'
import { useParams } from 'react-router'
import { Banner } from '../../components/banner'
import { QueryState } from '../../components/query-state'
import { contractResolver } from '../../lib/form'
import { EXAMPLE_FALLBACK_ERROR, useExample } from './api/get-example'
import { REPORT_BUG_FALLBACK_ERROR, useReportBug } from './api/report-bug'
import {
  DescriptionField,
  isBlankReport,
  ProblemTypeField,
  ReportSent,
  SendReport,
} from './report-form-parts'
import { DESCRIPTION_HINT, THANK_YOU } from './texts'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export { DESCRIPTION_HINT, THANK_YOU }

/** The form's fields, checked with the contract's BugReportInput rules (body is the description). */
const ReportFields = z.object({
  title: BugReportInput.shape.title,
  description: BugReportInput.shape.body,
  problemType: z.enum(PROBLEM_TYPES),
})

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
  const send = useReportBug()
  const form = useForm<{ title: string; description: string; problemType: ProblemType | null }>({
    initialValues: { title: '', description: '', problemType: null },
    validate: contractResolver(ReportFields),
  })

  if (send.isSuccess) {
    return (
      <ReportSent onAnother={onAnother}>
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
      </ReportSent>
    )
  }

  const blank = isBlankReport(form.values)
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => {
        if (send.isPending || !values.problemType) return
        send.mutate({
          title: values.title.trim(),
          body: values.description.trim(),
          labels: [values.problemType],
          ...(exampleId ? { exampleId } : {}),
        })
      })}
    >
      <Stack gap="md">
        <TextInput label="Title" required {...form.getInputProps('title')} />
        <ProblemTypeField
          data={[...PROBLEM_TYPES]}
          {...form.getInputProps('problemType')}
          maxDropdownHeight={320}
        />
        <DescriptionField description={DESCRIPTION_HINT} {...form.getInputProps('description')} />
        <SendReport send={send} fallback={REPORT_BUG_FALLBACK_ERROR} blank={blank} />
      </Stack>
    </form>
  )
}
