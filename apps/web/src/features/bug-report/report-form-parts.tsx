import { Button, Group, Paper, Select, Stack, Text, Textarea } from '@mantine/core'
import type { SelectProps, TextareaProps } from '@mantine/core'
import { useEffect, useRef } from 'react'
import type { ReactNode } from 'react'
import { Banner } from '../../components/banner'
import { sendError } from './send-error'
import { THANK_YOU } from './texts'

/** True while a report lacks its title, description or problem type (Submit stays disabled). */
export function isBlankReport(values: {
  title: string
  description: string
  problemType: string | null
}): boolean {
  return !values.title.trim() || !values.description.trim() || !values.problemType
}

/** The required Problem type choice; `data` is the list of types the form offers. */
export function ProblemTypeField(props: SelectProps) {
  return (
    <Select
      label="Problem type"
      required
      placeholder="Choose the kind of problem"
      allowDeselect={false}
      {...props}
    />
  )
}

/** The Description field both report forms have: required, growing with its text. */
export function DescriptionField(props: TextareaProps) {
  return <Textarea label="Description" required autosize minRows={4} maxRows={12} {...props} />
}

/**
 * The end of a report form: why sending failed (above the button), and Submit, disabled while a
 * required field is blank or the report is on its way.
 */
export function SendReport({
  send,
  fallback,
  blank,
}: {
  send: { isError: boolean; error: unknown; isPending: boolean }
  fallback: string
  blank: boolean
}) {
  return (
    <>
      <Banner type="error" message={send.isError ? sendError(send.error, fallback) : null} />
      <Group>
        <Button type="submit" disabled={blank || send.isPending} loading={send.isPending}>
          Submit
        </Button>
      </Group>
    </>
  )
}

/**
 * What a sent report shows: the thanks (focused, so a screen reader says it), what happens next,
 * `actions` and "Send another report".
 */
export function ReportSent({
  children,
  actions,
  onAnother,
}: {
  children: ReactNode
  actions?: ReactNode
  onAnother: () => void
}) {
  const heading = useRef<HTMLParagraphElement>(null)
  useEffect(() => heading.current?.focus(), [])
  return (
    <Paper withBorder p="lg" radius="md" role="status">
      <Stack gap="sm">
        <Text ref={heading} tabIndex={-1} fw={600} fz="lg">
          {THANK_YOU}
        </Text>
        {children}
        <Group>
          {actions}
          <Button variant="light" onClick={onAnother}>
            Send another report
          </Button>
        </Group>
      </Stack>
    </Paper>
  )
}
